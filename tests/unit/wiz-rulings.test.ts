/**
 * WiZ: the rulings a table review found wrong (issue #30). Counters are hand against hand, so one
 * loser may cancel several of the winner's hands; a titan still held counts in chaotic EP; an
 * elemental cancelled by its opposite protects nothing; the words name only what the game has.
 */
import { describe, expect, it } from 'vitest';
import { attackEp, chaoticEp } from '../../src/lib/games/wiz/attack';
import { chaoticCeiling, DECKS, type Table } from '../../src/lib/games/wiz/cards';
import { calcLines, chaoticProblem, roundEp } from '../../src/lib/games/wiz/scoring';
import { STEP_TEXT } from '../../src/lib/machines/wiz';
import * as logic from '../../src/lib/games/wiz/logic';
import { cards, typed, WizDriver, wizSetup } from '../fixtures/wiz';

const table = (titans = false, characters = false): Table => ({ deck: DECKS['quad-4'], titans, characters });

describe('WiZ: counters are hand against hand', () => {
  it('the machine and the banner say a loser with several strong hands counters several', () => {
    expect(STEP_TEXT.counter).toBe(
      'Each losing hand of equal or higher card value may cancel one of the winner’s hands, so one loser with several such hands may cancel several.'
    );
    const d = new WizDriver(wizSetup('standard'));
    d.send({ type: 'GO_OUT', player: 'p1' });
    for (let i = 0; i < 3 && !d.is({ round: { scoring: 'counter' } }); i++) d.send({ type: 'NEXT' });
    expect(d.is({ round: { scoring: 'counter' } })).toBe(true);
    expect(d.step.now).toBe(
      'Ben, Cy: each losing hand of equal or higher card value may cancel one of Ana’s hands, so one loser with several such hands may cancel several.'
    );
  });
});

describe('WiZ: a titan still held counts in chaotic EP', () => {
  it('held titans count 100; titans played on a table hand are left out', () => {
    expect(chaoticEp(cards('fire:titan fire:5'), [])).toBe(105);
    expect(chaoticEp([], [cards('fire:5 fire:6 fire:7 water:titan')])).toBe(18);
  });
  it('the ceiling accepts a loser holding every titan', () => {
    const t = table(true);
    const withTitans = chaoticCeiling(t);
    expect(withTitans - chaoticCeiling(table(false))).toBe(4 * 100);
    expect(chaoticProblem(withTitans, t)).toBeUndefined();
  });
});

describe('WiZ: a cancelled elemental protects nothing', () => {
  it('an elemental cancelled by an opposing elemental or titan leaves the hand open to attack', () => {
    const open = attackEp('earth', [], [cards('fire:5 fire:6 fire:7 fire:elemental water:elemental')]);
    expect(open.ep).toBe(18 + 30 + 30);
    const byTitan = attackEp('earth', [], [cards('air:5 air:6 air:7 air:elemental earth:titan')]);
    expect(byTitan.lines[0].label).not.toMatch(/protected/);
    const kept = attackEp('earth', [], [cards('fire:5 fire:6 fire:7 fire:elemental')]);
    expect(kept).toMatchObject({ ep: 0, lines: [{ label: 'Hand 1: protected by an elemental' }] });
  });
});

describe('WiZ: name only what the game has', () => {
  it('a hand with a titan says titan when the game has no characters', () => {
    const calc = roundEp(
      [{ value: 7, multiplier: 2, titans: 1, character: false, element: undefined }],
      [50],
      1
    );
    expect(calcLines(calc, ['Ben'], [], table(true, false))[0]).toBe(
      'Hand 1: card value 7 → ×2; titan +200 EP'
    );
    expect(calcLines(calc, ['Ben'], [], table(true, false))).toContain('Titans: +200 = 300');
    expect(calcLines(calc, ['Ben'], [], table(true, true))[0]).toBe(
      'Hand 1: card value 7 → ×2; titan or character +200 EP'
    );
  });
  it('the hands prompt names titans only when the game has them, characters only when it has them', () => {
    const plain = new WizDriver(wizSetup('standard'));
    plain.send({ type: 'GO_OUT', player: 'p1' }).send({ type: 'HAND', index: 0, hand: typed(4) });
    expect(plain.step.now).toBe(
      'List Ana’s hands nobody countered: their card values. None left: every hand was countered, ×0.'
    );
    const titans = new WizDriver(wizSetup('standard', 3, { titans: true }));
    titans.send({ type: 'GO_OUT', player: 'p1' }).send({ type: 'HAND', index: 0, hand: typed(4) });
    expect(titans.step.now).toBe(
      'List Ana’s hands nobody countered: card value, and any titan on it. None left: every hand was countered, ×0.'
    );
  });
});

describe('WiZ: the one-element bonus sees every hand of the winner', () => {
  // Rulebook, scoring: a player who wins "with all hands of the same element" gains double EP.
  // A countered hand is still one of the winner's hands: it scores nothing, but it counts here.
  const scoring = () =>
    new WizDriver(wizSetup('standard'))
      .send({ type: 'GO_OUT', player: 'p1' })
      .send({ type: 'HAND', index: 0, hand: typed(4, { element: 'fire' }) })
      .send({ type: 'CHAOTIC', player: 'p2', ep: 40 })
      .send({ type: 'CHAOTIC', player: 'p3', ep: 10 });

  it('a countered hand of another element refuses the ×2, and scores nothing itself', () => {
    const d = scoring().send({
      type: 'HAND',
      index: 0,
      hand: typed(9, { element: 'water' }),
      countered: true
    });
    expect(d.ctx.draft.hands).toHaveLength(1);
    expect(d.ctx.draft.countered).toHaveLength(1);
    expect(d.refuse({ type: 'BONUS', bonus: 2, everyHand: true })).toBe(
      'Hand 1 is Fire and countered hand 1 is Water, so the hands are not all one element.'
    );
    d.send({ type: 'DROP_HAND', index: 0, countered: true })
      .send({ type: 'HAND', index: 0, hand: typed(9, { element: 'fire' }), countered: true })
      .send({ type: 'BONUS', bonus: 2, everyHand: true })
      .send({ type: 'SCORE' });
    // Only the uncountered hand multiplies: ×1 × (40 + 10), doubled.
    expect(d.ctx.scores.p1).toBe(100);
  });

  it('a countered hand added after the claim must match it', () => {
    const d = scoring().send({ type: 'BONUS', bonus: 2, everyHand: true });
    expect(
      d.refuse({ type: 'HAND', index: 0, hand: { cards: cards('air:1 air:2 air:3') }, countered: true })
    ).toBe('Hand 1 is Fire and countered hand 1 is Air, so the hands are not all one element.');
  });

  it('a hand typed without its element cannot earn the bonus: Score asks for the element of every such hand', () => {
    const d = scoring()
      .send({ type: 'HAND', index: 1, hand: typed(6) })
      .send({ type: 'HAND', index: 0, hand: typed(5), countered: true })
      .send({ type: 'BONUS', bonus: 2, everyHand: true });
    expect(d.refuse({ type: 'SCORE' })).toBe(
      'Hand 2 and countered hand 1 have no element yet: tap each and choose one. The ×2 bonus needs the element of every hand, countered ones too.'
    );
    d.send({ type: 'HAND', index: 1, hand: typed(6, { element: 'fire' }) });
    expect(d.refuse({ type: 'SCORE' })).toMatch(/^Countered hand 1 has no element yet/);
    d.send({ type: 'HAND', index: 0, hand: typed(5, { element: 'fire' }), countered: true });
    d.send({ type: 'SCORE' });
    // (×1 + ×2) × 50, doubled.
    expect(d.ctx.scores.p1).toBe(300);
  });

  it('without the bonus, elements and countered hands are not needed', () => {
    const d = scoring()
      .send({ type: 'HAND', index: 1, hand: typed(6) })
      .send({ type: 'SCORE' });
    expect(d.ctx.scores.p1).toBe(150);
  });

  it('a game saved before (a claim without everyHand, typed hands without elements) still replays', () => {
    const d = new WizDriver(wizSetup('standard'));
    d.round({ out: 'p1', hands: [typed(4), typed(6)], chaotic: { p2: 40, p3: 10 }, bonus: 2 });
    expect(d.ctx.scores.p1).toBe(300);
  });

  it('the history names a countered hand and its element', () => {
    const d = scoring();
    const before = d.snapshot;
    d.send({ type: 'HAND', index: 0, hand: typed(9, { element: 'water' }), countered: true });
    const { wizLogic } = logic;
    expect(
      wizLogic.describe(
        { type: 'HAND', index: 0, hand: typed(9, { element: 'water' }), countered: true },
        before,
        d.snapshot,
        d.setup
      )
    ).toBe('Ana’s countered hand 1: Water, card value 9');
  });
});
