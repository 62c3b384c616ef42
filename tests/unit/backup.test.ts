import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, type Backup } from '../../src/lib/backup/format';
import { checkBackup } from '../../src/lib/backup/check';
import { exportBackup } from '../../src/lib/backup/write';
import { importBackup } from '../../src/lib/backup/import';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { tallyLogic, tallySetup } from '../fixtures/tally';
import { EXPORTED, LEAK, PATH, T0, resolveTally as resolveGame } from './backup-helpers';
import { dumpDb, fakeClock, freshDb } from './helpers';

/** A database with two games (one with multibyte names), settings and a profile. */
async function populated() {
  const db = freshDb();
  const now = fakeClock();
  const a = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup(['Zoë', '李雷 🐉']), { now });
  await a.send({ type: 'ADD', player: 0, amount: 3 });
  await a.send({ type: 'ADD', player: 1, amount: 2 });
  await a.undo();
  await a.send({ type: 'NEXT_ROUND' });
  await a.send({ type: 'ROLL', player: 0, value: 6 });
  const b = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup(['Ana', 'Ben', 'Cy']), { now });
  await b.send({ type: 'ADD', player: 2, amount: 9 });
  await db.settings.bulkPut([
    { key: 'theme', value: 'dark' },
    { key: 'haptics', value: false }
  ]);
  await db.profiles.put({ id: 'p1', name: 'Ана 👩🏽‍🚀', created: T0 });
  // The home list's record is written once a turn; bring it up to date so a round trip is exact.
  await a.flushRecord();
  await b.flushRecord();
  return { db, a, b };
}

async function validBackup(): Promise<Backup> {
  const { db } = await populated();
  return exportBackup(db, '0.1.0', EXPORTED);
}

/** Applies a change to a deep copy of a valid backup and returns its JSON text. */
async function broken(change: (b: any) => void): Promise<string> {
  const b = structuredClone(await validBackup());
  change(b);
  return JSON.stringify(b);
}

/** The backup as the file's bytes, with `marker` (in some string) replaced by bytes that are not UTF-8. */
async function badBytes(change: (b: any) => void, marker = '@@BAD@@'): Promise<Uint8Array> {
  const parts = (await broken(change)).split(marker).map((p) => new TextEncoder().encode(p));
  const bad = Uint8Array.of(0xc3, 0x28, 0xff);
  const out: number[] = [];
  parts.forEach((p, i) => {
    if (i) out.push(...bad);
    out.push(...p);
  });
  return Uint8Array.from(out);
}

describe('backup export and import', () => {
  it('a valid export imports back equal, names with multibyte characters intact', async () => {
    const { db } = await populated();
    const exported = await exportBackup(db, '0.1.0', EXPORTED);
    const text = JSON.stringify(exported);

    const target = freshDb();
    const result = await importBackup(target, text, resolveGame);
    expect(result).toMatchObject({ ok: true, written: true, summary: { added: 2, events: 6 } });
    const again = await exportBackup(target, '0.1.0', EXPORTED);
    expect(again).toEqual(exported);
    const names = again.sessions.flatMap((s) => s.setup.players.map((p) => p.name));
    expect(names).toContain('李雷 🐉');
    expect(names).toContain('Zoë');
    expect(again.profiles[0].name).toBe('Ана 👩🏽‍🚀');

    // The imported games open and play on.
    const opened = await SessionRuntime.open(target, tallyLogic, exported.sessions[0].id);
    expect(opened.snapshot.context).toMatchObject({ scores: [6, 0] });
    expect(opened.canRedo).toBe(false);
    expect((await opened.send({ type: 'BONUS_DONE' })).ok).toBe(false);
  });

  it('importing the same games again writes nothing: they are already here', async () => {
    const { db } = await populated();
    const text = JSON.stringify(await exportBackup(db, '0.1.0', EXPORTED));
    const other = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup(['Solo']), {
      now: () => T0
    });
    const before = await dumpDb(db);
    const result = await importBackup(db, text, resolveGame);
    expect(result).toMatchObject({
      ok: true,
      written: true,
      summary: { alreadyHere: 2, added: 0, events: 0 }
    });
    // Settings and the profile are written again as they were: nothing in the database changed.
    expect(await dumpDb(db)).toBe(before);
    expect(await db.sessions.get(other.session.id)).toBeDefined();
  });

  it('deleted games (waiting to be purged) are not exported', async () => {
    const { db, b } = await populated();
    await db.sessions.update(b.session.id, { deletedAt: T0 });
    const exported = await exportBackup(db, '0.1.0');
    expect(exported.sessions).toHaveLength(1);
    expect(exported.events.every((e) => e.sessionId !== b.session.id)).toBe(true);
  });

  const HUGE = 'x'.repeat(10 * 1024 * 1024);

  const cases: Array<[string, () => Promise<string | Uint8Array> | string, RegExp]> = [
    ['an empty file', () => '', /cut off/],
    ['a truncated file', async () => (await broken(() => {})).slice(0, 400), /cut off/],
    ['text that is not JSON', () => 'hello, this is not a backup', /not valid JSON/],
    ['a JSON list', () => '[1,2,3]', /expected an object at the top/],
    ['a JSON number', () => '42', /expected an object at the top/],
    ['another app’s JSON', () => '{"name":"x"}', /not a Tableside backup/],
    ['a newer backup format', () => broken((b) => (b.formatVersion = 99)), /newer version of Tableside/],
    [
      'an older, unknown backup format',
      () => broken((b) => (b.formatVersion = 0)),
      /^formatVersion: backup format 0 is not supported/
    ],
    [
      'formatVersion as text',
      () => broken((b) => (b.formatVersion = '1')),
      /^formatVersion: expected a number$/
    ],
    [
      'a newer schema version',
      () => broken((b) => (b.schemaVersion = 7)),
      /^schemaVersion: this backup comes from a newer version/
    ],
    ['sessions not a list', () => broken((b) => (b.sessions = {})), /^sessions: expected a list$/],
    ['events missing', () => broken((b) => delete b.events), /^events: missing$/],
    ['a session without an id', () => broken((b) => delete b.sessions[1].id), /^sessions\[1\]\.id: missing$/],
    [
      'an event seq as text',
      () => broken((b) => (b.events[3].seq = 'four')),
      /^events\[3\]\.seq: expected a number$/
    ],
    [
      'an event seq as a fraction',
      () => broken((b) => (b.events[0].seq = 1.5)),
      /^events\[0\]\.seq: expected a whole number$/
    ],
    [
      'an unknown event kind',
      () => broken((b) => (b.events[2].kind = 'rewind')),
      /^events\[2\]\.kind: expected event, undo, redo or back$/
    ],
    [
      'a status that does not exist',
      () => broken((b) => (b.sessions[0].status = 'paused')),
      /^sessions\[0\]\.status: expected active, finished or archived$/
    ],
    [
      'a time as text',
      () => broken((b) => (b.sessions[0].created = 'yesterday')),
      /^sessions\[0\]\.created: expected a date \(a number of milliseconds\)$/
    ],
    [
      'a negative time',
      () => broken((b) => (b.events[1].time = -5)),
      /^events\[1\]\.time: not a real date \(-5; expected a time from 2020-01-01 to \d{4}-\d\d-\d\d\)$/
    ],
    [
      'a creation date of 1e300 (“Invalid Date”)',
      () => broken((b) => (b.sessions[0].created = 1e300)),
      /^sessions\[0\]\.created: not a real date \(1e\+300; expected a time from 2020-01-01 to /
    ],
    [
      'a last-played date far in the future',
      () => broken((b) => (b.sessions[1].updated = Date.now() + 3 * 86_400_000)),
      /^sessions\[1\]\.updated: not a real date \(\d+; expected a time from 2020-01-01 to /
    ],
    [
      'an export time of 5 (1970)',
      () => broken((b) => (b.exportedAt = 5)),
      /^exportedAt: not a real date \(5; /
    ],
    [
      'an event time that is a fraction',
      () => broken((b) => (b.events[2].time += 0.5)),
      /^events\[2\]\.time: not a real date/
    ],
    [
      'a profile created before 2020',
      () => broken((b) => (b.profiles[0].created = Date.UTC(2019, 11, 31))),
      /^profiles\[0\]\.created: not a real date \(1577750400000; expected a time from 2020-01-01 to /
    ],
    [
      'a profile renamed at 1e300',
      () => broken((b) => (b.profiles[0].updated = 1e300)),
      /^profiles\[0\]\.updated: not a real date \(1e\+300;/
    ],
    [
      'a deleted game (deletedAt: 0)',
      () => broken((b) => (b.sessions[0].deletedAt = 0)),
      /^sessions\[0\]\.deletedAt: this game is marked as deleted, and a backup never holds deleted games/
    ],
    [
      'a setup without players',
      () => broken((b) => delete b.sessions[0].setup.players),
      /^sessions\[0\]\.setup\.players: missing$/
    ],
    [
      'a setup that is a list',
      () => broken((b) => (b.sessions[0].setup = [])),
      /^sessions\[0\]\.setup: expected an object$/
    ],
    [
      'a setup that is null',
      () => broken((b) => (b.sessions[0].setup = null)),
      /^sessions\[0\]\.setup: expected an object$/
    ],
    [
      'an event that is a list (named at the event, not inside it)',
      () => broken((b) => (b.events[0].event = [1])),
      /^events\[0\]\.event: expected an object$/
    ],
    [
      'an event without a type',
      () => broken((b) => delete b.events[0].event.type),
      /^events\[0\]\.event\.type: missing$/
    ],
    [
      'an unknown setup field',
      () => broken((b) => (b.sessions[0].setup.colour = 'red')),
      /^sessions\[0\]\.setup\.colour: unexpected field$/
    ],
    [
      'an unknown event field',
      () => broken((b) => (b.events[0].event.extra = 1)),
      /^events\[0\]\.event\.extra: unexpected field$/
    ],
    [
      'an event type the game does not have',
      () => broken((b) => (b.events[0].event = { type: 'JUMP' })),
      /^events\[0\]\.event\.type: “JUMP” is not a step this game has$/
    ],
    [
      'a profile id used as a seat link that is not an id',
      () => broken((b) => (b.sessions[0].profiles = { p0: 'not an id!' })),
      /^sessions\[0\]\.profiles\.p0: expected an id of letters, digits/
    ],
    [
      'invalid UTF-8 in a remembered player’s name',
      () => badBytes((b) => (b.profiles[0].name = 'Ana @@BAD@@')),
      /^profiles\[0\]\.name: contains bytes that are not valid text \(invalid UTF-8\)$/
    ],
    [
      'invalid UTF-8 in a seat’s name',
      () => badBytes((b) => (b.sessions[1].setup.players[2].name = '@@BAD@@')),
      /^sessions\[1\]\.setup\.players\[2\]\.name: contains bytes that are not valid text \(invalid UTF-8\)$/
    ],
    [
      'invalid UTF-8 between records',
      async () => {
        const text = await broken(() => {});
        const bytes = new TextEncoder().encode(text);
        return Uint8Array.from([...bytes.slice(0, -1), 0xff, ...bytes.slice(-1)]);
      },
      /^The file contains bytes that are not valid text \(invalid UTF-8\)/
    ],
    [
      'an unexpected field',
      () => broken((b) => (b.sessions[0].admin = true)),
      /^sessions\[0\]\.admin: unexpected field$/
    ],
    [
      'a player whose name is not text',
      () => broken((b) => ((b.sessions[0].setup.players[1] as { name: unknown }).name = 7)),
      /^sessions\[0\]\.setup\.players\[1\]\.name: a player’s name is not text$/
    ],
    [
      'a setup with no players',
      () => broken((b) => (b.sessions[0].setup.players = [])),
      /^sessions\[0\]\.setup\.players: expected at least one player$/
    ],
    [
      'an unknown game',
      () => broken((b) => (b.sessions[0].game = 'chess')),
      /^sessions\[0\]\.game: “chess” is not a game this version of Tableside knows$/
    ],
    [
      'a setup the game rejects',
      () => broken((b) => (b.sessions[1].setup.target = 0)),
      /^sessions\[1\]\.setup: the target must be a whole number above 0$/
    ],
    [
      'events out of order',
      () => broken((b) => ([b.events[1], b.events[2]] = [b.events[2], b.events[1]])),
      /^events\[1\]\.seq: out of order \(step 3 of game “\w+” where step 2 was expected\)$/
    ],
    [
      'a duplicate event',
      () => broken((b) => b.events.splice(2, 0, structuredClone(b.events[1]))),
      /^events\[2\]\.seq: step 2 of game “\w+” appears twice$/
    ],
    [
      'a duplicate session id',
      () => broken((b) => (b.sessions[1].id = b.sessions[0].id)),
      /^sessions\[1\]\.id: “\w+” appears twice/
    ],
    [
      'a duplicate profile id',
      () => broken((b) => b.profiles.push(structuredClone(b.profiles[0]))),
      /^profiles\[1\]\.id: “p1” appears twice \(also profiles\[0\]\)$/
    ],
    [
      'an event for a missing game',
      () => broken((b) => (b.events[0].sessionId = 'ghost')),
      /^events\[0\]\.sessionId: no game “ghost” in this backup$/
    ],
    [
      'an undo with nothing to undo',
      () =>
        broken((b) => {
          b.events[0].kind = 'undo';
          delete b.events[0].event;
        }),
      /^events\[0\]: entry 1 undoes an event, but there is nothing to undo$/
    ],
    [
      'an event step without its event',
      () => broken((b) => delete b.events[0].event),
      /^events\[0\]\.event: missing$/
    ],
    [
      'a step the game does not accept',
      () => broken((b) => (b.events[0].event.amount = -50)),
      /^events\[0\]\.event: the game does not accept this step \(.+\)$/
    ],
    [
      'a __proto__ key',
      () =>
        broken((b) => {
          b.sessions[0].setup = JSON.parse('{"__proto__": {"polluted": true}, "players": [], "seed": "x"}');
        }),
      /^sessions\[0\]\.setup\.__proto__: this key is not allowed in a backup$/
    ],
    [
      'a constructor key',
      () => broken((b) => (b.events[0].event.constructor = { prototype: {} })),
      /^events\[0\]\.event\.constructor: this key is not allowed/
    ],
    [
      'a 10 MB string',
      () => broken((b) => (b.sessions[0].summary = HUGE)),
      /^sessions\[0\]\.summary: text is too long \(10,485,760 characters; at most 10,000\)$/
    ],
    [
      'a 10 MB player name',
      () => broken((b) => (b.sessions[0].setup.players[0].name = HUGE)),
      /^sessions\[0\]\.setup\.players\[0\]\.name: text is too long/
    ],
    [
      'a file over 32 MB',
      () => `{"format":"tableside-backup","pad":"${'y'.repeat(33 * 1024 * 1024)}"}`,
      /too large for a backup \(33\.0 MB; at most 32 MB\)/
    ],
    [
      'absurdly deep nesting',
      () =>
        broken((b) => {
          let n: any = {};
          b.events[0].event.deep = n;
          for (let i = 0; i < 60; i++) n = n.x = {};
        }),
      /nested too deeply/
    ],
    [
      'an unknown setting',
      () => broken((b) => b.settings.push({ key: 'volume', value: 11 })),
      /^settings\[2\]\.key: expected theme, keepAwake, haptics, textSize, guideMe or syncServer$/
    ],
    [
      'a setting with a wrong value',
      () => broken((b) => (b.settings.find((s: any) => s.key === 'theme').value = 'neon')),
      /^settings\[\d\]\.value: expected one of: system, light, dark$/
    ],
    [
      'a setting listed twice',
      () => broken((b) => b.settings.push({ ...b.settings[0] })),
      /^settings\[2\]\.key: “\w+” appears twice$/
    ],
    [
      'a redo with nothing to redo',
      () =>
        broken((b) => {
          const last = b.events.filter((e: any) => e.sessionId === b.sessions[0].id).length;
          b.events.splice(last, 0, {
            sessionId: b.sessions[0].id,
            seq: last + 1,
            kind: 'redo',
            time: EXPORTED,
            label: 'Redo'
          });
          b.sessions[0].head = last + 1;
        }),
      /redoes an event, but there is nothing to redo$/
    ]
  ];

  it('has at least 30 malformed cases', () => expect(cases.length).toBeGreaterThanOrEqual(30));

  it.each(cases)('rejects %s with a specific message and writes nothing', async (_name, make, message) => {
    const { db } = await populated();
    const before = await dumpDb(db);
    const text = await make();
    const result = await importBackup(db, text, resolveGame);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      const details = result.details ?? result.errors;
      expect(
        details.some((e) => message.test(e)),
        details.join('\n')
      ).toBe(true);
      // What the person reads says which game or record and why, never a place in the file.
      for (const e of result.errors) expect(e).not.toMatch(LEAK);
      for (const e of result.errors) expect(e).not.toMatch(PATH);
    }
    expect(await dumpDb(db)).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('the valid backup used by the cases above passes the check', async () => {
    const result = await checkBackup(JSON.stringify(await validBackup()), resolveGame);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.backup.format).toBe(BACKUP_FORMAT);
  });
});
