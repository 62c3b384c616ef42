/**
 * Typing a Theos cleanup: the Followers question inside the keep step. Rulebook, End Phase
 * (Cleanup): a player chooses which resolved cards return to the deck (their Followers go back to
 * the Supply) and draws a Blank for each card left in play; every round ends with 7 resolved cards
 * in play, so the cards kept are one digit, 0 to 7.
 */
import { describe, expect, it } from 'vitest';
import { asksFollowers, cleanupTyped, type CleanupField } from '../../src/lib/games/theos/cleanup-typing';

const keep: CleanupField = { player: 'p1', field: 'keep' };

describe('Theos cleanup typing: one ✓ for the cards kept and the Followers going back', () => {
  it('a cards-kept digit that leaves a Followers question moves on to it, in the same step', () => {
    expect(cleanupTyped(keep, '', '3', 5, '0')).toEqual({
      editing: { player: 'p1', field: 'back', keep: 3 },
      draft: '0'
    });
    // The entry made before is where the Followers box starts.
    expect(cleanupTyped(keep, '', '6', 5, '2').draft).toBe('2');
  });

  it('keeping none or all 7, or holding no Followers, asks nothing more (Followers follow their cards)', () => {
    expect(asksFollowers(0, 5)).toBe(false);
    expect(asksFollowers(7, 5)).toBe(false);
    expect(asksFollowers(3, 0)).toBe(false);
    expect(cleanupTyped(keep, '', '0', 5, '0')).toEqual({ editing: keep, draft: '0' });
    expect(cleanupTyped(keep, '', '7', 5, '0')).toEqual({ editing: keep, draft: '7' });
    expect(cleanupTyped(keep, '', '3', 0, '0')).toEqual({ editing: keep, draft: '3' });
  });

  it('the cards-kept box holds one digit: a second key replaces it (a correction is one key)', () => {
    expect(cleanupTyped(keep, '7', '74', 5, '0').editing).toEqual({ player: 'p1', field: 'back', keep: 4 });
    expect(cleanupTyped(keep, '0', '07', 5, '0')).toEqual({ editing: keep, draft: '7' });
    // 8 is not a count of cards in play: it stays for ✓ to refuse, in plain words.
    expect(cleanupTyped(keep, '', '8', 5, '0')).toEqual({ editing: keep, draft: '8' });
  });

  it('delete on an empty Followers box takes out the cards-kept digit: every choice stays correctable', () => {
    const back: CleanupField = { player: 'p1', field: 'back', keep: 3 };
    expect(cleanupTyped(back, '0', '', 5, '0')).toEqual({ editing: back, draft: '' });
    expect(cleanupTyped(back, '', '', 5, '0')).toEqual({ editing: keep, draft: '' });
    expect(cleanupTyped(back, '', '4', 5, '0')).toEqual({ editing: back, draft: '4' });
  });
});
