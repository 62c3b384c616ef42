/**
 * Backups of shared games (#11): the file carries each shared game's document, the import merges
 * it into this phone's (Yjs's union: nothing lost, nothing counted twice), a damaged document
 * never reaches a stored game, and a backup without shared games is what it always was.
 *
 * One process plays every phone: the main database is one per phone, and the shared games'
 * database (one name, src/lib/sync/store.ts) is wiped and refilled when the test moves from one
 * phone to another.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dexie } from 'dexie';
import * as Y from 'yjs';
import type { Backup } from '../../src/lib/backup/format';
import { exportBackup } from '../../src/lib/backup/write';
import { importBackup } from '../../src/lib/backup/import';
import type { SessionRecord } from '../../src/lib/db/records';
import type { TablesideDB } from '../../src/lib/db/schema';
import { readLog } from '../../src/lib/session/load';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { SharedRuntime } from '../../src/lib/sync/runtime';
import { shareGame, stopSharing } from '../../src/lib/sync/share';
import { fromBase64, toBase64 } from '../../src/lib/sync/base64';
import {
  encodeDoc,
  entryKey,
  newClock,
  nextEntry,
  readEntries,
  appendEntry,
  writeMeta
} from '../../src/lib/sync';
import {
  closeSharedDb,
  loadDoc,
  sharedDb,
  storedDocIds,
  SHARED_DATABASE_NAME
} from '../../src/lib/sync/store';
import { tallySetup } from '../fixtures/tally';
import { EXPORTED, LEAK, PATH, T0, resolveTally, tally } from './backup-helpers';
import { dumpDb, fakeClock, freshDb } from './helpers';

/** How often the module that brings Yjs to backups was loaded (it must wait until needed). */
const loads = vi.hoisted(() => ({ docs: 0 }));
vi.mock('../../src/lib/sync/backup-docs', async (importOriginal) => {
  loads.docs++;
  return importOriginal();
});

// y-dexie says "Y.Doc … was destroyed" on console.debug at every release.
beforeEach(() => void vi.spyOn(console, 'debug').mockImplementation(() => {}));

afterEach(async () => {
  vi.restoreAllMocks();
  await wipeSharedStore();
});

/** This phone's shared games' database emptied: another phone's, or a phone new to the game. */
async function wipeSharedStore() {
  closeSharedDb();
  await Dexie.delete(SHARED_DATABASE_NAME);
}

const check = { now: EXPORTED };
const text = async (db: TablesideDB) => JSON.stringify(await exportBackup(db, '0.1.0', EXPORTED));

/** A tally game of 6 steps on this phone, then shared (file only: no server). */
async function sharedGame(db = freshDb(), now = fakeClock(T0)) {
  const game = await SessionRuntime.create(db, tally, 'tally', tallySetup(['Ana', 'Ben']), { now });
  for (let i = 0; i < 6; i++) game.send({ type: 'ADD', player: i % 2, amount: 1 });
  await game.saved();
  await game.flushRecord();
  const id = game.session.id;
  const shared = await shareGame(db, id, '');
  return { db, id, shared, now };
}

/** Taps on the shared game as its play screen does, the copy in the main database written. */
async function playShared(db: TablesideDB, id: string, steps: number, now: () => number, amount = 1) {
  const record = (await db.sessions.get(id))!;
  const game = await SharedRuntime.open(db, tally, record, { now, schedule: (run) => run() });
  for (let i = 0; i < steps; i++) expect(game.send({ type: 'ADD', player: 1, amount }).ok).toBe(true);
  await game.saved();
  await game.flushRecord();
  const context = game.snapshot.context;
  game.close();
  return context;
}

/** The entries of a stored document (undefined: this phone has none for the game). */
async function storedEntries(id: string) {
  const stored = await loadDoc(id);
  if (!stored) return undefined;
  try {
    return readEntries(stored.doc);
  } finally {
    stored.release();
  }
}

/** A phone's documents, to put back when the test returns to that phone. */
async function keepDocs(ids: string[]) {
  const kept: { id: string; room: string; update: Uint8Array }[] = [];
  const rows = sharedDb().sharedGames;
  for (const id of ids) {
    const row = await rows.get(id);
    const stored = await loadDoc(id);
    if (!row || !stored) continue;
    kept.push({ id, room: row.room, update: encodeDoc(stored.doc) });
    stored.release();
  }
  return kept;
}

async function putDocs(kept: Awaited<ReturnType<typeof keepDocs>>) {
  await wipeSharedStore();
  for (const { id, room, update } of kept) {
    const stored = (await loadDoc(id, room))!;
    Y.applyUpdate(stored.doc, update);
    await stored.stored();
    stored.release();
  }
}

const keys = (entries: { id: { device: string; counter: number } }[] | undefined) =>
  (entries ?? []).map((e) => entryKey(e.id));

describe('a backup without shared games', () => {
  // First in the file: nothing before it has loaded the module that brings Yjs.
  it('has the shape it always had, and neither export nor import loads Yjs', async () => {
    const db = freshDb();
    const now = fakeClock(T0);
    const game = await SessionRuntime.create(db, tally, 'tally', tallySetup(['Ana', 'Ben']), { now });
    game.send({ type: 'ADD', player: 0, amount: 2 });
    await game.saved();
    await game.flushRecord();
    const backup = await exportBackup(db, '0.1.0', EXPORTED);
    expect(Object.keys(backup)).toEqual([
      'format',
      'formatVersion',
      'appVersion',
      'schemaVersion',
      'exportedAt',
      'sessions',
      'events',
      'settings',
      'profiles'
    ]);
    expect(Object.keys(backup.sessions[0])).not.toContain('shared');
    const result = await importBackup(freshDb(), JSON.stringify(backup), resolveTally, check);
    expect(result).toMatchObject({ ok: true, written: true, summary: { added: 1 } });
    expect(loads.docs).toBe(0);
  });
});

describe('a backup with a shared game', () => {
  it('carries its record’s `shared` and its document, and a new phone gets both back', async () => {
    const { db, id, shared, now } = await sharedGame();
    await playShared(db, id, 3, now, 2);
    const entries = await storedEntries(id);
    expect(entries).toHaveLength(9);
    const backup = await exportBackup(db, '0.1.0', EXPORTED);
    expect(backup.sessions[0].shared).toEqual(shared);
    expect(backup.sharedDocs).toEqual([{ sessionId: id, doc: expect.any(String) }]);
    expect(Object.keys(backup).at(-1)).toBe('sharedDocs');

    await wipeSharedStore();
    const phone = freshDb();
    const result = await importBackup(phone, JSON.stringify(backup), resolveTally, check);
    expect(result).toMatchObject({ ok: true, written: true, summary: { added: 1, events: 9 } });
    expect(await storedEntries(id)).toEqual(entries);
    expect((await phone.sessions.get(id))!.shared).toEqual(shared);
    expect(await sharedDb().sharedGames.get(id)).toMatchObject({ room: shared.room });
    // It opens as the shared game it is, and plays on.
    expect(await playShared(phone, id, 1, fakeClock(EXPORTED))).toMatchObject({ scores: [3, 10] });
    expect(await storedEntries(id)).toHaveLength(10);
  });

  it('importing it twice changes nothing', async () => {
    const { db, id } = await sharedGame();
    const file = await text(db);
    await wipeSharedStore();
    const phone = freshDb();
    expect(await importBackup(phone, file, resolveTally, check)).toMatchObject({ ok: true, written: true });
    const before = await dumpDb(phone);
    const stored = (await loadDoc(id))!;
    const state = encodeDoc(stored.doc);
    const vector = Y.encodeStateVector(stored.doc);

    const again = await importBackup(phone, file, resolveTally, check);
    expect(again).toMatchObject({ ok: true, written: true, summary: { alreadyHere: 1, events: 0 } });
    expect(await dumpDb(phone)).toBe(before);
    expect(Y.encodeStateVector(stored.doc)).toEqual(vector);
    expect(encodeDoc(stored.doc)).toEqual(state);
    stored.release();
  });

  it('an older backup keeps every entry this phone has, and the game is not doubled', async () => {
    const { db, id, now } = await sharedGame();
    const older = await text(db);
    await playShared(db, id, 4, now);
    const entries = await storedEntries(id);
    expect(entries).toHaveLength(10);
    const before = await dumpDb(db);

    // On one phone, an older copy of a game is a conflict; a shared game merges instead.
    const result = await importBackup(db, older, resolveTally, check);
    expect(result).toMatchObject({ ok: true, written: true, summary: { merged: 1, keptBoth: 0, events: 0 } });
    expect(await storedEntries(id)).toEqual(entries);
    expect(await dumpDb(db)).toBe(before);
    expect(await db.sessions.count()).toBe(1);
  });

  it('two phones that played on apart end with the union, and the copy here is rebuilt on opening', async () => {
    const { db: a, id, now: clockA } = await sharedGame();
    const first = await text(a);
    const kept = await keepDocs([id]);

    // Phone B: a new phone, restored from A's backup, plays 2 steps (+5 each).
    await wipeSharedStore();
    const b = freshDb();
    expect(await importBackup(b, first, resolveTally, check)).toMatchObject({ ok: true, written: true });
    await playShared(b, id, 2, fakeClock(EXPORTED), 5);
    const onB = keys(await storedEntries(id));
    const keptB = await keepDocs([id]);

    // Phone A plays 3 steps (+1 each) and is backed up again.
    await putDocs(kept);
    await playShared(a, id, 3, clockA, 1);
    const onA = keys(await storedEntries(id));
    const second = await text(a);

    // Back on B: the two logs went different ways; the documents merge.
    await putDocs(keptB);
    const before = await dumpDb(b);
    const result = await importBackup(b, second, resolveTally, check);
    expect(result).toMatchObject({ ok: true, written: true, summary: { merged: 1, keptBoth: 0 } });
    expect(await dumpDb(b)).toBe(before);
    const union = keys(await storedEntries(id));
    expect(union).toHaveLength(6 + 2 + 3);
    expect(new Set(union)).toEqual(new Set([...onA, ...onB]));

    // Opening folds the merged document and rewrites the copy in the main database.
    expect(await playShared(b, id, 0, fakeClock(EXPORTED))).toMatchObject({ scores: [3, 3 + 10 + 3] });
    expect(await readLog(b, id)).toHaveLength(11);
    expect(await b.sessions.count()).toBe(1);
  });

  it('a phone that joined the game keeps it under its own id: the backup’s copy merges into it', async () => {
    const { db, id, shared, now } = await sharedGame();
    await playShared(db, id, 2, now);
    const file = await text(db);
    const entries = await storedEntries(id);
    await wipeSharedStore();

    // The joined phone's game: the same room, another id, an empty document.
    const phone = freshDb();
    const joined: SessionRecord = {
      ...(await db.sessions.get(id))!,
      id: 'joined-here',
      summary: 'Shared game',
      head: 0,
      shared
    };
    await phone.sessions.add(joined);
    (await loadDoc('joined-here', shared.room))!.release();
    const result = await importBackup(phone, file, resolveTally, check);
    expect(result).toMatchObject({ ok: true, written: true, summary: { merged: 1, added: 0 } });
    expect(await phone.sessions.count()).toBe(1);
    expect(await storedEntries('joined-here')).toEqual(entries);
    expect(await storedDocIds()).toEqual(['joined-here']);
  });
});

describe('a damaged shared game in a backup', () => {
  async function file() {
    const { db, id } = await sharedGame();
    const backup = await exportBackup(db, '0.1.0', EXPORTED);
    return { id, backup, entries: (await storedEntries(id))! };
  }

  const otherGameDoc = () => {
    const doc = new Y.Doc();
    writeMeta(doc, { game: 'theos', setup: { ...tallySetup(['Ana', 'Ben']) }, created: T0, format: 1 });
    return toBase64(encodeDoc(doc));
  };

  const cases: [string, (b: Backup) => void, string][] = [
    ['not base64', (b) => (b.sharedDocs![0].doc = 'not base64!'), 'sharedDocs[0].doc: expected'],
    [
      'bytes that are not a document',
      (b) => (b.sharedDocs![0].doc = toBase64(Uint8Array.of(9, 200, 1, 7, 255, 3))),
      'sharedDocs[0].doc: the game’s shared copy is damaged'
    ],
    [
      'cut short',
      (b) => (b.sharedDocs![0].doc = b.sharedDocs![0].doc.slice(0, 40)),
      'sharedDocs[0].doc: the game’s shared copy is damaged'
    ],
    [
      'another game’s document',
      (b) => (b.sharedDocs![0].doc = otherGameDoc()),
      'sharedDocs[0].doc: the shared copy is of the game “theos”, not of this game (“tally”)'
    ],
    [
      'an empty document',
      (b) => (b.sharedDocs![0].doc = toBase64(encodeDoc(new Y.Doc()))),
      'sharedDocs[0].doc: the shared copy holds no game'
    ],
    [
      'a game not in the file',
      (b) => (b.sharedDocs![0].sessionId = 'nope'),
      'sharedDocs[0].sessionId: no game “nope” in this backup'
    ],
    ['a game that is not shared', (b) => delete b.sessions[0].shared, 'sharedDocs[0].sessionId: game “'],
    ['twice', (b) => b.sharedDocs!.push({ ...b.sharedDocs![0] }), 'sharedDocs[1].sessionId: “'],
    [
      'an unknown field',
      (b) => ((b.sharedDocs![0] as any).extra = 1),
      'sharedDocs[0].extra: unexpected field'
    ],
    ['not a list', (b) => ((b as any).sharedDocs = {}), 'sharedDocs: expected a list'],
    [
      'a room that is not one the app makes',
      (b) => (b.sessions[0].shared!.room = '../x'),
      'sessions[0].shared.room: expected a room name'
    ],
    [
      'a short key',
      (b) => (b.sessions[0].shared!.key = 'abc'),
      'sessions[0].shared.key: expected a room key'
    ],
    [
      'a server that is not ws://',
      (b) => (b.sessions[0].shared!.server = 'http://example.org'),
      'sessions[0].shared.server: expected a ws:// or wss:// address'
    ],
    ['a missing key', (b) => delete (b.sessions[0].shared as any).key, 'sessions[0].shared.key: missing']
  ];

  for (const [what, change, message] of cases) {
    it(`is refused, nothing written: ${what}`, async () => {
      const { id, backup, entries } = await file();
      // This phone has the game and its document: neither may change.
      const phone = freshDb();
      const good = await importBackup(phone, JSON.stringify(backup), resolveTally, check);
      expect(good).toMatchObject({ ok: true, written: true });
      change(backup);
      const before = await dumpDb(phone);
      const result = await importBackup(phone, JSON.stringify(backup), resolveTally, check);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect((result.details ?? result.errors).join('\n')).toContain(message);
      expect(result.errors.join('\n')).not.toMatch(LEAK);
      for (const e of result.errors) expect(e).not.toMatch(PATH);
      expect(await dumpDb(phone)).toBe(before);
      expect(await storedEntries(id)).toEqual(entries);
      expect(await storedDocIds()).toEqual([id]);
    });
  }

  it('a broken document is refused on a new phone too: no game, no document', async () => {
    const { id, backup } = await file();
    backup.sharedDocs![0].doc = backup.sharedDocs![0].doc.slice(0, 40);
    await wipeSharedStore();
    const phone = freshDb();
    const before = await dumpDb(phone);
    const result = await importBackup(phone, JSON.stringify(backup), resolveTally, check);
    expect(result).toMatchObject({ ok: false });
    expect(await dumpDb(phone)).toBe(before);
    expect(await storedDocIds()).toEqual([]);
    expect(await storedEntries(id)).toBeUndefined();
  });
});

describe('a shared game with no document in the file (a backup made from the recovery journal)', () => {
  it('imports as its copy, keeps `shared`, and keeps the document this phone has', async () => {
    const { db, id, shared, now } = await sharedGame();
    await playShared(db, id, 2, now);
    const backup = await exportBackup(db, '0.1.0', EXPORTED);
    delete backup.sharedDocs;
    const entries = await storedEntries(id);

    // The same phone after its main database was lost: the shared games' database is still there.
    const phone = freshDb();
    const result = await importBackup(phone, JSON.stringify(backup), resolveTally, check);
    expect(result).toMatchObject({ ok: true, written: true, summary: { added: 1, events: 8 } });
    expect((await phone.sessions.get(id))!.shared).toEqual(shared);
    expect(await storedEntries(id)).toEqual(entries);
  });
});

/** This phone stops sharing the game and plays on alone: its copy is then newer than the file's. */
async function stopAndPlayOn(db: TablesideDB, id: string, now: () => number): Promise<void> {
  await stopSharing(db, id);
  const game = await SessionRuntime.open(db, tally, id, { now });
  game.send({ type: 'ADD', player: 0, amount: 7 });
  await game.saved();
  await game.flushRecord();
}

describe('conflicts that are not merges', () => {
  it('“Use the backup’s” for a game this phone shares under another room takes the file’s room and document', async () => {
    const { db, id, shared, now } = await sharedGame();
    const file = await text(db);
    const fileEntries = await storedEntries(id);
    // This phone stopped sharing, played on, and shared again: a new room, a new document.
    await stopAndPlayOn(db, id, now);
    const again = await shareGame(db, id, '');
    expect(again.room).not.toBe(shared.room);

    const planned = await importBackup(db, file, resolveTally, check);
    expect(planned).toMatchObject({ ok: true, written: false, conflicts: [{ id, why: 'older' }] });
    const result = await importBackup(db, file, resolveTally, { ...check, choices: { [id]: 'backup' } });
    expect(result).toMatchObject({ ok: true, written: true, summary: { replaced: 1 } });
    expect((await db.sessions.get(id))!.shared).toEqual(shared);
    expect(await sharedDb().sharedGames.get(id)).toMatchObject({ room: shared.room });
    expect(await storedEntries(id)).toEqual(fileEntries);
  });

  it('“Keep both” makes the backup’s shared game a game of its own, with its document', async () => {
    const { db, id, shared, now } = await sharedGame();
    const file = await text(db);
    const fileEntries = await storedEntries(id);
    await stopAndPlayOn(db, id, now);

    const result = await importBackup(db, file, resolveTally, { ...check, choices: { [id]: 'both' } });
    expect(result).toMatchObject({ ok: true, written: true, summary: { keptBoth: 1 } });
    const all = await db.sessions.toArray();
    expect(all).toHaveLength(2);
    const copy = all.find((s) => s.id !== id)!;
    expect(copy.shared).toEqual(shared);
    expect((await db.sessions.get(id))!.shared).toBeUndefined();
    expect(await storedDocIds()).toEqual([copy.id]);
    expect(await storedEntries(copy.id)).toEqual(fileEntries);
  });

  it('“Use the backup’s” for a shared game with a file copy that is not shared lets its document go', async () => {
    const { db, id, now } = await sharedGame();
    // A backup of the game on this phone alone (sharing stopped); then shared again, played on.
    await stopSharing(db, id);
    const file = await text(db);
    expect(file).not.toContain('sharedDocs');
    await shareGame(db, id, '');
    await playShared(db, id, 1, now);
    const result = await importBackup(db, file, resolveTally, { ...check, choices: { [id]: 'backup' } });
    expect(result).toMatchObject({ ok: true, written: true, summary: { replaced: 1 } });
    expect((await db.sessions.get(id))!.shared).toBeUndefined();
    expect(await storedDocIds()).toEqual([]);
  });
});

// Documents built by hand: another phone's taps that only the file carries.
describe('a document with another phone’s taps', () => {
  it('a document with entries of another device merges as a union', async () => {
    const { db, id } = await sharedGame();
    const file = await exportBackup(db, '0.1.0', EXPORTED);
    const here = await storedEntries(id);
    // The file's document gains an entry this phone has not seen (another phone's tap).
    const doc = new Y.Doc();
    Y.applyUpdate(doc, fromBase64(file.sharedDocs![0].doc));
    const { entry } = nextEntry(
      { ...newClock('other-phone'), lamport: 50 },
      { kind: 'event', event: { type: 'ADD', player: 0, amount: 4 } },
      EXPORTED
    );
    appendEntry(doc, entry);
    file.sharedDocs![0].doc = toBase64(encodeDoc(doc));
    const result = await importBackup(db, JSON.stringify(file), resolveTally, check);
    expect(result).toMatchObject({ ok: true, written: true, summary: { alreadyHere: 1 } });
    expect(keys(await storedEntries(id))).toEqual([...keys(here), entryKey(entry.id)]);
  });

  it('a document with parts waiting for pieces it lacks is not refused: Yjs keeps them waiting', async () => {
    const { db, id } = await sharedGame();
    const file = await exportBackup(db, '0.1.0', EXPORTED);
    const here = await storedEntries(id);
    // Another phone's second tap without its first: Yjs holds it until the first arrives.
    const other = new Y.Doc();
    let clock = newClock('other-phone');
    const tap = () => {
      const made = nextEntry(
        clock,
        { kind: 'event', event: { type: 'ADD', player: 0, amount: 1 } },
        EXPORTED
      );
      clock = made.clock;
      appendEntry(other, made.entry);
    };
    tap();
    const seen = Y.encodeStateVector(other);
    tap();
    file.sharedDocs![0].doc = toBase64(
      Y.mergeUpdates([fromBase64(file.sharedDocs![0].doc), Y.encodeStateAsUpdate(other, seen)])
    );
    const result = await importBackup(db, JSON.stringify(file), resolveTally, check);
    expect(result).toMatchObject({ ok: true, written: true });
    expect(await storedEntries(id)).toEqual(here);
  });
});
