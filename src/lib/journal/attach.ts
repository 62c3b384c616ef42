/**
 * Which journal keeps the recovery copy of a database's games. The app attaches its journal to
 * its one connection when it opens it (app/database.svelte.ts); tests attach one in memory.
 * The middleware (middleware.ts) finds it here for every committed write.
 */
import type { JournalGame } from './format';
import type { JournalApi } from './journal';

const journals = new WeakMap<object, JournalApi>();

export function attachJournal(db: object, journal: JournalApi | undefined): void {
  if (journal) journals.set(db, journal);
  else journals.delete(db);
}

export function journalFor(db: object): JournalApi | undefined {
  return journals.get(db);
}

/** A game as the database's journal holds it; undefined when there is none or it cannot be read. */
export async function journaledGame(db: object, id: string): Promise<JournalGame | undefined> {
  return journalFor(db)
    ?.read(id)
    .catch(() => undefined);
}
