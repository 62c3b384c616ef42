/**
 * Several tabs (or an installed app and a browser tab) on the same game: each watches the log's
 * head and catches up when another one wrote. A tap made on a state another tab has since moved
 * is refused (send.ts: `seen`), and a write that loses the race for a step's number is taken
 * back (commit.ts), so no tab ever applies a tap to a state its person was not shown.
 */
import Dexie from 'dexie';
import type { TablesideDB } from '../db/schema';
import { logRange } from './load';

/**
 * Calls `changed(head)` with the session's log head at the start and whenever the log may have
 * changed, in this tab or another. Returns a function that stops watching.
 *
 * Dexie tells every tab of every committed write (`storagemutated`, over a BroadcastChannel);
 * this reads the head only after a write that touched the log, and reads it with one key cursor
 * on IndexedDB itself. A liveQuery did the same through Dexie's query machinery, about 10 ms of
 * main thread per tap at 4× CPU, after every tap of this tab's own (scripts/bench/bench-taps.ts).
 */
export function followLog(db: TablesideDB, sessionId: string, changed: (head: number) => void): () => void {
  let stopped = false;
  let reading = false;
  let again = false;
  const read = async () => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const head = await lastSeq(db, sessionId);
        if (!stopped) changed(head);
      } while (again && !stopped);
    } catch {
      // The database closed (another tab upgraded it, or the page is leaving): nothing to follow.
    } finally {
      reading = false;
    }
  };
  const log = `idb://${db.name}/${db.events.name}/`;
  const listener = (parts: Record<string, unknown>) => {
    if (stopped) return;
    for (const part in parts) {
      if (part.startsWith(log)) {
        void read();
        return;
      }
    }
  };
  Dexie.on('storagemutated', listener);
  void read();
  return () => {
    stopped = true;
    Dexie.on('storagemutated').unsubscribe(listener);
  };
}

/** The newest entry's seq, 0 for an empty log: the same answer as `logHead`, without Dexie. */
async function lastSeq(db: TablesideDB, sessionId: string): Promise<number> {
  if (!db.isOpen()) await db.open();
  const [lower, upper] = logRange(sessionId);
  return new Promise<number>((resolve, reject) => {
    const request = db
      .backendDB()
      .transaction(db.events.name, 'readonly')
      .objectStore(db.events.name)
      .openKeyCursor(IDBKeyRange.bound(lower, upper), 'prev');
    request.onsuccess = () =>
      resolve(request.result ? (request.result.primaryKey as [string, number])[1] : 0);
    request.onerror = () => reject(request.error);
  });
}
