/**
 * The import never loses newer play, never trusts derived data, knows every game's fields, and
 * checks a 100,000-event file without holding the page (it yields while it works).
 */
import { describe, expect, it } from 'vitest';
import { applyImport } from '../../src/lib/backup/apply';
import { checkBackup } from '../../src/lib/backup/check';
import type { Backup } from '../../src/lib/backup/format';
import { importBackup } from '../../src/lib/backup/import';
import { planImport } from '../../src/lib/backup/plan';
import { exportBackup } from '../../src/lib/backup/write';
import { copyGame, mergeProfiles, planGame, sameEntry } from '../../src/lib/backup/decide';
import { emptySummary, summaryText } from '../../src/lib/backup/summary';
import { Problems, Where } from '../../src/lib/backup/read';
import { unknownFields } from '../../src/lib/backup/shape';
import type { EventRecord, SessionRecord } from '../../src/lib/db/records';
import { GAMES, logicFor } from '../../src/lib/games/registry';
import { FORMATS as TITANS_FORMATS, type TitansFormat } from '../../src/lib/games/titans/format';
import { readLog } from '../../src/lib/session/load';
import { SessionRuntime } from '../../src/lib/session/runtime';
import type { BaseSetup } from '../../src/lib/db/records';
import { tallySetup } from '../fixtures/tally';
import { finishedGames } from '../fixtures/finished';
import { LONG_GAME_ID, longBackup } from '../fixtures/long-backup';
import { titansSetup } from '../fixtures/titans';
import { theosSetup, GAME_TYPES as THEOS_TABLES } from '../fixtures/theos';
import { twilightSetup } from '../fixtures/twilight';
import { wizSetup } from '../fixtures/wiz';
import { epicSetup } from '../fixtures/epic';
import { EXPORTED, LEAK, T0, resolveTally, tally } from './backup-helpers';
import { dumpDb, fakeClock, freshDb } from './helpers';

/** A tally game with `steps` points added, one a second from T0. */
async function playGame(db = freshDb(), steps = 26, now = fakeClock(T0)) {
  const game = await SessionRuntime.create(db, tally, 'tally', tallySetup(['Ana', 'Ben']), { now });
  for (let i = 0; i < steps; i++) game.send({ type: 'ADD', player: i % 2, amount: 1 });
  await game.saved();
  await game.flushRecord();
  return { db, game, now };
}

const backupText = async (db: Parameters<typeof exportBackup>[0]) =>
  JSON.stringify(await exportBackup(db, '0.1.0', EXPORTED));

async function playOn(db: Parameters<typeof exportBackup>[0], id: string, steps: number, now: () => number) {
  const game = await SessionRuntime.open(db, tally, id, { now });
  for (let i = 0; i < steps; i++) game.send({ type: 'ADD', player: 1, amount: 2 });
  await game.saved();
  await game.flushRecord();
  return game;
}

describe('an older backup never replaces newer play', () => {
  it('a game played on since the backup (29 steps here, 26 in the file) is a conflict, and nothing is written', async () => {
    const { db, game, now } = await playGame();
    const older = await backupText(db);
    await playOn(db, game.session.id, 3, now);
    const before = await dumpDb(db);

    const result = await importBackup(db, older, resolveTally);
    expect(result.ok && !result.written).toBe(true);
    if (!result.ok || result.written) return;
    expect(result.conflicts).toHaveLength(1);
    const [conflict] = result.conflicts;
    expect(conflict).toMatchObject({
      id: game.session.id,
      game: 'tally',
      why: 'older',
      here: { steps: 29, period: { unit: 'round', number: 1 }, lastLabel: 'Ben +2' },
      file: { steps: 26, period: { unit: 'round', number: 1 }, lastLabel: 'Ben +1' }
    });
    expect(conflict.here.lastPlayed).toBeGreaterThan(conflict.file.lastPlayed);
    expect(await dumpDb(db)).toBe(before);
    // Without a choice, applying refuses and still writes nothing.
    expect(await applyImport(db, result.plan)).toMatchObject({ ok: false });
    expect(await dumpDb(db)).toBe(before);
  });

  it('“Keep this phone’s” leaves the newer game exactly as it is', async () => {
    const { db, game, now } = await playGame();
    const older = await backupText(db);
    await playOn(db, game.session.id, 3, now);
    const log = await readLog(db, game.session.id);
    const result = await importBackup(db, older, resolveTally, { choices: { [game.session.id]: 'phone' } });
    expect(result).toMatchObject({ ok: true, written: true, summary: { keptPhone: 1, events: 0 } });
    expect(await readLog(db, game.session.id)).toEqual(log);
  });

  it('“Use the backup’s” replaces this phone’s game with the file’s', async () => {
    const { db, game, now } = await playGame();
    const older = await backupText(db);
    const fileLog = await readLog(db, game.session.id);
    await playOn(db, game.session.id, 3, now);
    const result = await importBackup(db, older, resolveTally, { choices: { [game.session.id]: 'backup' } });
    expect(result).toMatchObject({ ok: true, written: true, summary: { replaced: 1, events: 26 } });
    expect(await readLog(db, game.session.id)).toEqual(fileLog);
    const reopened = await SessionRuntime.open(db, tally, game.session.id);
    expect(reopened.snapshot.context).toMatchObject({ scores: [13, 13] });
  });

  it('“Keep both” keeps both logs intact: the backup’s becomes a game of its own, listed beside', async () => {
    const { db, game, now } = await playGame();
    const older = await backupText(db);
    const fileLog = await readLog(db, game.session.id);
    await playOn(db, game.session.id, 3, now);
    const phoneLog = await readLog(db, game.session.id);
    const phoneRecord = await db.sessions.get(game.session.id);

    const result = await importBackup(db, older, resolveTally, { choices: { [game.session.id]: 'both' } });
    expect(result).toMatchObject({ ok: true, written: true, summary: { keptBoth: 1, events: 26 } });
    expect(await readLog(db, game.session.id)).toEqual(phoneLog);
    expect(await db.sessions.get(game.session.id)).toEqual(phoneRecord);
    const sessions = await db.sessions.toArray();
    expect(sessions).toHaveLength(2);
    const copy = sessions.find((s) => s.id !== game.session.id)!;
    // The copy keeps the file's setup, times and summary; only its id is new.
    expect(copy).toMatchObject({
      game: 'tally',
      created: phoneRecord!.created,
      summary: 'Round 1 · Ana 13, Ben 13'
    });
    expect(copy.summary).not.toBe(phoneRecord!.summary);
    const copyLog = await readLog(db, copy.id);
    expect(copyLog).toEqual(fileLog.map((e) => ({ ...e, sessionId: copy.id })));
    const opened = await SessionRuntime.open(db, tally, copy.id);
    expect(opened.snapshot.context).toMatchObject({ scores: [13, 13] });
  });

  it('a backup that continues this phone’s game brings it forward (and again is “already here”)', async () => {
    const { db: phone, game, now } = await playGame();
    const other = freshDb();
    // The other phone got the game from a backup, then this phone played on.
    await importBackup(other, await backupText(phone), resolveTally);
    await playOn(phone, game.session.id, 3, now);
    const newer = await backupText(phone);

    const result = await importBackup(other, newer, resolveTally);
    expect(result).toMatchObject({
      ok: true,
      written: true,
      summary: { ...emptySummary(), updated: 1, events: 3 }
    });
    expect(await readLog(other, game.session.id)).toEqual(await readLog(phone, game.session.id));
    expect(await other.sessions.get(game.session.id)).toEqual(await phone.sessions.get(game.session.id));

    const again = await importBackup(other, newer, resolveTally);
    expect(again).toMatchObject({ ok: true, written: true, summary: { ...emptySummary(), alreadyHere: 1 } });
  });

  it('two copies that went different ways are a conflict (“diverged”)', async () => {
    const { db: phone, game, now } = await playGame(freshDb(), 5);
    const other = freshDb();
    await importBackup(other, await backupText(phone), resolveTally);
    await playOn(phone, game.session.id, 1, now);
    const elsewhere = await SessionRuntime.open(other, tally, game.session.id, { now });
    elsewhere.send({ type: 'NEXT_ROUND' });
    await elsewhere.saved();
    await elsewhere.flushRecord();

    const result = await importBackup(phone, await backupText(other), resolveTally);
    expect(result).toMatchObject({ ok: true, written: false });
    if (result.ok && !result.written) {
      expect(result.conflicts[0]).toMatchObject({
        why: 'diverged',
        here: { steps: 6, period: { number: 1 } },
        file: { steps: 6, period: { number: 2 } }
      });
    }
  });

  it('a game changed after the plan (another tab played on) stops the import: nothing written', async () => {
    const { db, game, now } = await playGame();
    const older = await backupText(db);
    await playOn(db, game.session.id, 3, now);
    const planned = await planImport(db, older, resolveTally);
    expect(planned.ok).toBe(true);
    if (!planned.ok) return;
    await playOn(db, game.session.id, 1, now);
    const before = await dumpDb(db);
    const result = await applyImport(db, planned.plan, { [game.session.id]: 'backup' });
    expect(result).toEqual({
      ok: false,
      errors: [
        expect.stringMatching(/^A game in this file was changed on this phone while the import waited/)
      ]
    });
    expect(await dumpDb(db)).toBe(before);
  });

  it('a game deleted here (waiting to be purged) comes back from the backup', async () => {
    const { db, game } = await playGame(freshDb(), 4);
    const text = await backupText(db);
    await db.sessions.update(game.session.id, { deletedAt: T0 });
    const result = await importBackup(db, text, resolveTally);
    expect(result).toMatchObject({ ok: true, written: true, summary: { added: 1 } });
    expect((await db.sessions.get(game.session.id))?.deletedAt).toBeUndefined();
    expect(await readLog(db, game.session.id)).toHaveLength(4);
  });

  it('a bad file writes nothing, conflicts or not', async () => {
    const { db, game, now } = await playGame();
    const older = JSON.parse(await backupText(db)) as Backup;
    await playOn(db, game.session.id, 3, now);
    older.settings.push({ key: 'theme', value: 'neon' });
    const before = await dumpDb(db);
    const result = await importBackup(db, JSON.stringify(older), resolveTally, {
      choices: { [game.session.id]: 'backup' }
    });
    expect(result).toEqual({
      ok: false,
      errors: ['A setting in this file is damaged (expected one of: system, light, dark).'],
      details: ['settings[0].value: expected one of: system, light, dark']
    });
    expect(await dumpDb(db)).toBe(before);
  });
});

describe('deciding what to do with each game (pure)', () => {
  const session = (setup: BaseSetup = tallySetup()): SessionRecord => ({
    id: 'g1',
    game: 'tally',
    setup: setup as SessionRecord['setup'],
    created: T0,
    updated: T0,
    status: 'active',
    summary: '',
    head: 0
  });
  const entry = (seq: number, amount = 1, label = `+${amount}`): EventRecord => ({
    sessionId: 'g1',
    seq,
    kind: 'event',
    event: { type: 'ADD', player: 0, amount },
    time: T0 + seq * 1000,
    label
  });
  const log = (n: number) => Array.from({ length: n }, (_, i) => entry(i + 1));

  it('not here: new; deleted here: restore', () => {
    expect(planGame(undefined, { session: session(), log: log(3) })).toEqual({ kind: 'new' });
    expect(
      planGame({ session: { ...session(), deletedAt: T0 }, log: log(5) }, { session: session(), log: log(3) })
    ).toEqual({ kind: 'restore' });
  });

  it('identical: same; the file longer: update from the shared length; shorter: older', () => {
    expect(planGame({ session: session(), log: log(3) }, { session: session(), log: log(3) })).toEqual({
      kind: 'same'
    });
    expect(planGame({ session: session(), log: log(3) }, { session: session(), log: log(5) })).toEqual({
      kind: 'update',
      from: 3
    });
    expect(planGame({ session: session(), log: log(5) }, { session: session(), log: log(3) })).toEqual({
      kind: 'conflict',
      why: 'older'
    });
    expect(planGame({ session: session(), log: [] }, { session: session(), log: log(2) })).toEqual({
      kind: 'update',
      from: 0
    });
  });

  it('a different step at the same place, or a different setup: diverged', () => {
    const other = [...log(2), entry(3, 7)];
    expect(planGame({ session: session(), log: log(4) }, { session: session(), log: other })).toEqual({
      kind: 'conflict',
      why: 'diverged'
    });
    expect(
      planGame(
        { session: session(), log: log(3) },
        { session: session(tallySetup(['Ana', 'Cy'])), log: log(3) }
      )
    ).toEqual({ kind: 'conflict', why: 'diverged' });
  });

  it('labels are derived: they never make two steps different', () => {
    expect(sameEntry(entry(1, 1, 'one'), entry(1, 1, 'another'))).toBe(true);
    expect(sameEntry(entry(1, 1), { ...entry(1, 1), time: T0 })).toBe(false);
    expect(
      sameEntry(entry(1, 1), { ...entry(1, 1), kind: 'event', event: { amount: 1, player: 0, type: 'ADD' } })
    ).toBe(true);
  });

  it('“Keep both” copies re-key every entry to the new id and change nothing else', () => {
    const copy = copyGame({ session: session(), log: log(3) }, 'g2');
    expect(copy.session).toEqual({ ...session(), id: 'g2' });
    expect(copy.log).toEqual(log(3).map((e) => ({ ...e, sessionId: 'g2' })));
  });
});

describe('remembered players merge by id, the newer name winning', () => {
  it('a rename here is not undone by an older backup; a newer rename in the file wins; new ones are added', () => {
    const here = [
      { id: 'a', name: 'Ana Maria', created: T0, updated: T0 + 5000 },
      { id: 'b', name: 'Ben', created: T0 }
    ];
    const file = [
      { id: 'a', name: 'Ana', created: T0 },
      { id: 'b', name: 'Benjamin', created: T0, updated: T0 + 9000 },
      { id: 'c', name: 'Cy', created: T0 }
    ];
    expect(mergeProfiles(here, file)).toEqual({ put: [file[1], file[2]], added: 1, updated: 1 });
  });

  it('on equal times this phone’s copy stays', () => {
    const here = [{ id: 'a', name: 'Ana', created: T0 }];
    expect(mergeProfiles(here, [{ id: 'a', name: 'Anna', created: T0 }])).toEqual({
      put: [],
      added: 0,
      updated: 0
    });
  });

  it('through an import: the rename made here after the backup survives it', async () => {
    const db = freshDb();
    await db.profiles.bulkPut([
      { id: 'a', name: 'Ana', created: T0 },
      { id: 'b', name: 'Ben', created: T0 }
    ]);
    const text = await backupText(db);
    await db.profiles.put({ id: 'a', name: 'Ana María', created: T0, updated: T0 + 60_000 });
    const file = JSON.parse(text) as Backup;
    file.profiles.push({ id: 'c', name: 'Cy', created: T0 });
    const result = await importBackup(db, JSON.stringify(file), resolveTally);
    expect(result).toMatchObject({
      ok: true,
      written: true,
      summary: { profilesAdded: 1, profilesUpdated: 0 }
    });
    expect((await db.profiles.toArray()).map((p) => p.name).sort()).toEqual(['Ana María', 'Ben', 'Cy']);
  });
});

describe('derived data is rebuilt, never taken from the file', () => {
  async function original() {
    const db = freshDb();
    const now = fakeClock(T0);
    const game = await SessionRuntime.create(db, tally, 'tally', tallySetup(['Ana', 'Ben'], 10), { now });
    game.send({ type: 'ADD', player: 0, amount: 4 });
    game.send({ type: 'NEXT_ROUND' });
    game.send({ type: 'BONUS_DONE' });
    game.undo();
    game.redo();
    game.send({ type: 'ADD', player: 1, amount: 3 });
    await game.saved();
    await game.flushRecord();
    return { db, game, backup: await exportBackup(db, '0.1.0', EXPORTED) };
  }

  it('summary, labels, turn or round, minor steps and head are recomputed as the runtime writes them', async () => {
    const { backup } = await original();
    const tampered = structuredClone(backup);
    tampered.sessions[0].summary = 'Turn 99';
    tampered.sessions[0].head = 99;
    for (const e of tampered.events) {
      e.label = 'Turn 99: a label from the file';
      e.period = 7;
      e.minor = true;
    }
    const target = freshDb();
    const result = await importBackup(target, JSON.stringify(tampered), resolveTally);
    expect(result).toMatchObject({ ok: true, written: true });
    const again = await exportBackup(target, '0.1.0', EXPORTED);
    expect(again.sessions).toEqual(backup.sessions);
    expect(again.events).toEqual(backup.events);
    expect(again.sessions[0].summary).toBe('Round 2 · Ana 4, Ben 3');
  });

  it('status follows the machine; “archived” and ending early are the person’s choices and stay', async () => {
    const { backup } = await original();
    const cases: [SessionRecord['status'], string, SessionRecord['status']][] = [
      ['finished', 'an unfinished game ended early by the table', 'finished'],
      ['archived', 'an archived game', 'archived'],
      ['active', 'an active game', 'active']
    ];
    for (const [status, , expected] of cases) {
      const file = structuredClone(backup);
      file.sessions[0].status = status;
      const target = freshDb();
      await importBackup(target, JSON.stringify(file), resolveTally);
      expect((await target.sessions.toArray())[0].status).toBe(expected);
    }
    // A game the machine has ended is finished whatever the file says.
    const ended = structuredClone(backup);
    const last = ended.events.at(-1)!;
    ended.events.push({ ...last, kind: 'event', seq: last.seq + 1, event: { type: 'FINISH' }, label: 'x' });
    ended.sessions[0].status = 'active';
    const target = freshDb();
    expect(await importBackup(target, JSON.stringify(ended), resolveTally)).toMatchObject({ ok: true });
    expect((await target.sessions.toArray())[0].status).toBe('finished');
  });
});

describe('a long game imported opens as a window onto its newest steps', () => {
  it('the import caches the states its check ended in: the first open reads no more than a window, to the same state', async () => {
    const { db, game } = await playGame(freshDb(), 300);
    game.undo();
    await game.saved();
    const text = await backupText(db);
    const here = freshDb();
    const result = await importBackup(here, text, resolveTally);
    expect(result.ok).toBe(true);
    const cached = await here.snapshots.where('sessionId').equals(game.session.id).toArray();
    expect(cached.map((c) => c.depth).sort((a, b) => b - a)).toEqual([299, 250, 200, 150, 100]);
    const opened = await SessionRuntime.open(here, tally, game.session.id);
    expect(opened.complete).toBe(false); // a window: the whole log was not read again
    expect(opened.head).toBe(301);
    expect(opened.snapshot.context).toEqual(game.snapshot.context);
    expect(opened.redoLabel).toBe(game.redoLabel);
    const whole = await SessionRuntime.open(here, tally, game.session.id, { whole: true });
    expect(whole.snapshot.context).toEqual(opened.snapshot.context);
  });

  it('a short game caches nothing (it opens whole anyway)', async () => {
    const { db, game } = await playGame(freshDb(), 26);
    const here = freshDb();
    expect((await importBackup(here, await backupText(db), resolveTally)).ok).toBe(true);
    expect(await here.snapshots.where('sessionId').equals(game.session.id).count()).toBe(0);
  });
});

describe('every game knows its fields', () => {
  const games = finishedGames();

  it('every game in the registry lists its setup and event fields', async () => {
    for (const entry of GAMES) {
      const logic = await logicFor(entry.id);
      expect(logic?.fields, entry.id).toBeDefined();
      expect(Object.keys(logic!.fields!.events).length, entry.id).toBeGreaterThan(0);
    }
    expect(games.map((g) => g.entry.id).sort()).toEqual(GAMES.map((g) => g.id).sort());
  }, 30_000);

  /** One finished game of `id`, played through the runtime, as a backup. */
  async function finishedBackup(id: string): Promise<Backup> {
    const g = games.find((x) => x.entry.id === id)!;
    const db = freshDb();
    const game = await SessionRuntime.create(db, g.logic, id, g.setup, { now: fakeClock(T0) });
    for (const e of g.events) expect(game.send(e).ok).toBe(true);
    await game.saved();
    await game.flushRecord();
    return exportBackup(db, '0.1.0', EXPORTED);
  }

  for (const entry of GAMES) {
    it(`${entry.title}: a finished game imports with every history line as the runtime wrote it`, async () => {
      const backup = await finishedBackup(entry.id);
      const target = freshDb();
      const result = await importBackup(target, JSON.stringify(backup), logicFor);
      expect(result).toMatchObject({ ok: true, written: true, summary: { added: 1 } });
      const again = await exportBackup(target, '0.1.0', EXPORTED);
      expect(again.events).toEqual(backup.events);
      expect(again.sessions).toEqual(backup.sessions);
      expect(again.sessions[0].status).toBe('finished');
    });

    it(`${entry.title}: an unknown setup field and an unknown event field are refused with their paths`, async () => {
      const backup = await finishedBackup(entry.id);
      const bad = structuredClone(backup);
      (bad.sessions[0].setup as Record<string, unknown>).colour = 'red';
      const last = bad.events.length - 1;
      (bad.events[last].event as Record<string, unknown>).extra = 1;
      const result = await checkBackup(JSON.stringify(bad), logicFor);
      expect(result).toMatchObject({
        ok: false,
        details: [
          'sessions[0].setup.colour: unexpected field',
          `events[${last}].event.extra: unexpected field`
        ]
      });
    });
  }

  it('nested fields too: a WiZ hand’s card and an Epic Mojo change', async () => {
    const problems = new Problems();
    const wiz = (await logicFor('wiz'))!.fields!;
    const where = new Where(problems);
    where.push('e');
    unknownFields(
      { type: 'HAND', index: 0, hand: { cards: [{ kind: 'wiz' }, { kind: 'joker', glow: true }] } },
      wiz.events.HAND,
      where,
      new Set(['type'])
    );
    const epic = (await logicFor('epic'))!.fields!;
    unknownFields(
      { type: 'MOJO', changes: [{ player: 'p1', delta: -2, why: 'x' }], reason: 'attack' },
      epic.events.MOJO,
      where,
      new Set(['type'])
    );
    expect(problems.list).toEqual([
      'e.hand.cards[1].glow: unexpected field',
      'e.changes[0].why: unexpected field'
    ]);
  });

  it('setups of every kind the games make pass their field lists', async () => {
    const setups: [string, BaseSetup][] = [
      ...(Object.keys(TITANS_FORMATS) as TitansFormat[]).flatMap((f) =>
        (['classic', 'constructed'] as const).map((mode): [string, BaseSetup] => [
          'titans',
          titansSetup(f, undefined, { mode })
        ])
      ),
      ...THEOS_TABLES.flatMap(([format, players]) =>
        (['prebuilt', 'roster', 'draft', 'own'] as const).flatMap((kind): [string, BaseSetup][] => {
          try {
            return [['theos', theosSetup(format, players, kind)]];
          } catch {
            return []; // a deck kind this table cannot use
          }
        })
      ),
      ['twilight', twilightSetup(2)],
      ['twilight', twilightSetup(4, { draft: true, teams: [0, 1, 0, 1], firstBy: 'random' })],
      ['twilight', { ...twilightSetup(3, { extended: true, decks: [60, 70, 80] }), randomSeats: true }],
      ['wiz', wizSetup('solo')],
      ['wiz', wizSetup('standard', 4, { titans: true, characters: ['fire', 'water', 'air', 'earth'] })],
      ['wiz', wizSetup('large', 6, { lifePool: { die: 4, firstRoll: 3 } })],
      ['epic', epicSetup(2)],
      ['epic', epicSetup(4, { format: 'draft', packs: 3, match: true })]
    ];
    expect(setups.filter(([g]) => g === 'theos').length).toBeGreaterThan(8);
    for (const [game, setup] of setups) {
      const fields = (await logicFor(game))!.fields!;
      const problems = new Problems();
      unknownFields(setup, fields.setup, new Where(problems), new Set(['players', 'seed']));
      expect(problems.list, `${game} ${JSON.stringify(setup).slice(0, 80)}`).toEqual([]);
    }
  });
});

describe('a 100,000-event backup', () => {
  it('checks fine, rebuilding every entry, and gives the page turns while it works', async () => {
    const backup = longBackup(100_000);
    const bytes = new TextEncoder().encode(JSON.stringify(backup));
    const progress: number[] = [];
    // Counts the tasks that ran while the check worked: each is a moment the page could paint.
    let turns = 0;
    let checking = true;
    const tick = () => {
      turns++;
      if (checking) setImmediate(tick);
    };
    setImmediate(tick);
    const result = await checkBackup(bytes, logicFor, { onProgress: (f) => progress.push(f) });
    checking = false;
    expect(result.ok, result.ok ? '' : result.errors.join('\n')).toBe(true);
    if (!result.ok) return;
    expect(result.backup.sessions).toHaveLength(1);
    expect(result.backup.events).toHaveLength(100_000);
    expect(result.backup.sessions[0]).toMatchObject({ id: LONG_GAME_ID, head: 100_000, status: 'active' });
    expect(result.backup.sessions[0].summary).not.toBe('from the file');
    expect(result.backup.events.every((e) => e.label !== 'from the file')).toBe(true);
    expect(result.games[0].info).toMatchObject({ steps: 100_000, period: { unit: 'round' } });
    expect(result.games[0].info.period!.number).toBeGreaterThan(5000);
    expect(turns).toBeGreaterThan(10);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((f, i) => i === 0 || f >= progress[i - 1])).toBe(true);
  }, 60_000);
});

describe('the summary afterwards', () => {
  it('says what happened to the games, then settings and players', () => {
    expect(summaryText({ ...emptySummary(), added: 2, updated: 1, keptBoth: 1 })).toBe(
      '2 games added, 1 updated, 1 kept both.'
    );
    expect(summaryText({ ...emptySummary(), added: 1 })).toBe('1 game added.');
    expect(summaryText({ ...emptySummary(), alreadyHere: 3, settings: 2, profilesAdded: 1 })).toBe(
      '3 games already here. Settings imported; 1 remembered player added.'
    );
    expect(summaryText({ ...emptySummary(), replaced: 1, keptPhone: 2, profilesUpdated: 2 })).toBe(
      '1 game replaced by the backup’s, 2 kept as on this phone. 2 remembered players renamed.'
    );
    expect(summaryText(emptySummary())).toBe('No games in the file.');
  });

  it('a refused game is named by its game and the day it started, and says why; the place in the file is a detail', async () => {
    const { db } = await playGame(freshDb(), 2);
    const file = JSON.parse(await backupText(db));
    file.sessions[0].deletedAt = file.sessions[0].updated;
    const result = await checkBackup(JSON.stringify(file), resolveTally);
    const day = new Date(file.sessions[0].created).toLocaleDateString();
    expect(result).toEqual({
      ok: false,
      errors: [
        `The game “tally” started ${day} was deleted on the phone this backup came from, so it is not brought back.`
      ],
      details: [expect.stringMatching(/^sessions\[0\]\.deletedAt: this game is marked as deleted/)]
    });
  });

  it('no message of a refused file uses a validator’s words', async () => {
    const { db } = await playGame(freshDb(), 2);
    const file = JSON.parse(await backupText(db));
    delete file.sessions[0].setup.players;
    file.events[0].event = [1];
    const result = await checkBackup(JSON.stringify(file), resolveTally);
    const day = new Date(file.sessions[0].created).toLocaleDateString();
    expect(result).toEqual({
      ok: false,
      errors: [
        `The game “tally” started ${day} is damaged in this file (its players: missing).`,
        `A step of the game “tally” started ${day} is damaged in this file (expected an object).`
      ],
      details: ['sessions[0].setup.players: missing', 'events[0].event: expected an object']
    });
    for (const e of result.ok ? [] : result.errors) expect(e).not.toMatch(LEAK);
  });
});
