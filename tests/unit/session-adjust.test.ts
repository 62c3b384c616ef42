import { describe, expect, it } from 'vitest';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { ADJUST_WINDOW_MS } from '../../src/lib/session/adjust';
import type { GameEvent } from '../../src/lib/db/records';
import type { GameLogic } from '../../src/lib/session/types';
import { tallyLogic, tallySetup, type TallyContext, type TallyEvent } from '../fixtures/tally';
import { freshDb } from './helpers';

type Add = Extract<TallyEvent, { type: 'ADD' }>;

// The tally game with its score taps as counters: quick taps on one player's score are one.
const logic: GameLogic<any> = {
  ...tallyLogic,
  adjusts: {
    key: (e: GameEvent) => (e.type === 'ADD' ? `score:${(e as Add).player}` : undefined),
    sum: (events: readonly GameEvent[]) => ({
      ...(events[0] as Add),
      amount: events.reduce((total, e) => total + (e as Add).amount, 0)
    })
  }
};

/** A runtime whose clock the test moves: `wait(ms)` passes time between taps. */
async function start() {
  let now = Date.UTC(2026, 10, 22, 18, 0, 0);
  const db = freshDb();
  const rt = await SessionRuntime.create(db, logic, 'tally', tallySetup(), { now: () => now });
  const wait = (ms: number) => (now += ms);
  // Both players start at 10 (a score never goes below 0), well before the taps under test.
  rt.send({ type: 'ADD', player: 0, amount: 10 });
  wait(5000);
  rt.send({ type: 'ADD', player: 1, amount: 10 });
  wait(5000);
  return { db, rt, wait };
}

const ctx = (rt: SessionRuntime<any>) => rt.snapshot.context as TallyContext;
const minus = (player: number): TallyEvent => ({ type: 'ADD', player, amount: -1 });
const lines = (rt: SessionRuntime<any>) => rt.history.map((h) => h.label);

describe('quick taps on one counter are one adjustment', () => {
  it('three quick -1 taps are one history line and one undo step; redo brings all three back', async () => {
    const { rt, wait } = await start();
    for (let i = 0; i < 3; i++) {
      expect(rt.send(minus(1))).toEqual({ ok: true });
      wait(600);
    }
    await rt.saved();
    expect(ctx(rt).scores).toEqual([10, 7]);
    // The log keeps every tap; the history and undo read them as one.
    expect(rt.log).toHaveLength(5);
    expect(lines(rt)).toEqual(['Ben -3', 'Ben +10', 'Ana +10']);
    expect(rt.undoLabel).toBe('Ben -3');

    expect(rt.undo()).toEqual({ ok: true });
    expect(ctx(rt).scores).toEqual([10, 10]);
    expect(rt.redoLabel).toBe('Ben -3');
    expect(lines(rt)).toEqual(['Ben -3', 'Ben +10', 'Ana +10']);
    expect(rt.history[0].undone).toBe(true);
    expect(rt.undoLabel).toBe('Ben +10');

    expect(rt.redo()).toEqual({ ok: true });
    expect(ctx(rt).scores).toEqual([10, 7]);
    expect(rt.canRedo).toBe(false);
    expect(lines(rt)).toEqual(['Ben -3', 'Ben +10', 'Ana +10']);
    await rt.saved();
  });

  it('the undo of a whole adjustment is written together and survives a reopen', async () => {
    const { db, rt, wait } = await start();
    for (let i = 0; i < 3; i++) {
      rt.send(minus(0));
      wait(500);
    }
    rt.undo();
    await rt.saved();
    const stored = await db.events.where('sessionId').equals(rt.session.id).toArray();
    expect(stored.map((e) => e.kind)).toEqual([
      'event',
      'event',
      'event',
      'event',
      'event',
      'undo',
      'undo',
      'undo'
    ]);
    const again = await SessionRuntime.open(db, logic, rt.session.id);
    expect(ctx(again).scores).toEqual([10, 10]);
    expect(again.redoLabel).toBe('Ana -3');
  });

  it('a pause longer than the window starts a new adjustment', async () => {
    const { rt, wait } = await start();
    rt.send(minus(1));
    wait(500);
    rt.send(minus(1));
    wait(ADJUST_WINDOW_MS + 1);
    rt.send(minus(1));
    expect(lines(rt).slice(0, 2)).toEqual(['Ben -1', 'Ben -2']);
    rt.undo();
    expect(ctx(rt).scores).toEqual([10, 8]);
    rt.undo();
    expect(ctx(rt).scores).toEqual([10, 10]);
    await rt.saved();
  });

  it('another tap between, or an undo between, splits them', async () => {
    const { rt, wait } = await start();
    rt.send(minus(1));
    wait(300);
    rt.send(minus(0));
    wait(300);
    rt.send(minus(1));
    expect(lines(rt).slice(0, 3)).toEqual(['Ben -1', 'Ana -1', 'Ben -1']);
    rt.undo();
    expect(ctx(rt).scores).toEqual([9, 9]);

    // Tap, undo, tap: the undone tap is gone and the next one starts afresh.
    wait(300);
    rt.send(minus(0));
    expect(lines(rt).slice(0, 3)).toEqual(['Ana -1', 'Ana -1', 'Ben -1']);
    rt.undo();
    expect(ctx(rt).scores).toEqual([9, 9]);
    await rt.saved();
  });
});

describe('a burst on any "one more" control is one adjustment, in every game', () => {
  /** The tally game as a game that names no counters: only the kit's rule groups its taps. */
  async function plain() {
    let now = Date.UTC(2026, 10, 22, 18, 0, 0);
    const db = freshDb();
    const rt = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup(), { now: () => now });
    rt.send({ type: 'ADD', player: 1, amount: 10 });
    now += 5000;
    return { db, rt, wait: (ms: number) => (now += ms) };
  }

  it('five repeat taps 100 ms apart are one line and one undo; a reload and a backup read them the same', async () => {
    const { db, rt, wait } = await plain();
    for (let i = 0; i < 5; i++) {
      expect(rt.send(minus(1), { repeat: true })).toEqual({ ok: true });
      wait(100);
    }
    expect(ctx(rt).scores).toEqual([0, 5]);
    expect(lines(rt)).toEqual(['Ben -1, 5 times', 'Ben +10']);
    expect(rt.undo()).toEqual({ ok: true });
    expect(ctx(rt).scores).toEqual([0, 10]);
    expect(rt.redoLabel).toBe('Ben -1, 5 times');
    expect(rt.redo()).toEqual({ ok: true });
    await rt.saved();
    const again = await SessionRuntime.open(db, tallyLogic, rt.session.id);
    expect(again.history.map((h) => h.label)).toEqual(['Ben -1, 5 times', 'Ben +10']);
    expect(again.undo()).toEqual({ ok: true });
    expect((again.snapshot.context as TallyContext).scores).toEqual([0, 10]);
  });

  it('the same event sent without repeat (a move-on control), another event, or a pause apart stays apart', async () => {
    const { rt, wait } = await plain();
    rt.send(minus(1));
    wait(100);
    rt.send(minus(1));
    wait(100);
    rt.send(minus(1), { repeat: true });
    wait(100);
    rt.send(minus(1), { repeat: true });
    wait(100);
    rt.send({ type: 'ADD', player: 1, amount: -2 }, { repeat: true });
    wait(ADJUST_WINDOW_MS + 1);
    rt.send({ type: 'ADD', player: 1, amount: -2 }, { repeat: true });
    expect(lines(rt)).toEqual(['Ben -2', 'Ben -2', 'Ben -1, 2 times', 'Ben -1', 'Ben -1', 'Ben +10']);
  });
});
