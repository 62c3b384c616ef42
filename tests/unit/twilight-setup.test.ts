/**
 * Twilight of the Gods setups: the checks on a new game, the seeded randomizers over thousands of
 * seeds (first player, seats, the Deity draft), the Action draft guide, setup codes and the deck
 * check from a typed list.
 */
import { describe, expect, it } from 'vitest';
import { DEITY_IDS, type DeityId } from '../../src/lib/games/twilight/cards';
import { checkDeck, parseDeckList } from '../../src/lib/games/twilight/deck';
import {
  actionDraftView,
  dealDeities,
  deityDraftDone,
  finishPile,
  keepDeity,
  keepProblem,
  nextPick,
  passTo,
  startDeityDraft,
  waitingSeats,
  type ActionDraft
} from '../../src/lib/games/twilight/draft';
import {
  alternatingTeams,
  randomFirst,
  randomSeats,
  teamCounts,
  twilightSetupProblem
} from '../../src/lib/games/twilight/format';
import { setupCode, type SharedSetup } from '../../src/lib/games/twilight/share';
import { twilightSetup } from '../fixtures/twilight';

describe('setup checks', () => {
  it('accepts 2 to 8 players, each with a Deity and a 50-card deck', () => {
    for (let n = 2; n <= 8; n++) expect(twilightSetupProblem(twilightSetup(n))).toBeUndefined();
  });
  it('refuses what cannot start a game, in plain words', () => {
    const ok = twilightSetup(2);
    const bad = (patch: object) => twilightSetupProblem({ ...ok, ...patch });
    expect(twilightSetupProblem(null)).toBe('the setup is missing');
    expect(bad({ players: [ok.players[0]] })).toBe('Twilight of the Gods is for 2 to 8 players here, not 1');
    expect(twilightSetupProblem(twilightSetup(2, {}))).toBeUndefined();
    expect(bad({ players: [ok.players[0], { ...ok.players[1], id: 'p1' }] })).toBe(
      'two players have the same id'
    );
    // A stored game's names are read as they are (the one name rule is Start's: player-names.test).
    expect(bad({ players: [ok.players[0], { id: 'p2', name: '   ' }] })).toBeUndefined();
    expect(bad({ players: [ok.players[0], { id: 'p2', name: 'x'.repeat(401) }] })).toBe(
      'a player’s name is over 400 characters'
    );
    expect(bad({ deities: ['mars', 'zeus'] })).toBe('Ben needs a Deity (one of 4)');
    expect(bad({ decks: [50, 49] })).toBe('a standard deck is exactly 50 cards');
    expect(bad({ extended: true })).toBe('an Extended deck has 51 to 100 cards');
    expect(bad({ extended: true, decks: [51, 100] })).toBeUndefined();
    expect(bad({ extended: true, decks: [51, 101] })).toBe('an Extended deck has 51 to 100 cards');
    expect(bad({ decks: [50, 50.5] })).toBe('a deck size must be a whole number');
    expect(bad({ first: 2 })).toBe('the first player must be at the table');
    expect(bad({ firstBy: 'coin' })).toBe('the setup must say how the first player was chosen');
    expect(bad({ seed: '' })).toBe('the setup has no usable seed');
    expect(bad({ draft: true })).toBe('in a draft the Deities are chosen after drafting');
    expect(bad({ draft: true, extended: true, deities: [null, null], decks: [60, 60] })).toBe(
      'a drafted deck is 50 cards, so a draft cannot be Extended'
    );
    expect(twilightSetupProblem(twilightSetup(2, { draft: true }))).toBeUndefined();
  });
  it('teams: equal teams of two or more, in 4 or 6 player games', () => {
    expect(teamCounts(2)).toEqual([]);
    expect(teamCounts(3)).toEqual([]);
    expect(teamCounts(4)).toEqual([2]);
    expect(teamCounts(5)).toEqual([]);
    expect(teamCounts(6)).toEqual([2, 3]);
    expect(twilightSetupProblem(twilightSetup(4, { teams: [0, 1, 0, 1] }))).toBeUndefined();
    expect(twilightSetupProblem(twilightSetup(6, { teams: [0, 1, 2, 0, 1, 2] }))).toBeUndefined();
    expect(twilightSetupProblem(twilightSetup(6, { teams: [0, 0, 0, 1, 1, 1] }))).toBeUndefined();
    expect(twilightSetupProblem(twilightSetup(4, { teams: [0, 0, 0, 1] }))).toBe(
      'teams must be the same size'
    );
    expect(twilightSetupProblem(twilightSetup(3, { teams: [0, 1, 1] }))).toBe(
      '3 players cannot split into equal teams of two or more'
    );
    expect(twilightSetupProblem(twilightSetup(5, { teams: [0, 1, 0, 1, 0] }))).toBe(
      '5 players cannot split into equal teams of two or more'
    );
    expect(twilightSetupProblem(twilightSetup(6, { teams: [0, 1, 2, 3, 0, 1] }))).toBe(
      '6 players split into 2 or 3 equal teams'
    );
    expect(alternatingTeams(6, 3)).toEqual([0, 1, 2, 0, 1, 2]);
  });
  it('a random first player must be the one the seed draws', () => {
    const s = twilightSetup(4, { firstBy: 'random', seed: 'ABCD1234' });
    expect(s.first).toBe(randomFirst('ABCD1234', 4));
    expect(twilightSetupProblem(s)).toBeUndefined();
    expect(twilightSetupProblem({ ...s, first: (s.first + 1) % 4 })).toBe(
      'a random first player comes from the seed'
    );
  });
});

describe('seeded randomizers', () => {
  it('over 5,000 seeds: a random first player is always a seat at the table, and every seat comes up', () => {
    const bad: string[] = [];
    for (let n = 2; n <= 6; n++) {
      const seen = new Set<number>();
      for (let i = 0; i < 1000; i++) {
        const first = randomFirst(`F${i}`, n);
        if (!(Number.isInteger(first) && first >= 0 && first < n)) bad.push(`F${i}/${n}: ${first}`);
        seen.add(first);
      }
      expect(seen.size).toBe(n);
    }
    expect(bad).toEqual([]);
  });
  it('the same seed always gives the same first player and seats', () => {
    expect(randomFirst('K7QM2XDA', 5)).toBe(randomFirst('k7qm-2xda', 5));
    expect(randomSeats('K7QM2XDA', 6)).toEqual(randomSeats('k7qm-2xda', 6));
  });
  it('over 5,000 seeds: random seats are always a permutation of the table', () => {
    const bad: string[] = [];
    for (let n = 2; n <= 6; n++)
      for (let i = 0; i < 1000; i++) {
        const seats = randomSeats(`S${i}`, n);
        const sorted = [...seats].sort().join();
        if (sorted !== Array.from({ length: n }, (_, j) => j).join()) bad.push(`S${i}/${n}: ${seats}`);
      }
    expect(bad).toEqual([]);
  });
  it('over 5,000 seeds: the Deity draft deals 3 per player, each Deity as evenly as four allow', () => {
    const bad: string[] = [];
    for (let n = 2; n <= 6; n++)
      for (let i = 0; i < 1000; i++) {
        const hands = dealDeities(`D${i}`, n);
        const counts = DEITY_IDS.map((id) => hands.flat().filter((d) => d === id).length);
        const ok =
          hands.length === n &&
          hands.every((h) => h.length === 3) &&
          Math.max(...counts) - Math.min(...counts) <= 1 &&
          counts.reduce((a, b) => a + b) === 3 * n;
        if (!ok) bad.push(`D${i}/${n}: ${JSON.stringify(hands)}`);
      }
    expect(bad).toEqual([]);
  });
  it('the same seed deals the same Deities; different seeds differ', () => {
    expect(dealDeities('SEED', 4)).toEqual(dealDeities('seed', 4));
    const distinct = new Set(Array.from({ length: 40 }, (_, i) => JSON.stringify(dealDeities(`X${i}`, 3))));
    expect(distinct.size).toBeGreaterThan(30);
  });
});

describe('the draft guide', () => {
  it('passing left is clockwise (the next seat); right is counter-clockwise', () => {
    expect(passTo(0, 4, 'left')).toBe(1);
    expect(passTo(3, 4, 'left')).toBe(0);
    expect(passTo(0, 4, 'right')).toBe(3);
  });
  it('Deities: keep 1 and pass 2 left, keep 1 and pass 1 left, keep the last: everyone ends with 3', () => {
    const n = 3;
    let d = startDeityDraft('DRAFT', n);
    const dealt = d.hands.map((h) => h.slice());
    // Round 1: each keeps the first card in hand.
    for (let seat = 0; seat < n; seat++) {
      expect(waitingSeats(d)).toContain(seat);
      d = keepDeity(d, seat, d.hands[seat][0]);
    }
    expect(d.round).toBe(1);
    // Each now holds the two cards their right-hand neighbour passed on.
    for (let seat = 0; seat < n; seat++) expect(d.hands[seat]).toEqual(dealt[(seat + n - 1) % n].slice(1));
    for (let seat = 0; seat < n; seat++) d = keepDeity(d, seat, d.hands[seat][1]);
    expect(deityDraftDone(d)).toBe(true);
    for (let seat = 0; seat < n; seat++) {
      expect(d.kept[seat]).toHaveLength(3);
      // The last card came from two seats to the right: its first-round hand's second card.
      expect(d.kept[seat][2]).toBe(dealt[(seat + n - 2) % n][1]);
    }
    expect(d.kept.flat().sort()).toEqual(dealt.flat().sort());
  });
  it('a seat cannot keep twice in a round, or a Deity it does not hold', () => {
    let d = startDeityDraft('DRAFT', 2);
    const notHeld = (['mars', 'hera', 'reader', 'enlil'] as DeityId[]).find((g) => !d.hands[0].includes(g));
    if (notHeld) expect(keepProblem(d, 0, notHeld, 'Ana')).toBe('Ana does not hold that Deity now.');
    d = keepDeity(d, 0, d.hands[0][0]);
    expect(keepProblem(d, 0, d.hands[0][0], 'Ana')).toBe(
      'Ana has kept a Deity this round; the others are still choosing.'
    );
  });
  it('Action cards: three piles of 20, passed right, left, right; 60 picks in all', () => {
    let a: ActionDraft = { pile: 0, picks: 0 };
    const seen: string[] = [];
    let picks = 0;
    while (!actionDraftView(a).done) {
      const v = actionDraftView(a);
      if (v.pick === 1) seen.push(`${v.pile}:${v.direction}:${v.picksLeft}`);
      a = nextPick(a);
      picks++;
    }
    expect(seen).toEqual(['1:right:20', '2:left:20', '3:right:20']);
    expect(picks).toBe(60);
    expect(actionDraftView({ pile: 1, picks: 4 })).toMatchObject({
      pile: 2,
      pick: 5,
      picksLeft: 16,
      direction: 'left'
    });
    expect(finishPile({ pile: 1, picks: 4 })).toEqual({ pile: 2, picks: 0 });
    expect(nextPick({ pile: 3, picks: 0 })).toEqual({ pile: 3, picks: 0 });
  });
});

describe('setup codes', () => {
  const shared: SharedSetup = {
    players: 4,
    teams: 2,
    extended: false,
    draft: true,
    firstBy: 'random',
    randomSeats: true,
    seed: 'K7QM2XDA'
  };
  it('round-trips every table shape, and reads a whole link', () => {
    for (let players = 2; players <= 6; players++)
      for (const teams of [0, ...teamCounts(players)])
        for (const firstBy of ['explainer', 'youngest', 'random'] as const)
          for (const [extended, draft] of [
            [false, false],
            [true, false],
            [false, true]
          ])
            for (const randomSeats of [false, true]) {
              const s = { players, teams, extended, draft, firstBy, randomSeats, seed: 'ABCD2345' };
              const code = setupCode.encode(s);
              expect(code).toMatch(/^TW2-/);
              expect(setupCode.decode(code)).toEqual({ ok: true, value: s });
            }
    const code = setupCode.encode(shared);
    expect(
      setupCode.decode(`https://tableside.example/twilight/new?code=${encodeURIComponent(code)}`)
    ).toEqual({ ok: true, value: shared });
    expect(setupCode.decode(code.toLowerCase().replace(/-/g, ' '))).toEqual({ ok: true, value: shared });
  });
  it('a mistyped or foreign code gets a plain reason', () => {
    const code = setupCode.encode(shared);
    const typo = code.slice(0, -2) + (code.at(-2) === 'A' ? 'B' : 'A') + code.at(-1);
    expect(setupCode.decode(typo)).toEqual({
      ok: false,
      reason: 'The code does not check out: a character is missing or mistyped.'
    });
    expect(setupCode.decode('')).toEqual({ ok: false, reason: 'Enter a setup code first.' });
    expect(setupCode.decode('X1-ABCD')).toEqual({
      ok: false,
      reason: 'That is not a Twilight of the Gods setup code (they start with “TW2-”).'
    });
    expect(setupCode.decode('TW1-AB*C')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not allowed/)
    });
  });
  it('8 players in 4 teams of 2 round-trip through a code', () => {
    const code = setupCode.encode({ ...shared, players: 8, teams: 4 });
    expect(setupCode.decode(code)).toMatchObject({ ok: true, value: { players: 8, teams: 4 } });
    expect(setupCode.decode(setupCode.encode({ ...shared, players: 8, teams: 2 }))).toMatchObject({
      value: { teams: 2 }
    });
  });
  it('refuses to share a table the game cannot have', () => {
    expect(() => setupCode.encode({ ...shared, players: 5, teams: 2 })).toThrow(/equal teams/);
    expect(() => setupCode.encode({ ...shared, extended: true })).toThrow(/Extended/);
  });
  it('a code naming a table the game cannot have is refused on reading too', () => {
    // Hand-made header: 9 players (9 − 2 = 7, shifted by 7 bits: 896 = "W0"), valid check character.
    const body = 'W0ABCD2345';
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    const check = alphabet[[...body].reduce((sum, c, i) => (sum + (i + 1) * alphabet.indexOf(c)) % 32, 0)];
    expect(setupCode.decode(`TW1-${body}${check}`)).toEqual({
      ok: false,
      reason: 'The code’s setup is not valid: a game has 2 to 8 players.'
    });
  });
});

describe('deck check from a typed list', () => {
  const lines = (entries: [number, string, string?][]) =>
    entries.map(([n, name, tags]) => `${n} ${name}${tags ? ` (${tags})` : ''}`).join('\n');
  /** 17 distinct cards: 16 × 3 + 1 × 2 = 50, `aggression` of them tagged Aggression. */
  function deck(aggression: number, extra: [number, string, string?][] = []): string {
    const entries: [number, string, string?][] = [];
    let left = aggression;
    for (let i = 0; i < 16; i++) {
      const tag = left >= 3 ? 'Aggression' : 'Sanctuary';
      if (left >= 3) left -= 3;
      entries.push([3, `Card ${i + 1}`, tag]);
    }
    entries.push([2, 'Card 17', left >= 2 ? 'red' : 'brown']);
    return lines([...entries, ...extra]);
  }
  it('exactly 50 cards with Mars’s 10 Aggression is legal', () => {
    const r = checkDeck(deck(12), { deity: 'mars' });
    expect(r).toMatchObject({ legal: true, total: 50, problems: [], requirementMet: true });
    expect(r.byFaction.aggression).toBe(12);
  });
  it('Mars needs at least 10 Aggression cards; 9 is illegal', () => {
    const r = checkDeck(deck(9), { deity: 'mars' });
    expect(r.legal).toBe(false);
    expect(r.problems).toEqual(['Mars needs at least 10 Aggression cards; the list has 9.']);
  });
  it('exactly 50, or 51 to 100 in an Extended game', () => {
    expect(checkDeck(deck(12, [[1, 'One more', 'red']]), { deity: 'mars' }).problems).toEqual([
      'A deck has exactly 50 cards; this one has 51.'
    ]);
    expect(checkDeck(deck(12, [[1, 'One more', 'red']]), { deity: 'mars', extended: true }).legal).toBe(true);
    const huge = deck(12) + '\n' + Array.from({ length: 17 }, (_, i) => `3 Extra ${i}`).join('\n');
    expect(checkDeck(huge, { deity: 'mars', extended: true }).problems).toEqual([
      'An Extended deck has 51 to 100 cards; this one has 101.'
    ]);
  });
  it('at most 3 copies of a card, at most 1 of each Epic card; lines naming the same card add up', () => {
    const list = deck(12).replace('3 Card 1 (Aggression)', '2 Card 1 (Aggression)\n2 card  1 (Aggression)');
    expect(checkDeck(list.replace('2 Card 17', '1 Card 17'), { deity: 'mars' }).problems).toEqual([
      'Card 1: at most 3 copies, not 4.'
    ]);
    const epic = deck(12).replace('3 Card 16 (Sanctuary)', '1 Hero (Sanctuary, Epic)\n2 Hero (Sanctuary)');
    expect(checkDeck(epic, { deity: 'mars' }).problems).toEqual(['Hero is Epic: at most 1 copy, not 3.']);
  });
  it('draft decks may exceed the copy limits; a missed requirement costs Conviction and the Deity Power', () => {
    const list = deck(9)
      .replace('3 Card 1 (Aggression)', '5 Card 1 (Aggression)')
      .replace('3 Card 2', '1 Card 2');
    const r = checkDeck(list, { deity: 'mars', drafted: true });
    expect(r.legal).toBe(true);
    expect(r.requirementMet).toBe(false);
    expect(r.deityPower).toBe(false);
    expect(r.notes[0]).toMatch(/without Conviction or the Deity Power/);
  });
  it('the other Deities’ requirements are entered from the card', () => {
    const r = checkDeck(deck(12), { deity: 'hera' });
    expect(r.legal).toBe(true);
    expect(r.notes).toEqual(['Enter Hera’s Faction Requirement from the Deity card to check it.']);
    const enlil = checkDeck(deck(12), { deity: 'enlil', requirement: { faction: 'sanctuary', min: 40 } });
    expect(enlil.problems).toEqual(['Enlil needs at least 40 Sanctuary cards; the list has 38.']);
  });
  it('exactly one Deity card, the chosen one; it does not count towards the 50', () => {
    expect(checkDeck(`1 Mars\n${deck(12)}`, { deity: 'mars' }).legal).toBe(true);
    expect(checkDeck(`2 Mars\n${deck(12)}`, { deity: 'mars' }).problems).toEqual([
      'A deck has exactly one Deity card.'
    ]);
    expect(checkDeck(`1 Hera\n${deck(12)}`, { deity: 'mars' }).problems).toEqual([
      'The list names Hera, but the Deity is Mars.'
    ]);
  });
  it('lines it cannot read are named', () => {
    const p = parseDeckList(
      '3 Troll (Aggression)\n\n# comment\n0 Nothing\n2x Scout (purple)\nTroll (red, blue)\nElf'
    );
    expect(p.problems).toEqual([
      'Line 4: a count of 0 lists no card.',
      'Line 5: “purple” is not a Faction, a Faction colour or Epic.',
      'Line 6: a card belongs to one Faction only.'
    ]);
    expect(p.cards.map((c) => [c.count, c.name, c.faction])).toEqual([
      [3, 'Troll', 'aggression'],
      [1, 'Elf', undefined]
    ]);
  });
});
