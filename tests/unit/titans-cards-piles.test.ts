/**
 * Titans of Eden card data, the ritual-pile randomizer (checked over thousands of seeds) and the
 * setup codes that rebuild a setup exactly.
 */
import { describe, expect, it } from 'vitest';
import { CARDS, ELEMENTS, SLOTS, SPECIES, cardById, cardsFor } from '../../src/lib/games/titans/cards';
import {
  pilesProblem,
  randomPiles,
  rerollAll,
  rerollPile,
  type PileLayout
} from '../../src/lib/games/titans/piles';
import { setupCode } from '../../src/lib/games/titans/share';

/** The randomizer's constraints: 16 piles per arena, one per element × species, no card in two arenas. */
function expectValid(layout: PileLayout, arenas: number) {
  expect(layout).toHaveLength(arenas);
  for (const piles of layout) {
    expect(piles).toHaveLength(16);
    const slots = piles.map((id) => {
      const card = cardById(id)!;
      return `${card.element}-${card.species}`;
    });
    expect(new Set(slots).size).toBe(16);
    expect(slots).toEqual(SLOTS.map((s) => `${s.element}-${s.species}`));
  }
  const all = layout.flat();
  expect(new Set(all).size).toBe(all.length);
  expect(pilesProblem(layout, arenas)).toBeUndefined();
}

describe('Titans of Eden cards', () => {
  it('has all 64 elemental cards, 16 per element, 4 per element × species, with unique ids', () => {
    expect(CARDS).toHaveLength(64);
    expect(new Set(CARDS.map((c) => c.id)).size).toBe(64);
    for (const e of ELEMENTS) for (const s of SPECIES) expect(cardsFor(e, s)).toHaveLength(4);
  });
  it('reads species in blocks of four, as the names bear out', () => {
    expect(cardById('great-stone-dragon')).toMatchObject({ element: 'rock', species: 'dragon' });
    expect(cardById('boulder-bear')).toMatchObject({ element: 'rock', species: 'beast' });
    expect(cardById('glorious-phoenix')).toMatchObject({ element: 'fire', species: 'beast' });
    expect(cardById('aria-queen-of-winter')).toMatchObject({ element: 'ice', species: 'warrior' });
    expect(cardById('madness-of-a-thousand-stars')).toMatchObject({ element: 'storm', species: 'titan' });
    expect(cardById('what-lies-beneath')).toMatchObject({ element: 'rock', species: 'titan' });
    expect(cardById('nope')).toBeUndefined();
  });
});

describe('ritual-pile randomizer', () => {
  it('over 3,000 seeds: 16 distinct element × species piles per arena, no card in two arenas', () => {
    for (let i = 0; i < 1000; i++) {
      for (const arenas of [1, 2, 3]) expectValid(randomPiles(`SEED${i}`, arenas), arenas);
    }
  });
  it('the same seed always gives the same piles, and different seeds differ', () => {
    expect(randomPiles('K7QM2XDA', 3)).toEqual(randomPiles('k7qm-2xda', 3));
    const distinct = new Set(Array.from({ length: 50 }, (_, i) => randomPiles(`S${i}`, 1)[0].join()));
    expect(distinct.size).toBeGreaterThan(45);
  });
  it('uses every card of a slot over many seeds (no card is never drawn)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) randomPiles(`U${i}`, 1)[0].forEach((id) => seen.add(id));
    expect(seen.size).toBe(64);
  });
  it('re-rolling one pile changes only that pile, to a card no other arena uses; same seed and nonce, same result', () => {
    for (let i = 0; i < 500; i++) {
      const seed = `R${i}`;
      const before = randomPiles(seed, 3);
      const arena = i % 3;
      const slot = i % 16;
      const after = rerollPile(before, arena, slot, seed, i);
      expectValid(after, 3);
      expect(after[arena][slot]).not.toBe(before[arena][slot]);
      after.forEach((piles, a) =>
        piles.forEach((id, s) => {
          if (a !== arena || s !== slot) expect(id).toBe(before[a][s]);
        })
      );
      expect(rerollPile(before, arena, slot, seed, i)).toEqual(after);
    }
  });
  it('re-rolling all keeps locked piles and still never repeats a card across arenas', () => {
    for (let i = 0; i < 500; i++) {
      const seed = `A${i}`;
      const before = randomPiles(seed, 3);
      const locked = new Set([`0:${i % 16}`, `1:${(i * 7) % 16}`, `2:${(i * 3) % 16}`, `1:${i % 16}`]);
      const after = rerollAll(before, locked, seed, i);
      expectValid(after, 3);
      for (const key of locked) {
        const [a, s] = key.split(':').map(Number);
        expect(after[a][s]).toBe(before[a][s]);
      }
      expect(rerollAll(before, locked, seed, i)).toEqual(after);
    }
  });
  it('names what is wrong with a broken layout', () => {
    const good = randomPiles('BROKEN', 2);
    expect(pilesProblem([], 2)).toBe('classic games need ritual piles for 2 arenas');
    expect(pilesProblem([good[0].slice(1), good[1]], 2)).toBe('Arena 1 needs 16 ritual piles');
    expect(pilesProblem([good[0], ['x', ...good[1].slice(1)]], 2)).toBe(
      'Arena 2: “x” is not a Titans of Eden card'
    );
    const swapped = good[0].slice();
    [swapped[0], swapped[1]] = [swapped[1], swapped[0]];
    expect(pilesProblem([swapped, good[1]], 2)).toMatch(/is not a storm warrior$/);
    expect(pilesProblem([good[0], good[0]], 2)).toMatch(/is a ritual pile in two arenas$/);
  });
});

describe('setup codes', () => {
  it('round-trip every format and mode exactly, over many seeds', () => {
    for (let i = 0; i < 300; i++) {
      for (const [format, arenas] of [
        ['duel', 1],
        ['two-arenas', 2],
        ['three-arenas', 3]
      ] as const) {
        const piles = randomPiles(`C${i}`, arenas);
        const code = setupCode.encode({ format, mode: 'classic', piles });
        expect(code).toMatch(/^T2(-[0-9A-Z]{1,4})+$/);
        expect(setupCode.decode(code)).toEqual({ ok: true, value: { format, mode: 'classic', piles } });
      }
    }
    expect(
      setupCode.decode(setupCode.encode({ format: 'two-arenas', mode: 'constructed', piles: [] }))
    ).toEqual({
      ok: true,
      value: { format: 'two-arenas', mode: 'constructed', piles: [] }
    });
  });
  it('is short enough to read out: a duel code is under 20 characters', () => {
    expect(
      setupCode.encode({ format: 'duel', mode: 'classic', piles: randomPiles('SHORT', 1) }).length
    ).toBeLessThan(20);
  });
  it('accepts a whole shared link, lower case and spaces', () => {
    const piles = randomPiles('LINK', 2);
    const code = setupCode.encode({ format: 'two-arenas', mode: 'classic', piles });
    const link = `http://localhost:4173/titans/new?code=${encodeURIComponent(code)}`;
    expect(setupCode.decode(link)).toMatchObject({ ok: true, value: { piles } });
    expect(setupCode.decode(` ${code.toLowerCase().replace(/-/g, ' ')} `)).toMatchObject({
      ok: true,
      value: { piles }
    });
  });
  it('gives a plain reason for an empty, foreign, mistyped or cut-short code', () => {
    const code = setupCode.encode({ format: 'duel', mode: 'classic', piles: randomPiles('TYPO', 1) });
    expect(setupCode.decode('')).toEqual({ ok: false, reason: 'Enter a setup code first.' });
    expect(setupCode.decode('hello')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not a Titans of Eden setup code/)
    });
    expect(setupCode.decode('T1-AB*D')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not allowed: “\*”/)
    });
    const last = code.at(-2)!;
    const typo = code.slice(0, -2) + (last === 'A' ? 'B' : 'A') + code.at(-1);
    expect(setupCode.decode(typo)).toMatchObject({ ok: false, reason: expect.stringMatching(/mistyped/) });
    const short = code.slice(0, 8);
    expect(setupCode.decode(short).ok).toBe(false);
  });
});
