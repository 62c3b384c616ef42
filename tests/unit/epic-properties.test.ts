/**
 * Properties of Epic's pure helpers over generated inputs: the battle helper never invents
 * damage, the deck reader never drops a line, setup codes always round-trip.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { damageDealt, resolveAttack, type Fighter } from '../../src/lib/games/epic/battle';
import { checkDeck, readList } from '../../src/lib/games/epic/deck';
import { setupCode, type SharedSetup } from '../../src/lib/games/epic/share';
import { CODE_ALPHABET } from '../../src/lib/random/seeded';

const fighter: fc.Arbitrary<Fighter> = fc.record({
  offense: fc.integer({ min: -5, max: 12 }),
  defense: fc.integer({ min: -1, max: 12 }),
  range: fc.boolean(),
  breakthrough: fc.boolean(),
  ward: fc.integer({ min: 0, max: 6 })
});

describe('Epic battle helper properties', () => {
  it('no champion takes more than the other side deals; the player no more than the attackers deal', () => {
    fc.assert(
      fc.property(
        fc.array(fighter, { minLength: 1, maxLength: 4 }),
        fc.array(fighter, { maxLength: 3 }),
        (attackers, blockers) => {
          const out = resolveAttack(attackers, blockers);
          const dealt = (side: Fighter[]) => side.reduce((s, f) => s + damageDealt(f.offense), 0);
          expect(out.toPlayer).toBeGreaterThanOrEqual(0);
          expect(out.toPlayer).toBeLessThanOrEqual(dealt(attackers));
          expect(out.blocked).toBe(blockers.length > 0);
          if (blockers.length === 0) expect(out.toPlayer).toBe(dealt(attackers));
          for (const b of out.blockers) {
            if (b.takes !== null) {
              expect(b.takes).toBeGreaterThanOrEqual(0);
              expect(b.takes).toBeLessThanOrEqual(dealt(attackers));
            }
          }
          for (const a of out.attackers) {
            if (a.takes !== null) expect(a.takes).toBeLessThanOrEqual(dealt(blockers));
          }
          // A ward can only save a champion, never break one that would have stood without it.
          if (blockers.length === 1 && out.blockers[0].broken) {
            expect(resolveAttack(attackers, [{ ...blockers[0], ward: 0 }]).blockers[0].broken).toBe(true);
          }
        }
      ),
      { numRuns: 500 }
    );
  });
});

describe('Epic deck reader properties', () => {
  it('every line with text is either read or reported, never dropped', () => {
    const line = fc.oneof(
      fc
        .tuple(fc.integer({ min: -2, max: 9 }), fc.string({ maxLength: 12 }))
        .map(([n, name]) => `${n} ${name}`),
      fc.string({ maxLength: 20 })
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const text = lines.join('\n');
        const { lines: read, unreadable } = readList(text, 'deck');
        const withText = text
          .split(/\r\n|\r|\n/)
          .map((l, i) => [l.trim(), i + 1] as const)
          .filter(([l]) => l !== '')
          .map(([, n]) => n);
        const seen = [...read.map((l) => l.line), ...unreadable.map((u) => u.line)].sort((a, b) => a - b);
        expect(seen).toEqual(withText);
        for (const l of read) expect(l.count).toBeGreaterThanOrEqual(1);
        const report = checkDeck(text, '', { format: 'designed', packs: 0 });
        expect(report.ok).toBe(report.problems.length === 0);
        expect(report.problems.length).toBeGreaterThanOrEqual(unreadable.length);
      }),
      { numRuns: 300 }
    );
  });
});

describe('Epic setup code properties', () => {
  it('any valid setup round-trips, with seeds of any length', () => {
    const shared: fc.Arbitrary<SharedSetup> = fc
      .record({
        format: fc.constantFrom(
          'sealed' as const,
          'pack-war' as const,
          'draft' as const,
          'designed' as const
        ),
        packs: fc.integer({ min: 2, max: 9 }),
        match: fc.boolean(),
        shuffledSeats: fc.boolean(),
        playerCount: fc.integer({ min: 2, max: 8 }),
        first: fc.integer({ min: 0, max: 5 }),
        seed: fc
          .array(fc.constantFrom(...CODE_ALPHABET), { minLength: 1, maxLength: 32 })
          .map((a) => a.join(''))
      })
      .map((s) => ({
        ...s,
        packs: s.format === 'pack-war' ? 1 : s.format === 'designed' ? 0 : s.packs,
        first: s.first % s.playerCount
      }));
    fc.assert(
      fc.property(shared, (s) => {
        expect(setupCode.decode(setupCode.encode(s))).toEqual({ ok: true, value: s });
      }),
      { numRuns: 500 }
    );
  });
});
