/**
 * Twilight of the Gods' setup codes ("TW2-4F2K-9QXM-A"): the table's shape and the seed, from
 * which every random choice (first player, seating, the Deity draft) is drawn again. The codec
 * (src/lib/share/setup-code.ts) owns the letters and the check.
 *
 * Fields, in order: players − 2 (3 bits), team count (2: 0 for none, 2 or 3, and 1 for 4 teams,
 * since one team is never a game), Extended (1), draft (1), how the first player is chosen (2),
 * random seats (1), then the seed's own letters to the end of the code.
 */
import { setupCodec } from '../../share/setup-code';
import { twilight } from './index';
import { normalizeCode, seedProblem } from '../../random/seeded';
import { FIRST_BY, MAX_PLAYERS, MIN_PLAYERS, teamCounts, type FirstBy } from './format';

export interface SharedSetup {
  players: number;
  /** Number of equal teams, or 0 when every player is for themselves. */
  teams: number;
  extended: boolean;
  draft: boolean;
  firstBy: FirstBy;
  randomSeats: boolean;
  seed: string;
}

/** Why these parts cannot be shared as a code, or undefined. */
export function sharedProblem(s: SharedSetup): string | undefined {
  if (!Number.isInteger(s.players) || s.players < MIN_PLAYERS || s.players > MAX_PLAYERS) {
    return `a game has ${MIN_PLAYERS} to ${MAX_PLAYERS} players`;
  }
  if (s.teams !== 0 && !teamCounts(s.players).includes(s.teams)) {
    return `${s.players} players cannot form ${s.teams} equal teams`;
  }
  if (s.extended && s.draft) return 'a draft cannot be Extended';
  if (!FIRST_BY.includes(s.firstBy)) return 'the first player must be chosen one of the three ways';
  const seed = seedProblem(s.seed);
  if (seed) return seed;
  return undefined;
}

/** Teams in 2 bits: 4 teams (8 players in pairs) take the value 1, never a team count. */
const teamsBits = (teams: number) => (teams === 4 ? 1 : teams);
const teamsOf = (bits: number) => (bits === 1 ? 4 : bits);

export const setupCode = setupCodec<SharedSetup>({
  game: twilight,
  carried: (s) => sharedProblem(s) ?? s,
  write(s, out) {
    out
      .int(s.players - MIN_PLAYERS, 3)
      .int(teamsBits(s.teams), 2)
      .flag(s.extended)
      .flag(s.draft)
      .int(FIRST_BY.indexOf(s.firstBy), 2)
      .flag(s.randomSeats)
      .letters(normalizeCode(s.seed));
  },
  read(input) {
    const players = input.int(3) + MIN_PLAYERS;
    const teams = teamsOf(input.int(2));
    const extended = input.flag();
    const draft = input.flag();
    const firstBy = FIRST_BY[input.int(2)];
    const randomSeats = input.flag();
    const seed = input.letters(input.lettersLeft);
    return { players, teams, extended, draft, firstBy, randomSeats, seed };
  },
  check: sharedProblem
});
