/**
 * The WiZ round EP calculator: multipliers at every boundary, the rulebook's worked examples,
 * titan and character EP, the one-element bonus, and impossible entries refused with a reason.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECKS, type Table } from '../../src/lib/games/wiz/cards';
import {
  bonusProblem,
  calcLines,
  chaoticProblem,
  formatEp,
  maxHandValue,
  multiplierFor,
  readHand,
  readHands,
  roundEp,
  type HandEntry,
  type ScoredHand
} from '../../src/lib/games/wiz/scoring';
import { cards, typed } from '../fixtures/wiz';

const table = (titans = false, characters = false, deck: keyof typeof DECKS = 'quad-4'): Table => ({
  deck: DECKS[deck],
  titans,
  characters
});
function hands(entries: HandEntry[], t = table(true, true)): ScoredHand[] {
  const read = readHands(entries, t);
  if (!read.ok) throw new Error(read.reason);
  return read.hands;
}
const reason = (entry: HandEntry, t = table()) => {
  const r = readHand(entry, t);
  return r.ok ? '(accepted)' : r.reason;
};

describe('WiZ: multipliers by card value (every boundary)', () => {
  it.each([
    [2, 0],
    [3, 1],
    [5, 1],
    [6, 2],
    [8, 2],
    [9, 3],
    [11, 3],
    [12, 5],
    [40, 5]
  ])('card value %i gives ×%i', (value, multiplier) => {
    expect(multiplierFor(value)).toBe(multiplier);
  });
});

describe('WiZ: round EP (worked examples)', () => {
  // The rules reference's round: Ana's hands A (Fire 6-9, value 4) and B (Water 1-6 with a
  // Water elemental, value 8) were not countered; Ben counts 59 chaotic EP.
  const A = cards('fire:6 fire:7 fire:8 fire:9');
  const B = cards('water:1 water:2 water:3 water:4 water:5 water:6 water:elemental');

  it('the sum of the uncountered multipliers × the losers’ total chaotic EP', () => {
    const calc = roundEp(hands([{ cards: A }, { cards: B }]), [59]);
    expect(calc).toMatchObject({ multiplierSum: 3, chaoticTotal: 59, base: 177, bonusEp: 0, total: 177 });
    expect(calcLines(calc, ['Ben'])).toEqual([
      'Hand 1: card value 4 → ×1',
      'Hand 2: card value 8 → ×2',
      'Multipliers: 1 + 2 = 3',
      'Chaotic EP: Ben 59',
      '3 × 59 = 177',
      'Round EP: 177'
    ]);
  });
  it('plus 100 × the multiplier of each hand a titan or character is attached to', () => {
    const withTitan = { cards: [...B, ...cards('water:titan')] };
    const calc = roundEp(hands([{ cards: A }, withTitan]), [59]);
    expect(calc.hands.map((h) => [h.value, h.multiplier])).toEqual([
      [4, 1],
      [12, 5]
    ]);
    expect(calc).toMatchObject({ multiplierSum: 6, base: 354, bonusEp: 500, total: 854 });
    const character = roundEp(hands([typed(4), typed(7, { character: true })]), [59]);
    expect(character).toMatchObject({ multiplierSum: 3, base: 177, bonusEp: 200, total: 377 });
    const two = roundEp(hands([typed(12, { titans: 2 })]), [10]);
    expect(two).toMatchObject({ base: 50, bonusEp: 1000, total: 1050 });
  });
  it('doubled when all the winner’s hands share one element (the titan EP too)', () => {
    const calc = roundEp(hands([typed(4), typed(12, { titans: 1 })]), [59], 2);
    expect(calc.total).toBe(854 * 2);
    expect(calcLines(calc, ['Ben']).slice(-3)).toEqual([
      'Titans and characters: +500 = 854',
      'All one element: ×2 = 1,708',
      'Round EP: 1,708'
    ]);
    expect(roundEp(hands([typed(5)]), [100], 3).total).toBe(300);
  });
  it('the rules reference’s double EP: a 200 EP round in one element is 400, 600 with the triple-EP power', () => {
    const one = hands([typed(5, { element: 'fire' }), typed(4, { element: 'fire' })]);
    expect(roundEp(one, [100], 1).total).toBe(200);
    expect(roundEp(one, [100], 2).total).toBe(400);
    expect(roundEp(one, [100], 3).total).toBe(600);
  });
  it('while chaotic EP is still being entered, the lines say so instead of a total', () => {
    const calc = roundEp(hands([typed(4)]), [59, 0]);
    expect(calcLines(calc, ['Ben', 'Cy'], [false, true])).toEqual([
      'Hand 1: card value 4 → ×1',
      'Chaotic EP: Ben 59 + Cy —',
      'Round EP: once every loser’s chaotic EP is in'
    ]);
  });
  it('0 from chaotic EP when every winning hand was countered', () => {
    const calc = roundEp([], [59, 120]);
    expect(calc).toMatchObject({ multiplierSum: 0, base: 0, total: 0 });
    expect(calcLines(calc, ['Ben', 'Cy'])[0]).toBe('Every hand was countered: the multiplier is 0.');
  });
  it('several losers: their chaotic EP adds up, then multiplies', () => {
    const calc = roundEp(hands([typed(4), typed(9)]), [59, 41, 0]);
    expect(calc).toMatchObject({ multiplierSum: 4, chaoticTotal: 100, total: 400 });
    expect(calcLines(calc, ['Ben', 'Cy', 'Dee'])).toContain('Chaotic EP: Ben 59 + Cy 41 + Dee 0 = 100');
  });
  it('the round EP is the same whether a hand is typed or built from its cards', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 9 }), fc.integer({ min: 0, max: 1200 }), (length, chaotic) => {
        const run = cards(Array.from({ length }, (_, i) => `air:${i + 1}`).join(' '));
        const built = roundEp(hands([{ cards: run }]), [chaotic]);
        const typedCalc = roundEp(hands([typed(length)]), [chaotic]);
        expect(built.total).toBe(typedCalc.total);
        expect(built.total).toBe(multiplierFor(length) * chaotic);
      })
    );
  });
});

describe('WiZ: impossible hands and points are refused', () => {
  it('a typed card value below what any hand has', () => {
    expect(reason(typed(2))).toBe(
      'A card value of 2 is too low: every hand has 3 cards or a master element, each worth at least 3, so at least 3.'
    );
    expect(reason(typed(4, { titans: 1 }), table(true))).toBe(
      'A card value of 4 is too low: every hand has 3 cards or a master element, each worth at least 3, and each titan adds at least 2, so at least 5.'
    );
    expect(reason(typed(4, { character: true }), table(false, true))).toBe(
      'A card value of 4 is too low: a character alone is 5, so at least 5.'
    );
  });
  it('a card value above what the game’s cards allow', () => {
    const most = maxHandValue(table());
    expect(reason(typed(most))).toBe('(accepted)');
    expect(reason(typed(most + 1))).toBe(
      `No hand can reach a card value of ${most + 1} with these cards: ${most} is the most one hand can have.`
    );
    expect(maxHandValue(table(false, false, 'duo-2r'))).toBeLessThan(most);
  });
  it('titans and characters only when the game has them; one character per player', () => {
    expect(reason(typed(5, { titans: 1 }))).toBe('This game is played without titans.');
    expect(reason(typed(5, { character: true }))).toBe('This game is played without characters.');
    expect(reason(typed(9, { titans: 5 }), table(true))).toBe('This deck has only 4 titans.');
    expect(
      readHands([typed(5, { character: true }), typed(6, { character: true })], table(false, true))
    ).toEqual({
      ok: false,
      reason: 'Only one of the hands can be the character: each player has one.'
    });
  });
  it('not whole numbers, and hands that are not hands', () => {
    expect(reason(typed(4.5))).toBe('A card value is a whole number.');
    expect(reason({ cards: cards('fire:5 fire:6') })).toBe(
      'A hand needs at least 3 cards, or a master element.'
    );
    expect(readHands([typed(4), { cards: cards('fire:1 fire:2') }], table())).toMatchObject({
      ok: false,
      reason: 'Hand 2: A hand needs at least 3 cards, or a master element.',
      index: 1
    });
  });
  it('cards used twice across hands beyond what the deck holds', () => {
    const r = readHands(
      [
        { cards: cards('fire:5 fire:6 fire:7') },
        { cards: cards('fire:5 water:5 air:5') },
        { cards: cards('fire:5 fire:6 fire:7') }
      ],
      table()
    );
    expect(r).toEqual({
      ok: false,
      reason: 'Together, the hands do not fit the deck: Fire 5 is here 3 times, but the deck holds only 2.'
    });
  });
  it('chaotic EP: whole, not negative, not more than the deck holds', () => {
    expect(chaoticProblem(-5, table())).toBe('Chaotic EP cannot be negative: it counts the points of cards.');
    expect(chaoticProblem(12.5, table())).toBe('Chaotic EP is a whole number of points.');
    expect(chaoticProblem(0, table())).toBeUndefined();
    expect(chaoticProblem(5000, table(), 'Ben’s chaotic EP')).toBe(
      'Ben’s chaotic EP of 5000 is more than the whole deck holds (1317 points).'
    );
  });
  it('the one-element bonus: not on mixed or differing hands; triple only with characters', () => {
    const t = table(true, true);
    expect(bonusProblem(2, hands([{ cards: cards('fire:5 water:5 air:5') }], t), t)).toBe(
      'Hand 1 mixes elements, so the hands are not all one element.'
    );
    expect(
      bonusProblem(2, hands([typed(4, { element: 'fire' }), typed(5, { element: 'water' })], t), t)
    ).toBe('Hand 1 is Fire and hand 2 is Water, so the hands are not all one element.');
    expect(bonusProblem(2, hands([typed(4, { element: 'fire' }), typed(5)], t), t)).toBeUndefined();
    expect(bonusProblem(3, [], table())).toBe(
      'Triple EP is a character power, and this game is played without characters.'
    );
    expect(bonusProblem(4, [], t)).toBe('The bonus is ×1, ×2 or ×3.');
  });
});

describe('WiZ: EP as the table reads it', () => {
  it('thousands with a comma, the same on every device', () => {
    expect([formatEp(0), formatEp(999), formatEp(1000), formatEp(1234567), formatEp(-1500)]).toEqual([
      '0',
      '999',
      '1,000',
      '1,234,567',
      '−1,500'
    ]);
  });
});
