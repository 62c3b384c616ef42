/**
 * A game from outside is a stranger's input (#58): every hostile game below goes in through
 * every way a game gets in (a game file, a backup's shared game, a room's first document when a
 * phone joins) and is refused with nothing stored, or accepted harmlessly: the game opens, takes
 * taps that survive a reload, and the phone's backup afterwards still imports on a fresh phone.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dexie } from 'dexie';
import * as Y from 'yjs';
import { exportBackup } from '../../src/lib/backup/write';
import { importBackup } from '../../src/lib/backup/import';
import type { SessionRecord, SharedGame } from '../../src/lib/db/records';
import type { TablesideDB } from '../../src/lib/db/schema';
import { logicFor } from '../../src/lib/games/registry';
import { titansLogic } from '../../src/lib/games/titans/logic';
import { toBase64 } from '../../src/lib/sync/base64';
import type { Connect, Link } from '../../src/lib/sync/connect';
import { MAX_LAMPORT } from '../../src/lib/sync/entry';
import { readEntries } from '../../src/lib/sync/doc';
import { SharedRuntime } from '../../src/lib/sync/runtime';
import { joinGame, openGameFile } from '../../src/lib/sync/share';
import { closeSharedDb, loadDoc, SHARED_DATABASE_NAME, storedDocIds } from '../../src/lib/sync/store';
import { titansSetup } from '../fixtures/titans';
import { freshDb } from './helpers';

beforeEach(() => void vi.spyOn(console, 'debug').mockImplementation(() => {}));
afterEach(async () => {
  vi.restoreAllMocks();
  await wipeShared();
});

async function wipeShared() {
  closeSharedDb();
  await Dexie.delete(SHARED_DATABASE_NAME);
}

const NOW = Date.UTC(2026, 11, 1, 12);
const T0 = Date.UTC(2026, 11, 1, 10);
const KEY = 'k'.repeat(22);

/** What a hostile sender controls: the sharing details, the game's meta, the log's raw entries. */
interface Game {
  shared: unknown;
  meta: Record<string, unknown>;
  entries: [key: string, value: unknown][];
}

const entry = (counter: number, lamport: number, event: unknown, extra: Record<string, unknown> = {}) =>
  [
    `dev:${counter}`,
    { id: { device: 'dev', counter }, lamport, time: T0 + counter, kind: 'event', event, ...extra }
  ] as [string, unknown];

function good(): Game {
  return {
    shared: { room: 'RoomFromAnotherPhone1', key: KEY, server: '' },
    meta: { game: 'titans', setup: titansSetup('duel', 2), created: T0, format: 1 },
    entries: [entry(1, 1, { type: 'BEGIN_AGES' })]
  };
}

const withGame = (change: (g: Game) => void): Game => {
  const g = good();
  change(g);
  return g;
};
const setup = (g: Game) =>
  g.meta.setup as Record<string, unknown> & { players: { id: string; name: string }[] };
const deep = (n: number): unknown => (n === 0 ? 1 : { a: deep(n - 1) });

/**
 * Each hostile game, and whether it must be refused (or is harmless and accepted). A phone that
 * joins has its room, key and server from the link it read (parseShareLink, sync-runtime.test.ts),
 * so the cases about those come in by file and backup only (SHARING).
 */
const CASES: [name: string, game: Game, outcome: 'refused' | 'accepted'][] = [
  ['a good game', good(), 'accepted'],
  [
    'a sync server of javascript:',
    withGame((g) => ((g.shared as SharedGame).server = 'javascript:alert(1)')),
    'refused'
  ],
  [
    'a sync server of 614 characters',
    withGame((g) => ((g.shared as SharedGame).server = `wss://${'a'.repeat(608)}`)),
    'refused'
  ],
  ['a sync server with no host', withGame((g) => ((g.shared as SharedGame).server = 'ws://')), 'refused'],
  ['a room of ../../x', withGame((g) => ((g.shared as SharedGame).room = '../../x')), 'refused'],
  [
    'a room of 10,000 characters',
    withGame((g) => ((g.shared as SharedGame).room = 'r'.repeat(10_000))),
    'refused'
  ],
  [
    'a room that is an object',
    withGame((g) => ((g.shared as Record<string, unknown>).room = { a: 1 })),
    'refused'
  ],
  ['no key', withGame((g) => delete (g.shared as Record<string, unknown>).key), 'refused'],
  ['a key too short to be secret', withGame((g) => ((g.shared as SharedGame).key = 'short')), 'refused'],
  ['no sharing details at all', withGame((g) => (g.shared = undefined)), 'refused'],
  [
    'sharing details with an extra field',
    withGame((g) => ((g.shared as Record<string, unknown>).evil = 1)),
    'refused'
  ],
  ['a setup with no players', withGame((g) => (setup(g).players = [])), 'refused'],
  [
    '13 players in a Duel',
    withGame(
      (g) => (setup(g).players = Array.from({ length: 13 }, (_, i) => ({ id: `p${i + 1}`, name: `P${i}` })))
    ),
    'refused'
  ],
  ['an avatar team of 99', withGame((g) => (setup(g).avatarTeam = 99)), 'refused'],
  [
    'a name of 10,000 characters',
    withGame((g) => (setup(g).players[0].name = 'A'.repeat(10_000))),
    'refused'
  ],
  [
    'a name of 200,000 characters',
    withGame((g) => (setup(g).players[0].name = 'A'.repeat(200_000))),
    'refused'
  ],
  // Games made before the one name rule: read as they are (a name of 41, a blank one, two "Ana"s).
  ['a name of 41 characters', withGame((g) => (setup(g).players[0].name = 'A'.repeat(41))), 'accepted'],
  ['an empty name', withGame((g) => (setup(g).players[1].name = '')), 'accepted'],
  ['two players called Ana', withGame((g) => setup(g).players.forEach((p) => (p.name = 'Ana'))), 'accepted'],
  ['a name of 401 characters', withGame((g) => (setup(g).players[0].name = 'A'.repeat(401))), 'refused'],
  ['two players with one id', withGame((g) => (setup(g).players[1].id = setup(g).players[0].id)), 'refused'],
  [
    'a player with an extra field',
    withGame((g) => Object.assign(setup(g).players[0], { colour: 'red' })),
    'refused'
  ],
  ['a setup field the game does not know', withGame((g) => (setup(g).colour = 'red')), 'refused'],
  ['a setup with no seed', withGame((g) => delete setup(g).seed), 'refused'],
  ['a setup that is not an object', withGame((g) => (g.meta.setup = 'duel')), 'refused'],
  ['a created time of 1e300', withGame((g) => (g.meta.created = 1e300)), 'refused'],
  ['a created time of -1', withGame((g) => (g.meta.created = -1)), 'refused'],
  ['a created time of NaN', withGame((g) => (g.meta.created = NaN)), 'refused'],
  ['no created time', withGame((g) => delete g.meta.created), 'refused'],
  ['a created time in 2100', withGame((g) => (g.meta.created = Date.UTC(2100, 0, 1))), 'refused'],
  [
    'another game’s rules named (theos) over a Titans setup',
    withGame((g) => (g.meta.game = 'theos')),
    'refused'
  ],
  ['a game this version does not know', withGame((g) => (g.meta.game = 'chess')), 'refused'],
  ['a game named by an object', withGame((g) => (g.meta.game = { id: 'titans' })), 'refused'],
  ['no meta at all', withGame((g) => (g.meta = undefined as never)), 'refused'],
  [
    'an entry time of NaN',
    withGame((g) =>
      g.entries.push(['dev:2', { ...(entry(2, 2, { type: 'NEXT' })[1] as object), time: NaN }])
    ),
    'refused'
  ],
  [
    'an entry time of 1e300',
    withGame((g) =>
      g.entries.push(['dev:2', { ...(entry(2, 2, { type: 'NEXT' })[1] as object), time: 1e300 }])
    ),
    'refused'
  ],
  [
    'an entry at lamport 2^53 - 1',
    withGame((g) => g.entries.push(entry(2, 2 ** 53 - 1, { type: 'NEXT' }))),
    'refused'
  ],
  [
    'an entry at lamport 2^40',
    withGame((g) => g.entries.push(entry(2, MAX_LAMPORT, { type: 'NEXT' }))),
    'refused'
  ],
  [
    'an entry far beyond the log (lamport 5,000)',
    withGame((g) => g.entries.push(entry(2, 5000, { type: 'NEXT' }))),
    'refused'
  ],
  [
    'an entry with counter 2^53 - 1',
    withGame((g) => g.entries.push(entry(2 ** 53 - 1, 2, { type: 'NEXT' }))),
    'refused'
  ],
  ['an entry at lamport 0', withGame((g) => g.entries.push(entry(2, 0, { type: 'NEXT' }))), 'refused'],
  [
    'an entry under another entry’s key',
    withGame((g) => g.entries.push(['dev:9', entry(2, 2, { type: 'NEXT' })[1]])),
    'refused'
  ],
  ['an entry that is not an object', withGame((g) => g.entries.push(['dev:2', 'hello'])), 'refused'],
  [
    'an event with a __proto__ key',
    withGame((g) => g.entries.push(entry(2, 2, JSON.parse('{"type":"NEXT","__proto__":{"x":1}}')))),
    'refused'
  ],
  [
    'an event nested 60 deep',
    withGame((g) => g.entries.push(entry(2, 2, { type: 'NEXT', deep: deep(60) }))),
    'refused'
  ],
  [
    'an event with 20,000 characters of text',
    withGame((g) => g.entries.push(entry(2, 2, { type: 'N'.repeat(20_000) }))),
    'refused'
  ],
  // Harmless, and so accepted: what a newer phone or an odd sender writes that the fold leaves out.
  [
    'a step this version does not have',
    withGame((g) => g.entries.push(entry(2, 2, { type: 'TELEPORT' }))),
    'accepted'
  ],
  [
    'a step with a field this version does not know',
    withGame((g) => g.entries.push(entry(2, 2, { type: 'NEXT', colour: 1 }))),
    'accepted'
  ],
  [
    'a step the machine refuses (a power of 1e9)',
    withGame((g) => g.entries.push(entry(2, 2, { type: 'POWER', arena: 0, side: 0, power: 1e9 }))),
    'accepted'
  ],
  [
    'an undo of a step that never came',
    withGame((g) =>
      g.entries.push([
        'dev:2',
        {
          id: { device: 'dev', counter: 2 },
          lamport: 2,
          time: T0,
          kind: 'undo',
          target: { device: 'x', counter: 5 }
        }
      ])
    ),
    'accepted'
  ],
  [
    'a seat name of 1,000 characters',
    withGame((g) => g.entries.push(entry(2, 2, { type: 'NEXT' }, { seat: 'S'.repeat(1000) }))),
    'accepted'
  ],
  [
    'an entry from a clock set to 2019',
    withGame((g) =>
      g.entries.push([
        'dev:2',
        { ...(entry(2, 2, { type: 'NEXT' })[1] as object), time: Date.UTC(2019, 0, 1) }
      ])
    ),
    'accepted'
  ],
  [
    'an entry numbered just within the slack',
    withGame((g) => g.entries.push(entry(2, 1000, { type: 'NEXT' }))),
    'accepted'
  ]
];

const SHARING = new Set([
  'a sync server of javascript:',
  'a sync server of 614 characters',
  'a sync server with no host',
  'a room of ../../x',
  'a room of 10,000 characters',
  'a room that is an object',
  'no key',
  'a key too short to be secret',
  'no sharing details at all',
  'sharing details with an extra field'
]);

function docOf(game: Game): Uint8Array {
  const doc = new Y.Doc();
  doc.transact(() => {
    if (game.meta !== undefined) doc.getMap('meta').set('game', game.meta);
    for (const [key, value] of game.entries) doc.getMap('entries').set(key, value);
  });
  return Y.encodeStateAsUpdate(doc);
}

const fileOf = (game: Game) => ({
  tableside: 'shared-game',
  format: 1,
  shared: game.shared,
  doc: toBase64(docOf(game))
});

/** The game as a backup holds it: its record and its shared copy. */
function backupOf(game: Game): string {
  const meta = game.meta ?? {};
  return JSON.stringify({
    format: 'tableside-backup',
    formatVersion: 1,
    appVersion: '0.2.8',
    schemaVersion: 1,
    exportedAt: NOW,
    sessions: [
      {
        id: 'game1',
        game: meta.game,
        setup: meta.setup,
        created: meta.created ?? null,
        updated: NOW,
        status: 'active',
        summary: '',
        head: 0,
        ...(game.shared === undefined ? {} : { shared: game.shared })
      }
    ],
    events: [],
    settings: [],
    profiles: [],
    sharedDocs: [{ sessionId: 'game1', doc: toBase64(docOf(game)) }]
  });
}

/** A server that hands the joining phone the hostile document at once. */
const serving =
  (game: Game): Connect =>
  (doc) => {
    Y.applyUpdate(doc, docOf(game), 'server');
    const link: Link = {
      state: 'connected',
      refusal: undefined,
      onChange: () => () => {},
      destroy: () => {}
    };
    return link;
  };

type Way = (db: TablesideDB, game: Game) => Promise<{ ok: boolean; message?: string; errors?: string[] }>;

const WAYS: [string, Way][] = [
  ['a game file', (db, game) => openGameFile(db, fileOf(game), { resolveGame: logicFor, now: NOW })],
  ['a backup', (db, game) => importBackup(db, backupOf(game), logicFor, { now: NOW })],
  [
    'a joined room',
    (db, game) =>
      joinGame(
        db,
        { room: 'RoomFromAnotherPhone1', key: KEY, server: 'ws://127.0.0.1:1' },
        {
          connect: serving(game),
          now: () => NOW,
          patienceMs: 50,
          resolveGame: logicFor
        }
      )
  ]
];

/** Opens the stored game as the play screen would, taps three times, reopens: every tap is there. */
async function playAndReload(db: TablesideDB, record: SessionRecord): Promise<void> {
  const options = { schedule: (run: () => void) => run(), now: () => NOW, connect: offline };
  const rt = await SharedRuntime.open(db, titansLogic, record, options);
  const before = readEntries(rt.doc).length;
  for (let tap = 1; tap <= 3; tap++) {
    const sent = rt.send({ type: 'SUPPLY', arena: 0, pile: 'ghosts', delta: -1 });
    expect(sent, `tap ${tap}`).toEqual({ ok: true });
  }
  await rt.saved();
  rt.close();
  const again = await SharedRuntime.open(db, titansLogic, record, options);
  expect(readEntries(again.doc).length).toBe(before + 3);
  again.close();
}

const ghostsOf = (rt: SharedRuntime<any>) =>
  (rt.snapshot.context as { arenas: { ghosts: number }[] }).arenas[0].ghosts;

const offline: Connect = () => ({
  state: 'offline',
  refusal: undefined,
  onChange: () => () => {},
  destroy: () => {}
});

describe('hostile games, through every way in', () => {
  for (const [way, bring] of WAYS) {
    for (const [name, game, outcome] of CASES) {
      if (way === 'a joined room' && SHARING.has(name)) continue;
      it(`${way}: ${name} is ${outcome}`, async () => {
        const db = freshDb();
        const result = await bring(db, game);
        const words = [result.message, ...(result.errors ?? [])].filter(Boolean).join(' ');
        if (outcome === 'refused') {
          expect(result.ok, words).toBe(false);
          expect(words.length).toBeGreaterThan(10);
          // Plain words: no place in the file, no validator's phrasing.
          expect(words).not.toMatch(/sessions\[|sharedDocs\[|Invalid (key|type)|received undefined/);
          expect(await db.sessions.count()).toBe(0);
          expect(await storedDocIds()).toEqual([]);
          return;
        }
        expect(result.ok, words).toBe(true);
        const [record] = await db.sessions.toArray();
        expect(record.shared?.room).toBeTruthy();
        await playAndReload(db, record);
        // The phone's next backup imports on a fresh phone.
        const backup = JSON.stringify(await exportBackup(db, '0.2.8', NOW));
        await wipeShared();
        const fresh = await importBackup(freshDb(), backup, logicFor, { now: NOW });
        expect(fresh.ok, JSON.stringify(fresh)).toBe(true);
      });
    }
  }
});

describe('entries from another phone cannot silence later taps', () => {
  it('after an entry at lamport 2^53 - 1 arrives, three taps are made, and a reload finds them all', async () => {
    const db = freshDb();
    const opened = await openGameFile(db, fileOf(good()), { resolveGame: logicFor, now: NOW });
    expect(opened.ok).toBe(true);
    const [record] = await db.sessions.toArray();
    const stored = (await loadDoc(record.id))!;
    const rt = await SharedRuntime.open(db, titansLogic, record, {
      schedule: (run) => run(),
      now: () => NOW,
      connect: offline,
      store: stored
    });
    // Another phone (it has the key) writes entries no phone would: at 2^53 - 1, at the bound, and
    // under this phone's own device id, ahead of it.
    const own = readEntries(rt.doc).length;
    const theirs = new Y.Doc();
    const map = theirs.getMap<unknown>('entries');
    const hostile = (key: string, id: { device: string; counter: number }, lamport: number) =>
      map.set(key, { id, lamport, time: NOW, kind: 'event', event: { type: 'NEXT' } });
    hostile('evil:1', { device: 'evil', counter: 1 }, 2 ** 53 - 1);
    hostile('evil:2', { device: 'evil', counter: 2 }, MAX_LAMPORT);
    const startGhosts = ghostsOf(rt);
    Y.applyUpdate(rt.doc, Y.encodeStateAsUpdate(theirs), 'network');
    for (let i = 0; i < 3; i++)
      expect(rt.send({ type: 'SUPPLY', arena: 0, pile: 'ghosts', delta: -1 }).ok).toBe(true);
    const mine = readEntries(rt.doc).filter((e) => e.id.device !== 'evil' && e.id.device !== 'dev');
    expect(mine).toHaveLength(3);
    for (const e of mine) expect(e.lamport).toBeLessThanOrEqual(MAX_LAMPORT);
    await rt.saved();
    rt.close();

    const again = await SharedRuntime.open(db, titansLogic, record, {
      schedule: (run) => run(),
      now: () => NOW,
      connect: offline
    });
    expect(ghostsOf(again)).toBe(startGhosts - 3);
    // The one at 2^53 - 1 is no entry at all; the three taps are.
    expect(readEntries(again.doc).length).toBe(own + 1 + 3);
    again.close();
  });

  it('a tap is kept when another phone took its number under this phone’s device id', async () => {
    const db = freshDb();
    await openGameFile(db, fileOf(good()), { resolveGame: logicFor, now: NOW });
    const [record] = await db.sessions.toArray();
    const rt = await SharedRuntime.open(db, titansLogic, record, {
      schedule: (run) => run(),
      now: () => NOW,
      connect: offline,
      device: 'mine'
    });
    rt.doc.getMap<unknown>('entries').set('mine:1', {
      id: { device: 'mine', counter: 1 },
      lamport: 2,
      time: NOW,
      kind: 'event',
      event: { type: 'NEXT' }
    });
    expect(rt.send({ type: 'SUPPLY', arena: 0, pile: 'ghosts', delta: -1 })).toEqual({ ok: true });
    expect(readEntries(rt.doc).some((e) => e.id.device === 'mine' && e.id.counter === 2)).toBe(true);
    rt.close();
  });
});

describe('a backup past what a phone holds', () => {
  it('200,000 remembered players are refused at once, in words, writing nothing', async () => {
    const db = freshDb();
    const profiles = Array.from({ length: 200_000 }, (_, i) => ({
      id: `p${i}`,
      name: `P${i}`,
      created: NOW
    }));
    const file = JSON.stringify({
      format: 'tableside-backup',
      formatVersion: 1,
      appVersion: '0.2.8',
      schemaVersion: 1,
      exportedAt: NOW,
      sessions: [],
      events: [],
      settings: [],
      profiles
    });
    const result = await importBackup(db, file, logicFor, { now: NOW });
    expect(result.ok).toBe(false);
    expect((result as { errors: string[] }).errors.join(' ')).toContain(
      'too many remembered players (at most 1,000)'
    );
    expect(await db.profiles.count()).toBe(0);
  });
});
