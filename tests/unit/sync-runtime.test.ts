/**
 * A shared game's runtime (#11) on its own: two phones, each with its own main database and its
 * own copy of the shared document, joined by a relay that can go offline. Taps show on both,
 * undo travels, a tap two phones made at once is kept as not applied with a reason, the copy in
 * each main database is the events in effect, and a game file opened twice changes nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { SharedRuntime, STALE_SHARED } from '../../src/lib/sync/runtime';
import { IDLE_ASK_MS, Silence, SILENT_MS, type Connect, type Link } from '../../src/lib/sync/connect';
import { KEPT_HERE } from '../../src/lib/sync/runtime';
import type { StoredDoc } from '../../src/lib/sync/store';
import { closeSharedDb, loadDoc } from '../../src/lib/sync/store';
import { gameFile, openGameFile, shareGame, stopSharing } from '../../src/lib/sync/share';
import { readEntries, writeMeta } from '../../src/lib/sync/doc';
import { parseEntry } from '../../src/lib/sync/entry';
import { parseShareLink, shareLink } from '../../src/lib/sync/link';
import { initialState, replay, sameState } from '../../src/lib/session/replay';
import { readLog } from '../../src/lib/session/load';
import type { SessionRecord } from '../../src/lib/db/records';
import type { TablesideDB } from '../../src/lib/db/schema';
import { tallyLogic, tallySetup, type TallyContext } from '../fixtures/tally';
import { fakeClock, freshDb } from './helpers';

const now = () => 0;
const immediately = (run: () => void) => run();
/** The test machine's game is not one of the app's: the file check is given its rules. */
const resolveGame = async (game: string) => (game === 'tally' ? tallyLogic : undefined);
const ctx = (rt: { snapshot: { context: unknown } }) => rt.snapshot.context as TallyContext;

beforeEach(() => void vi.spyOn(console, 'debug').mockImplementation(() => {}));
afterEach(() => {
  vi.restoreAllMocks();
  closeSharedDb();
});

/** Two documents that pass every update to each other while `online`, and catch up when back. */
function relay() {
  const docs: Y.Doc[] = [];
  const state = { online: true };
  const sync = () => {
    for (const a of docs)
      for (const b of docs) if (a !== b) Y.applyUpdate(b, Y.encodeStateAsUpdate(a), 'relay');
  };
  const connect: Connect = (doc) => {
    docs.push(doc);
    doc.on('update', (_u: Uint8Array, origin: unknown) => origin !== 'relay' && state.online && sync());
    if (state.online) sync();
    const link: Link = {
      get state() {
        return state.online ? 'connected' : 'offline';
      },
      refusal: undefined,
      onChange: () => () => {},
      destroy: () => {}
    };
    return link;
  };
  return {
    connect,
    offline: () => (state.online = false),
    online: () => ((state.online = true), sync())
  };
}

/** A document in memory standing in for y-dexie's (the runtime only needs these four). */
function memoryDoc(doc = new Y.Doc()): StoredDoc {
  return { doc, stored: async () => {}, onError: () => {}, release: () => {} };
}

/** What the phones said in passing (a toast in the app). */
const told: string[] = [];

async function phone(
  db: TablesideDB,
  record: SessionRecord,
  doc: Y.Doc,
  connect: Connect
): Promise<SharedRuntime<any>> {
  return SharedRuntime.open(db, tallyLogic, record, {
    store: memoryDoc(doc),
    connect,
    now: fakeClock(),
    schedule: immediately,
    tell: (message) => told.push(message)
  });
}

/** A game on phone A, shared, and phone B holding the same record and a copy of its document. */
async function twoPhones() {
  const net = relay();
  const dbA = freshDb();
  const single = await SessionRuntime.create(dbA, tallyLogic, 'tally', tallySetup(), { now: fakeClock() });
  single.send({ type: 'ADD', player: 0, amount: 3 });
  single.send({ type: 'ADD', player: 1, amount: 4 });
  single.undo();
  await single.saved();
  const shared = { room: 'room-1', key: 'k'.repeat(22), server: 'ws://127.0.0.1:1' };
  const record: SessionRecord = { ...single.session, shared };
  await dbA.sessions.put(record);
  // A's document from its log, as "Share" makes it (convert.ts), held in memory here.
  const docA = new Y.Doc();
  const { convertLog } = await import('../../src/lib/sync/convert');
  const { appendEntry } = await import('../../src/lib/sync/doc');
  writeMeta(docA, { game: 'tally', setup: record.setup, created: record.created, format: 1 });
  for (const entry of convertLog(await readLog(dbA, record.id), 'device-a').entries) appendEntry(docA, entry);
  const a = await phone(dbA, record, docA, net.connect);
  const dbB = freshDb();
  await dbB.sessions.put({ ...record, summary: 'Shared game', head: 0 });
  const b = await phone(dbB, record, new Y.Doc(), net.connect);
  return { net, a, b, dbA, dbB, record };
}

describe('the link says offline quickly', () => {
  it('a question unanswered for SILENT_MS is silence; nothing asked is none; a late or hidden check judges nothing', () => {
    const t0 = 1_000_000;
    const silence = new Silence(t0);
    // Nothing asked: however long nothing is heard, that is not silence (an idle phone asks
    // only every IDLE_ASK_MS).
    let t = t0;
    for (; t <= t0 + 3 * SILENT_MS; t += 200) expect(silence.check(t, t0)).toBe(false);
    expect(IDLE_ASK_MS).toBeGreaterThan(SILENT_MS);
    // Asked (a tap, or the heartbeat), checks on time every 200 ms, no answer.
    const asked = t;
    silence.ask(asked);
    for (; t <= asked + SILENT_MS; t += 200) expect(silence.check(t, t0)).toBe(false);
    expect(silence.check(t, t0)).toBe(true);
    expect(SILENT_MS).toBeLessThan(2000);
    // Answered: not silent, and nothing waits any more.
    expect(silence.check(t + 200, t + 100)).toBe(false);
    expect(silence.waiting).toBe(false);
    // The page was busy for 3 s (the check comes late): the answers may be queued, no verdict yet.
    const busy = new Silence(t0);
    busy.ask(t0);
    expect(busy.check(t0 + 3000, t0 - 1)).toBe(false);
    let u = t0 + 3200;
    for (; u <= t0 + 3000 + SILENT_MS; u += 200) expect(busy.check(u, t0 - 1)).toBe(false);
    expect(busy.check(u, t0 - 1)).toBe(true);
    // Hidden: timers are throttled, nothing is judged until it shows again.
    const hidden = new Silence(t0);
    hidden.ask(t0);
    expect(hidden.check(t0 + 5000, t0 - 1, true)).toBe(false);
  });

  it('a tap made offline says it is kept here and will be sent; one made online says nothing', async () => {
    const { net, a } = await twoPhones();
    told.length = 0;
    a.send({ type: 'ADD', player: 0, amount: 1 });
    expect(told).toEqual([]);
    net.offline();
    a.send({ type: 'ADD', player: 0, amount: 1 });
    expect(told).toEqual([KEPT_HERE]);
    expect(KEPT_HERE).toMatch(/kept on this phone and sent when the server is back/);
  });
});

describe('a game shared by two phones', () => {
  it('opens where it stood on one phone, and the other phone joins in the same state', async () => {
    const { a, b, dbA } = await twoPhones();
    expect(ctx(a).scores).toEqual([3, 0]);
    expect(sameState(a.snapshot, b.snapshot)).toBe(true);
    // The main database's copy is the events in effect, numbered as one phone's log.
    await a.saved();
    const log = await readLog(dbA, a.session.id);
    expect(log.map((e) => [e.seq, e.kind, e.event])).toEqual([
      [1, 'event', { type: 'ADD', player: 0, amount: 3 }]
    ]);
    expect((await dbA.sessions.get(a.session.id))!.head).toBe(1);
  });

  it('a tap on one shows on the other; undo on the other takes it back on both', async () => {
    const { a, b } = await twoPhones();
    expect(a.send({ type: 'ADD', player: 1, amount: 5 }, { seen: a.head })).toEqual({ ok: true });
    expect(ctx(b).scores).toEqual([3, 5]);
    expect(b.undoLabel).toBe('Ben +5');
    expect(b.undo({ seen: b.head })).toEqual({ ok: true });
    expect(ctx(a).scores).toEqual([3, 0]);
    expect(a.redoLabel).toBe('Ben +5');
    expect(a.redo({ seen: a.head })).toEqual({ ok: true });
    expect(ctx(b).scores).toEqual([3, 5]);
    expect(b.history.map((h) => h.label)).toEqual(a.history.map((h) => h.label));
  });

  it('a tap made on a state another phone had already changed is not applied to the new one', async () => {
    const { a, b } = await twoPhones();
    const seen = b.head;
    a.send({ type: 'ADD', player: 0, amount: 1 });
    expect(b.send({ type: 'ADD', player: 0, amount: 1 }, { seen })).toEqual({
      ok: false,
      reason: STALE_SHARED
    });
    expect(ctx(b).scores).toEqual([4, 0]);
  });

  it('offline, both play on; back online both end the same, and the tap both made is kept as not applied', async () => {
    const { net, a, b, dbA, dbB } = await twoPhones();
    a.send({ type: 'NEXT_ROUND' });
    expect(b.snapshot.value).toEqual({ round: 'bonus' });
    net.offline();
    // Both close the bonus step at once; each also adds points of its own.
    a.send({ type: 'BONUS_DONE' });
    a.send({ type: 'ADD', player: 0, amount: 10 });
    b.send({ type: 'BONUS_DONE' });
    b.send({ type: 'ADD', player: 1, amount: 20 });
    expect(ctx(a).scores).toEqual([13, 0]);
    expect(ctx(b).scores).toEqual([3, 20]);
    net.online();
    expect(sameState(a.snapshot, b.snapshot)).toBe(true);
    expect(ctx(a).scores).toEqual([13, 20]);
    // Equal to a replay of what is in effect, on both phones.
    const replayed = replay(tallyLogic, initialState(tallyLogic, a.setup), a.events);
    expect(sameState(replayed, a.snapshot)).toBe(true);
    // Nothing lost: the second "bonus done" stays in both histories, saying why it changed nothing.
    // It names its event and its phone, and keeps the time it was made.
    const refused = [a, b].map((rt) => rt.history.filter((h) => h.notApplied));
    for (const lines of refused) {
      expect(lines).toHaveLength(1);
      expect(lines[0].label).toMatch(
        /^Bonus done, from (this|another) phone: .*not possible during “Scoring”/
      );
    }
    expect(refused.map((lines) => lines[0].label.match(/this phone|another phone/)![0]).sort()).toEqual([
      'another phone',
      'this phone'
    ]);
    expect(refused[0][0].time).toBe(refused[1][0].time);
    const phoneless = (rt: typeof a) =>
      rt.history.map((h) => ({ ...h, label: h.label.replace(/this phone|another phone/, 'a phone') }));
    expect(phoneless(a)).toEqual(phoneless(b));
    // Each main database holds the same copy: the events in effect, seq 1, 2, 3…
    await Promise.all([a.saved(), b.saved()]);
    const [logA, logB] = [await readLog(dbA, a.session.id), await readLog(dbB, b.session.id)];
    expect(logA.map((e) => e.event)).toEqual(a.events);
    expect(logB.map((e) => e.event)).toEqual(a.events);
    expect(logA.map((e) => e.seq)).toEqual(a.events.map((_, i) => i + 1));
    expect((await dbB.sessions.get(b.session.id))!.summary).toBe(a.summary);
  });

  it('a refused tap names the phone it came from by the seat chosen there; older entries still read', async () => {
    const { net, a, b } = await twoPhones();
    a.setSeat('Ana');
    b.setSeat('Ben');
    a.send({ type: 'NEXT_ROUND' });
    net.offline();
    a.send({ type: 'BONUS_DONE' });
    b.send({ type: 'BONUS_DONE' });
    net.online();
    const refused = (rt: typeof a) => rt.history.filter((h) => h.notApplied).map((h) => h.label);
    const [onA, onB] = [refused(a), refused(b)];
    // One phone's tap came second: that phone says "this phone", the other names it.
    const named = [...onA, ...onB].map((l) => /from (this phone|Ana’s phone|Ben’s phone)/.exec(l)![1]);
    expect(named.sort()).toEqual([expect.stringMatching(/^(Ana|Ben)’s phone$/), 'this phone'].sort());
    const other = named.find((n) => n !== 'this phone')!;
    const writer = other.startsWith('Ana') ? a : b;
    expect(refused(writer)[0]).toMatch(/^Bonus done, from this phone: /);
    // The seat travels in the entry; one without it (an older phone's) still parses.
    const entry = readEntries(a.doc).find((e) => e.kind === 'event' && e.seat)!;
    expect(['Ana', 'Ben']).toContain(entry.seat);
    const { seat: _seat, ...older } = entry;
    expect(parseEntry(JSON.parse(JSON.stringify(older)))).toEqual(older);
    expect(parseEntry({ ...older, seat: 42 })).toEqual(older);
    expect(parseEntry({ ...older, seat: 'x'.repeat(101) })).toEqual(older);
    expect(parseEntry({ ...older, seat: 'Cy' })).toEqual({ ...older, seat: 'Cy' });
  });

  it('a phone that joins late shows every line with the time it was made', async () => {
    const { net, a, b, record } = await twoPhones();
    a.send({ type: 'NEXT_ROUND' });
    net.offline();
    a.send({ type: 'BONUS_DONE' });
    b.send({ type: 'BONUS_DONE' });
    b.send({ type: 'ADD', player: 1, amount: 20 });
    net.online();
    const dbC = freshDb();
    await dbC.sessions.put({ ...record, summary: 'Shared game', head: 0 });
    const c = await phone(dbC, record, new Y.Doc(), net.connect);
    const times = (rt: typeof a) =>
      rt.history.map((h) => [h.label.replace(/this phone|another phone|.*’s phone/, 'a phone'), h.time]);
    expect(times(c)).toEqual(times(a));
  });

  it('reopened, a phone shows what its document holds, and its copy catches up with what came meanwhile', async () => {
    const { a, b, dbB, record } = await twoPhones();
    const docB = b.doc;
    b.close();
    a.send({ type: 'ADD', player: 1, amount: 7 }); // B is closed: the relay still holds its doc
    const again = await phone(dbB, record, docB, relay().connect);
    expect(ctx(again).scores).toEqual([3, 7]);
    await again.saved();
    expect((await readLog(dbB, record.id)).map((e) => e.event)).toEqual(again.events);
  });
});

describe('sharing, files and links', () => {
  it('shares a game on one phone: same state, the whole log as this device’s entries; stopping keeps the copy', async () => {
    const db = freshDb();
    const single = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup(), { now: fakeClock() });
    single.send({ type: 'ADD', player: 0, amount: 2 });
    single.send({ type: 'NEXT_ROUND' });
    single.send({ type: 'ROLL', player: 0, value: 6 });
    single.undo();
    single.redo();
    await single.saved();
    const shared = await shareGame(db, single.session.id, '');
    expect(shared.key.length).toBeGreaterThanOrEqual(22);
    const record = (await db.sessions.get(single.session.id))!;
    expect(record.shared).toEqual(shared);
    const rt = await SharedRuntime.open(db, tallyLogic, record, { schedule: immediately, now });
    expect(sameState(rt.snapshot, single.snapshot)).toBe(true);
    expect(rt.link).toBe('no-server');
    rt.send({ type: 'ADD', player: 1, amount: 1 });
    await rt.saved();
    rt.close();
    await stopSharing(db, record.id);
    expect((await db.sessions.get(record.id))!.shared).toBeUndefined();
    expect(await loadDoc(record.id)).toBeUndefined();
    // This phone's copy opens as a game on one phone, where it stood.
    const alone = await SessionRuntime.open(db, tallyLogic, record.id);
    expect(ctx(alone).scores).toEqual([4, 1]);
  });

  it('a game file opens as a new shared game, and opening it again (or an older one) changes nothing', async () => {
    const from = freshDb();
    const single = await SessionRuntime.create(from, tallyLogic, 'tally', tallySetup(), { now: fakeClock() });
    single.send({ type: 'ADD', player: 0, amount: 2 });
    await single.saved();
    const shared = await shareGame(from, single.session.id, '');
    const stored = (await loadDoc(single.session.id))!;
    const older = gameFile(shared, stored.doc);
    const record = (await from.sessions.get(single.session.id))!;
    const rt = await SharedRuntime.open(from, tallyLogic, record, {
      schedule: immediately,
      now,
      store: stored
    });
    rt.send({ type: 'ADD', player: 1, amount: 9 });
    const newer = gameFile(shared, rt.doc);
    rt.close();

    const to = freshDb();
    const first = await openGameFile(to, newer, { resolveGame });
    expect(first.ok).toBe(true);
    const id = (first as { id: string }).id;
    const count = async () => readEntries((await loadDoc(id))!.doc).length;
    const entries = await count();
    expect(entries).toBe(2);
    expect(await openGameFile(to, newer, { resolveGame })).toEqual({ ok: true, id });
    expect(await openGameFile(to, older, { resolveGame })).toEqual({ ok: true, id });
    expect(await count()).toBe(entries);
    expect(await to.sessions.count()).toBe(1);
    const opened = await SharedRuntime.open(to, tallyLogic, (await to.sessions.get(id))!, {
      schedule: immediately,
      now
    });
    expect(ctx(opened).scores).toEqual([2, 9]);
    opened.close();
  });

  it('a damaged game file is refused in plain words and stores nothing', async () => {
    const db = freshDb();
    const shared = { room: 'room-2', key: 'k'.repeat(22), server: '' };
    const broken = {
      tableside: 'shared-game' as const,
      format: 1 as const,
      shared,
      doc: 'not base64 at all!'
    };
    expect(await openGameFile(db, broken)).toEqual({
      ok: false,
      message: 'This game file is damaged: it could not be read.'
    });
    const empty = gameFile(shared, new Y.Doc());
    expect(await openGameFile(db, empty)).toEqual({ ok: false, message: 'This file holds no game.' });
    expect(await db.sessions.count()).toBe(0);
  });

  it('a share link carries the room, key and server in its fragment, and a changed one is refused', () => {
    const shared = { room: 'AbC_-123', key: 'z'.repeat(22), server: 'wss://sync.example.org/tableside' };
    const link = shareLink('https://app.example.org/', shared);
    expect(link.startsWith('https://app.example.org/join#room=AbC_-123&key=')).toBe(true);
    expect(parseShareLink(new URL(link).hash)).toEqual({ ok: true, shared });
    expect(parseShareLink('#room=AbC&key=short').ok).toBe(false);
    expect(parseShareLink('').ok).toBe(false);
    expect(parseShareLink(`#room=a&key=${'z'.repeat(22)}&server=http://x`).ok).toBe(false);
    expect(parseShareLink(`#room=a&key=${'z'.repeat(22)}`)).toEqual({
      ok: true,
      shared: { room: 'a', key: 'z'.repeat(22), server: '' }
    });
  });
});
