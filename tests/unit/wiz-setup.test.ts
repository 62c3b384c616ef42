/**
 * WiZ setup: formats and the decks that fit them, setup checks, the seeded draws (first dealer,
 * characters, Life Pool rolls) over thousands of seeds, and setup codes.
 */
import { describe, expect, it } from 'vitest';
import { DECKS, DECK_IDS, type DeckId } from '../../src/lib/games/wiz/cards';
import { drawCharacters, drawFirstDealer, drawSetup, poolRoll } from '../../src/lib/games/wiz/draws';
import {
  dealerOfRound,
  decksFor,
  defaultDeck,
  drawCount,
  leftOf,
  wizSetupProblem,
  type WizSetup
} from '../../src/lib/games/wiz/format';
import { setupCode } from '../../src/lib/games/wiz/share';
import { wizSetup } from '../fixtures/wiz';

const SEEDS = Array.from({ length: 3000 }, (_, i) => `S${i.toString(32).toUpperCase()}`);

describe('WiZ: which decks fit the player count', () => {
  it('solo: the two solo decks; 2 players: all six; 3: the 3 deck and the 2-4 decks; 4: the 2-4 decks; 5-6: Light and Dark', () => {
    expect(decksFor('solo', 1)).toEqual(['solo-2', 'solo-4r']);
    expect(decksFor('standard', 2)).toEqual(['solo-2', 'solo-4r', 'duo-2r', 'trio-3', 'quad-4', 'quad-4s']);
    expect(decksFor('standard', 3)).toEqual(['trio-3', 'quad-4', 'quad-4s']);
    expect(decksFor('standard', 4)).toEqual(['quad-4', 'quad-4s']);
    expect(decksFor('large', 5)).toEqual(['hexa-6']);
    expect(decksFor('large', 6)).toEqual(['hexa-6']);
    expect(DECKS['hexa-6'].elements).toContain('light');
    expect(DECKS['hexa-6'].elements).toContain('dark');
    expect(
      DECK_IDS.filter((id) => id !== 'hexa-6').every((id) => !DECKS[id].elements.includes('light'))
    ).toBe(true);
  });
  it('the standard 2-4 Players 4 Deck is the default for 2–4 players', () => {
    expect([2, 3, 4].map((n) => defaultDeck('standard', n))).toEqual(['quad-4', 'quad-4', 'quad-4']);
    expect(defaultDeck('solo', 1)).toBe('solo-2');
  });
  it('a turn draws 1 card with 2–3 players and 2 with 4 or more', () => {
    expect([2, 3, 4, 5, 6].map(drawCount)).toEqual([1, 1, 2, 2, 2]);
  });
});

describe('WiZ: the deal passes clockwise', () => {
  it('the player on the dealer’s left gets 13 and starts; the next round’s dealer is that player', () => {
    expect(leftOf(0, 3)).toBe(1);
    expect(leftOf(2, 3)).toBe(0);
    expect([1, 2, 3, 4, 5].map((r) => dealerOfRound(2, r, 4))).toEqual([2, 3, 0, 1, 2]);
  });
});

describe('WiZ: setup checks', () => {
  it('accepts every format and player count with their decks', () => {
    expect(wizSetupProblem(wizSetup('solo'))).toBeUndefined();
    for (const seats of [2, 3, 4]) {
      for (const deck of decksFor('standard', seats)) {
        expect(wizSetupProblem(wizSetup('standard', seats, { deck })), `${seats} ${deck}`).toBeUndefined();
      }
    }
    expect(wizSetupProblem(wizSetup('large', 5))).toBeUndefined();
    expect(
      wizSetupProblem(wizSetup('large', 6, { titans: true, lifePool: { die: 4, firstRoll: 4 } }))
    ).toBeUndefined();
  });
  it('refuses what cannot be played, in plain words', () => {
    const problems: [Partial<WizSetup> | ((s: WizSetup) => unknown), string, WizSetup?][] = [
      [{ deck: 'quad-4' }, 'the 2-4 Players 4 Deck deck is not for solo play', wizSetup('solo')],
      [{ deck: 'trio-3' }, 'the 3 Player 3 Deck deck is not for 4 players', wizSetup('standard', 4)],
      [{ deck: 'solo-2' as DeckId }, 'the Solo 2 deck is not for 3 players'],
      [{ target: 0 }, 'the EP target must be a whole number from 1 to 99999'],
      [{ target: 750.5 }, 'the EP target must be a whole number from 1 to 99999'],
      [{ characters: ['fire', 'water'] }, 'characters are played with 2 to 4 players', wizSetup('solo')],
      [{ characters: ['fire', 'fire', 'air'] }, 'two players have the same character'],
      [{ characters: ['fire', 'water'] }, 'every player needs a character'],
      [
        { characters: ['fire', 'water', 'earth'] },
        'the 3 Player 3 Deck deck has no Earth character',
        wizSetup('standard', 3, { deck: 'trio-3' })
      ],
      [{ lifePool: { die: 5 as 6, firstRoll: 1 } }, 'the Life Pool is rolled with a d4 or a d6'],
      [{ lifePool: { die: 4, firstRoll: 5 } }, 'the Life Pool’s first roll must be 1 to 4'],
      [{ firstDealer: 3 }, 'the first dealer must be one of the players'],
      [
        { firstDealer: 0 },
        'in solo the opponent’s seat deals first, so you start with 13 cards',
        wizSetup('solo')
      ],
      [
        (s) => ({ ...s, players: s.players.slice(0, 1) }),
        'solo is played with two seats: yours and the opponent’s',
        wizSetup('solo')
      ],
      [
        (s) => ({ ...s, players: [...s.players, { id: 'p9', name: 'Zed' }] }),
        '2–4 players means 2 to 4 players, not 5',
        wizSetup('standard', 4)
      ],
      [
        // A stored game's names are read as they are; the one name rule is Start's (player-names.test).
        (s) => ({ ...s, players: [{ ...s.players[0], name: 'x'.repeat(401) }, ...s.players.slice(1)] }),
        'a player’s name is over 400 characters'
      ],
      [
        (s) => ({ ...s, players: [s.players[0], s.players[0], s.players[2]] }),
        'two players have the same id'
      ],
      [{ format: 'teams' as 'solo' }, '“teams” is not a WiZ format']
    ];
    for (const [change, reason, base] of problems) {
      const start = base ?? wizSetup('standard', 3);
      const setup = typeof change === 'function' ? change(start) : { ...start, ...change };
      expect(wizSetupProblem(setup), reason).toBe(reason);
    }
    expect(wizSetupProblem(null)).toBe('the setup is missing');
  });
  it('names of 40 characters are fine', () => {
    const s = wizSetup('standard', 2);
    s.players[0].name = 'A'.repeat(40);
    expect(wizSetupProblem(s)).toBeUndefined();
  });
});

describe('WiZ: the first dealer, over thousands of seeds', () => {
  it('a d4 for 2–4 players and a d6 for 5–6, re-rolled past the last seat; same seed, same dealer', () => {
    for (const seats of [2, 3, 4, 5, 6]) {
      const counts = Array.from({ length: seats }, () => 0);
      for (const seed of SEEDS) {
        const draw = drawFirstDealer(seed, seats);
        expect(draw.die).toBe(seats <= 4 ? 4 : 6);
        expect(draw.rolls.slice(0, -1).every((face) => face > seats)).toBe(true);
        expect(draw.rolls.every((face) => face >= 1 && face <= draw.die)).toBe(true);
        expect(draw.seat).toBe(draw.rolls.at(-1)! - 1);
        counts[draw.seat]++;
        expect(drawFirstDealer(seed, seats)).toEqual(draw);
      }
      // Roughly even: every seat deals first about as often as the others.
      for (const n of counts) expect(n / SEEDS.length).toBeGreaterThan(1 / seats - 0.05);
    }
  }, 30_000);
  it('a re-draw (another nonce) is a fresh draw from the same seed', () => {
    const differs = SEEDS.slice(0, 200).some(
      (seed) => drawFirstDealer(seed, 4, 0).seat !== drawFirstDealer(seed, 4, 1).seat
    );
    expect(differs).toBe(true);
  });
});

describe('WiZ: characters drawn with the d4, over thousands of seeds', () => {
  it('each player a different character of the deck’s elements; a taken face is rolled again', () => {
    for (const [deck, seats] of [
      ['quad-4', 4],
      ['quad-4', 2],
      ['trio-3', 3],
      ['duo-2r', 2]
    ] as [DeckId, number][]) {
      for (const seed of SEEDS.slice(0, 1000)) {
        const { characters, rolls } = drawCharacters(seed, DECKS[deck].elements, seats);
        expect(characters).toHaveLength(seats);
        expect(new Set(characters).size).toBe(seats);
        expect(characters.every((e) => DECKS[deck].elements.includes(e))).toBe(true);
        expect(rolls.flat().every((face) => face >= 1 && face <= 4)).toBe(true);
        expect(drawCharacters(seed, DECKS[deck].elements, seats)).toEqual({ characters, rolls });
        const setup = wizSetup('standard', seats, { deck, characters });
        expect(wizSetupProblem(setup)).toBeUndefined();
      }
    }
  }, 30_000);
  it('more players than characters cannot be drawn', () => {
    expect(() => drawCharacters('X', DECKS['duo-2r'].elements, 3)).toThrow(/2 characters for 3 players/);
  });
});

describe('WiZ: the Life Pool die (d6 by default, d4 as the option)', () => {
  it('rolls 1 to 6 on the d6 and 1 to 4 on the d4, every face, the same for the same seed and round', () => {
    for (const die of [6, 4] as const) {
      const seen = new Set<number>();
      for (const seed of SEEDS) {
        const r = poolRoll(seed, 3, die);
        expect(r).toBeGreaterThanOrEqual(1);
        expect(r).toBeLessThanOrEqual(die);
        expect(poolRoll(seed, 3, die)).toBe(r);
        seen.add(r);
      }
      expect(seen.size).toBe(die);
    }
  });
});

describe('WiZ: setup codes', () => {
  it('carry the format, deck, target, options and every draw, and nothing else', () => {
    const setup = wizSetup('standard', 4, {
      deck: 'quad-4s',
      target: 2750,
      titans: true,
      characters: ['earth', 'fire', 'air', 'water'],
      lifePool: { die: 4, firstRoll: 3 },
      firstDealer: 2
    });
    const code = setupCode.encode(setup);
    expect(code).toMatch(/^W2-[0-9A-Z]{4}(-[0-9A-Z]{1,4})+$/);
    const decoded = setupCode.decode(code);
    expect(decoded).toEqual({
      ok: true,
      value: {
        format: 'standard',
        seats: 4,
        deck: 'quad-4s',
        target: 2750,
        titans: true,
        characters: ['earth', 'fire', 'air', 'water'],
        lifePool: { die: 4, firstRoll: 3 },
        firstDealer: 2,
        dealerBy: 'die'
      }
    });
  });
  it('round-trip for thousands of drawn setups in every format', () => {
    const formats = [
      ['solo', 2],
      ['standard', 2],
      ['standard', 3],
      ['standard', 4],
      ['large', 5],
      ['large', 6]
    ] as const;
    SEEDS.slice(0, 600).forEach((seed, i) => {
      const [format, seats] = formats[i % formats.length];
      const decks = decksFor(format, format === 'solo' ? 1 : seats);
      const deck = decks[i % decks.length];
      const withCharacters = format === 'standard' && i % 2 === 0;
      const setup = wizSetup(format, seats, {
        seed,
        deck,
        target: 1 + ((i * 7919) % 99_999),
        titans: i % 3 === 0,
        characters: withCharacters ? drawCharacters(seed, DECKS[deck].elements, seats).characters : null,
        lifePool: i % 4 === 0 ? null : { die: i % 2 ? 6 : 4, firstRoll: poolRoll(seed, 1, i % 2 ? 6 : 4) },
        firstDealer: format === 'solo' ? 1 : drawFirstDealer(seed, seats).seat
      });
      expect(wizSetupProblem(setup)).toBeUndefined();
      const decoded = setupCode.decode(setupCode.encode(setup));
      if (!decoded.ok) throw new Error(decoded.reason);
      const { seats: n, ...rest } = decoded.value;
      expect(n).toBe(setup.players.length);
      expect({ ...setup, ...rest }).toEqual(setup);
    });
  }, 30_000);
  it('reads a whole link, lower case and confusable letters', () => {
    const code = setupCode.encode(wizSetup('standard', 3));
    expect(setupCode.decode(`https://example.org/wiz/new?code=${code}`).ok).toBe(true);
    expect(setupCode.decode(code.toLowerCase()).ok).toBe(true);
  });
  it('refuses a code that is not one, mistyped, or cut short, with the reason', () => {
    const code = setupCode.encode(wizSetup('standard', 3));
    expect(setupCode.decode('')).toEqual({ ok: false, reason: 'Enter a setup code first.' });
    expect(setupCode.decode('X1-ABCD-EFGH')).toEqual({
      ok: false,
      reason: 'That is not a WiZ setup code (they start with “W2-”).'
    });
    const last = code.at(-1)!;
    const wrong = code.slice(0, -1) + (last === 'A' ? 'B' : 'A');
    expect(setupCode.decode(wrong)).toEqual({
      ok: false,
      reason: 'The code does not check out: a character is missing or mistyped.'
    });
    expect(setupCode.decode(code.slice(0, 8)).ok).toBe(false);
  });
});

describe('WiZ: a whole setup drawn from the table’s choices, over thousands of seeds', () => {
  const people = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `Player ${i + 1}` }));
  it('is always a valid setup, and the same seed gives the same setup', () => {
    SEEDS.slice(0, 1500).forEach((seed, i) => {
      const seats = 2 + (i % 5);
      const format = seats <= 4 ? (i % 7 === 0 ? 'solo' : 'standard') : 'large';
      const players = format === 'solo' ? people(2) : people(seats);
      const decks = decksFor(format, format === 'solo' ? 1 : seats);
      const choices = {
        format,
        players,
        deck: decks[i % decks.length],
        target: 500 + i,
        titans: i % 2 === 0,
        characters: i % 3 !== 0,
        lifePool: i % 4 !== 0,
        poolDie: i % 5 === 0 ? 4 : 6,
        dealer: i % 6 === 0 ? i % seats : 'die'
      } as const;
      const setup = drawSetup(choices, seed);
      expect(wizSetupProblem(setup), JSON.stringify(choices)).toBeUndefined();
      expect(drawSetup(choices, seed)).toEqual(setup);
      expect(setup.characters !== null).toBe(choices.characters && format === 'standard');
      if (setup.lifePool) expect(setup.lifePool.firstRoll).toBeLessThanOrEqual(choices.poolDie);
      if (format === 'solo') expect(setup.firstDealer).toBe(1);
      else if (choices.dealer !== 'die')
        expect([setup.firstDealer, setup.dealerBy]).toEqual([choices.dealer, 'seat']);
    });
  }, 30_000);
  it('impossible choices are caught by the setup check, not by a crash', () => {
    const setup = drawSetup(
      {
        format: 'standard',
        players: people(3),
        deck: 'duo-2r',
        target: 500,
        titans: false,
        characters: true,
        lifePool: false,
        poolDie: 6,
        dealer: 'die'
      },
      'X'
    );
    expect(wizSetupProblem(setup)).toBe('the 2 Player 2 Deck [R] deck is not for 3 players');
  });
});
