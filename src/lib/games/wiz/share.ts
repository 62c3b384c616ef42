/**
 * Setup codes: a short text that rebuilds a WiZ setup's format, seats, deck, target, options and
 * every random draw (first dealer, characters, the Life Pool's first roll) exactly, e.g.
 * "W1-8K2M-…". Read aloud or sent as a link (/wiz/new?code=…). The names stay with each table.
 *
 * Layout (bits, most significant first): format (2), seats (3), deck (3), target (17), titans
 * (1), characters (1), Life Pool (1), its die (1: d6 or d4), its first roll (3), dealer chosen by
 * die or seat (1), first dealer (3), then 2 bits per seat for its character when characters are
 * on. Crockford base32, grouped by four, with a final check character.
 */
import { CODE_ALPHABET as ALPHABET, normalizeCode } from '../../random/seeded';
import { CHARACTER_ELEMENTS, DECK_IDS, type DeckId, type Element } from './cards';
import { MAX_TARGET, wizSetupProblem, type LifePoolSetup, type WizFormat, type WizSetup } from './format';

const PREFIX = 'W1';
const FORMAT_LIST: WizFormat[] = ['solo', 'standard', 'large'];

/** The part of a setup a code carries: everything but the names and the seed. */
export type SharedSetup = Omit<WizSetup, 'players' | 'seed'> & { seats: number };

export type DecodedSetup = ({ ok: true } & SharedSetup) | { ok: false; reason: string };

const checkChar = (body: string) =>
  ALPHABET[[...body].reduce((sum, c, i) => (sum + (i + 1) * ALPHABET.indexOf(c)) % 32, 0)];

export function encodeSetupCode(setup: WizSetup): string {
  const bits: number[] = [];
  const push = (value: number, width: number) => {
    for (let b = width - 1; b >= 0; b--) bits.push((value >> b) & 1);
  };
  push(FORMAT_LIST.indexOf(setup.format), 2);
  push(setup.players.length, 3);
  push(DECK_IDS.indexOf(setup.deck), 3);
  push(setup.target, 17);
  push(setup.titans ? 1 : 0, 1);
  push(setup.characters ? 1 : 0, 1);
  push(setup.lifePool ? 1 : 0, 1);
  push(setup.lifePool?.die === 4 ? 1 : 0, 1);
  push(setup.lifePool?.firstRoll ?? 0, 3);
  push(setup.dealerBy === 'seat' ? 1 : 0, 1);
  push(setup.firstDealer, 3);
  for (const e of setup.characters ?? []) push(CHARACTER_ELEMENTS.indexOf(e), 2);
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
    return { ok: false, reason: 'That is not a WiZ setup code (they start with “W1-”).' };
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
  const seats = read(3);
  const deck = DECK_IDS[read(3)] as DeckId | undefined;
  const target = read(17);
  const titans = read(1) === 1;
  const withCharacters = read(1) === 1;
  const withPool = read(1) === 1;
  const die = read(1) === 1 ? 4 : 6;
  const firstRoll = read(3);
  const dealerBy = read(1) === 1 ? 'seat' : 'die';
  const firstDealer = read(3);
  const needed = 36 + (withCharacters ? 2 * seats : 0);
  if (bits.length < needed || bits.length - needed >= 5) {
    return { ok: false, reason: 'The code is the wrong length for its setup.' };
  }
  const characters: Element[] | null = withCharacters
    ? Array.from({ length: seats }, () => CHARACTER_ELEMENTS[read(2)])
    : null;
  const lifePool: LifePoolSetup | null = withPool ? { die, firstRoll } : null;
  if (!format || !deck || target > MAX_TARGET)
    return { ok: false, reason: 'The code names a setup this app does not know.' };
  const shared: SharedSetup = {
    format,
    seats,
    deck,
    target,
    titans,
    characters,
    lifePool,
    firstDealer,
    dealerBy
  };
  // Check it as a whole setup with stand-in names: a code must never start an impossible game.
  const players = Array.from({ length: seats }, (_, i) => ({ id: `p${i + 1}`, name: `Player ${i + 1}` }));
  const problem = wizSetupProblem({
    format,
    deck,
    target,
    titans,
    characters,
    lifePool,
    firstDealer,
    dealerBy,
    players,
    seed: ''
  });
  if (problem) return { ok: false, reason: `The code’s setup is not valid: ${problem}.` };
  return { ok: true, ...shared };
}
