/**
 * A backup made from the recovery journal alone, for when the database will not open (another
 * tab holds it, the browser's store is wedged): the same file the settings page exports, so it
 * imports anywhere, built from what the journal's files hold. Settings live only in the
 * database, so this file has none.
 */
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type Backup } from '../backup/format';
import type { ProfileRecord } from '../db/records';
import { SCHEMA_VERSION } from '../db/schema';
import type { JournalApi } from './journal';

export async function backupFromJournal(
  journal: JournalApi,
  appVersion: string,
  now = Date.now()
): Promise<Backup> {
  const backup: Backup = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    appVersion,
    schemaVersion: SCHEMA_VERSION,
    exportedAt: now,
    sessions: [],
    events: [],
    settings: [],
    profiles: []
  };
  const people = new Map<string, ProfileRecord>();
  for (const summary of await journal.scan()) {
    // A deleted game stays out, as in the settings export; an unreadable one has nothing to give.
    if (!summary.readable || summary.deleted) continue;
    const game = await journal.read(summary.id);
    if (!game || game.record.deletedAt !== undefined) continue;
    backup.sessions.push({ ...game.record, head: game.events.length });
    backup.events.push(...game.events);
    for (const person of game.people) people.set(person.id, person);
  }
  // Oldest game first, each log in order: the order the settings export writes and import expects.
  backup.sessions.sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
  const order = new Map(backup.sessions.map((s, i) => [s.id, i]));
  backup.events.sort((a, b) => order.get(a.sessionId)! - order.get(b.sessionId)! || a.seq - b.seq);
  backup.profiles = [...people.values()].sort((a, b) => a.id.localeCompare(b.id));
  return backup;
}
