/**
 * Which journal keeps the recovery copy of a database's games. The app attaches its journal to
 * its one connection when it opens it (app/database.svelte.ts); tests attach one in memory. The
 * runtime and the delete code find it here, so no caller has to pass it along.
 */
import type { JournalApi } from './journal';

const journals = new WeakMap<object, JournalApi>();

export function attachJournal(db: object, journal: JournalApi | undefined): void {
  if (journal) journals.set(db, journal);
  else journals.delete(db);
}

export function journalFor(db: object): JournalApi | undefined {
  return journals.get(db);
}

/** Sends to the journal without waiting: a journal that fails reports it itself (client.ts). */
export function quietly(write: Promise<unknown> | undefined): void {
  write?.catch(() => {});
}
