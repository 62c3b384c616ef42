/**
 * Theos setups: game types per player count, teams, gods, Realms and decks, the setup check's
 * plain reasons, the seeded draws over thousands of seeds, and setup codes that rebuild a setup.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOK_PAIRS,
  PAIRINGS,
  cardsInGame,
  deckKindsFor,
  formatsFor,
  realmCount,
  realmsLine,
  teamSizes,
  theosSetupProblem,
  type DeckKind,
  type TheosFormat,
  type TheosSetup
} from '../../src/lib/games/theos/format';
import {
  drawDecks,
  drawFaces,
  drawFirstPicker,
  drawPairs,
  drawRealms,
  drawTeams,
  proposeSetup
} from '../../src/lib/games/theos/randomize';
import { setupCode } from '../../src/lib/games/theos/share';
import { GAME_TYPES, NAMES, theosSetup } from '../fixtures/theos';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);
const problem = (setup: TheosSetup, change: Partial<TheosSetup> | ((s: TheosSetup) => void)) => {
  const s = structuredClone(setup);
  if (typeof change === 'function') change(s);
  else Object.assign(s, change);
  return theosSetupProblem(s);
};

describe('game types', () => {
  it('the rulebook’s chart: 2 1v1; 3 FFA; 4 2v2 or FFA; 5 FFA; 6 3v3, 2v2v2 or FFA', () => {
    expect([2, 3, 4, 5, 6].map(formatsFor)).toEqual([
      ['1v1'],
      ['ffa'],
      ['ffa', '2v2'],
      ['ffa'],
      ['ffa', '3v3', '2v2v2']
    ]);
    expect(formatsFor(1)).toEqual([]);
    expect(formatsFor(7)).toEqual([]);
  });

  it('team sizes, Realms and deck types per player count', () => {
    expect(teamSizes('2v2v2', 6)).toEqual([2, 2, 2]);
    expect(teamSizes('ffa', 5)).toEqual([1, 1, 1, 1, 1]);
    expect([2, 3, 4, 5, 6].map(realmCount)).toEqual([1, 1, 1, 2, 2]);
    expect([2, 3, 4, 5, 6].map(deckKindsFor)).toEqual([
      ['prebuilt', 'roster', 'draft', 'own'],
      ['prebuilt', 'roster', 'draft', 'own'],
      ['prebuilt', 'draft', 'own'],
      ['draft', 'own'],
      ['draft', 'own']
    ]);
  });

  it('every game type and deck type it allows makes a sound setup', () => {
    for (const [format, n] of GAME_TYPES) {
      for (const kind of deckKindsFor(n)) {
        expect(theosSetupProblem(theosSetup(format, n, kind)), `${format} ${n} ${kind}`).toBeUndefined();
      }
    }
  });
});

describe('setup check: plain reasons', () => {
  const duel = theosSetup('1v1', 2, 'prebuilt');
  const six = theosSetup('2v2v2', 6, 'draft');
  const threes = theosSetup('3v3', 6, 'own');
  const five = theosSetup('ffa', 5, 'draft');

  it('player counts, ids and names (up to 40 characters)', () => {
    expect(theosSetupProblem(null)).toBe('the setup is missing');
    expect(problem(duel, (s) => s.players.pop())).toBe('Theos is for 2 to 6 players here, not 1');
    expect(problem(duel, (s) => (s.players[1].id = 'p1'))).toBe('two players have the same id');
    // A stored game's names are read as they are (the one name rule is Start's: player-names.test).
    expect(problem(duel, (s) => (s.players[1].name = '  '))).toBeUndefined();
    expect(problem(duel, (s) => (s.players[1].name = 'x'.repeat(401)))).toBe(
      'a player’s name is over 400 characters'
    );
  });

  it('game types and teams', () => {
    expect(problem(duel, { format: 'ffa' })).toBe('Free-For-All is not played with 2 players');
    expect(problem(duel, { format: 'solo' as TheosFormat })).toBe('“solo” is not a Theos game type');
    expect(problem(six, (s) => (s.teams = [s.teams[0], [...s.teams[1], ...s.teams[2]]]))).toBe(
      'Team Battle 2v2v2 needs 3 teams'
    );
    expect(problem(six, (s) => (s.teams[0] = [s.teams[0][0], s.teams[1][0]]))).toBe(
      'every player must be on exactly one team'
    );
  });

  it('gods: two pairs of the four gods, each starting face one of its own', () => {
    expect(
      problem(duel, {
        pairs: [
          ['poseidon', 'gaia'],
          ['hades', 'gaia']
        ]
      })
    ).toMatch(/use Poseidon, Gaia/);
    expect(problem(duel, { faces: [['poseidon', 'poseidon']] })).toBe(
      'each pair starts with one of its own two gods face up'
    );
    expect(problem(duel, { faces: [] })).toBe('say which god of each pair starts face up');
    expect(problem(six, (s) => (s.faces = [s.faces[0]]))).toBe(
      'say which god of each pair starts face up in each Realm'
    );
  });

  it('Realms: one for 2 to 4 players; 5 and 6 placed by the rulebook', () => {
    expect(problem(duel, (s) => (s.realmOf.p1 = 1))).toBe(
      'with 2 to 4 players everyone plays in the one Realm'
    );
    // 2v2v2: teammates start apart.
    expect(
      problem(six, (s) => {
        const [a, b] = s.teams[0];
        s.realmOf[b] = s.realmOf[a];
      })
    ).toMatch(/^teammates start in different Realms: Ana and Ben are both in Realm [12]$/);
    // 3v3: each team splits one and two.
    expect(problem(threes, (s) => s.teams[1].forEach((id) => (s.realmOf[id] = 0)))).toBe(
      'in 3v3 each team puts one member in one Realm and two in the other: Dee, Eli and Fay are all in Realm 1'
    );
    // Free-For-All: as even as possible, 3 and 2.
    expect(problem(five, (s) => s.players.forEach((p) => (s.realmOf[p.id] = 0)))).toBe(
      'a Free-For-All spreads players evenly: 3 and 2'
    );
    expect(problem(five, (s) => (s.realmOf.p1 = 2))).toBe('Ana must start in Realm 1 or Realm 2');
  });

  it('Realms: the refusal names every team at fault, not only the first', () => {
    // Two stray moves: teams 1 and 3 each have both members in one Realm.
    expect(
      problem(six, (s) => {
        for (const t of [0, 2]) s.realmOf[s.teams[t][1]] = s.realmOf[s.teams[t][0]];
      })
    ).toBe(
      `teammates start in different Realms: ${[0, 2]
        .map((t) => {
          const [a, b] = six.teams[t].map((id) => six.players.find((p) => p.id === id)!.name);
          return `${a} and ${b} are both in Realm ${six.realmOf[six.teams[t][0]] + 1}`;
        })
        .join('; ')}`
    );
    expect(
      problem(threes, (s) => s.teams.forEach((team, t) => team.forEach((id) => (s.realmOf[id] = t))))
    ).toBe(
      'in 3v3 each team puts one member in one Realm and two in the other: Ana, Ben and Cy are all in Realm 1; Dee, Eli and Fay are all in Realm 2'
    );
  });

  it('Realms: the line under the panel describes the table as it is now', () => {
    expect(realmsLine(six)).toBe('Each team has one member in each Realm.');
    const together = structuredClone(six);
    const [a, b] = together.teams[0];
    together.realmOf[b] = together.realmOf[a];
    expect(realmsLine(together)).toMatch(/^Not yet: teammates start in different Realms: /);
    // 3v3: a team's lone player may stand in either Realm, so the Realms are 3 and 3 or 2 and 4.
    const trio = structuredClone(threes);
    trio.teams.forEach((team) => team.forEach((id, i) => (trio.realmOf[id] = i === 0 ? 0 : 1)));
    expect(realmsLine(trio)).toBe(
      'Realm 1: 2 players, Realm 2: 4. Each team has one member alone and two together.'
    );
    expect(realmsLine(five)).toMatch(/^Realm 1: [23] players, Realm 2: [23]\.$/);
    const crowded = structuredClone(five);
    crowded.players.forEach((p) => (crowded.realmOf[p.id] = 0));
    expect(realmsLine(crowded)).toBe('Not yet: a Free-For-All spreads players evenly: 3 and 2.');
  });

  it('decks: lists for the right count, a different deck each, the book’s pairing', () => {
    expect(
      problem(duel, (s) => (s.decks = { kind: 'prebuilt', group: 'four-seasons', deckOf: { p1: 0, p2: 1 } }))
    ).toBe('Four Seasons is for 4 players');
    expect(
      problem(duel, (s) => (s.decks = { kind: 'prebuilt', group: 'tutorial', deckOf: { p1: 0, p2: 0 } }))
    ).toBe('each player takes a different deck');
    expect(
      problem(duel, (s) => (s.decks = { kind: 'prebuilt', group: 'tutorial', deckOf: { p1: 0, p2: 2 } }))
    ).toBe('give each player one of the Tutorial Game decks');
    expect(problem(duel, { pairs: PAIRINGS[1], faces: [['poseidon', 'gaia']] })).toBe(
      "the rulebook's decks are made for Poseidon against Gaia and Hades against Demeter"
    );
    // The same pairing listed the other way round is still the book's.
    expect(
      problem(duel, (s) => {
        s.pairs = [
          ['demeter', 'hades'],
          ['gaia', 'poseidon']
        ];
        s.faces = [[s.faces[0][1], s.faces[0][0]]];
      })
    ).toBeUndefined();
    expect(
      problem(
        theosSetup('ffa', 4, 'own'),
        (s) => (s.decks = { kind: 'roster', set: 'natures-balance', deckOf: {} })
      )
    ).toBe('rosters are for 2 or 3 players');
    expect(problem(five, (s) => (s.decks = { kind: 'prebuilt', group: 'tutorial', deckOf: {} }))).toBe(
      'the rulebook has no prebuilt decks for 5 players'
    );
    expect(
      problem(
        theosSetup('1v1', 2, 'draft'),
        (s) => s.decks.kind === 'draft' && s.decks.draft.mode === 'two' && (s.decks.draft.first = 'p9')
      )
    ).toBe('say who picks first in the draft');
  });

  it('the cards in play: a group’s decks, a draft’s pool, or every card', () => {
    expect(cardsInGame(duel)).toHaveLength(24);
    expect(cardsInGame(theosSetup('ffa', 3, 'roster'))).toHaveLength(60);
    expect(cardsInGame(theosSetup('1v1', 2, 'draft'))).toHaveLength(28);
    expect(cardsInGame(theosSetup('ffa', 3, 'draft'))).toHaveLength(48);
    expect(cardsInGame(threes)).toHaveLength(60);
  });
});

describe('seeded draws, over thousands of seeds', () => {
  it('teams: the format’s sizes, every player once; same seed, same teams', () => {
    const types: [TheosFormat, number][] = [
      ['2v2', 4],
      ['3v3', 6],
      ['2v2v2', 6],
      ['ffa', 5]
    ];
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      for (const [format, n] of types) {
        const teams = drawTeams(`T${i}`, ids(n), format);
        expect(teams.map((t) => t.length)).toEqual(teamSizes(format, n));
        expect(teams.flat().sort()).toEqual(ids(n));
        if (format === '2v2') seen.add(JSON.stringify(teams[0].slice().sort()));
      }
    }
    expect(seen.size).toBe(6); // every way to pick a partner for each player
    expect(drawTeams('AB12', ids(6), '3v3')).toEqual(drawTeams('ab12', ids(6), '3v3'));
  }, 30_000);

  it('Realms: teammates never share a Realm in 2v2v2; 3v3 splits each team 1 and 2; FFA 3 and 2 or 3 and 3', () => {
    for (let i = 0; i < 2000; i++) {
      const seed = `R${i}`;
      const pairsTeams = drawTeams(seed, ids(6), '2v2v2');
      const r1 = drawRealms(seed, '2v2v2', pairsTeams);
      for (const [a, b] of pairsTeams) expect(r1[a]).not.toBe(r1[b]);
      expect(ids(6).filter((id) => r1[id] === 0)).toHaveLength(3);

      const trios = drawTeams(seed, ids(6), '3v3');
      const r2 = drawRealms(seed, '3v3', trios);
      for (const team of trios) expect([1, 2]).toContain(team.filter((id) => r2[id] === 0).length);

      for (const n of [5, 6]) {
        const r3 = drawRealms(
          seed,
          'ffa',
          ids(n).map((id) => [id])
        );
        const first = ids(n).filter((id) => r3[id] === 0).length;
        expect(n === 6 ? [3] : [2, 3]).toContain(first);
      }
      if (i % 4 === 0) {
        for (const [format, n] of GAME_TYPES) {
          const s = theosSetup(format, n, 'own', { seed, drawTeams: true });
          expect(theosSetupProblem(s), `${format} ${n} ${seed}`).toBeUndefined();
        }
      }
    }
  }, 20_000);

  it('a 5 player Free-For-All puts the 3 in either Realm; 3v3 puts a team’s lone player in either', () => {
    const bigger = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const r = drawRealms(
        `F${i}`,
        'ffa',
        ids(5).map((id) => [id])
      );
      bigger.add(ids(5).filter((id) => r[id] === 0).length);
    }
    expect([...bigger].sort()).toEqual([2, 3]);
  });

  it('pairs, faces, decks and first picker: every outcome reachable, same seed same draw', () => {
    const pairings = new Set<number>();
    const faces = new Set<string>();
    const decks = new Set<string>();
    const first = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const seed = `G${i}`;
      pairings.add(PAIRINGS.indexOf(drawPairs(seed)));
      const f = drawFaces(seed, BOOK_PAIRS, 2);
      f.forEach((realm) => realm.forEach((g, p) => expect(BOOK_PAIRS[p]).toContain(g)));
      faces.add(JSON.stringify(f));
      const d = drawDecks(seed, ids(4), 'prebuilt');
      if (d.kind === 'prebuilt') {
        expect(Object.values(d.deckOf).sort()).toEqual([0, 1, 2, 3]);
        decks.add(JSON.stringify(d.deckOf));
      }
      first.add(drawFirstPicker(seed, ids(2)));
    }
    expect(pairings.size).toBe(3);
    expect(faces.size).toBe(16);
    expect(decks.size).toBe(24);
    expect(first.size).toBe(2);
    expect(drawFaces('X', BOOK_PAIRS, 1)).toEqual(drawFaces('x', BOOK_PAIRS, 1));
  }, 30_000);

  it('a re-draw (another nonce) gives another result without moving the others', () => {
    const base = proposeSetup(
      NAMES.slice(0, 6).map((name, i) => ({ id: `p${i + 1}`, name })),
      '2v2v2',
      'draft',
      'NONCE1'
    );
    const again = drawRealms('NONCE1', '2v2v2', base.teams, 1);
    const differs = [1, 2, 3, 4, 5].some(
      (n) => JSON.stringify(drawRealms('NONCE1', '2v2v2', base.teams, n)) !== JSON.stringify(base.realmOf)
    );
    expect(differs).toBe(true);
    expect(drawRealms('NONCE1', '2v2v2', base.teams, 1)).toEqual(again);
    expect(drawFaces('NONCE1', base.pairs, 2)).toEqual(base.faces);
  });
});

describe('setup codes', () => {
  const named = (s: TheosSetup): TheosSetup => ({
    ...s,
    players: s.players.map((p, i) => ({ ...p, name: NAMES[i] }))
  });

  it('every game type and deck type round-trips exactly (names stay at the table)', () => {
    for (const [format, n] of GAME_TYPES) {
      for (const kind of deckKindsFor(n) as DeckKind[]) {
        for (const seed of ['K7QM2XDA', 'ZZ00ZZ00', 'ABC']) {
          const setup = theosSetup(format, n, kind, { seed, drawTeams: true });
          const code = setupCode.encode(setup);
          expect(code, `${format} ${n} ${kind}`).toMatch(/^TH2-/);
          const decoded = setupCode.decode(code);
          expect(decoded.ok, `${format} ${n} ${kind}: ${!decoded.ok && decoded.reason}`).toBe(true);
          if (!decoded.ok) continue;
          expect(decoded.value.players.map((p) => p.name)).toEqual(Array(n).fill(''));
          const rebuilt = named(decoded.value);
          // Drafts carry their seed; other setups need none.
          expect({ ...rebuilt, seed: kind === 'draft' ? rebuilt.seed : setup.seed }).toEqual(setup);
        }
      }
    }
  });

  it('reads a whole shared link, lower case and with confusable letters', () => {
    const setup = theosSetup('2v2', 4, 'prebuilt');
    const code = setupCode.encode(setup);
    expect(setupCode.decode(`https://example.test/theos/new?code=${encodeURIComponent(code)}`).ok).toBe(true);
    expect(setupCode.decode(code.toLowerCase()).ok).toBe(true);
  });

  it('a draft that was not drawn from the seed has no code', () => {
    const setup = theosSetup('ffa', 3, 'draft');
    if (setup.decks.kind === 'draft' && setup.decks.draft.mode === 'pass') {
      const [a, b] = setup.decks.draft.packets[0];
      [a[0], b[0]] = [b[0], a[0]];
    }
    expect(setupCode.codeFor(setup)).toBeUndefined();
    expect(() => setupCode.encode(setup)).toThrow(RangeError);
  });

  it('a mistyped, foreign or cut code gets a plain reason', () => {
    const code = setupCode.encode(theosSetup('ffa', 5, 'draft'));
    expect(setupCode.decode('')).toEqual({ ok: false, reason: 'Enter a setup code first.' });
    expect(setupCode.decode('X1-ABCD-EF')).toEqual({
      ok: false,
      reason: 'That is not a Theos setup code (they start with “TH2-”).'
    });
    const typo = code.slice(0, 6) + (code[6] === 'A' ? 'B' : 'A') + code.slice(7);
    expect(setupCode.decode(typo)).toEqual({
      ok: false,
      reason: 'The code does not check out: a character is missing or mistyped.'
    });
    expect(setupCode.decode('TH1-#$')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not allowed/)
    });
  });
});

describe('setup codes: anything typed', () => {
  const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const checkChar = (body: string) =>
    ALPHABET[[...body].reduce((sum, c, i) => (sum + (i + 1) * ALPHABET.indexOf(c)) % 32, 0)];

  it('random text never throws: a plain reason or nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const decoded = setupCode.decode(text);
        if (!decoded.ok) expect(decoded.reason).toMatch(/\w/);
      }),
      { numRuns: 1000 }
    );
  }, 30_000);

  it('random bodies with a valid check character: whatever decodes is a sound setup', () => {
    let sound = 0;
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...ALPHABET.split('')), minLength: 1, maxLength: 14 }),
        (body) => {
          const decoded = setupCode.decode(`TH1-${body}${checkChar(body)}`);
          if (!decoded.ok) {
            expect(decoded.reason).toMatch(/\w/);
            return;
          }
          sound++;
          const named = decoded.value.players.map((p, i) => ({ ...p, name: `P${i}` }));
          expect(theosSetupProblem({ ...decoded.value, players: named })).toBeUndefined();
        }
      ),
      // A fixed seed: with a fresh one, now and then no body out of 3,000 decodes (CI saw it),
      // and the count below failed though nothing was wrong.
      { numRuns: 3000, seed: 20261124 }
    );
    // Random bits do make setups now and then (4 of these 3,000), so the check above is not vacuous.
    expect(sound).toBeGreaterThan(0);
  }, 30_000);
});
