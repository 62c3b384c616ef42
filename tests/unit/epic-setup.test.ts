/**
 * Epic setups: formats and their checks, the seeded seat and first-player draws (thousands of
 * seeds), setup codes that rebuild a setup exactly, and the draft guide.
 */
import { describe, expect, it } from 'vitest';
import {
  buildsDecks,
  epicSetupProblem,
  formatName,
  minimumDeck,
  packsFor,
  sideboardAllowed
} from '../../src/lib/games/epic/format';
import { drawAmong, drawFirstPlayer, drawSeats, seatPlayers } from '../../src/lib/games/epic/random';
import { blankSetup, setupCode, type SharedSetup } from '../../src/lib/games/epic/share';
import {
  cardsInHand,
  cardsPassed,
  describePick,
  draftedCards,
  nextPick,
  passDirection,
  type DraftPosition
} from '../../src/lib/games/epic/draft';
import { EpicDriver, epicSetup } from '../fixtures/epic';

describe('Epic formats', () => {
  it('names and deck minimums: Sealed at least 30, Designed at least 60, Pack War its one pack', () => {
    expect(formatName({ format: 'sealed', packs: 3 })).toBe('Sealed Pack 3');
    expect(formatName({ format: 'draft', packs: 2 })).toBe('Draft 2');
    expect(formatName({ format: 'pack-war', packs: 1 })).toBe('Pack War');
    expect(formatName({ format: 'designed', packs: 0 })).toBe('Designed deck');
    expect(minimumDeck('sealed')).toBe(30);
    expect(minimumDeck('draft')).toBe(30);
    expect(minimumDeck('designed')).toBe(60);
    expect(minimumDeck('pack-war')).toBe(15);
    expect(packsFor('pack-war', 4)).toBe(1);
    expect(packsFor('designed', 4)).toBe(0);
    expect(packsFor('draft', 4)).toBe(4);
  });

  it('our reading: a sideboard in Sealed 3+, Draft 3+ and Designed only', () => {
    expect(sideboardAllowed({ format: 'sealed', packs: 2 })).toBe(false);
    expect(sideboardAllowed({ format: 'sealed', packs: 3 })).toBe(true);
    expect(sideboardAllowed({ format: 'draft', packs: 2 })).toBe(false);
    expect(sideboardAllowed({ format: 'draft', packs: 3 })).toBe(true);
    expect(sideboardAllowed({ format: 'pack-war', packs: 1 })).toBe(false);
    expect(sideboardAllowed({ format: 'designed', packs: 0 })).toBe(true);
    expect(buildsDecks({ format: 'sealed', packs: 2 })).toBe(false);
    expect(buildsDecks({ format: 'sealed', packs: 3 })).toBe(true);
    expect(buildsDecks({ format: 'draft', packs: 2 })).toBe(true);
  });

  it('accepts 2 to 6 players in every format', () => {
    for (const format of ['sealed', 'pack-war', 'draft', 'designed'] as const) {
      for (let n = 2; n <= 8; n++) expect(epicSetupProblem(epicSetup(n, { format }))).toBeUndefined();
    }
  });

  it('refuses broken setups with a plain reason', () => {
    const ok = epicSetup(3);
    const problem = (patch: object) => epicSetupProblem({ ...ok, ...patch });
    expect(epicSetupProblem(null)).toBe('the setup is missing');
    expect(problem({ format: 'chess' })).toBe('“chess” is not an Epic format');
    expect(problem({ players: ok.players.slice(0, 1) })).toBe('Epic is for 2 to 8 players here, not 1');
    expect(
      problem({
        players: [
          ...ok.players,
          ...epicSetup(6).players.map((p) => ({ ...p, id: p.id + 'x', name: p.name + '2' }))
        ]
      })
    ).toBe('Epic is for 2 to 8 players here, not 9');
    expect(problem({ players: [ok.players[0], { id: 'p1', name: 'Zed' }] })).toBe(
      'two players have the same id'
    );
    // A stored game's names are read as they are (the one name rule is Start's: player-names.test).
    expect(problem({ players: [ok.players[0], { id: 'p2', name: ' ana ' }] })).toBeUndefined();
    expect(problem({ players: [ok.players[0], { id: 'p2', name: 'N'.repeat(401) }] })).toBe(
      'a player’s name is over 400 characters'
    );
    expect(problem({ format: 'pack-war', packs: 2 })).toBe('Pack War is played with one pack each');
    expect(problem({ format: 'designed', packs: 2 })).toBe('a designed deck uses no packs');
    expect(problem({ format: 'sealed', packs: 1 })).toBe('Sealed Pack takes 2 to 9 packs each, not 1');
    expect(problem({ format: 'draft', packs: 10 })).toBe('Draft takes 2 to 9 packs each, not 10');
    expect(problem({ packs: 2.5 })).toBe('the number of packs must be a whole number');
    expect(problem({ first: 3 })).toBe('the first player must be one of the players');
    expect(problem({ match: 'yes' })).toBe('say whether this is a match or a single game');
  });
});

describe('Epic random setup', () => {
  it('over 3,000 seeds: seats are a permutation, the first player a seat, same seed same draw', () => {
    const firsts = new Map<number, number>();
    for (let i = 0; i < 3000; i++) {
      const n = 2 + (i % 5);
      const seed = `S${i}`;
      const seats = drawSeats(seed, n);
      expect([...seats].sort()).toEqual(Array.from({ length: n }, (_, k) => k));
      const first = drawFirstPlayer(seed, n);
      expect(first).toBeGreaterThanOrEqual(0);
      expect(first).toBeLessThan(n);
      expect(drawFirstPlayer(seed.toLowerCase(), n)).toBe(first);
      expect(drawSeats(seed, n)).toEqual(seats);
      if (n === 4) firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    // 600 four-player draws: every seat starts now and then, none far more than the others.
    expect([...firsts.keys()].sort()).toEqual([0, 1, 2, 3]);
    for (const count of firsts.values()) expect(count).toBeGreaterThan(100);
  });

  it('seats the players as drawn', () => {
    expect(seatPlayers(['Ana', 'Ben', 'Cy'], [2, 0, 1])).toEqual(['Cy', 'Ana', 'Ben']);
  });

  it('a tied match game: the chooser is drawn among the candidates, reproducibly', () => {
    const among = ['p1', 'p2', 'p3'];
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const pick = drawAmong(`T${i}`, 2, among);
      expect(among).toContain(pick);
      expect(drawAmong(`T${i}`, 2, among)).toBe(pick);
      seen.add(pick);
    }
    expect(seen.size).toBe(3);
  });
});

describe('Epic setup codes', () => {
  const shared: SharedSetup = {
    format: 'draft',
    packs: 3,
    match: true,
    shuffledSeats: true,
    playerCount: 4,
    first: 2,
    seed: 'K7QM2XDA'
  };

  it('round-trips every format, player count and first seat, from a code or a link', () => {
    for (const format of ['sealed', 'pack-war', 'draft', 'designed'] as const) {
      for (let playerCount = 2; playerCount <= 8; playerCount++) {
        const packs = format === 'pack-war' ? 1 : format === 'designed' ? 0 : 2 + (playerCount % 8);
        const s: SharedSetup = {
          ...shared,
          format,
          packs,
          playerCount,
          first: playerCount - 1,
          match: playerCount % 2 === 0
        };
        const code = setupCode.encode(s);
        expect(code.startsWith('E2-')).toBe(true);
        expect(setupCode.decode(code)).toEqual({ ok: true, value: s });
        expect(setupCode.decode(`https://x.example/epic/new?code=${encodeURIComponent(code)}`)).toEqual({
          ok: true,
          value: s
        });
        expect(setupCode.decode(code.toLowerCase().replace(/-/g, ' '))).toEqual({ ok: true, value: s });
      }
    }
  });

  it('the seed travels, so the drawn seats come out the same', () => {
    const decoded = setupCode.decode(setupCode.encode(shared));
    expect(decoded.ok && drawSeats(decoded.value.seed, decoded.value.playerCount)).toEqual(
      drawSeats(shared.seed, 4)
    );
  });

  it('a code gives a setup with numbered seats that a table can start from', () => {
    const setup = blankSetup(shared);
    expect(setup.players.map((p) => p.name)).toEqual(['Player 1', 'Player 2', 'Player 3', 'Player 4']);
    expect(epicSetupProblem(setup)).toBeUndefined();
  });

  it('mistyped, foreign or empty codes are refused with a reason', () => {
    const code = setupCode.encode(shared);
    const typo = code.slice(0, -2) + (code.at(-2) === 'A' ? 'B' : 'A') + code.at(-1);
    expect(setupCode.decode(typo)).toEqual({
      ok: false,
      reason: 'The code does not check out: a character is missing or mistyped.'
    });
    expect(setupCode.decode('X1-ABCD')).toEqual({
      ok: false,
      reason: 'That is not an Epic setup code (they start with “E2-”).'
    });
    expect(setupCode.decode('  ')).toEqual({ ok: false, reason: 'Enter a setup code first.' });
    expect(setupCode.decode(code.slice(0, 8))).toMatchObject({ ok: false });
    expect(setupCode.decode('E1-#!')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not allowed/)
    });
  });
});

describe('Epic draft guide', () => {
  it('pass 14 cards, then 13, and so on; the direction alternates with each pack, starting left', () => {
    expect([1, 2, 3, 14, 15].map(cardsPassed)).toEqual([14, 13, 12, 1, 0]);
    expect([1, 15].map(cardsInHand)).toEqual([15, 1]);
    expect([1, 2, 3, 4].map(passDirection)).toEqual(['left', 'right', 'left', 'right']);
    // The rulebook: "The other 14 cards are shuffled and passed".
    expect(describePick({ pack: 1, pick: 1 })).toBe(
      'Pack 1 · pick 1 of 15: keep 1 of 15, shuffle the other 14 and pass them left'
    );
    expect(describePick({ pack: 2, pick: 3 })).toBe(
      'Pack 2 · pick 3 of 15: keep 1 of 13, shuffle the other 12 and pass them right'
    );
    expect(describePick({ pack: 1, pick: 15 })).toBe(
      'Pack 1 · pick 15 of 15: keep 1 of 1, keep the last card'
    );
  });

  it('walks every pick of every pack, then stops', () => {
    for (const packs of [2, 3, 5]) {
      let at: DraftPosition | null = { pack: 1, pick: 1 };
      let picks = 0;
      while (at) {
        picks++;
        at = nextPick(at, packs);
      }
      expect(picks).toBe(draftedCards(packs));
    }
  });

  it('the machine walks the draft, then deck building, then the mulligan', () => {
    const d = new EpicDriver(epicSetup(4, { format: 'draft', packs: 2 }));
    expect(d.is('draft')).toBe(true);
    expect(d.meta().title).toBe('Draft · pack 1 of 2');
    expect(d.meta().now).toBe(
      'Pack 1 · pick 1 of 15: keep 1 of 15, shuffle the other 14 and pass them left.'
    );
    expect(d.line({ type: 'PICK' })).toBe(
      'Draft: Pack 1 · pick 2 of 15: keep 1 of 14, shuffle the other 13 and pass them left'
    );
    for (let i = 0; i < 15; i++) d.send({ type: 'NEXT' });
    expect(d.ctx.draft).toEqual({ pack: 2, pick: 2 });
    expect(d.meta().now).toMatch(/shuffle the other 13 and pass them right/);
    for (let i = 0; i < 13; i++) d.send({ type: 'PICK' });
    expect(d.line({ type: 'PICK' })).toBe('Draft done: build decks');
    expect(d.is('building')).toBe(true);
    expect(d.meta().now).toBe('Your deck is the 30 cards you drafted, with no sideboard. Shuffle it.');
    expect(d.refuse({ type: 'NEXT_TURN' })).toBe(
      'The game has not started: finish the draft and build decks first.'
    );
    d.send({ type: 'NEXT' });
    expect(d.is('mulligan')).toBe(true);
    expect(d.refuse({ type: 'PICK' })).toBe('The draft is over.');
  });

  it('a table that drafted on its own skips straight to the mulligan', () => {
    const d = new EpicDriver(epicSetup(3, { format: 'draft', packs: 3 }));
    d.send({ type: 'DECKS_READY' });
    expect(d.is('mulligan')).toBe(true);
    expect(d.ctx.draft).toBeNull();
  });

  it('Sealed Pack 3+ builds decks first; Sealed Pack 2, Pack War and Designed go straight to the mulligan', () => {
    expect(new EpicDriver(epicSetup(2, { format: 'sealed', packs: 3 })).is('building')).toBe(true);
    for (const format of ['sealed', 'pack-war', 'designed'] as const) {
      const d = new EpicDriver(epicSetup(2, { format }));
      expect(d.is('mulligan')).toBe(true);
      expect(d.refuse({ type: 'PICK' })).toBe('This game has no draft.');
    }
  });
});
