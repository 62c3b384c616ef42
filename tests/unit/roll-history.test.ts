/** Rolls among the history's lines by time, never among the undone ones (#57). */
import { describe, expect, it } from 'vitest';
import { withRolls } from '../../src/lib/comforts/roll-history';
import type { HistoryItem } from '../../src/lib/session/log-store';

const step = (seq: number, time: number, period: number, undone = false): HistoryItem => ({
  seq,
  label: `step ${seq}`,
  time,
  undone,
  minor: false,
  period
});

describe('rolls in the history', () => {
  // Newest first: step 4 undone (redo can bring it back), then 3, 2, 1 in effect.
  const items = [step(4, 400, 2, true), step(3, 300, 2), step(2, 200, 1), step(1, 100, 1)];

  it('are placed by time among the steps in effect, in the turn of the step before them', () => {
    const rolls = [
      { time: 50, dice: 'coin', values: [1] },
      { time: 250, dice: 'd20', values: [17] },
      { time: 500, dice: '2×d6', values: [3, 4] }
    ];
    const out = withRolls(items, rolls, 2);
    expect(out.map((i) => i.label)).toEqual([
      'step 4',
      'Rolled 2×d6: 3, 4 (total 7)',
      'step 3',
      'Rolled d20: 17',
      'step 2',
      'step 1',
      'Coin: heads'
    ]);
    const d20 = out.find((i) => i.label.startsWith('Rolled d20'))!;
    expect(d20).toMatchObject({ roll: true, undone: false, period: 1, seq: -2 });
    // The newest roll is after step 3 (turn 2); the first, before any step, takes step 1's turn.
    expect(out[1].period).toBe(2);
    expect(out.at(-1)!.period).toBe(1);
    expect(new Set(out.map((i) => i.seq)).size).toBe(out.length);
  });

  it('keep the turn they were thrown in, when they know it', () => {
    const out = withRolls(items, [{ time: 250, dice: 'd20', values: [17], period: 2 }], 2);
    expect(out.find((i) => i.roll)).toMatchObject({ period: 2, label: 'Rolled d20: 17' });
  });

  it('take the game’s turn when there is no step, and leave the list alone when there are none', () => {
    expect(withRolls([], [{ time: 1, dice: 'd4', values: [2] }], 1)[0]).toMatchObject({ period: 1 });
    expect(withRolls(items, undefined)).toEqual(items);
  });
});
