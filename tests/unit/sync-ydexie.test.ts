/**
 * How y-dexie 4.4 keeps a shared game's Y.Doc in Dexie 4 (on fake-indexeddb): the minimal usage
 * the integration builds on. Findings written up in /work/notes/y-dexie.md.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dexie, type EntityTable } from 'dexie';
import yDexie, { DexieYProvider } from 'y-dexie';
import * as Y from 'yjs';
import {
  appendEntry,
  encodeDoc,
  mergeDoc,
  newClock,
  nextEntry,
  observeEntries,
  readEntries
} from '../../src/lib/sync';

interface SharedGameRow {
  id: string;
  room: string;
  /** Never stored on the row itself: y-dexie keeps its updates in `$sharedGames.doc_updates`. */
  doc: Y.Doc;
}

type Db = Dexie & { sharedGames: EntityTable<SharedGameRow, 'id'> };

let opened: Dexie[] = [];
function open(name: string): Db {
  const db = new Dexie(name, { addons: [yDexie] }) as Db;
  db.version(1).stores({ sharedGames: 'id, room, doc: Y.Doc' });
  opened.push(db);
  return db;
}

// y-dexie says "Y.Doc g1 was destroyed" on console.debug at every release.
beforeEach(() => void vi.spyOn(console, 'debug').mockImplementation(() => {}));

afterEach(() => {
  vi.restoreAllMocks();
  // Closing also stops y-dexie's periodic compaction timer, which would keep Node alive.
  for (const db of opened) db.close();
  opened = [];
});

const tap = (n: number) =>
  nextEntry(
    { ...newClock('d'), counter: n - 1, lamport: n - 1 },
    { kind: 'event', event: { type: 'N', n } },
    0
  ).entry;

/** y-dexie writes each update in its own transaction after the change: wait for the row count. */
async function updatesStored(db: Dexie, count: number) {
  const table = db.table('$sharedGames.doc_updates');
  for (let i = 0; i < 100 && (await table.count()) < count; i++) await new Promise((r) => setTimeout(r, 5));
  return table.count();
}

describe('y-dexie', () => {
  it('declares a Y.Doc property in the schema, with its own updates table', () => {
    const db = open('ydexie-schema');
    expect(db.tables.map((t) => t.name).sort()).toEqual(['$sharedGames.doc_updates', 'sharedGames']);
    expect(db.sharedGames.schema.yProps).toEqual([{ prop: 'doc', updatesTable: '$sharedGames.doc_updates' }]);
  });

  it('persists entries appended to the doc, and loads them back in a new connection', async () => {
    const db = open('ydexie-persist');
    await db.sharedGames.add({ id: 'g1', room: 'r1' } as SharedGameRow);
    const row = (await db.sharedGames.get('g1'))!;
    const doc = row.doc;
    expect(doc).toBeInstanceOf(Y.Doc);
    // The same row read twice gives the very same Y.Doc (a cache keyed by the primary key).
    expect((await db.sharedGames.get('g1'))!.doc).toBe(doc);
    const provider = DexieYProvider.load(doc);
    await provider.whenLoaded;
    appendEntry(doc, tap(1));
    appendEntry(doc, tap(2));
    expect(await updatesStored(db, 2)).toBe(2);
    DexieYProvider.release(doc); // ref count 0: the doc is destroyed
    db.close();

    const again = open('ydexie-persist');
    const reread = (await again.sharedGames.get('g1'))!.doc;
    expect(reread).not.toBe(doc);
    expect(readEntries(reread)).toEqual([]); // nothing until loaded
    const p2 = DexieYProvider.load(reread);
    await p2.whenLoaded;
    expect(readEntries(reread).map((e) => e.id.counter)).toEqual([1, 2]);
    DexieYProvider.release(reread);
  });

  it('stores what another phone sent too (a merged file), and tells it apart when observed', async () => {
    const db = open('ydexie-merge');
    await db.sharedGames.add({ id: 'g1', room: 'r1' } as SharedGameRow);
    const doc = (await db.sharedGames.get('g1'))!.doc;
    const provider = DexieYProvider.load(doc);
    await provider.whenLoaded;
    const seen: boolean[] = [];
    observeEntries(doc, (_added, local) => seen.push(local));
    const other = new Y.Doc();
    appendEntry(other, tap(5));
    mergeDoc(doc, encodeDoc(other));
    appendEntry(doc, tap(6));
    expect(seen).toEqual([false, true]);
    expect(await updatesStored(db, 2)).toBe(2);
    DexieYProvider.release(doc);
  });

  it('a second connection (another tab) sees the first one’s appends through its live query', async () => {
    const tab1 = open('ydexie-tabs');
    const tab2 = open('ydexie-tabs');
    await tab1.sharedGames.add({ id: 'g1', room: 'r1' } as SharedGameRow);
    const doc1 = (await tab1.sharedGames.get('g1'))!.doc;
    const doc2 = (await tab2.sharedGames.get('g1'))!.doc;
    expect(doc2).not.toBe(doc1); // one cache per Dexie instance
    await DexieYProvider.load(doc1).whenLoaded;
    await DexieYProvider.load(doc2).whenLoaded;
    const arrived = new Promise<boolean>((resolve) => observeEntries(doc2, (_a, local) => resolve(local)));
    appendEntry(doc1, tap(1));
    expect(await arrived).toBe(false);
    expect(readEntries(doc2)).toEqual(readEntries(doc1));
    DexieYProvider.release(doc1);
    DexieYProvider.release(doc2);
  });

  it('deleting the row deletes the document', async () => {
    const db = open('ydexie-delete');
    await db.sharedGames.add({ id: 'g1', room: 'r1' } as SharedGameRow);
    const doc = (await db.sharedGames.get('g1'))!.doc;
    await DexieYProvider.load(doc).whenLoaded;
    appendEntry(doc, tap(1));
    await updatesStored(db, 1);
    const destroyed = new Promise<void>((resolve) => doc.on('destroy', () => resolve()));
    await db.sharedGames.delete('g1');
    await destroyed;
    expect(await db.table('$sharedGames.doc_updates').count()).toBe(0);
  });
});
