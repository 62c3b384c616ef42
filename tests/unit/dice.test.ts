/** Dice and a coin (#57): choices read in plain words, fair draws from an injected source. */
import { describe, expect, it } from 'vitest';
import {
  MAX_ROLLS,
  choiceText,
  drawBelow,
  parseChoice,
  rollLine,
  rollProblem,
  throwChoice,
  withRoll,
  type RandomSource
} from '../../src/lib/comforts/dice';

/** A source that hands out these words in turn, counting how many were asked for. */
function words(...list: number[]): RandomSource & { asked: number } {
  const source = Object.assign(
    (into: Uint32Array) => {
      into[0] = list[source.asked++ % list.length];
      return into;
    },
    { asked: 0 }
  );
  return source;
}

describe('dice', () => {
  it('reads a choice like 3×d6, d20 or the coin, and says what is wrong otherwise', () => {
    expect(parseChoice('3×d6')).toEqual({ ok: true, choice: { kind: 'dice', count: 3, sides: 6 } });
    expect(parseChoice('3xd6')).toEqual(parseChoice('3d6'));
    expect(parseChoice(' d20 ')).toEqual({ ok: true, choice: { kind: 'dice', count: 1, sides: 20 } });
    expect(parseChoice('Coin')).toEqual({ ok: true, choice: { kind: 'coin' } });
    expect(parseChoice('2×d7')).toMatchObject({ ok: false, problem: expect.stringMatching(/no d7/) });
    expect(parseChoice('0×d6')).toMatchObject({ ok: false, problem: expect.stringMatching(/1 to 12/) });
    expect(parseChoice('99×d6')).toMatchObject({ ok: false });
    expect(parseChoice('many')).toMatchObject({ ok: false, problem: expect.stringMatching(/like/) });
    expect(choiceText({ kind: 'dice', count: 3, sides: 6 })).toBe('3×d6');
    expect(choiceText({ kind: 'dice', count: 1, sides: 20 })).toBe('d20');
  });

  it('draws without bias: a word past the last whole multiple is thrown away and drawn again', () => {
    // 2^32 mod 6 = 4: the four highest words would favour faces 1–4, so they are drawn again.
    const top = 2 ** 32 - 1;
    const source = words(top, top - 3, 7);
    expect(drawBelow(6, source)).toBe(1);
    expect(source.asked).toBe(3);
    // The highest word that is kept.
    expect(drawBelow(6, words(2 ** 32 - 5))).toBe((2 ** 32 - 5) % 6);
    expect(() => drawBelow(0, words(1))).toThrow(RangeError);
  });

  it('gives every face of a d20 equally often over a whole cycle of words', () => {
    // Each residue of 0..19 once per cycle: a fair draw maps them onto every face once.
    const source = words(...Array.from({ length: 20 }, (_, i) => i * 1_000_003));
    const seen = new Map<number, number>();
    for (let i = 0; i < 200; i++) {
      const face = throwChoice({ kind: 'dice', count: 1, sides: 20 }, source, 1).values[0];
      seen.set(face, (seen.get(face) ?? 0) + 1);
    }
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(seen.values())).toEqual(new Set([10]));
  });

  it('throws several dice at once and writes the history’s line', () => {
    const roll = throwChoice({ kind: 'dice', count: 3, sides: 6 }, words(3, 1, 5), 42);
    expect(roll).toEqual({ time: 42, dice: '3×d6', values: [4, 2, 6] });
    expect(rollLine(roll)).toBe('Rolled 3×d6: 4, 2, 6 (total 12)');
    expect(rollLine({ time: 1, dice: 'd20', values: [17] })).toBe('Rolled d20: 17');
    expect(rollLine(throwChoice({ kind: 'coin' }, words(0), 1))).toBe('Coin: heads');
    expect(rollLine(throwChoice({ kind: 'coin' }, words(1), 1))).toBe('Coin: tails');
  });

  it('keeps the newest rolls only', () => {
    let rolls = withRoll(undefined, { time: 0, dice: 'd4', values: [1] });
    for (let i = 1; i <= MAX_ROLLS; i++) rolls = withRoll(rolls, { time: i, dice: 'd4', values: [1] });
    expect(rolls).toHaveLength(MAX_ROLLS);
    expect(rolls[0].time).toBe(1);
  });

  it('refuses a stored roll whose faces the dice cannot show', () => {
    expect(rollProblem('3×d6', [1, 6, 3])).toBeUndefined();
    expect(rollProblem('coin', [2])).toBeUndefined();
    expect(rollProblem('3×d6', [1, 7, 3])).toMatch(/1 to 6/);
    expect(rollProblem('3×d6', [1, 2])).toMatch(/3 faces/);
    expect(rollProblem('d7', [1])).toMatch(/expected dice/);
    expect(rollProblem('3d6', [1, 2, 3])).toMatch(/expected dice/);
    expect(rollProblem(5, [1])).toMatch(/expected dice/);
  });
});
