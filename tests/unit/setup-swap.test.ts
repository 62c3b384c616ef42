/** The setup kit's "tap two players to swap their seats" (Titans, Twilight and Theos teams and seats). */
import { describe, expect, it } from 'vitest';
import { tapToSwap } from '../../src/lib/ui/setup/swap';

describe('tapToSwap', () => {
  it('a first tap picks, and moves nobody', () => {
    expect(tapToSwap([0, 1, 2, 3], undefined, 2)).toEqual({ picked: 2 });
  });
  it('a tap on another player swaps the two seats and lets go', () => {
    expect(tapToSwap([3, 1, 2, 0], 3, 2)).toEqual({ picked: undefined, order: [2, 1, 3, 0] });
  });
  it('a second tap on the picked player lets go, and moves nobody', () => {
    expect(tapToSwap([0, 1, 2], 1, 1)).toEqual({ picked: undefined });
  });
  it('leaves the order it was given as it was', () => {
    const order = [0, 1];
    tapToSwap(order, 0, 1);
    expect(order).toEqual([0, 1]);
  });
});
