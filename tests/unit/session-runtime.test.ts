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
  for (const e of events) expect(await rt.send(e)).toEqual({ ok: true });
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
    expect(await rt.undo()).toEqual({ ok: true });
    expect(rt.snapshot.value).toEqual({ round: 'scoring' });
    expect(ctx(rt).round).toBe(1);
    expect(await rt.undo()).toEqual({ ok: true });
    expect(ctx(rt).scores).toEqual([3, 0]);
    expect(rt.redoLabel).toBe('Ben +5');
    expect(await rt.redo()).toEqual({ ok: true });
    expect(await rt.redo()).toEqual({ ok: true });
    expect(storeState(rt.snapshot)).toEqual(after3);
    expect(rt.canRedo).toBe(false);

    await rt.undo();
    expect(rt.canRedo).toBe(true);
    await rt.send({ type: 'ADD', player: 0, amount: 1 });
    expect(rt.canRedo).toBe(false);
    expect(await rt.redo()).toEqual({ ok: false, reason: 'There is nothing to redo.' });
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
    expect(await rt.undo()).toEqual({ ok: false, reason: 'There is nothing to undo.' });
    expect(rt.log).toHaveLength(0);
  });

  it('a refused event gives a plain reason and changes neither log nor state', async () => {
    const { db, rt } = await start();
    await sendAll(rt, someEvents.slice(0, 2));
    const before = storeState(rt.snapshot);
    const logBefore = await db.events.toArray();
    const sessionBefore = await db.sessions.get(rt.session.id);

    const r1 = await rt.send({ type: 'ADD', player: 0, amount: -10 });
    expect(r1).toEqual({ ok: false, reason: 'Ana cannot go below 0.' });
    const r2 = await rt.send({ type: 'ADD', player: 0, amount: 1.5 });
    expect(r2).toEqual({ ok: false, reason: 'Points must be a whole number.' });
    const r3 = await rt.send({ type: 'ROLL', player: 0, value: 3 });
    expect(r3).toEqual({ ok: false, reason: 'That is not possible during “Scoring”.' });
    const r4 = await rt.send({ type: 'NOPE' } as never);
    expect(r4.ok).toBe(false);

    expect(storeState(rt.snapshot)).toEqual(before);
    expect(await db.events.toArray()).toEqual(logBefore);
    expect(await db.sessions.get(rt.session.id)).toEqual(sessionBefore);
    expect(rt.check({ type: 'ADD', player: 1, amount: -99 })).toBe('Ben cannot go below 0.');
    expect(rt.check({ type: 'ADD', player: 1, amount: 1 })).toBeUndefined();
  });

  it('after every single event a fresh runtime on the same database shows the same state', async () => {
    const { db, rt } = await start({ snapshotEvery: 3 });
    const steps: Array<() => Promise<unknown>> = [
      ...someEvents.map((e) => () => rt.send(e)),
      () => rt.undo(),
      () => rt.undo(),
      () => rt.redo(),
      () => rt.send({ type: 'FINISH' })
    ];
    for (const stepFn of steps) {
      await stepFn();
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
    const r = await fresh.send({ type: 'ADD', player: 0, amount: 1 });
    expect(r.ok).toBe(false);
    expect(await fresh.undo()).toMatchObject({ ok: false });
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

  it('double taps are applied one after the other, never racing for the same number', async () => {
    const { rt } = await start();
    const results = await Promise.all([
      rt.send({ type: 'ADD', player: 0, amount: 1 }),
      rt.send({ type: 'ADD', player: 0, amount: 1 }),
      rt.undo(),
      rt.send({ type: 'ADD', player: 1, amount: 2 })
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(rt.log.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(ctx(rt).scores).toEqual([1, 2]);
  });

  it('a change made in another tab is detected, and this tab catches up', async () => {
    const { db, rt } = await start();
    await rt.send({ type: 'ADD', player: 0, amount: 1 });
    const otherDb = reopen(db);
    const other = await SessionRuntime.open(otherDb, tallyLogic, rt.session.id);
    await other.send({ type: 'ADD', player: 1, amount: 7 });

    const r = await rt.send({ type: 'ADD', player: 0, amount: 1 });
    expect(r).toEqual({
      ok: false,
      reason: 'This game was changed in another tab. It is now up to date here; try again.'
    });
    expect(ctx(rt).scores).toEqual([1, 7]);
    expect(await rt.send({ type: 'ADD', player: 0, amount: 1 })).toEqual({ ok: true });
    await other.reload();
    expect(ctx(other).scores).toEqual([2, 7]);
  });

  it('the notice of its own write does not make a tab reload', async () => {
    const { rt } = await start();
    await rt.send({ type: 'ADD', player: 0, amount: 2 });
    let notified = 0;
    const stop = rt.subscribe(() => notified++);
    await rt.reload(); // what the play screen does when the stored record changes
    expect(notified).toBe(0);
    await rt.send({ type: 'ADD', player: 1, amount: 1 });
    expect(notified).toBe(1);
    stop();
  });

  it('keeps the summary and status of the session record up to date', async () => {
    const { db, rt } = await start();
    expect(rt.session.summary).toBe('Round 1 · Ana 0, Ben 0');
    await rt.send({ type: 'ADD', player: 1, amount: 4 });
    expect((await db.sessions.get(rt.session.id))!.summary).toBe('Round 1 · Ana 0, Ben 4');
    await rt.send({ type: 'FINISH' });
    expect((await db.sessions.get(rt.session.id))!.status).toBe('finished');
    expect(await rt.send({ type: 'ADD', player: 0, amount: 1 })).toEqual({
      ok: false,
      reason: 'The game is over. Undo the last step to change it.'
    });
    await rt.undo();
    expect((await db.sessions.get(rt.session.id))!.status).toBe('active');
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
    await rt.send({ type: 'NEXT_ROUND' });
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
