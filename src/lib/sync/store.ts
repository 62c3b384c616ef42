/**
 * Where a shared game's Yjs document is kept on this phone: its own small Dexie database with the
 * y-dexie addon (one row per shared game, keyed by the session id; y-dexie keeps the document's
 * updates in a table of its own). It is apart from the app's main database on purpose: y-dexie
 * brings Yjs with it, and only a shared game may load Yjs (the home page and games on one phone
 * never do). See /docs/architecture.md, "Several phones".
 */
import { Dexie, type EntityTable } from 'dexie';
import yDexie, { DexieYProvider } from 'y-dexie';
import type * as Y from 'yjs';

interface SharedGameRow {
  /** The session id in the main database. */
  id: string;
  room: string;
  /** Never stored on the row: y-dexie keeps its updates in `$sharedGames.doc_updates`. */
  doc: Y.Doc;
}

type SharedDb = Dexie & { sharedGames: EntityTable<SharedGameRow, 'id'> };

export const SHARED_DATABASE_NAME = 'tableside-shared';
const UPDATES = '$sharedGames.doc_updates';

let opened: SharedDb | undefined;

/** The shared games' database (tests pass their own name to keep apart). */
export function sharedDb(name = SHARED_DATABASE_NAME): SharedDb {
  if (opened && opened.name === name) return opened;
  const db = new Dexie(name, {
    addons: [yDexie],
    // A tap on a shared game must survive a killed tab, as on one phone.
    chromeTransactionDurability: 'strict'
  }) as SharedDb;
  db.version(1).stores({ sharedGames: 'id, room, doc: Y.Doc' });
  opened = db;
  return db;
}

/** Closes the database (tests; y-dexie's compaction timer would keep Node running). */
export function closeSharedDb(): void {
  opened?.close();
  opened = undefined;
}

/** A shared game's document, loaded from disk and kept in step with other tabs while held. */
export interface StoredDoc {
  doc: Y.Doc;
  /** Resolves once every change made to the doc so far is on disk. */
  stored(): Promise<void>;
  /** Hears a failed write (the disk is full, the database went away). */
  onError(listener: (error: unknown) => void): void;
  release(): void;
}

/** Opens (creating when asked) the document of a shared game; undefined when there is none. */
export async function loadDoc(sessionId: string, room?: string): Promise<StoredDoc | undefined> {
  const db = sharedDb();
  let row = await db.sharedGames.get(sessionId);
  if (!row && room !== undefined) {
    await db.sharedGames.put({ id: sessionId, room } as SharedGameRow);
    row = await db.sharedGames.get(sessionId);
  }
  if (!row) return undefined;
  const doc = row.doc;
  const provider = DexieYProvider.load(doc);
  await provider.whenLoaded;
  const table = db.table(UPDATES);
  return {
    doc,
    // y-dexie writes each update in its own transaction, started when the doc changes. A read of
    // the same table started after it waits for it (IndexedDB runs overlapping transactions in
    // the order they were made), so when this read is done the write is too.
    stored: () =>
      table
        .where('k')
        .equals(sessionId)
        .count()
        .then(() => undefined),
    onError: (listener) => provider.on('error', listener),
    release: () => DexieYProvider.release(doc)
  };
}

/** Forgets a shared game's document (the game stopped being shared, or was deleted). */
export async function deleteDoc(sessionId: string): Promise<void> {
  await sharedDb().sharedGames.delete(sessionId);
}

/** The ids of the sessions this phone holds a shared document for. */
export async function storedDocIds(): Promise<string[]> {
  return (await sharedDb().sharedGames.toCollection().primaryKeys()) as string[];
}
