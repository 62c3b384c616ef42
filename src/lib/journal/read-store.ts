/**
 * A game's log read straight from the app's IndexedDB database, without Dexie: the journal's
 * worker uses it to rewrite a whole journal (after an import, or the first time), so the page
 * neither reads the log nor copies it into a message. Reading a 100,000-step log and posting it
 * took the page about a second of its main thread (at full CPU speed), right when the person
 * opened a game.
 *
 * The worker only reads. It opens whatever version the database is at, never creates one (a
 * missing database is an error, not a new empty one), and closes at once when the page asks to
 * upgrade it, so it never holds an upgrade up.
 */
import type { EventRecord } from '../db/records';

/** The table and key of the log, as schema.ts names them. */
const EVENTS = 'events';

export async function readStoredLog(database: string, sessionId: string): Promise<EventRecord[]> {
  const db = await openExisting(database);
  try {
    return await new Promise<EventRecord[]>((resolve, reject) => {
      const read = db
        .transaction(EVENTS, 'readonly')
        .objectStore(EVENTS)
        .getAll(IDBKeyRange.bound([sessionId, 1], [sessionId, Infinity]));
      read.onsuccess = () => resolve(read.result as EventRecord[]);
      read.onerror = () => reject(read.error);
    });
  } finally {
    db.close();
  }
}

function openExisting(database: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(database);
    request.onupgradeneeded = () => {
      // Only a database that does not exist gets here: leave it not existing.
      request.transaction?.abort();
    };
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () =>
      reject(
        request.error?.name === 'AbortError'
          ? new Error(`there is no database “${database}” to read the game from`)
          : request.error
      );
  });
}
