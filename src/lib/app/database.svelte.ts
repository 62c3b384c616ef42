/**
 * The app's one database connection, opened on first use, with its problems (another tab
 * upgraded, blocked, newer data, no storage) exposed for the layout to show.
 */
import { openDatabase, type DbProblem } from '../db/connection';
import type { TablesideDB } from '../db/schema';

export const database = $state<{ problem: DbProblem | undefined }>({ problem: undefined });

let opening: Promise<TablesideDB> | undefined;

export function getDb(): Promise<TablesideDB> {
  opening ??= openDatabase({
    onProblem: (problem) => (database.problem = problem)
  }).catch((error) => {
    // Let a later call try again (e.g. after the other tab closed).
    opening = undefined;
    throw error;
  });
  return opening;
}
