/**
 * A long game opens as a window onto its newest steps (load.ts, Timeline.resetWindow): the same
 * state, head, undo and redo as opening the whole log, from a few hundred entries read; deep undo
 * reads further back behind the screen; the history can ask for everything; anything the window
 * cannot settle opens the whole log, which says what is wrong.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { readLog } from '../../src/lib/session/load';
import { foldWindow } from '../../src/lib/session/log';
import type { EventRecord } from '../../src/lib/db/records';
import { sameState } from '../../src/lib/session/replay';
import { tallyLogic, tallySetup, type TallyEvent } from '../fixtures/tally';
import { fakeClock, freshDb, reopen } from './helpers';
import type { TablesideDB } from '../../src/lib/db/schema';

const add = (i: number): TallyEvent => ({ type: 'ADD', player: i % 2, amount: 1 });
const options = { snapshotEvery: 10, windowDepth: 30 };

/** A game of `count` additions, played through a runtime (snapshots cached as in the app). */
async function played(count: number) {
  const db = freshDb();
  const rt = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup(['Ana', 'Ben'], 1e9), {
    now: fakeClock(),
    ...options
  });
  for (let i = 0; i < count; i++) expect(rt.send(add(i))).toEqual({ ok: true });
  await rt.saved();
  return { db, rt };
}

const open = (db: TablesideDB, id: string, more = {}) =>
  SessionRuntime.open(reopen(db), tallyLogic, id, { ...options, now: fakeClock(), ...more });

/** What the screen shows of a game: the state, the head and what undo and redo would do. */
function shown(rt: SessionRuntime<any>) {
  return {
    head: rt.head,
    canRedo: rt.canRedo,
    undoLabel: rt.undoLabel,
    redoLabel: rt.redoLabel,
    state: JSON.stringify([rt.snapshot.value, rt.snapshot.context])
  };
}

describe('opening a long game as a window', () => {
  it('shows the same game from the newest entries only', async () => {
    const { db, rt } = await played(500);
    const fresh = await open(db, rt.session.id);
    expect(fresh.complete).toBe(false);
    expect(fresh.log.length).toBeLessThan(80);
    expect(fresh.log.length).toBeGreaterThanOrEqual(30);
    expect(shown(fresh)).toEqual(shown(rt));
    expect(fresh.history).toEqual(rt.history.slice(0, fresh.history.length));
    const whole = await open(db, rt.session.id, { whole: true });
    expect(whole.complete).toBe(true);
    expect(whole.log).toEqual(await readLog(db, rt.session.id));
    expect(shown(whole)).toEqual(shown(rt));
  });

  it('undoes all the way back, reading earlier steps behind the screen', async () => {
    const { db, rt: stored } = await played(300);
    const { rt } = await played(300); // the same game in its own database: the reference
    const fresh = await open(db, stored.session.id);
    for (let n = 300; n > 0; n--) {
      if (!fresh.canUndo) await fresh.deepened();
      expect(fresh.undo()).toEqual({ ok: true });
      expect(rt.undo()).toEqual({ ok: true });
      expect(shown(fresh)).toEqual(shown(rt));
    }
    expect(fresh.undo()).toMatchObject({ ok: false });
    await fresh.saved();
    // Every one of those undos is stored: a whole open agrees.
    const again = await open(db, stored.session.id, { whole: true });
    expect(shown(again)).toEqual(shown(rt));
  });

  it('a game whose newest steps undo past the cache opens from further back', async () => {
    const undoneThenRedone = async () => {
      const game = await played(400);
      for (let i = 0; i < 120; i++) expect(game.rt.undo()).toEqual({ ok: true });
      for (let i = 0; i < 50; i++) expect(game.rt.redo()).toEqual({ ok: true });
      await game.rt.saved();
      return game;
    };
    const { db, rt: stored } = await undoneThenRedone();
    const { rt } = await undoneThenRedone(); // the reference, in its own database
    const fresh = await open(db, stored.session.id);
    expect(fresh.complete).toBe(false);
    expect(shown(fresh)).toEqual(shown(rt));
    // Redo from what is held: the redo stack came with the window.
    for (let i = 0; i < 70; i++) {
      expect(fresh.redo()).toEqual({ ok: true });
      expect(rt.redo()).toEqual({ ok: true });
    }
    expect(shown(fresh)).toEqual(shown(rt));
  });

  it('the history reads every step when asked, keeping taps made meanwhile', async () => {
    const { db, rt: stored } = await played(250);
    const { rt } = await played(250); // the reference, in its own database
    const fresh = await open(db, stored.session.id);
    const reading = fresh.readWhole();
    expect(fresh.send(add(1))).toEqual({ ok: true });
    expect(rt.send(add(1))).toEqual({ ok: true });
    expect(await reading).toBeUndefined();
    expect(fresh.complete).toBe(true);
    const lines = (r: SessionRuntime<any>) =>
      r.history.map(({ seq, label, undone }) => ({ seq, label, undone }));
    expect(lines(fresh)).toEqual(lines(rt));
    expect(shown(fresh)).toEqual(shown(rt));
    await fresh.saved();
    expect(await readLog(db, stored.session.id)).toEqual(fresh.log);
    // Once asked for, every step stays: a reload (another tab wrote) reads them all again.
    await fresh.reload();
    expect(fresh.complete).toBe(true);
    expect(lines(fresh)).toEqual(lines(rt));
  });

  it('cached states of another machine version open the whole log', async () => {
    const { db, rt } = await played(200);
    await db.snapshots.toCollection().modify({ version: tallyLogic.version + 1 });
    const fresh = await open(db, rt.session.id);
    expect(fresh.complete).toBe(true);
    expect(shown(fresh)).toEqual(shown(rt));
  });

  it('a step this version refuses, inside the window, opens the whole log read-only with the reason', async () => {
    // After the newest cached state: a cached state is trusted, the steps after it are checked.
    const { db, rt } = await played(205);
    await db.events.update([rt.session.id, 203], { event: { type: 'ADD', player: 7, amount: 1 } });
    const fresh = await open(db, rt.session.id);
    expect(fresh.complete).toBe(true);
    expect(fresh.readOnly).toBe(true);
    expect(fresh.problem).toMatch(/step 203/);
  });

  it('a gap in the stored log inside the window opens the whole log, which names it', async () => {
    const { db, rt } = await played(200);
    await db.events.delete([rt.session.id, 185]);
    const fresh = await open(db, rt.session.id);
    expect(fresh.complete).toBe(true);
    expect(fresh.problem).toMatch(/damaged/);
  });

  it('an imported game (no cache) caches enough states on its first open for the next to be a window', async () => {
    const { db, rt } = await played(200);
    await db.snapshots.clear();
    const first = await open(db, rt.session.id);
    expect(first.complete).toBe(true);
    await first.cacheWrite;
    const second = await open(db, rt.session.id);
    expect(second.complete).toBe(false);
    expect(shown(second)).toEqual(shown(rt));
  });

  it('any mix of events, undo and redo opens to what the whole log gives', async () => {
    const step = fc.oneof(
      { weight: 6, arbitrary: fc.constant('event' as const) },
      { weight: 2, arbitrary: fc.constant('undo' as const) },
      { weight: 1, arbitrary: fc.constant('redo' as const) }
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 30, maxLength: 160 }), async (steps) => {
        const db = freshDb();
        const small = { snapshotEvery: 3, windowDepth: 5 };
        const rt = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup(['Ana', 'Ben'], 1e9), {
          now: fakeClock(),
          ...small
        });
        steps.forEach((s, i) => (s === 'event' ? rt.send(add(i)) : s === 'undo' ? rt.undo() : rt.redo()));
        await rt.saved();
        const window = await SessionRuntime.open(reopen(db), tallyLogic, rt.session.id, small);
        const whole = await SessionRuntime.open(reopen(db), tallyLogic, rt.session.id, {
          ...small,
          whole: true
        });
        expect(shown(window)).toEqual(shown(whole));
        expect(sameState(window.snapshot, rt.snapshot)).toBe(true);
        expect(window.history).toEqual(whole.history.slice(0, window.history.length));
      }),
      { numRuns: 40 }
    );
  });

  it('a window that undoes its first event, or has a gap, is refused: what comes before it is needed', () => {
    const at = (seq: number, kind: EventRecord['kind'] = 'event'): EventRecord =>
      ({
        sessionId: 's',
        seq,
        kind,
        time: 0,
        label: String(seq),
        ...(kind === 'event' ? { event: add(seq) } : {})
      }) as EventRecord;
    expect(foldWindow([at(10), at(11), at(12, 'undo')])?.effective.map((e) => e.seq)).toEqual([10]);
    expect(foldWindow([at(10), at(11, 'undo'), at(12), at(13), at(14)])).toBeUndefined();
    expect(foldWindow([at(10), at(11), at(12, 'undo'), at(13, 'undo')])).toBeUndefined();
    expect(foldWindow([at(10), at(12)])).toBeUndefined();
    expect(foldWindow([at(10), at(11, 'redo')])).toBeUndefined();
    expect(foldWindow([at(10, 'undo'), at(11)])).toBeUndefined();
  });
});
