/**
 * Writing a backup: every game (not deleted), its log, the settings and the remembered players,
 * read in one transaction, oldest game first. A shared game (#11) travels with its shared
 * document (`sharedDocs`); Yjs is loaded (sync/backup-docs.ts) only when there is one.
 */
import { SCHEMA_VERSION, type TablesideDB } from '../db/schema';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type Backup } from './format';

export async function exportBackup(db: TablesideDB, appVersion: string, now = Date.now()): Promise<Backup> {
  const backup = await db
    .transaction('r', [db.sessions, db.events, db.settings, db.profiles], async (): Promise<Backup> => ({
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion,
      schemaVersion: SCHEMA_VERSION,
      exportedAt: now,
      sessions: (await db.sessions.toArray()).filter((s) => s.deletedAt === undefined),
      events: await db.events.toArray(),
      settings: await db.settings.toArray(),
      profiles: await db.profiles.toArray()
    }))
    .then((backup) => {
      // Oldest game first, each game's log in order: easy to read, and the order import expects.
      backup.sessions.sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
      const order = new Map(backup.sessions.map((s, i) => [s.id, i]));
      backup.events = backup.events
        .filter((e) => order.has(e.sessionId))
        .sort((a, b) => order.get(a.sessionId)! - order.get(b.sessionId)! || a.seq - b.seq);
      // The stored record's head is written once a turn; the log is the truth.
      const heads = new Map<string, number>();
      for (const e of backup.events) heads.set(e.sessionId, e.seq);
      backup.sessions = backup.sessions.map((s) => ({ ...s, head: heads.get(s.id) ?? 0 }));
      return backup;
    });
  // A shared game's truth is its document (the events above are its copy): it goes along.
  const shared = backup.sessions.filter((s) => s.shared).map((s) => s.id);
  if (shared.length) {
    const { exportDocs } = await import('../sync/backup-docs');
    const docs = await exportDocs(shared);
    if (docs.length) backup.sharedDocs = docs;
  }
  return backup;
}
