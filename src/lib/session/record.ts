/**
 * Record fields a person changes on their own (the game's flow, its status), written the same way
 * for a game on one phone and a shared one: to the main database (the recovery journal follows it: journal/middleware.ts).
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { SessionRecord, SessionStatus } from '../db/records';
import type { TablesideDB } from '../db/schema';

/** Writes these fields and hands back the record with them. */
export async function saveFields(
  db: TablesideDB,
  record: SessionRecord,
  fields: Partial<SessionRecord>
): Promise<SessionRecord> {
  await db.sessions.update(record.id, fields);
  return withFields(record, fields);
}

/**
 * The record with these fields, as the database now has it. A store applies it to the record it
 * holds once the write is done, not to the one it held when it began: two writes at once (a
 * clock's and a roll's) then both stay in memory.
 */
export function withFields(record: SessionRecord, fields: Partial<SessionRecord>): SessionRecord {
  const next = { ...record, ...fields };
  // Dexie's update removes a field set to undefined; the record in memory does the same.
  for (const key of Object.keys(fields) as (keyof SessionRecord)[])
    if (fields[key] === undefined) delete next[key];
  return next;
}

/** The status a game's own state gives it: finished once its machine has ended. */
export function naturalStatus(snapshot: AnyMachineSnapshot): SessionStatus {
  return snapshot.status === 'done' ? 'finished' : 'active';
}
