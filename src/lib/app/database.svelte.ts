/**
 * The app's one database connection, opened on first use, with its problems (another tab
 * upgraded, blocked, newer data, no storage) exposed for the layout to show.
 *
 * This module is the app's only door to Dexie, and it opens it lazily: the first screen paints
 * from prerendered HTML and the framework alone, and Dexie (a third of the home page's script)
 * arrives just after, to fill in the saved games.
 */
import type { DbProblem } from '../db/connection';
import type { TablesideDB } from '../db/schema';

export const database = $state<{ problem: DbProblem | undefined }>({ problem: undefined });

let opening: Promise<TablesideDB> | undefined;

export function getDb(): Promise<TablesideDB> {
  opening ??= import('../db/connection')
    .then(({ openDatabase }) => openDatabase({ onProblem: (problem) => (database.problem = problem) }))
    .catch((error) => {
      // Let a later call try again (e.g. after the other tab closed).
      opening = undefined;
      throw error;
    });
  return opening;
}

export interface Watcher<T> {
  next(value: T): void;
  error?(error: unknown): void;
}

/**
 * Runs a query now and again whenever its data changes, in this tab or another (Dexie's
 * liveQuery). Returns a function that stops watching; safe to call before the query started.
 */
export function watch<T>(query: (db: TablesideDB) => Promise<T>, watcher: Watcher<T>): () => void {
  let stopped = false;
  let subscription: { unsubscribe(): void } | undefined;
  Promise.all([getDb(), import('dexie')])
    .then(([db, { liveQuery }]) => {
      if (stopped) return;
      subscription = liveQuery(() => query(db)).subscribe({
        next: (value) => watcher.next(value),
        error: (e) => watcher.error?.(e)
      });
    })
    .catch((e) => watcher.error?.(e));
  return () => {
    stopped = true;
    subscription?.unsubscribe();
  };
}
