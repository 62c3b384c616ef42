/**
 * Counting at the table: a character's attack (the rules reference's worked example) and a
 * loser's chaotic EP from cards; plus properties of the hand check over generated hands.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attackEp, chaoticEp } from '../../src/lib/games/wiz/attack';
import { DECKS, type Card, type Element } from '../../src/lib/games/wiz/cards';
import { checkHand } from '../../src/lib/games/wiz/hands';
import { cards } from '../fixtures/wiz';

describe('WiZ: a character attack (worked example)', () => {
  // Ana's table: a Fire run 6-9 (30 points), an Air run 1-3 (6), a Water hand an elemental
  // protects, and her own character. Ben's character is Water.
  const ana = [
    cards('fire:6 fire:7 fire:8 fire:9'),
    cards('air:1 air:2 air:3'),
    cards('water:4 water:5 water:6 water:elemental'),
    cards('earth:character earth:artifact')
  ];
  it('counts the unprotected hands: 30 + 6 = 36 EP', () => {
    const attack = attackEp('water', [], ana);
    expect(attack.ep).toBe(36);
    expect(attack.lines).toEqual([
      { label: 'Hand 1', ep: 30 },
      { label: 'Hand 2', ep: 6 },
      { label: 'Hand 3: protected by an elemental', ep: 0 },
      { label: 'Hand 4: a character, left out', ep: 0 }
    ]);
  });
  it('a Fire artifact doubles the Fire points: 60 + 6 = 66 EP', () => {
    expect(attackEp('water', ['fire'], ana).ep).toBe(66);
  });
  it('an artifact of the character’s own element doubles the whole: 72 EP', () => {
    expect(attackEp('water', ['water'], ana).ep).toBe(72);
  });
  it('a titan hand only when the character opposes the titan or carries an artifact of its element', () => {
    const titanHand = [cards('fire:1 fire:2 fire:3 fire:titan')];
    expect(attackEp('air', [], titanHand).ep).toBe(0);
    expect(attackEp('water', [], titanHand).ep).toBe(106);
    expect(attackEp('air', ['fire'], titanHand).ep).toBe(2 * 106);
  });
});

describe('WiZ: chaotic EP from cards', () => {
  it('held cards (a titan held too) plus the table hands that countered nothing, without the titans played there', () => {
    // The rules reference's round: Ben holds Earth 2, a shard, a Stun and a WiZ card (47) and
    // has the set of 4s (12) left over; his master element hand countered.
    expect(chaoticEp(cards('earth:2 fire:s3 stun wiz'), [cards('air:4 fire:4 water:4')])).toBe(59);
    expect(chaoticEp([], [cards('fire:5 fire:6 fire:7 fire:titan fire:elemental')])).toBe(18 + 30);
    expect(chaoticEp(cards('air:titan joker'), [])).toBe(120);
  });
});

describe('WiZ: the hand check over generated hands', () => {
  const table = { deck: DECKS['quad-4'], titans: true, characters: false };
  const element = fc.constantFrom<Element>('fire', 'water', 'air', 'earth');
  const shuffled = <T>(items: T[], seed: number) =>
    items
      .map((x, i) => ({ x, k: (i * 7919 + seed * 104729) % 1009 }))
      .sort((a, b) => a.k - b.k)
      .map((p) => p.x);

  it('every run of 3–9 numbers of one element is legal, worth its length, in any order', () => {
    fc.assert(
      fc.property(
        element,
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 3, max: 9 }),
        fc.nat(),
        (e, start, length, seed) => {
          fc.pre(start + length - 1 <= 9);
          const run: Card[] = Array.from({ length }, (_, i) => ({
            kind: 'number',
            element: e,
            value: start + i
          }));
          const check = checkHand(shuffled(run, seed), table);
          expect(check.ok).toBe(true);
          if (!check.ok) return;
          expect(check.kind).toBe('run');
          expect(check.cardValue).toBe(length);
          const points = run.reduce((s, c) => s + (c.kind === 'number' ? c.value : 0), 0);
          expect(check.opening.ok).toBe(length >= 4 && points >= 30);
        }
      )
    );
  });
  it('taking one card from the middle of a run of 5 or more, with no wild card, breaks it', () => {
    fc.assert(
      fc.property(
        element,
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 3 }),
        (e, start, gapAt) => {
          const run: Card[] = Array.from({ length: 5 }, (_, i) => ({
            kind: 'number',
            element: e,
            value: start + i
          }));
          const broken = run.filter((_, i) => i !== gapAt);
          const check = checkHand(broken, table);
          expect(check.ok).toBe(false);
          const mended = checkHand([...broken, { kind: 'wiz' }], table);
          expect(mended.ok).toBe(true);
        }
      )
    );
  });
  it('a set of one value in 3 or 4 different elements is legal, in any order; a repeated element is not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 3, max: 4 }),
        fc.nat(),
        (value, size, seed) => {
          const elements: Element[] = ['fire', 'water', 'air', 'earth'];
          const set: Card[] = elements.slice(0, size).map((e) => ({ kind: 'number', element: e, value }));
          const check = checkHand(shuffled(set, seed), table);
          expect(check.ok && check.kind).toBe('set');
          const twice = checkHand([...set.slice(0, 2), { kind: 'number', element: 'fire', value }], table);
          expect(twice.ok).toBe(false);
        }
      )
    );
  });
  it('an elemental adds 1, or 2 on its own element; a titan 2, or 4', () => {
    fc.assert(
      fc.property(element, element, fc.boolean(), (hand, extra, titan) => {
        const base: Card[] = [5, 6, 7].map((value) => ({ kind: 'number', element: hand, value }));
        const card: Card = titan ? { kind: 'titan', element: extra } : { kind: 'elemental', element: extra };
        const check = checkHand([...base, card], table);
        expect(check.ok).toBe(true);
        if (!check.ok) return;
        const bonus = (titan ? 2 : 1) * (extra === hand ? 2 : 1);
        expect(check.cardValue).toBe(3 + bonus);
      })
    );
  });
});
