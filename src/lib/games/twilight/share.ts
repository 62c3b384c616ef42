/**
 * Setup codes: a short text that rebuilds the random parts of a Twilight of the Gods setup, e.g.
 * "TW1-4F2K-9QXM-A". Read aloud or sent as a link (/twilight/new?code=…).
 *
 * Every random choice (first player, seating, the Deity draft) comes from the seed, so the code
 * carries the table's shape and the seed: two header characters (players − 2 in 3 bits, team
 * count in 2 (0 for none, 2 or 3, and 1 for 4 teams: one team is never a game), Extended 1,
 * draft 1, how the first player is chosen 2, random seats 1), the seed's
 * own characters, and a check character so a mistyped code is caught instead of giving another
 * setup. Crockford base32, grouped by four.
 */
import { CODE_ALPHABET as ALPHABET, normalizeCode, seedProblem } from '../../random/seeded';
import { FIRST_BY, MAX_PLAYERS, MIN_PLAYERS, teamCounts, type FirstBy } from './format';

const PREFIX = 'TW1';

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

export type DecodedSetup = ({ ok: true } & SharedSetup) | { ok: false; reason: string };

/** Teams in the header's 2 bits: 4 teams (8 players in pairs) take the value 1, never a team count. */
const teamsBits = (teams: number) => (teams === 4 ? 1 : teams);
const teamsOf = (bits: number) => (bits === 1 ? 4 : bits);

const checkChar = (body: string) =>
  ALPHABET[[...body].reduce((sum, c, i) => (sum + (i + 1) * ALPHABET.indexOf(c)) % 32, 0)];

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

export function encodeSetupCode(s: SharedSetup): string {
  const problem = sharedProblem(s);
  if (problem) throw new RangeError(`Cannot share this setup: ${problem}.`);
  const header =
    ((s.players - MIN_PLAYERS) << 7) |
    (teamsBits(s.teams) << 5) |
    (Number(s.extended) << 4) |
    (Number(s.draft) << 3) |
    (FIRST_BY.indexOf(s.firstBy) << 1) |
    Number(s.randomSeats);
  let body = ALPHABET[header >> 5] + ALPHABET[header & 31] + normalizeCode(s.seed);
  body += checkChar(body);
  return [PREFIX, ...(body.match(/.{1,4}/g) ?? [])].join('-');
}

/** Reads a code (or a whole shared link) back; a plain reason when it cannot. */
export function decodeSetupCode(raw: string): DecodedSetup {
  let text = raw.trim();
  const fromLink = /[?&]code=([^&#\s]+)/.exec(text);
  if (fromLink) text = decodeURIComponent(fromLink[1]);
  const clean = normalizeCode(text);
  if (!clean) return { ok: false, reason: 'Enter a setup code first.' };
  if (!clean.startsWith(PREFIX)) {
    return {
      ok: false,
      reason: `That is not a Twilight of the Gods setup code (they start with “${PREFIX}-”).`
    };
  }
  const body = clean.slice(PREFIX.length, -1);
  const check = clean.slice(-1);
  const bad = [...body, check].find((c) => !ALPHABET.includes(c));
  if (bad) return { ok: false, reason: `The code has a character that is not allowed: “${bad}”.` };
  if (body.length < 3 || checkChar(body) !== check) {
    return { ok: false, reason: 'The code does not check out: a character is missing or mistyped.' };
  }
  const header = ALPHABET.indexOf(body[0]) * 32 + ALPHABET.indexOf(body[1]);
  const shared: SharedSetup = {
    players: (header >> 7) + MIN_PLAYERS,
    teams: teamsOf((header >> 5) & 3),
    extended: ((header >> 4) & 1) === 1,
    draft: ((header >> 3) & 1) === 1,
    firstBy: FIRST_BY[(header >> 1) & 3],
    randomSeats: (header & 1) === 1,
    seed: body.slice(2)
  };
  const problem = sharedProblem(shared);
  if (problem) return { ok: false, reason: `The code does not make a game: ${problem}.` };
  return { ok: true, ...shared };
}
