/**
 * Setup codes: a short text that rebuilds an Epic setup's format, packs, match, player count,
 * first player and seed (and with it the drawn seat order), e.g. "E1-2F9K-…". Read aloud or sent
 * as a link (/epic/new?code=…). Names stay with each table.
 *
 * Layout (bits, most significant first): format (2), packs (4), match (1), seats drawn (1),
 * players − 2 (3), first seat (3), seed length − 1 (5), then 5 bits per seed character.
 * Crockford base32, grouped by four, with a final check character.
 */
import { seedProblem, CODE_ALPHABET as ALPHABET, normalizeCode } from '../../random/seeded';
import { MAX_PLAYERS, MIN_PLAYERS, epicSetupProblem, type EpicFormat, type EpicSetup } from './format';

const PREFIX = 'E1';
const FORMAT_LIST: EpicFormat[] = ['sealed', 'pack-war', 'draft', 'designed'];

/** What a code carries: everything in a setup except the names. */
export type SharedSetup = Pick<
  EpicSetup,
  'format' | 'packs' | 'match' | 'shuffledSeats' | 'first' | 'seed'
> & {
  playerCount: number;
};

export type DecodedSetup = ({ ok: true } & SharedSetup) | { ok: false; reason: string };

const checkChar = (body: string) =>
  ALPHABET[[...body].reduce((sum, c, i) => (sum + (i + 1) * ALPHABET.indexOf(c)) % 32, 0)];

export function encodeSetupCode(s: SharedSetup): string {
  const seed = normalizeCode(s.seed);
  const bits: number[] = [];
  const push = (value: number, width: number) => {
    for (let b = width - 1; b >= 0; b--) bits.push((value >> b) & 1);
  };
  push(FORMAT_LIST.indexOf(s.format), 2);
  push(s.packs, 4);
  push(s.match ? 1 : 0, 1);
  push(s.shuffledSeats ? 1 : 0, 1);
  push(s.playerCount - MIN_PLAYERS, 3);
  push(s.first, 3);
  push(seed.length - 1, 5);
  for (const c of seed) push(ALPHABET.indexOf(c), 5);
  while (bits.length % 5) bits.push(0);
  let body = '';
  for (let i = 0; i < bits.length; i += 5)
    body += ALPHABET[bits.slice(i, i + 5).reduce((v, b) => v * 2 + b, 0)];
  body += checkChar(body);
  return [PREFIX, ...(body.match(/.{1,4}/g) ?? [])].join('-');
}

/** Reads a code (or a whole shared link) back; a plain reason when it cannot. */
export function decodeSetupCode(raw: string): DecodedSetup {
  let text = String(raw ?? '').trim();
  const fromLink = /[?&]code=([^&#\s]+)/.exec(text);
  if (fromLink) text = decodeURIComponent(fromLink[1]);
  const clean = normalizeCode(text);
  if (!clean) return { ok: false, reason: 'Enter a setup code first.' };
  if (!clean.startsWith(PREFIX))
    return { ok: false, reason: 'That is not an Epic setup code (they start with “E1-”).' };
  const body = clean.slice(PREFIX.length, -1);
  const check = clean.slice(-1);
  const bad = [...body, check].find((c) => !ALPHABET.includes(c));
  if (bad) return { ok: false, reason: `The code has a character that is not allowed: “${bad}”.` };
  if (!body || checkChar(body) !== check) {
    return { ok: false, reason: 'The code does not check out: a character is missing or mistyped.' };
  }
  const bits = [...body].flatMap((c) => {
    const v = ALPHABET.indexOf(c);
    return [4, 3, 2, 1, 0].map((b) => (v >> b) & 1);
  });
  let at = 0;
  const read = (width: number) => {
    let v = 0;
    for (let i = 0; i < width; i++) v = v * 2 + (bits[at++] ?? 0);
    return v;
  };
  const format = FORMAT_LIST[read(2)];
  const packs = read(4);
  const match = read(1) === 1;
  const shuffledSeats = read(1) === 1;
  const playerCount = read(3) + MIN_PLAYERS;
  const first = read(3);
  const length = read(5) + 1;
  const needed = 19 + 5 * length;
  if (bits.length < needed || bits.length - needed >= 5) {
    return { ok: false, reason: 'The code is the wrong length.' };
  }
  const seed = Array.from({ length }, () => ALPHABET[read(5)]).join('');
  if (playerCount > MAX_PLAYERS)
    return { ok: false, reason: 'The code names more players than Epic has seats for.' };
  const decoded: SharedSetup = { format, packs, match, shuffledSeats, playerCount, first, seed };
  const problem = seedProblem(seed) ?? epicSetupProblem(blankSetup(decoded));
  if (problem) return { ok: false, reason: `The code's setup is not valid: ${problem}.` };
  return { ok: true, ...decoded };
}

/** A setup from a code, with numbered seats for the table to name. */
export function blankSetup(s: SharedSetup): EpicSetup {
  return {
    format: s.format,
    packs: s.packs,
    match: s.match,
    shuffledSeats: s.shuffledSeats,
    first: s.first,
    seed: s.seed,
    players: Array.from({ length: s.playerCount }, (_, i) => ({ id: `p${i + 1}`, name: `Player ${i + 1}` }))
  };
}
