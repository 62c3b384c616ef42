/**
 * Theos rules as calculators: resolution order (Speed, then God Speed settled by the table), the
 * gods' verdict in a turn, the Ascension Die, the win check, cleanup order and ability limits.
 * Every worked example of the rulebook is here with its numbers.
 */
import { describe, expect, it } from 'vitest';
import { cardById, type God } from '../../src/lib/games/theos/cards';
import {
  bookFacts,
  compareCards,
  isFaster,
  orderBySpeed,
  resolveTurn,
  type GodFact
} from '../../src/lib/games/theos/speed';
import {
  ascensionDie,
  cleanupOrder,
  ascendLine,
  followersNeeded,
  noAscent,
  tiedTeams,
  winCheck,
  winningTeam
} from '../../src/lib/games/theos/ascension';
import { hashValue, placeFollowers, removeFollowers } from '../../src/lib/games/theos/abilities';
import { BOOK_PAIRS, deckSize } from '../../src/lib/games/theos/format';

const card = (id: string) => cardById(id)!;
const order = (ids: string[], answers: GodFact[] = []) => {
  const o = orderBySpeed(ids, card, answers);
  return o.ok ? o.order : o;
};

describe('resolution order', () => {
  it('worked example: Pallas (Speed 4) resolves before Siren Cove (Speed 7)', () => {
    expect(compareCards(card('G4'), card('P7'), [])).toBe(-1);
    expect(order(['P7', 'G4'])).toEqual(['G4', 'P7']);
  });

  it('worked example: War Fleet (4, God Speed VII) resolves before Pallas (4, God Speed X)', () => {
    expect(compareCards(card('P4'), card('G4'), [])).toBe(-1);
    expect(compareCards(card('G4'), card('P4'), [])).toBe(1);
    expect(order(['G4', 'P4'])).toEqual(['P4', 'G4']);
  });

  it('our reading: God Speed belongs to the god, so Poseidon beats Gaia on every Speed tie', () => {
    expect(bookFacts()).toEqual([['poseidon', 'gaia']]);
    expect(order(['G13', 'P13', 'G1', 'P1'])).toEqual(['P1', 'G1', 'P13', 'G13']);
  });

  it('an unknown God Speed is asked once, as a question about two gods, and the answer remembered', () => {
    expect(order(['H10', 'D10', 'P2'])).toEqual({ ok: false, ask: ['hades', 'demeter'] });
    const answers: GodFact[] = [['demeter', 'hades']];
    expect(order(['H10', 'D10', 'P2'], answers)).toEqual(['P2', 'D10', 'H10']);
    // Remembered for every Speed, not just the one asked about.
    expect(order(['H3', 'D3'], answers)).toEqual(['D3', 'H3']);
  });

  it('answers chain: Hades before Poseidon and Poseidon before Gaia puts Hades before Gaia', () => {
    const answers: GodFact[] = [['hades', 'poseidon']];
    expect(isFaster('hades', 'gaia', answers)).toBe(true);
    expect(isFaster('gaia', 'hades', answers)).toBe(false);
    expect(isFaster('demeter', 'gaia', answers)).toBeUndefined();
    expect(order(['G9', 'H9'], answers)).toEqual(['H9', 'G9']);
    expect(order(['G9', 'D9'], answers)).toEqual({ ok: false, ask: ['gaia', 'demeter'] });
  });

  it('cards of different Speeds never need a God Speed; nine cards order fully without asking', () => {
    expect(order(['H15', 'D1', 'G7', 'P3', 'H9', 'D12', 'G2', 'P14', 'H5'])).toEqual([
      'D1',
      'G2',
      'P3',
      'H5',
      'G7',
      'H9',
      'D12',
      'P14',
      'H15'
    ]);
  });
});

describe('a turn’s verdicts (the speed helper)', () => {
  const pairs = BOOK_PAIRS.map((p) => [...p]) as [God, God][];

  it('our illustration: a rejected Offering turns its god face up before the next card resolves', () => {
    // Poseidon and Hades face up; Ana plays Pallas (G4), Ben plays Flood (P9).
    const out = resolveTurn(
      [
        { card: 'P9', player: 'ben', realm: 0 },
        { card: 'G4', player: 'ana', realm: 0 }
      ],
      pairs,
      [['poseidon', 'hades']],
      []
    );
    expect(out).toEqual({
      ok: true,
      steps: [
        { play: { card: 'G4', player: 'ana', realm: 0 }, accepted: false, flips: 'gaia' },
        { play: { card: 'P9', player: 'ben', realm: 0 }, accepted: false }
      ]
    });
  });

  it('an accepted card changes no god; a rejected Power or Betrayal card flips nothing', () => {
    const out = resolveTurn(
      [
        { card: 'H1', realm: 0 },
        { card: 'D13', realm: 0 },
        { card: 'P5', realm: 0 }
      ],
      pairs,
      [['poseidon', 'hades']],
      []
    );
    expect(out.ok && out.steps.map((s) => [s.play.card, s.accepted, s.flips ?? null])).toEqual([
      ['H1', true, null],
      ['P5', true, null],
      ['D13', false, null]
    ]);
  });

  it('two Realms: one speed order for all cards, each judged by its own Realm’s gods (ruling-two-realm-order)', () => {
    const out = resolveTurn(
      [
        { card: 'G3', realm: 1 },
        { card: 'G9', realm: 0 },
        { card: 'G11', realm: 1 }
      ],
      pairs,
      [
        ['poseidon', 'hades'],
        ['poseidon', 'hades']
      ],
      []
    );
    // Servant of Atlas is rejected in Realm 2 and turns Gaia up there only.
    expect(out.ok && out.steps.map((s) => [s.play.card, s.accepted, s.flips ?? null])).toEqual([
      ['G3', false, 'gaia'],
      ['G9', false, null],
      ['G11', true, null]
    ]);
  });

  it('asks before judging when a Speed tie needs an unknown God Speed', () => {
    expect(
      resolveTurn(
        [
          { card: 'H6', realm: 0 },
          { card: 'D6', realm: 0 }
        ],
        pairs,
        [['poseidon', 'hades']],
        []
      )
    ).toEqual({ ok: false, ask: ['hades', 'demeter'] });
  });
});

describe('the Ascension Die and the win check', () => {
  it('worked example: 10 in round 1, one less each round, never below 1: max(1, 11 − n)', () => {
    expect([1, 2, 3, 4, 9, 10, 11, 25].map(ascensionDie)).toEqual([10, 9, 8, 7, 2, 1, 1, 1]);
    for (let n = 1; n <= 40; n++) expect(ascensionDie(n)).toBe(Math.max(1, 11 - n));
  });

  it('worked example: die at 7, a team of two needs 14, a team of one needs 7', () => {
    expect(followersNeeded(7, 2)).toBe(14);
    expect(followersNeeded(7, 1)).toBe(7);
    expect(winningTeam([14, 9], [2, 2], 7)).toBe(0);
    expect(winningTeam([13, 9], [2, 2], 7)).toBeNull();
    expect(winningTeam([3, 7, 6], [1, 1, 1], 7)).toBe(1);
  });

  it('worked example: a tie for the most means no winner yet, even with enough', () => {
    expect(winningTeam([7, 7], [1, 1], 7)).toBeNull();
    expect(winningTeam([14, 14, 2], [2, 2, 2], 7)).toBeNull();
    expect(winCheck([7, 7], [1, 1], 7)).toEqual([
      { team: 0, followers: 7, needed: 7, enough: true, most: false },
      { team: 1, followers: 7, needed: 7, enough: true, most: false }
    ]);
  });

  it('the most Followers is not enough without the die’s count; 3v3 needs die × 3', () => {
    expect(winningTeam([20, 2], [3, 3], 7)).toBeNull();
    expect(winningTeam([21, 2], [3, 3], 7)).toBe(0);
    expect(winningTeam([0, 0], [1, 1], 1)).toBeNull();
  });

  it('the board’s target line: "1 Follower" when the die is 1 for a player alone', () => {
    expect(ascendLine(1, [1], false)).toBe('To ascend: 1 Follower, and more than any other player.');
    expect(ascendLine(1, [2], true)).toBe(
      'To ascend: 2 Followers for a team of 2, and more than any other team.'
    );
    expect(ascendLine(10, [1], false)).toBe('To ascend: 10 Followers, and more than any other player.');
  });

  it('why nobody ascends, in the words the End Phase shows', () => {
    expect(noAscent([14, 14], [2, 2], 7)).toBe('Tie for the most Followers (14 each): nobody ascends');
    expect(noAscent([14, 14, 2], [2, 2, 2], 7)).toBe('Tie for the most Followers (14 each): nobody ascends');
    expect(noAscent([13, 9], [2, 2], 7)).toBe(
      'Nobody has the 14 Followers needed (the most is 13): nobody ascends'
    );
    expect(noAscent([0, 0], [1, 1], 10)).toBe(
      'Nobody has the 10 Followers needed (the most is 0): nobody ascends'
    );
    expect(noAscent([14, 9], [2, 2], 7)).toBeUndefined();
  });

  it('worked example: decks of 12 cards with 2 to 5 players, 10 with 6', () => {
    expect([2, 3, 4, 5, 6].map(deckSize)).toEqual([12, 12, 12, 12, 10]);
  });
});

describe('cleanup order', () => {
  const teams1 = [['ana'], ['ben'], ['cy']];

  it('most Followers first, then the next most', () => {
    expect(cleanupOrder([3, 9, 5], teams1, {}, [])).toEqual({ groups: [[1], [2], [0]], needCards: [] });
  });

  it('worked example (our illustration): tied at 7, Cerberus (10) beats Hurricane (13), so Ben first', () => {
    const tied = cleanupOrder([7, 7], [['ana'], ['ben']], {}, []);
    expect(tied).toEqual({ groups: [[0, 1]], needCards: ['ana', 'ben'] });
    expect(cleanupOrder([7, 7], [['ana'], ['ben']], { ana: 'P13', ben: 'H10' }, [])).toEqual({
      groups: [[1], [0]],
      needCards: []
    });
  });

  it('a team takes its fastest member’s final card (ruling-cleanup-tie); untied teams need no cards', () => {
    const teams = [
      ['ana', 'ben'],
      ['cy', 'dee'],
      ['eli', 'fay']
    ];
    const finals = { ana: 'D14', ben: 'G12', cy: 'H13', dee: 'P11' };
    expect(cleanupOrder([8, 8, 12], teams, finals, [])).toEqual({ groups: [[2], [1], [0]], needCards: [] });
    expect(tiedTeams([8, 8, 12])).toEqual([0, 1]);
  });

  it('a Speed tie between final cards asks for the God Speed, and a player with no card goes last', () => {
    const teams = [['ana'], ['ben'], ['cy']];
    const asked = cleanupOrder([4, 4, 4], teams, { ana: 'H12', ben: 'D12', cy: null }, []);
    expect(asked).toEqual({ groups: [[0, 1, 2]], needCards: [], ask: ['hades', 'demeter'] });
    expect(
      cleanupOrder([4, 4, 4], teams, { ana: 'H12', ben: 'D12', cy: null }, [['demeter', 'hades']])
    ).toEqual({
      groups: [[1], [0], [2]],
      needCards: []
    });
  });
});

describe('ability limits (worked examples)', () => {
  it('removing 2 Followers from a card with 1 removes 1; from a card with 3 removes exactly 2', () => {
    expect(removeFollowers(1, 2)).toEqual({ moved: 1, triggersWhenever: true });
    expect(removeFollowers(3, 2)).toEqual({ moved: 2, triggersWhenever: true });
  });
  it('"up to 2" lets the Active Player choose 0, 1 or 2', () => {
    expect([0, 1, 2, 5].map((chosen) => removeFollowers(3, 2, { chosen }).moved)).toEqual([0, 1, 2, 2]);
  });
  it('removing 0 Followers (a valid target with none) triggers no "whenever"', () => {
    expect(removeFollowers(0, 2)).toEqual({ moved: 0, triggersWhenever: false });
  });
  it('"# = your destroyed cards" with 3 destroyed cards is 3', () => {
    expect(hashValue(3)).toBe(3);
  });
  it('a card at its Max takes no Followers; below it, only what fits (ruling-max-partial)', () => {
    expect(placeFollowers(4, 4, 2)).toEqual({ moved: 0, triggersWhenever: false });
    expect(placeFollowers(3, 4, 2).moved).toBe(1);
    expect(placeFollowers(0, 4, 2).moved).toBe(2);
    // A steal takes no more than the source card holds.
    expect(placeFollowers(0, 4, 3, 1).moved).toBe(1);
  });
});
