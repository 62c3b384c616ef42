/**
 * Session records outside a running game: the home list's delete (with undo) and purge.
 * A delete only marks the record; it is removed for good once the undo window has passed.
 * The recovery journal follows by itself (journal/middleware.ts): a marked game keeps its
 * journal (the delete can be undone, even after a restore), a purged game loses it.
 */
import type { TablesideDB } from '../db/schema';
import type { PlayNotes } from '../results/play-notes';

export const UNDO_WINDOW_MS = 8000;

export async function markDeleted(db: TablesideDB, id: string, now = Date.now()): Promise<void> {
  await db.sessions.update(id, { deletedAt: now });
}

/** Keeps a finished game's place and note (checked by the caller: playNotesProblem); empty ones go. */
export async function setPlayNotes(db: TablesideDB, id: string, notes: PlayNotes): Promise<void> {
  const fields = { location: notes.location.trim() || undefined, note: notes.note.trim() || undefined };
  await db.sessions.update(id, fields);
}

export async function unmarkDeleted(db: TablesideDB, id: string): Promise<void> {
  await db.sessions.update(id, { deletedAt: undefined });
}

/**
 * Removes a session with its log and cached snapshots, in one transaction; its journal goes
 * once that has committed. A kill in between leaves a journal of a game marked deleted: the
 * next start restores it as deleted, and it is purged again.
 */
export async function purgeSession(db: TablesideDB, id: string): Promise<void> {
  const shared = (await db.sessions.get(id))?.shared;
  await db.transaction('rw', db.sessions, db.events, db.snapshots, async () => {
    await db.sessions.delete(id);
    await db.events.where('sessionId').equals(id).delete();
    await db.snapshots.where('sessionId').equals(id).delete();
  });
  // A shared game's document goes too (loaded only for a shared game: it brings Yjs).
  if (shared) await (await import('../sync/store')).deleteDoc(id);
}

/** Purges every session marked deleted before `before` (e.g. left over from a closed tab). */
export async function purgeDeleted(db: TablesideDB, before: number): Promise<number> {
  const stale = (await db.sessions.toArray()).filter(
    (s) => s.deletedAt !== undefined && s.deletedAt < before
  );
  for (const s of stale) await purgeSession(db, s.id);
  return stale.length;
}
