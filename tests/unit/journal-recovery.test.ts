/**
 * The journal beside IndexedDB: it follows every stored step of every game, and what IndexedDB
 * loses (everything, a game, or a log's last steps) comes back from it, replaying to the same state.
 */
import { describe, expect, it } from 'vitest';
import type { TablesideDB } from '../../src/lib/db/schema';
import type { SessionRecord } from '../../src/lib/db/records';
import { SessionRuntime, readLog } from '../../src/lib/session/runtime';
import { sameState } from '../../src/lib/session/replay';
import { markDeleted, purgeDeleted, purgeSession, unmarkDeleted } from '../../src/lib/app/game-records';
import { storageFailure, storageTrouble, SessionNotFoundError } from '../../src/lib/session/errors';
import { Journal } from '../../src/lib/journal/journal';
import { MemoryFiles } from '../../src/lib/journal/files';
import { attachJournal } from '../../src/lib/journal/attach';
import { journalForwarded, unjournaled } from '../../src/lib/journal/middleware';
import { encodeEntries, journalFileName } from '../../src/lib/journal/format';
import { emptyReport, recover, type RecoverOptions } from '../../src/lib/journal/recover';
import { describeWith } from '../../src/lib/journal/describe';
import { planRecovery } from '../../src/lib/journal/plan';
import { GatedJournal } from '../../src/lib/journal/gate';
import { lostWhileOpenMessage, recoveryMessage } from '../../src/lib/journal/messages';
import { watchOpens } from '../../src/lib/db/connection';
import type { GameLogic } from '../../src/lib/session/types';
import { finishedGames, type FinishedGame } from '../fixtures/finished';
import { tallyLogic, tallySetup, type TallyContext } from '../fixtures/tally';
import { fakeClock, freshDb } from './helpers';
import { exportBackup } from '../../src/lib/backup/write';
import { importBackup } from '../../src/lib/backup/import';
import { backupFromJournal } from '../../src/lib/journal/export';
import { lostGameCopy } from '../../src/lib/session/lost-copy';
import { openSession } from '../../src/lib/app/open-game';

function withJournal(db: TablesideDB) {
  const files = new MemoryFiles();
  const journal = new Journal(files);
  attachJournal(db, journal);
  return { files, journal };
}

/** Every committed write handed to the journal (the middleware forwards it), then on its files. */
async function settle(journal: { flush(): Promise<void> }) {
  await journalForwarded();
  await journal.flush();
}

const lossOf = (logic: GameLogic<any>): RecoverOptions => ({
  opened: { created: true, dataLoss: true, dataLossMessage: 'Chromium found damaged files' },
  describe: describeWith(async () => logic)
});

/** Plays a fixture game through the runtime, with an undo and a redo along the way. */
async function play(
  game: FinishedGame,
  db: TablesideDB,
  journal: Journal,
  check?: (rt: SessionRuntime<any>) => Promise<void>
) {
  const [first] = game.setup.players;
  await db.profiles.add({ id: 'profile-1', name: first.name, created: Date.UTC(2026, 0, 1) });
  const rt = await SessionRuntime.create(db, game.logic, game.entry.id, game.setup, {
    now: fakeClock(),
    profiles: { [first.id]: 'profile-1' }
  });
  for (const [i, event] of game.events.entries()) {
    expect(rt.send(event)).toEqual({ ok: true });
    if (i === 1) {
      expect(rt.undo()).toEqual({ ok: true });
      expect(rt.redo()).toEqual({ ok: true });
    }
    await rt.saved();
    await settle(journal);
    await check?.(rt);
  }
  await rt.flushRecord();
  await settle(journal);
  return rt;
}

describe.each(finishedGames().map((g) => [g.entry.id, g] as const))('the journal and %s', (_id, game) => {
  it('a backup from the journal alone is the settings export (without settings), and imports', async () => {
    const db = freshDb();
    const { journal } = withJournal(db);
    const rt = await play(game, db, journal);
    const { settings, ...fromDb } = await exportBackup(db, '0.1.0', Date.UTC(2026, 10, 23));
    expect(settings).toEqual([]);
    const fromJournal = await backupFromJournal(journal, '0.1.0', Date.UTC(2026, 10, 23));
    expect(fromJournal).toEqual({ ...fromDb, settings: [] });
    const elsewhere = freshDb();
    const result = await importBackup(elsewhere, JSON.stringify(fromJournal), async () => game.logic);
    expect(result).toEqual(expect.objectContaining({ ok: true, written: true }));
    const opened = await SessionRuntime.open(elsewhere, game.logic, rt.session.id);
    expect(sameState(opened.snapshot, rt.snapshot)).toBe(true);
    // A deleted game stays out, as it does from the settings page.
    await markDeleted(db, rt.session.id);
    await settle(journal);
    expect((await backupFromJournal(journal, '0.1.0')).sessions).toEqual([]);
  });

  it('holds every step IndexedDB holds, after each step', async () => {
    const db = freshDb();
    const { journal } = withJournal(db);
    let checked = 0;
    const rt = await play(game, db, journal, async (live) => {
      const copy = await journal.read(live.session.id);
      expect(copy?.events).toEqual(await readLog(db, live.session.id));
      checked++;
    });
    expect(checked).toBe(game.events.length);
    const id = rt.session.id;
    const copy = await journal.read(id);
    expect(copy?.events).toEqual(await readLog(db, id));
    expect(copy?.record).toEqual(await db.sessions.get(id));
    expect(copy?.people).toEqual([
      { id: 'profile-1', name: game.setup.players[0].name, created: Date.UTC(2026, 0, 1) }
    ]);
  });

  it('after a total loss, the game comes back from it: same record, log, players and state', async () => {
    const db = freshDb();
    const { journal } = withJournal(db);
    const rt = await play(game, db, journal);
    const id = rt.session.id;

    const empty = freshDb(); // what the browser hands the app after throwing the database away
    attachJournal(empty, journal);
    const report = await recover(empty, journal, lossOf(game.logic));
    expect(report).toMatchObject({ lost: true, dataLoss: true, restored: 1, healed: 0, failed: [] });
    expect(report.entries).toBe(rt.log.length);
    expect(recoveryMessage(report)).toBe(
      'Your browser lost Tableside’s saved data (it does this after a crash or when storage is full). 1 game was restored from Tableside’s recovery copy; nothing was lost.'
    );
    expect(await readLog(empty, id)).toEqual(await readLog(db, id));
    expect(await empty.sessions.get(id)).toEqual(await db.sessions.get(id));
    expect(await empty.profiles.toArray()).toEqual(await db.profiles.toArray());

    const reopened = await SessionRuntime.open(empty, game.logic, id);
    expect(sameState(reopened.snapshot, rt.snapshot)).toBe(true);
    expect(reopened.log).toEqual(rt.log);
    expect(reopened.readOnly).toBe(false);
    // A second start finds nothing left to do.
    expect(await recover(empty, journal, {})).toMatchObject({ restored: 0, healed: 0, copied: 0 });
  });
});

async function tallyGame(db: TablesideDB, taps = 6) {
  const rt = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup(), { now: fakeClock() });
  for (let i = 0; i < taps; i++) rt.send({ type: 'ADD', player: i % 2, amount: i + 1 });
  await rt.saved();
  return rt;
}
/**
 * Makes the database refuse every new log entry as a full disk does (QuotaExceededError), counting
 * the writes refused, until `stop()`.
 */
function refusing(db: TablesideDB) {
  const state = { refused: 0, stop: () => db.events.hook('creating').unsubscribe(hook) };
  const hook = (() => {
    state.refused++;
    throw Object.assign(new Error('QuotaExceededError'), { name: 'QuotaExceededError' });
  }) as never;
  db.events.hook('creating', hook);
  return state;
}
const tallyOptions: RecoverOptions = { describe: describeWith(async () => tallyLogic) };
const scores = (rt: SessionRuntime<any>) => (rt.snapshot.context as TallyContext).scores;

describe('restoring from the journal', () => {
  it('a log IndexedDB cut short gets its missing steps back, and a reopened game replays to the same state', async () => {
    const db = freshDb();
    const { journal } = withJournal(db);
    const rt = await tallyGame(db, 8);
    await settle(journal);
    const id = rt.session.id;
    // The browser loses them: not a write the app makes, so not one the journal hears of.
    await unjournaled(db, ['events'], () =>
      db.events.where('[sessionId+seq]').between([id, 6], [id, 99]).delete()
    );

    const report = await recover(db, journal, tallyOptions);
    expect(report).toMatchObject({ lost: false, healed: 1, entries: 3, restored: 0 });
    expect(recoveryMessage(report)).toBe(
      'Your browser lost part of Tableside’s saved data (it does this after a crash or when storage is full): the last steps of 1 game were put back from Tableside’s recovery copy; nothing was lost.'
    );
    expect(await readLog(db, id)).toEqual(rt.log);
    const reopened = await SessionRuntime.open(db, tallyLogic, id);
    expect(scores(reopened)).toEqual(scores(rt));
    expect((await db.sessions.get(id))?.head).toBe(8);
  });

  it('a game missing from IndexedDB comes back while the others stay as they are', async () => {
    const db = freshDb();
    const { journal } = withJournal(db);
    const kept = await tallyGame(db, 2);
    const lost = await tallyGame(db, 5);
    await settle(journal);
    await unjournaled(db, ['sessions', 'events'], async () => {
      await db.sessions.delete(lost.session.id);
      await db.events.where('sessionId').equals(lost.session.id).delete();
    });

    const report = await recover(db, journal, tallyOptions);
    expect(report).toMatchObject({ lost: false, restored: 1, healed: 0 });
    expect(recoveryMessage(report)).toMatch(
      /: 1 missing game was restored from Tableside’s recovery copy; nothing was lost\.$/
    );
    expect(await readLog(db, lost.session.id)).toEqual(lost.log);
    expect(await readLog(db, kept.session.id)).toEqual(kept.log);
    expect(scores(await SessionRuntime.open(db, tallyLogic, lost.session.id))).toEqual(scores(lost));
  });

  it('a game the browser will not take back is reported with its home-list line, nothing is written, and the next start restores it', async () => {
    const db = freshDb();
    const { journal } = withJournal(db);
    const rt = await tallyGame(db, 4);
    await settle(journal);
    const empty = freshDb();
    const refuse = refusing(empty);
    const report = await recover(empty, journal, {
      ...tallyOptions,
      opened: { created: true, dataLoss: true, dataLossMessage: 'checksum mismatch' }
    });
    expect(refuse.refused).toBe(1);
    expect(report).toMatchObject({ restored: 0, failed: [] });
    expect(report.refused).toEqual([{ id: rt.session.id, game: 'tally', summary: rt.summary }]);
    expect(recoveryMessage(report)).toBe(
      'Your browser lost Tableside’s saved data (it does this after a crash or when storage is full). 1 game could not be put back yet, because the browser would not store it (most likely the phone is out of space). It is safe in Tableside’s recovery copy: open it below to play on; it is saved again once there is room.'
    );
    expect(await empty.sessions.count()).toBe(0);
    expect(await empty.events.count()).toBe(0);
    refuse.stop();
    expect(await recover(empty, journal, tallyOptions)).toMatchObject({ restored: 1, refused: [] });
    expect(await readLog(empty, rt.session.id)).toEqual(rt.log);
  });

  it('a restored game gets its home-list line from a replay, and its head from its log', async () => {
    const db = freshDb();
    const { journal } = withJournal(db);
    const rt = await tallyGame(db, 3); // no turn ended: the stored record still says its first step
    await settle(journal);
    expect((await journal.read(rt.session.id))?.record.head).toBe(1);
    const empty = freshDb();
    await recover(empty, journal, { ...tallyOptions, opened: { created: true, dataLoss: false } });
    const record = (await empty.sessions.get(rt.session.id)) as SessionRecord;
    expect(record.head).toBe(3);
    expect(record.summary).toBe(rt.summary);
    expect(record.updated).toBe(rt.log.at(-1)!.time);
  });

  it('a torn last line in the journal: the game comes back up to the last whole step', async () => {
    const db = freshDb();
    const { journal, files } = withJournal(db);
    const rt = await tallyGame(db, 4);
    await settle(journal);
    const name = journalFileName(rt.session.id);
    const torn = encodeEntries([{ ...rt.log[0], seq: 5 }]).slice(0, 25);
    files.files.set(name, files.files.get(name) + torn);
    const empty = freshDb();
    const report = await recover(empty, journal, {
      ...tallyOptions,
      opened: { created: true, dataLoss: true }
    });
    expect(report.restored).toBe(1);
    expect(await readLog(empty, rt.session.id)).toEqual(rt.log);
  });

  it('the journal catches up when a kill came between the IndexedDB write and its own', async () => {
    const db = freshDb();
    const { journal, files } = withJournal(db);
    const rt = await tallyGame(db, 6);
    await settle(journal);
    const name = journalFileName(rt.session.id);
    const lines = files.files.get(name)!.split('\n');
    // The last two steps never got there (nor anything written after them).
    const cut = lines.findLastIndex(
      (l, i) => l.startsWith('{"t":"e"') && i < lines.findLastIndex((m) => m.startsWith('{"t":"e"'))
    );
    files.files.set(name, lines.slice(0, cut).join('\n') + '\n');
    expect((await journal.read(rt.session.id))?.events).toHaveLength(4);

    const report = await recover(db, journal, tallyOptions);
    expect(report).toMatchObject({ copied: 1, restored: 0, healed: 0 });
    expect(recoveryMessage(report)).toBeUndefined();
    expect((await journal.read(rt.session.id))?.events).toEqual(rt.log);
  });

  it('a game without a journal (from before it existed, or a backup) gets one', async () => {
    const db = freshDb();
    const rt = await tallyGame(db, 3); // no journal attached while it was played
    const files = new MemoryFiles();
    const journal = new Journal(files);
    const report = await recover(db, journal, tallyOptions);
    expect(report.copied).toBe(1);
    const copy = await journal.read(rt.session.id);
    expect(copy?.events).toEqual(rt.log);
    expect(copy?.record).toEqual(await db.sessions.get(rt.session.id));
  });

  it('a whole journal is written from the log the journal reads itself: the same file as from a copy of the log', async () => {
    const db = freshDb();
    const rt = await tallyGame(db, 5);
    const record = (await db.sessions.get(rt.session.id))!;
    const fromStore = new MemoryFiles();
    await new Journal(fromStore).rewriteFromStore(db.name, record, []);
    const fromCopy = new MemoryFiles();
    await new Journal(fromCopy).rewrite({ record, events: await readLog(db, rt.session.id), people: [] });
    const name = journalFileName(rt.session.id);
    expect(fromStore.files.get(name)).toBe(fromCopy.files.get(name));
    expect((await new Journal(fromStore).read(rt.session.id))?.events).toEqual(rt.log);
    // Only this game's steps, though the database holds another's.
    const other = await tallyGame(db, 2);
    await new Journal(fromStore).rewriteFromStore(db.name, (await db.sessions.get(other.session.id))!, []);
    expect((await new Journal(fromStore).read(other.session.id))?.events).toEqual(other.log);
  });

  it('reading a log from a database that is not there says so and does not create it', async () => {
    const db = freshDb();
    const rt = await tallyGame(db, 1);
    const journal = new Journal(new MemoryFiles());
    await expect(
      journal.rewriteFromStore('no-such-database', rt.session as SessionRecord, [])
    ).rejects.toThrow('there is no database “no-such-database” to read the game from');
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('no-such-database');
    expect(await journal.read(rt.session.id)).toBeUndefined();
  });

  it('a journal telling another history than IndexedDB is written anew from IndexedDB', async () => {
    const db = freshDb();
    const { journal, files } = withJournal(db);
    const rt = await tallyGame(db, 4);
    await settle(journal);
    const name = journalFileName(rt.session.id);
    files.files.set(name, files.files.get(name)!.replace(`"time":${rt.log[3].time}`, '"time":1'));
    expect(await recover(db, journal, tallyOptions)).toMatchObject({ copied: 1, healed: 0 });
    expect((await journal.read(rt.session.id))?.events).toEqual(rt.log);
  });

  it('while a journal is rewritten, the game’s other writes wait and follow it', async () => {
    const files = new MemoryFiles();
    const inner = new Journal(files);
    const gated = new GatedJournal(inner);
    const db = freshDb();
    const rt = await tallyGame(db, 2);
    const [first, second] = rt.log;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const rewriting = gated.exclusive(rt.session.id, async (into) => {
      await held;
      order.push('rewrite');
      await into.rewrite({ record: rt.session as SessionRecord, events: [first], people: [] });
    });
    const appended = gated.append(rt.session.id, [second]).then(() => order.push('append'));
    await gated.start({ ...(rt.session as SessionRecord), id: 'other' });
    order.push('other game');
    release();
    await rewriting;
    await appended;
    expect(order).toEqual(['other game', 'rewrite', 'append']);
    expect((await inner.read(rt.session.id))?.events).toEqual([first, second]);
  });

  it('journals catch up after the app goes on (in the background), and taps meanwhile are kept', async () => {
    const db = freshDb();
    const rt = await tallyGame(db, 3); // played before the journal existed
    const journal = new GatedJournal(new Journal(new MemoryFiles()));
    attachJournal(db, journal);
    const report = await recover(db, journal, { ...tallyOptions, background: true });
    expect(report.copied).toBe(0); // not yet: the app carries on first
    const live = await SessionRuntime.open(db, tallyLogic, rt.session.id);
    for (let i = 0; i < 3; i++) live.send({ type: 'ADD', player: 1, amount: 4 });
    await live.saved();
    await expect.poll(() => report.copied).toBe(1);
    await settle(journal);
    const log = await readLog(db, rt.session.id);
    expect(log).toHaveLength(6);
    expect((await journal.read(rt.session.id))?.events).toEqual(log);
  });

  it('a journal a kill left behind catches up before the app goes on, and the game’s next steps follow it', async () => {
    const db = freshDb();
    const files = new MemoryFiles();
    const journal = new GatedJournal(new Journal(files));
    attachJournal(db, journal);
    const rt = await tallyGame(db, 5);
    await settle(journal);
    const name = journalFileName(rt.session.id);
    files.files.set(name, files.files.get(name)!.split('\n').slice(0, -3).join('\n') + '\n');
    const report = await recover(db, journal, { ...tallyOptions, background: true });
    expect(report.copied).toBe(1); // a few steps behind: added before the app goes on
    const live = await SessionRuntime.open(db, tallyLogic, rt.session.id);
    live.send({ type: 'ADD', player: 1, amount: 4 });
    await live.saved();
    await settle(journal);
    expect((await journal.read(rt.session.id))?.events).toEqual(await readLog(db, rt.session.id));
  });

  it('steps put over other stored steps: the journal is written anew to match', async () => {
    const db = freshDb();
    const { journal } = withJournal(db);
    const rt = await tallyGame(db, 3);
    await settle(journal);
    const replaced = rt.log.map((e) => ({ ...e, time: e.time + 5, label: `${e.label} (imported)` }));
    await db.events.bulkPut(replaced);
    await settle(journal);
    expect((await journal.read(rt.session.id))?.events).toEqual(replaced);
  });

  it('a backup import that replaces a game rewrites its journal to the imported log', async () => {
    const db = freshDb();
    const { journal } = withJournal(db);
    const rt = await tallyGame(db, 4);
    const text = JSON.stringify(await exportBackup(db, '0.1.0'));
    for (let i = 0; i < 3; i++) rt.send({ type: 'ADD', player: 0, amount: 1 });
    await rt.saved();
    expect((await journal.read(rt.session.id))?.events).toHaveLength(7);
    // The older file over the newer game, told to use the backup's copy.
    const result = await importBackup(db, text, async () => tallyLogic, {
      choices: { [rt.session.id]: 'backup' }
    });
    expect(result).toMatchObject({ ok: true, written: true });
    await expect.poll(async () => (await journal.read(rt.session.id))?.events.length).toBe(4);
    expect((await journal.read(rt.session.id))?.events).toEqual(await readLog(db, rt.session.id));
  });

  it('a journal that cannot be read restores nothing and says so', async () => {
    const files = new MemoryFiles();
    const journal = new Journal(files);
    const db = freshDb();
    const rt = await tallyGame(db, 1);
    await journal.rewrite({ record: rt.session as SessionRecord, events: rt.log.slice(), people: [] });
    const failing = Object.create(journal) as Journal;
    failing.read = async () => undefined;
    const report = await recover(freshDb(), failing, {
      ...tallyOptions,
      opened: { created: true, dataLoss: true }
    });
    expect(report.restored).toBe(0);
    expect(report.failed).toHaveLength(1);
    expect(recoveryMessage(report)).toMatch(
      /1 game could not be restored, because its recovery copy is damaged/
    );
    expect(recoveryMessage(report)).not.toMatch(/nothing was lost/);
  });

  it('the banner for data deleted while the app was open says what came back', () => {
    const report = { ...emptyReport({ created: true, dataLoss: false }), journal: true, lost: true };
    expect(lostWhileOpenMessage({ ...report, restored: 2 })).toMatch(
      /while Tableside was open .* 2 games were brought back from Tableside’s recovery copy/
    );
    expect(lostWhileOpenMessage(report)).toMatch(/Reload Tableside to bring your games back/);
  });

  it('a first visit says nothing; a loss with nothing to restore says so plainly', () => {
    expect(
      recoveryMessage({ ...emptyReport({ created: true, dataLoss: false }), journal: true })
    ).toBeUndefined();
    const lost = { ...emptyReport({ created: true, dataLoss: true }), lost: true };
    expect(recoveryMessage(lost)).toMatch(/This browser cannot keep a recovery copy/);
    expect(recoveryMessage({ ...lost, journal: true })).toMatch(/nothing in Tableside’s recovery copy/);
    expect(recoveryMessage({ ...lost, journal: true, restored: 3 })).toMatch(/ 3 games were restored from/);
  });

  it('plans per game: restore, heal, top up, rewrite or nothing', () => {
    const j = (id: string, head: number, headTime: number | undefined, readable = true) => ({
      id,
      head,
      headTime,
      readable,
      deleted: false,
      damaged: 0
    });
    const steps = planRecovery(
      [
        { id: 'same', head: 3, headTime: 30 },
        { id: 'short', head: 2, headTime: 20 },
        { id: 'ahead', head: 5, headTime: 50 },
        { id: 'other', head: 3, headTime: 31 },
        { id: 'nojournal', head: 1, headTime: 10 },
        { id: 'broken', head: 1, headTime: 10 }
      ],
      [
        j('same', 3, 30),
        j('short', 4, 40),
        j('ahead', 3, 30),
        j('other', 3, 30),
        j('broken', 0, undefined, false),
        j('gone', 7, 70),
        j('unreadable-and-gone', 0, undefined, false)
      ]
    );
    expect(steps).toEqual([
      { kind: 'heal', id: 'short', head: 2, headTime: 20 },
      { kind: 'top-up', id: 'ahead', head: 3, headTime: 30 },
      { kind: 'rewrite', id: 'other' },
      { kind: 'rewrite', id: 'nojournal' },
      { kind: 'rewrite', id: 'broken' },
      { kind: 'restore', id: 'gone' }
    ]);
  });
});

describe('deleting with a journal', () => {
  it('a game marked deleted keeps its journal (and comes back still marked); a purge removes it', async () => {
    const db = freshDb();
    const { journal } = withJournal(db);
    const rt = await tallyGame(db, 2);
    const id = rt.session.id;
    await markDeleted(db, id, 777);
    await settle(journal);
    expect((await journal.read(id))?.record.deletedAt).toBe(777);

    const empty = freshDb();
    const report = await recover(empty, journal, {
      ...tallyOptions,
      opened: { created: true, dataLoss: true }
    });
    expect(report).toMatchObject({ restored: 0, restoredDeleted: 1 });
    expect((await empty.sessions.get(id))?.deletedAt).toBe(777);

    await unmarkDeleted(db, id);
    await settle(journal);
    expect((await journal.read(id))?.record.deletedAt).toBeUndefined();

    await purgeSession(db, id);
    expect(await journal.read(id)).toBeUndefined();
    expect(await recover(freshDb(), journal, { opened: { created: true, dataLoss: true } })).toMatchObject({
      restored: 0,
      restoredDeleted: 0
    });
  });

  it('a purge whose journal cannot be removed comes back still marked deleted, and is purged again', async () => {
    const db = freshDb();
    const { journal } = withJournal(db);
    const rt = await tallyGame(db, 1);
    await markDeleted(db, rt.session.id, 5);
    const remove = journal.remove.bind(journal);
    journal.remove = () => Promise.reject(new Error('locked'));
    await purgeSession(db, rt.session.id);
    await settle(journal);
    expect(await db.sessions.get(rt.session.id)).toBeUndefined();
    expect((await journal.read(rt.session.id))?.record.deletedAt).toBe(5);

    journal.remove = remove;
    expect(await recover(db, journal, tallyOptions)).toMatchObject({ restored: 0, restoredDeleted: 1 });
    expect((await db.sessions.get(rt.session.id))?.deletedAt).toBe(5);
    expect(await purgeDeleted(db, 10)).toBe(1);
    await settle(journal);
    expect(await journal.read(rt.session.id)).toBeUndefined();
  });
});

describe('writes that fail', () => {
  it('a write that fails holds the game on screen until storage takes it again; the journal gets only stored steps', async () => {
    const db = freshDb();
    const { journal } = withJournal(db);
    const rt = await tallyGame(db, 1);
    const refuse = refusing(db);
    rt.send({ type: 'ADD', player: 0, amount: 5 });
    await rt.saved();
    // Held, not taken back: the page keeps the step on screen until storage takes it.
    expect(rt.unsaved).toMatch(/out of space/);
    expect(scores(rt)).toEqual([6, 0]);
    expect(await readLog(db, rt.session.id)).toHaveLength(1);
    refuse.stop();
    rt.send({ type: 'ADD', player: 1, amount: 2 });
    await rt.retry();
    await rt.saved();
    expect(rt.unsaved).toBeUndefined();
    expect(scores(rt)).toEqual([6, 2]);
    expect(await readLog(db, rt.session.id)).toHaveLength(3);
    await settle(journal);
    expect((await journal.read(rt.session.id))?.events).toEqual(await readLog(db, rt.session.id));
  });

  it('a game the browser lost and will not take back opens from its recovery copy, held: played on, then written back whole once storage takes it', async () => {
    const db = freshDb();
    const { journal } = withJournal(db);
    const rt = await tallyGame(db, 4);
    await settle(journal);
    const id = rt.session.id;
    const empty = freshDb(); // the browser threw the database away…
    attachJournal(empty, journal);
    const refuse = refusing(empty); // …and refuses to store anything in the new one
    const copy = await lostGameCopy(empty, id);
    expect(copy?.events).toEqual(rt.log);
    const held = await SessionRuntime.fromCopy(empty, tallyLogic, copy!);
    expect(held.held).toBe(true);
    expect(held.unsaved).toMatch(/out of space/);
    expect(scores(held)).toEqual(scores(rt));
    expect(held.send({ type: 'ADD', player: 1, amount: 3 })).toEqual({ ok: true });
    expect(await empty.sessions.count()).toBe(0);
    refuse.stop();
    expect(await held.retry()).toBe(true);
    expect(held.held).toBe(false);
    expect(held.unsaved).toBeUndefined();
    expect(await readLog(empty, id)).toEqual(held.log);
    expect(held.log).toHaveLength(5);
    expect((await empty.sessions.get(id))?.head).toBe(5);
    const reopened = await SessionRuntime.open(empty, tallyLogic, id);
    expect(scores(reopened)).toEqual(scores(held));
    await expect.poll(async () => (await journal.read(id))?.events).toEqual(held.log);
  });

  it('a lost game whose copy storage takes at once opens as an ordinary game; a game deleted before it was lost stays gone', async () => {
    const game = finishedGames()[0];
    const db = freshDb();
    const { journal } = withJournal(db);
    const rt = await play(game, db, journal);
    const id = rt.session.id;
    const empty = freshDb();
    attachJournal(empty, journal);
    const opened = await openSession(empty, id);
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.runtime.held).toBe(false);
    expect(sameState(opened.runtime.snapshot, rt.snapshot)).toBe(true);
    expect(await readLog(empty, id)).toEqual(rt.log);

    await markDeleted(db, id, Date.UTC(2026, 5, 1));
    await settle(journal);
    const emptier = freshDb();
    attachJournal(emptier, journal);
    expect(await openSession(emptier, id)).toEqual({
      ok: false,
      message: new SessionNotFoundError(id).message
    });
  });

  it('each kind of trouble gets words that say what happened and what to do', () => {
    const quota = Object.assign(new Error('x'), { name: 'QuotaExceededError' });
    const abort = Object.assign(new Error('Transaction aborted'), { name: 'AbortError', inner: quota });
    expect(storageTrouble(quota)).toBe('full');
    expect(storageTrouble(abort)).toBe('full');
    expect(storageFailure(abort)).toMatch(/storage is full.*Free some space.*Export a backup/);
    expect(storageTrouble(Object.assign(new Error('x'), { name: 'ConstraintError' }))).toBe('other-tab');
    expect(storageTrouble(Object.assign(new Error('x'), { name: 'DatabaseClosedError' }))).toBe('closed');
    expect(storageFailure(Object.assign(new Error('x'), { name: 'DatabaseClosedError' }))).toMatch(
      /closed Tableside’s saved data.*Reload Tableside/
    );
    expect(storageFailure(new SessionNotFoundError('g1'))).toMatch(
      /no longer in the browser’s saved data.*not saved and has been taken back/
    );
    const odd = Object.assign(new Error('Internal error opening backing store'), { name: 'UnknownError' });
    expect(storageTrouble(odd)).toBe('refused');
    expect(storageFailure(odd)).toMatch(/refused to save.*Internal error opening backing store/);
  });
});

describe('hearing how the browser opened the database', () => {
  it('tells a new database and Chromium’s data loss apart from an ordinary open', async () => {
    const heard: unknown[] = [];
    const factory = watchOpens(indexedDB, (info) => heard.push(info));
    const name = `watch-${Math.random()}`;
    const open = (version: number) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = factory.open(name, version);
        request.onupgradeneeded = () => request.result.createObjectStore(`s${version}`);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    (await open(1)).close();
    expect(heard).toEqual([{ created: true, dataLoss: false }]);
    (await open(2)).close(); // an upgrade of an existing database is not a loss
    expect(heard).toHaveLength(1);

    // Chromium's upgradeneeded after it threw damaged files away.
    const target = new EventTarget();
    const fake = {
      open: () => target as unknown as IDBOpenDBRequest,
      cmp: () => 0
    } as unknown as IDBFactory;
    watchOpens(fake, (info) => heard.push(info)).open('x', 10);
    target.dispatchEvent(
      Object.assign(new Event('upgradeneeded'), {
        oldVersion: 0,
        dataLoss: 'total',
        dataLossMessage: 'Corruption detected'
      })
    );
    expect(heard[1]).toEqual({ created: true, dataLoss: true, dataLossMessage: 'Corruption detected' });
  });
});
