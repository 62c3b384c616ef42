/**
 * "Back to here" as stored: a game with a back is kept, opened again (whole or as a window),
 * exported and imported to the same state; a file whose back goes too far or says no count is
 * refused in plain words, never a crash.
 */
import { describe, expect, it } from 'vitest';
import { importBackup } from '../../src/lib/backup/import';
import { exportBackup } from '../../src/lib/backup/write';
import { readLog } from '../../src/lib/session/load';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { tallySetup } from '../fixtures/tally';
import { EXPORTED, LEAK, T0, resolveTally, tally } from './backup-helpers';
import { fakeClock, freshDb } from './helpers';

async function played(steps: number) {
  const db = freshDb();
  const now = fakeClock(T0);
  const game = await SessionRuntime.create(db, tally, 'tally', tallySetup(['Ana', 'Ben'], 100_000), { now });
  for (let i = 0; i < steps; i++) game.send({ type: 'ADD', player: i % 2, amount: i + 1 });
  await game.saved();
  return { db, game, now };
}
const scores = (game: { snapshot: { context: unknown } }) =>
  (game.snapshot.context as { scores: number[] }).scores;

describe('a game with a back, stored', () => {
  it('goes back ten steps as one entry, one undo, and opens again the same', async () => {
    const { db, game } = await played(12);
    const newest = game.history[0].seq;
    const seq = game.history.at(-2)!.seq; // the second step
    const plan = game.backPlan(seq);
    expect(plan).toMatchObject({ steps: 10, now: game.summary });
    expect(game.backTo(seq)).toEqual({ ok: true });
    // The question said what the game's line would be after it.
    expect(game.summary).toBe((plan as { after: string }).after);
    expect(game.summary).not.toBe((plan as { now: string }).now);
    expect(scores(game)).toEqual([1, 2]);
    expect(game.undoLabel).toMatch(/^Back 10 steps, to “/);
    expect(game.backPlan(newest)).toEqual({
      reason: 'That step is no longer in effect, so the game cannot go back to it.'
    });
    await game.saved();
    const log = await readLog(db, game.session.id);
    expect(log.map((e) => e.kind)).toEqual([...Array(12).fill('event'), 'back']);
    expect(scores(await SessionRuntime.open(db, tally, game.session.id))).toEqual([1, 2]);
    game.undo();
    expect(scores(game)).toEqual([36, 42]);
    await game.saved();
    expect(scores(await SessionRuntime.open(db, tally, game.session.id))).toEqual([36, 42]);
    game.redo();
    await game.saved();
    expect(scores(await SessionRuntime.open(db, tally, game.session.id))).toEqual([1, 2]);
  });

  it('a long game opened as a window goes back within it, and undo brings it back', async () => {
    const { db, game, now } = await played(120);
    await game.flushRecord();
    const opened = await SessionRuntime.open(db, tally, game.session.id, { windowDepth: 20, now });
    expect(opened.complete).toBe(false);
    const seq = opened.history[10].seq;
    expect(opened.backTo(seq)).toEqual({ ok: true });
    await opened.saved();
    const whole = await SessionRuntime.open(db, tally, game.session.id, { whole: true });
    expect(whole.snapshot.context).toEqual(opened.snapshot.context);
    opened.undo();
    expect(opened.snapshot.context).toEqual(game.snapshot.context);
  });

  it('exports and imports to the same game', async () => {
    const { db, game } = await played(12);
    game.backTo(game.history.at(-2)!.seq);
    await game.saved();
    await game.flushRecord();
    const backup = await exportBackup(db, '0.1.0', EXPORTED);
    expect(backup.events.at(-1)).toMatchObject({ kind: 'back', steps: 10 });
    const here = freshDb();
    expect(await importBackup(here, JSON.stringify(backup), resolveTally)).toMatchObject({ ok: true });
    expect(scores(await SessionRuntime.open(here, tally, game.session.id))).toEqual([1, 2]);
    expect((await exportBackup(here, '0.1.0', EXPORTED)).events).toEqual(backup.events);
  });

  it('refuses a file whose back goes too far, or has no count, in plain words', async () => {
    const { db, game } = await played(12);
    game.backTo(game.history.at(-2)!.seq);
    await game.saved();
    await game.flushRecord();
    const backup = await exportBackup(db, '0.1.0', EXPORTED);
    const cases: [(e: Record<string, unknown>) => void, RegExp][] = [
      [(e) => (e.steps = 13), /goes back 13 steps, but only 12 are in effect/],
      [(e) => delete e.steps, /missing \(how many steps it goes back\)/],
      [(e) => (e.steps = 'ten'), /steps: expected a number/],
      [(e) => (e.steps = 0), /steps: expected 1 or more/],
      [(e) => ((e.kind = 'undo'), (e.steps = 1)), /not expected on an undo step/]
    ];
    for (const [spoil, words] of cases) {
      const file = structuredClone(backup);
      spoil(file.events.at(-1) as unknown as Record<string, unknown>);
      const result = await importBackup(freshDb(), JSON.stringify(file), resolveTally);
      expect(result.ok).toBe(false);
      const said = JSON.stringify(result);
      expect(said).toMatch(words);
      expect(said).not.toMatch(LEAK);
    }
  });
});

describe('a back of every step (a file may hold one)', () => {
  it('opens at the start, and Undo is offered and brings every step back', async () => {
    const { db, game } = await played(3);
    await game.flushRecord();
    const log = await readLog(db, game.session.id);
    const back = { ...log[0], seq: 4, kind: 'back', steps: 3, label: 'Back 3 steps, to the start' };
    delete (back as { event?: unknown }).event;
    await db.events.add(back as never);
    await db.sessions.update(game.session.id, { head: 4 });
    const opened = await SessionRuntime.open(db, tally, game.session.id);
    expect(scores(opened)).toEqual([0, 0]);
    expect(opened.canUndo).toBe(true);
    expect(opened.undo()).toEqual({ ok: true });
    expect(scores(opened)).toEqual([4, 2]);
  });
});
