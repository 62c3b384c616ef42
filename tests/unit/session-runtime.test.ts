import { describe, expect, it } from 'vitest';
import { SessionRuntime, SessionNotFoundError } from '../../src/lib/session/runtime';
import { initialState, replay, sameState, storeState } from '../../src/lib/session/replay';
import { tallyLogic, tallySetup, type TallyContext, type TallyEvent } from '../fixtures/tally';
import { fakeClock, freshDb, reopen } from './helpers';

const ctx = (rt: SessionRuntime<any>) => rt.snapshot.context as TallyContext;

async function start(options = {}) {
  const db = freshDb();
  const rt = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup(), {
    now: fakeClock(),
    ...options
  });
  return { db, rt };
}

async function sendAll(rt: SessionRuntime<any>, events: TallyEvent[]) {
  for (const e of events) expect(rt.send(e)).toEqual({ ok: true });
  await rt.saved();
}

const someEvents: TallyEvent[] = [
  { type: 'ADD', player: 0, amount: 3 },
  { type: 'ADD', player: 1, amount: 5 },
  { type: 'NEXT_ROUND' },
  { type: 'ROLL', player: 1, value: 6 },
  { type: 'ADD', player: 0, amount: -1 },
  { type: 'NEXT_ROUND' },
  { type: 'BONUS_DONE' }
];

describe('session runtime', () => {
  it('the first step of a game writes its record: a game left in its first turn is not a game never played (#52)', async () => {
    const { db, rt } = await start();
    await sendAll(rt, [{ type: 'ADD', player: 0, amount: 3 }]); // the round does not change
    expect((await db.sessions.get(rt.session.id))?.head).toBe(1);
    // Later taps in the same round still write the record only at a new round (or on hide).
    await sendAll(rt, [{ type: 'ADD', player: 1, amount: 2 }]);
    expect((await db.sessions.get(rt.session.id))?.head).toBe(1);
  });

  it('replaying the log gives the live state', async () => {
    const { rt } = await start();
    await sendAll(rt, someEvents);
    const replayed = replay(tallyLogic, initialState(tallyLogic, rt.setup), rt.events);
    expect(sameState(replayed, rt.snapshot)).toBe(true);
    expect(ctx(rt)).toMatchObject({ scores: [2, 10], round: 3, rolls: [6] });
  });

  it('undo and redo round-trip, and a new event clears redo', async () => {
    const { rt } = await start();
    await sendAll(rt, someEvents.slice(0, 3));
    const after3 = storeState(rt.snapshot);
    expect(rt.undoLabel).toBe('Next round');
    expect(rt.undo()).toEqual({ ok: true });
    expect(rt.snapshot.value).toEqual({ round: 'scoring' });
    expect(ctx(rt).round).toBe(1);
    expect(rt.undo()).toEqual({ ok: true });
    expect(ctx(rt).scores).toEqual([3, 0]);
    expect(rt.redoLabel).toBe('Ben +5');
    expect(rt.redo()).toEqual({ ok: true });
    expect(rt.redo()).toEqual({ ok: true });
    expect(storeState(rt.snapshot)).toEqual(after3);
    expect(rt.canRedo).toBe(false);

    rt.undo();
    expect(rt.canRedo).toBe(true);
    rt.send({ type: 'ADD', player: 0, amount: 1 });
    expect(rt.canRedo).toBe(false);
    expect(rt.redo()).toEqual({ ok: false, reason: 'There is nothing to redo.' });
    // The log keeps everything: 3 events, 2 undos, 2 redos, 1 undo, 1 event.
    expect(rt.log.map((e) => e.kind)).toEqual([
      'event',
      'event',
      'event',
      'undo',
      'undo',
      'redo',
      'redo',
      'undo',
      'event'
    ]);
    expect(rt.history.map((h) => h.label)).toEqual(['Ana +1', 'Ben +5', 'Ana +3']);
  });

  it('undo with nothing to undo is refused', async () => {
    const { rt } = await start();
    expect(rt.undo()).toEqual({ ok: false, reason: 'There is nothing to undo.' });
    expect(rt.log).toHaveLength(0);
  });

  it('a refused event gives a plain reason and changes neither log nor state', async () => {
    const { db, rt } = await start();
    await sendAll(rt, someEvents.slice(0, 2));
    await rt.flushRecord();
    const before = storeState(rt.snapshot);
    const logBefore = await db.events.toArray();
    const sessionBefore = await db.sessions.get(rt.session.id);

    const r1 = rt.send({ type: 'ADD', player: 0, amount: -10 });
    expect(r1).toEqual({ ok: false, reason: 'Ana cannot go below 0.' });
    const r2 = rt.send({ type: 'ADD', player: 0, amount: 1.5 });
    expect(r2).toEqual({ ok: false, reason: 'Points must be a whole number.' });
    const r3 = rt.send({ type: 'ROLL', player: 0, value: 3 });
    expect(r3).toEqual({ ok: false, reason: 'That is not possible during “Scoring”.' });
    const r4 = rt.send({ type: 'NOPE' } as never);
    expect(r4.ok).toBe(false);

    await rt.saved();
    expect(storeState(rt.snapshot)).toEqual(before);
    expect(await db.events.toArray()).toEqual(logBefore);
    expect(await db.sessions.get(rt.session.id)).toEqual(sessionBefore);
    expect(rt.check({ type: 'ADD', player: 1, amount: -99 })).toBe('Ben cannot go below 0.');
    expect(rt.check({ type: 'ADD', player: 1, amount: 1 })).toBeUndefined();
  });

  it('after every single event a fresh runtime on the same database shows the same state', async () => {
    const { db, rt } = await start({ snapshotEvery: 3 });
    const steps: Array<() => unknown> = [
      ...someEvents.map((e) => () => rt.send(e)),
      () => rt.undo(),
      () => rt.undo(),
      () => rt.redo(),
      () => rt.send({ type: 'FINISH' })
    ];
    for (const stepFn of steps) {
      stepFn();
      await rt.saved();
      await rt.flushRecord();
      const other = reopen(db);
      const fresh = await SessionRuntime.open(other, tallyLogic, rt.session.id);
      expect(storeState(fresh.snapshot)).toEqual(storeState(rt.snapshot));
      expect(fresh.history).toEqual(rt.history);
      expect(fresh.session).toEqual(rt.session);
      other.close();
    }
    expect(rt.session.status).toBe('finished');
  });

  it('caches snapshots every N events and uses them on load', async () => {
    const { db, rt } = await start({ snapshotEvery: 2 });
    await sendAll(rt, someEvents);
    const cached = await db.snapshots.toArray();
    expect(cached.map((s) => s.depth)).toEqual([2, 4, 6]);
    expect(cached.every((s) => s.version === tallyLogic.version)).toBe(true);
    // Poison the events before the newest snapshot: if load used the snapshot, it never replays them.
    const fresh = await SessionRuntime.open(reopen(db), tallyLogic, rt.session.id, { snapshotEvery: 2 });
    expect(sameState(fresh.snapshot, rt.snapshot)).toBe(true);
  });

  it('a game opened by a long replay (no cache: imported) caches its state, and the next open starts there', async () => {
    const { db, rt } = await start({ snapshotEvery: 4 });
    await sendAll(rt, someEvents);
    await db.snapshots.clear(); // as after an import: the log only
    const depth = rt.events.length;
    const first = await SessionRuntime.open(reopen(db), tallyLogic, rt.session.id, { snapshotEvery: 4 });
    await first.cacheWrite;
    const cached = (await db.snapshots.toArray()).sort((a, b) => b.depth - a.depth);
    // The state now, and the checkpoints before it: a long game's next open starts a window there.
    const below = [...Array(Math.floor((depth - 1) / 4)).keys()].map((i) => 4 * (i + 1)).reverse();
    expect(cached.map((c) => c.depth)).toEqual([depth, ...below.slice(0, 4)]);
    // Tamper with the newest: an open that starts from it shows the tampered value.
    (cached[0].state.context as TallyContext).rolls = [6, 6, 6];
    await db.snapshots.put(cached[0]);
    const second = await SessionRuntime.open(reopen(db), tallyLogic, rt.session.id, { snapshotEvery: 4 });
    expect(ctx(second).rolls).toEqual([6, 6, 6]);
    await second.cacheWrite;
    expect(await db.snapshots.count()).toBe(cached.length); // nothing replayed: nothing new written
  });

  it('a finished game caches the state it ended in, whatever N is', async () => {
    const { db, rt } = await start({ snapshotEvery: 1000 });
    await sendAll(rt, someEvents);
    expect(await db.snapshots.count()).toBe(0);
    expect(rt.send({ type: 'FINISH' })).toEqual({ ok: true });
    await rt.saved();
    expect(rt.snapshot.status).toBe('done');
    expect((await db.snapshots.toArray()).map((c) => c.depth)).toEqual([rt.events.length]);
  });

  it('loads from the cached snapshot rather than replaying everything', async () => {
    const { db, rt } = await start({ snapshotEvery: 2 });
    await sendAll(rt, someEvents.slice(0, 4));
    // Tamper with the cache (not the log): a load that trusts the cache shows the tampered value.
    const snap = (await db.snapshots.toArray()).find((s) => s.depth === 4)!;
    (snap.state.context as TallyContext).rolls = [6, 6, 6];
    await db.snapshots.put(snap);
    const fresh = await SessionRuntime.open(reopen(db), tallyLogic, rt.session.id);
    expect((fresh.snapshot.context as TallyContext).rolls).toEqual([6, 6, 6]);
  });

  it('a cached snapshot from an older machine version falls back to a full replay', async () => {
    const { db, rt } = await start({ snapshotEvery: 2 });
    await sendAll(rt, someEvents);
    for (const snap of await db.snapshots.toArray()) {
      snap.version = 0;
      (snap.state.context as TallyContext).scores = [999, 999];
      await db.snapshots.put(snap);
    }
    const fresh = await SessionRuntime.open(reopen(db), tallyLogic, rt.session.id);
    expect(sameState(fresh.snapshot, rt.snapshot)).toBe(true);
    expect(fresh.problem).toBeUndefined();
  });

  it('a cached snapshot the machine cannot resolve falls back to replay', async () => {
    const { db, rt } = await start({ snapshotEvery: 2 });
    await sendAll(rt, someEvents);
    for (const snap of await db.snapshots.toArray()) {
      snap.state.value = { nowhere: 'at-all' };
      await db.snapshots.put(snap);
    }
    const fresh = await SessionRuntime.open(reopen(db), tallyLogic, rt.session.id);
    expect(sameState(fresh.snapshot, rt.snapshot)).toBe(true);
  });

  it('a stored event the machine no longer accepts: read-only, clear message, raw log kept', async () => {
    const { db, rt } = await start();
    await sendAll(rt, someEvents.slice(0, 3));
    const second = await db.events.get([rt.session.id, 2]);
    second!.event = { type: 'ADD', player: 1, amount: -500 };
    await db.events.put(second!);
    const logBefore = await db.events.toArray();

    const fresh = await SessionRuntime.open(reopen(db), tallyLogic, rt.session.id);
    expect(fresh.readOnly).toBe(true);
    expect(fresh.problem).toContain('step 2');
    expect(fresh.problem).toContain('Ben +5');
    expect((fresh.snapshot.context as TallyContext).scores).toEqual([3, 0]);
    const r = fresh.send({ type: 'ADD', player: 0, amount: 1 });
    expect(r.ok).toBe(false);
    expect(fresh.undo()).toMatchObject({ ok: false });
    await fresh.flushRecord();
    expect(await db.events.toArray()).toEqual(logBefore);
  });

  it('a damaged log (a gap in the numbers) is shown up to the gap, read-only', async () => {
    const { db, rt } = await start();
    await sendAll(rt, someEvents.slice(0, 4));
    await db.events.delete([rt.session.id, 3]);
    const fresh = await SessionRuntime.open(reopen(db), tallyLogic, rt.session.id);
    expect(fresh.readOnly).toBe(true);
    expect(fresh.problem).toContain('damaged');
    expect((fresh.snapshot.context as TallyContext).scores).toEqual([3, 5]);
  });

  it('a session whose setup no longer fits is reported, not opened', async () => {
    const { db, rt } = await start();
    await db.sessions.update(rt.session.id, { setup: { players: [], seed: 'X' } as never });
    await expect(SessionRuntime.open(reopen(db), tallyLogic, rt.session.id)).rejects.toThrow(
      /cannot be opened: a tally needs at least one player/
    );
  });

  it('opening a missing session says so', async () => {
    const db = freshDb();
    await expect(SessionRuntime.open(db, tallyLogic, 'nope')).rejects.toBeInstanceOf(SessionNotFoundError);
  });

  it('taps made while a write is pending queue behind it, in order, and are all stored', async () => {
    const { db, rt } = await start();
    const results = [
      rt.send({ type: 'ADD', player: 0, amount: 1 }),
      rt.send({ type: 'ADD', player: 0, amount: 1 }),
      rt.undo(),
      rt.send({ type: 'ADD', player: 1, amount: 2 })
    ];
    expect(results.every((r) => r.ok)).toBe(true);
    // Shown at once, before anything is written.
    expect(ctx(rt).scores).toEqual([1, 2]);
    expect(rt.pending).toBe(true);
    await rt.saved();
    expect(rt.pending).toBe(false);
    expect((await db.events.toArray()).map((e) => [e.seq, e.kind])).toEqual([
      [1, 'event'],
      [2, 'event'],
      [3, 'undo'],
      [4, 'event']
    ]);
    const fresh = await SessionRuntime.open(reopen(db), tallyLogic, rt.session.id);
    expect(sameState(fresh.snapshot, rt.snapshot)).toBe(true);
  });

  it('a tap carries the step it was made on: a second tap on a step already moved on is dropped', async () => {
    const { rt } = await start();
    const seen = rt.head;
    expect(rt.send({ type: 'NEXT_ROUND' }, { seen })).toEqual({ ok: true });
    // The double tap's second half was made on the same painted step.
    expect(rt.send({ type: 'NEXT_ROUND' }, { seen })).toMatchObject({ ok: false, quiet: true });
    expect(ctx(rt).round).toBe(2);
    await rt.saved();
    expect(rt.log).toHaveLength(1);
  });

  it('a change made in another tab: this tab’s racing tap is taken back with a message, then it catches up', async () => {
    const { db, rt } = await start();
    rt.send({ type: 'ADD', player: 0, amount: 1 });
    await rt.saved();
    const otherDb = reopen(db);
    const other = await SessionRuntime.open(otherDb, tallyLogic, rt.session.id);
    other.send({ type: 'ADD', player: 1, amount: 7 });
    await other.saved();

    // This tab has not heard of it yet: its tap is shown, then its write loses the race.
    const failures: string[] = [];
    rt.onFailure((reason) => failures.push(reason));
    expect(rt.send({ type: 'ADD', player: 0, amount: 1 })).toEqual({ ok: true });
    expect(ctx(rt).scores).toEqual([2, 0]);
    await rt.saved();
    expect(failures).toEqual([
      'This game was changed in another tab or window. Here it is now; your last tap was not applied.'
    ]);
    await rt.reload();
    expect(ctx(rt).scores).toEqual([1, 7]);
    expect(rt.send({ type: 'ADD', player: 0, amount: 1 })).toEqual({ ok: true });
    await rt.saved();
    await other.reload();
    expect(ctx(other).scores).toEqual([2, 7]);
  });

  it('a tap made on the state from before another tab’s change is refused with the game as it is now', async () => {
    const { db, rt } = await start();
    const other = await SessionRuntime.open(reopen(db), tallyLogic, rt.session.id);
    other.send({ type: 'ADD', player: 1, amount: 7 });
    await other.saved();
    const seen = rt.head; // what this tab's screen showed
    await rt.reload(); // the other tab's change arrives before the tap is handled
    const r = rt.send({ type: 'ADD', player: 0, amount: 1 }, { seen });
    expect(r.ok).toBe(false);
    expect(r).toMatchObject({ reason: expect.stringMatching(/changed in another tab/) });
    expect(ctx(rt).scores).toEqual([0, 7]);
    // A tap on what is shown now goes through.
    expect(rt.send({ type: 'ADD', player: 0, amount: 1 }, { seen: rt.head })).toEqual({ ok: true });
  });

  it('the notice of its own write does not make a tab reload', async () => {
    const { rt } = await start();
    rt.send({ type: 'ADD', player: 0, amount: 2 });
    await rt.saved();
    let notified = 0;
    const stop = rt.subscribe(() => notified++);
    await rt.reload(); // what the play screen does when the stored log changes
    expect(notified).toBe(0);
    rt.send({ type: 'ADD', player: 1, amount: 1 });
    expect(notified).toBe(1);
    stop();
  });

  it('a write that fails keeps the game on screen and holds its taps; a write that succeeds again stores them all, in order', async () => {
    const { db, rt } = await start();
    rt.send({ type: 'ADD', player: 0, amount: 1 });
    await rt.saved();
    const failures: string[] = [];
    let savedAgain = 0;
    rt.onFailure((reason) => failures.push(reason));
    rt.onSavedAgain(() => savedAgain++);
    // Writes fail, as when the disk is full.
    const hook = (() => {
      throw Object.assign(new Error('QuotaExceededError'), { name: 'QuotaExceededError' });
    }) as never;
    db.events.hook('creating', hook);
    rt.send({ type: 'ADD', player: 0, amount: 5 });
    rt.send({ type: 'ADD', player: 1, amount: 2 });
    await rt.saved();
    // Kept: the page holds the only copy, and says so until it is saved.
    expect(ctx(rt).scores).toEqual([6, 2]);
    expect(rt.held).toBe(true);
    expect(rt.pending).toBe(false);
    expect(rt.unsaved).toMatch(/^Your phone is out of space\. This game is kept only on this screen/);
    expect(failures).toHaveLength(1);
    expect(await db.events.count()).toBe(1);
    // Taps go on while full, in order; a try that still fails keeps everything.
    expect(rt.send({ type: 'NEXT_ROUND' })).toEqual({ ok: true });
    expect(rt.undo()).toEqual({ ok: true });
    expect(rt.send({ type: 'ADD', player: 1, amount: 3 })).toEqual({ ok: true });
    expect(await rt.retry()).toBe(false);
    expect(rt.held).toBe(true);
    expect(await db.events.count()).toBe(1);
    // Another tab's notice never trades the held steps for the stored ones.
    await rt.reload(1);
    expect(ctx(rt).scores).toEqual([6, 5]);

    db.events.hook('creating').unsubscribe(hook);
    expect(await rt.retry()).toBe(true);
    expect(rt.held).toBe(false);
    expect(rt.unsaved).toBeUndefined();
    expect(savedAgain).toBe(1);
    const stored = await db.events.where('sessionId').equals(rt.session.id).sortBy('seq');
    expect(stored.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(stored.map((e) => e.label)).toEqual(rt.log.map((e) => e.label));
    expect((await db.sessions.get(rt.session.id))!.head).toBe(6);
    // And the game goes on, stored as usual.
    expect(rt.send({ type: 'ADD', player: 0, amount: 1 })).toEqual({ ok: true });
    await rt.saved();
    const fresh = await SessionRuntime.open(reopen(db), tallyLogic, rt.session.id);
    expect((fresh.snapshot.context as TallyContext).scores).toEqual([7, 5]);
    rt.close();
  });

  it('the database deleted under an open game: the whole game is written back when storage takes it again', async () => {
    const { db, rt } = await start();
    await sendAll(rt, someEvents.slice(0, 3));
    // The browser threw the database away (its tables are empty now).
    await db.transaction('rw', db.events, db.sessions, db.snapshots, async () => {
      await db.events.clear();
      await db.sessions.clear();
      await db.snapshots.clear();
    });
    rt.send({ type: 'ROLL', player: 1, value: 6 });
    await rt.saved();
    expect(rt.held).toBe(true);
    expect(rt.unsaved).toMatch(
      /^The browser would not save this game, most likely because the phone is out of space\. This game is kept only on this screen/
    );
    expect(ctx(rt)).toMatchObject({ round: 2, rolls: [6] });
    rt.send({ type: 'ADD', player: 0, amount: -1 });
    expect(await rt.retry()).toBe(true);
    const fresh = await SessionRuntime.open(reopen(db), tallyLogic, rt.session.id);
    expect(fresh.log.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(sameState(fresh.snapshot, rt.snapshot)).toBe(true);
    expect(fresh.session.setup).toEqual(rt.setup);
    rt.close();
  });

  it('a crash between paint and write: after a restart the game is exactly the stored log', async () => {
    const db = freshDb();
    let writes: (() => void)[] = [];
    const rt = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup(), {
      now: fakeClock(),
      schedule: (run) => writes.push(run)
    });
    rt.send({ type: 'ADD', player: 0, amount: 3 });
    writes.splice(0).forEach((w) => w());
    await rt.saved();
    rt.send({ type: 'ADD', player: 1, amount: 4 }); // painted, never written: the tab dies here
    expect(ctx(rt).scores).toEqual([3, 4]);
    writes = [];
    const restarted = await SessionRuntime.open(reopen(db), tallyLogic, rt.session.id);
    expect((restarted.snapshot.context as TallyContext).scores).toEqual([3, 0]);
    expect(restarted.log.map((e) => e.label)).toEqual(['Ana +3']);
    const replayed = replay(tallyLogic, initialState(tallyLogic, restarted.setup), restarted.events);
    expect(sameState(replayed, restarted.snapshot)).toBe(true);
  });

  it('writes the session record when the status or the round changes, and when flushed', async () => {
    const { db, rt } = await start();
    const stored = async () => (await db.sessions.get(rt.session.id))!;
    expect(rt.session.summary).toBe('Round 1 · Ana 0, Ben 0');
    rt.send({ type: 'ADD', player: 1, amount: 4 });
    await rt.saved();
    // The first step is written (the game was played); later ordinary taps write the log entry
    // only, the summary waiting for the round's end.
    expect((await stored()).summary).toBe('Round 1 · Ana 0, Ben 4');
    rt.send({ type: 'ADD', player: 1, amount: 1 });
    await rt.saved();
    expect((await stored()).summary).toBe('Round 1 · Ana 0, Ben 4');
    expect(rt.summary).toBe('Round 1 · Ana 0, Ben 5');
    rt.send({ type: 'NEXT_ROUND' });
    await rt.saved();
    expect(await stored()).toMatchObject({ summary: 'Round 2 · Ana 0, Ben 5', head: 3 });
    rt.send({ type: 'BONUS_DONE' });
    rt.send({ type: 'ADD', player: 0, amount: 2 });
    await rt.flushRecord(); // what the play screen does when the page is hidden
    expect(await stored()).toMatchObject({ summary: 'Round 2 · Ana 2, Ben 5', head: 5 });
    rt.send({ type: 'FINISH' });
    await rt.saved();
    expect((await stored()).status).toBe('finished');
    expect(rt.send({ type: 'ADD', player: 0, amount: 1 })).toEqual({
      ok: false,
      reason: 'The game is over. Undo the last step to change it.'
    });
    rt.undo();
    await rt.saved();
    expect((await stored()).status).toBe('active');
    await rt.archive();
    expect((await db.sessions.get(rt.session.id))!.status).toBe('archived');
    await rt.reopen();
    expect((await db.sessions.get(rt.session.id))!.status).toBe('active');
    await rt.finish();
    expect(rt.session.status).toBe('finished');
  });

  it('exposes the deepest state meta for the play screen', async () => {
    const { rt } = await start();
    expect(rt.meta).toEqual({ title: 'Scoring', now: 'Add each player’s points.', rules: ['scoring'] });
    rt.send({ type: 'NEXT_ROUND' });
    expect(rt.meta?.title).toBe('Bonus');
  });

  it('refuses to create a session from a bad setup', async () => {
    const db = freshDb();
    await expect(
      SessionRuntime.create(db, tallyLogic, 'tally', { ...tallySetup(), target: 0 })
    ).rejects.toThrow('the target must be a whole number above 0');
    expect(await db.sessions.count()).toBe(0);
  });
});
