/**
 * Several tabs (or an installed app and a browser tab) on the same game: each watches the log's
 * head and catches up when another one wrote. A tap made on a state another tab has since moved
 * is refused (send.ts: `seen`), and a write that loses the race for a step's number is taken
 * back (commit.ts), so no tab ever applies a tap to a state its person was not shown.
 */
import type { TablesideDB } from '../db/schema';
import { logHead } from './load';

/**
 * Calls `changed(head)` whenever the session's log head changes, in this tab or another
 * (Dexie's liveQuery). Returns a function that stops watching.
 */
export function followLog(db: TablesideDB, sessionId: string, changed: (head: number) => void): () => void {
  let stopped = false;
  let subscription: { unsubscribe(): void } | undefined;
  import('dexie')
    .then(({ liveQuery }) => {
      if (stopped) return;
      subscription = liveQuery(() => logHead(db, sessionId)).subscribe({
        next: (head) => changed(head),
        error: () => {}
      });
    })
    .catch(() => {});
  return () => {
    stopped = true;
    subscription?.unsubscribe();
  };
}
