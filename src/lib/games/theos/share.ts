/**
 * Setup codes: a short text that rebuilds a Theos setup's game type, teams, gods, Realms and decks
 * exactly, e.g. "TH1-8K2M-…". Read aloud or sent as a link (/theos/new?code=…). Players are seats
 * (1, 2, 3… clockwise); the people at the other table type their own names.
 *
 * Layout (bits, most significant first): players − 2 (3), game type (3), each seat's team (2 each,
 * team games only), pairing (2), the face-up god of each pair in each Realm (1 each), each seat's
 * Realm (1 each, two Realms only), deck type (2), then per deck type: a group or set (2 or 1) and
 * each seat's deck (2 each); or for a draft, the first picker's seat (3, 2 players) and the seed
 * (5 bits of length, 5 per character) that rebuilds the pool or packets. Crockford base32, grouped
 * by four, with a check character so a mistyped code is caught instead of giving another setup.
 */
import { CODE_ALPHABET as ALPHABET, normalizeCode } from '../../random/seeded';
import { PREBUILT_GROUPS, ROSTER_SETS } from './decks';
import { drawDecks } from './randomize';
import {
  PAIRINGS,
  realmCount,
  teamSizes,
  theosSetupProblem,
  type DeckChoice,
  type DeckKind,
  type TheosFormat,
  type TheosSetup
} from './format';

const PREFIX = 'TH1';
const FORMAT_LIST: TheosFormat[] = ['1v1', '2v2', '3v3', '2v2v2', 'ffa'];
const KIND_LIST: DeckKind[] = ['prebuilt', 'roster', 'draft', 'own'];

const checkChar = (body: string) =>
  ALPHABET[[...body].reduce((sum, c, i) => (sum + (i + 1) * ALPHABET.indexOf(c)) % 32, 0)];

const samePair = (a: readonly string[], b: readonly string[]) => a.every((g) => b.includes(g));

function pairingIndex(setup: TheosSetup): number {
  return PAIRINGS.findIndex((p) => p.every((pair) => setup.pairs.some((q) => samePair(pair, q))));
}

/**
 * The code for a setup, or undefined when a draft in it was not drawn from its seed (a code
 * carries the seed, not the cards).
 */
export function encodeSetupCode(setup: TheosSetup): string | undefined {
  const ids = setup.players.map((p) => p.id);
  const bits: number[] = [];
  const push = (value: number, width: number) => {
    for (let b = width - 1; b >= 0; b--) bits.push((value >> b) & 1);
  };
  const seat = (id: string) => ids.indexOf(id);
  push(ids.length - 2, 3);
  push(FORMAT_LIST.indexOf(setup.format), 3);
  if (setup.format !== 'ffa') {
    for (const id of ids)
      push(
        setup.teams.findIndex((t) => t.includes(id)),
        2
      );
  }
  const pairing = PAIRINGS[pairingIndex(setup)];
  push(PAIRINGS.indexOf(pairing), 2);
  // Faces by the canonical pairing's order, whatever order the setup lists its pairs in.
  for (const faces of setup.faces) {
    for (const pair of pairing) push(pair.indexOf(faces.find((g) => pair.includes(g))!) === 1 ? 1 : 0, 1);
  }
  if (realmCount(ids.length) === 2) for (const id of ids) push(setup.realmOf[id], 1);
  const d = setup.decks;
  push(KIND_LIST.indexOf(d.kind), 2);
  if (d.kind === 'prebuilt') {
    push(
      PREBUILT_GROUPS.findIndex((g) => g.id === d.group),
      2
    );
    for (const id of ids) push(d.deckOf[id], 2);
  } else if (d.kind === 'roster') {
    push(
      ROSTER_SETS.findIndex((g) => g.id === d.set),
      1
    );
    for (const id of ids) push(d.deckOf[id], 2);
  } else if (d.kind === 'draft') {
    const seed = normalizeCode(setup.seed);
    const redrawn = drawDecks(seed, ids, 'draft');
    if (
      redrawn.kind !== 'draft' ||
      JSON.stringify(withoutFirst(redrawn)) !== JSON.stringify(withoutFirst(d))
    ) {
      return undefined;
    }
    if (d.draft.mode === 'two') push(seat(d.draft.first), 3);
    if (seed.length < 1 || seed.length > 32) return undefined;
    push(seed.length - 1, 5);
    for (const c of seed) push(ALPHABET.indexOf(c), 5);
  }
  while (bits.length % 5) bits.push(0);
  let body = '';
  for (let i = 0; i < bits.length; i += 5)
    body += ALPHABET[bits.slice(i, i + 5).reduce((v, b) => v * 2 + b, 0)];
  body += checkChar(body);
  return [PREFIX, ...(body.match(/.{1,4}/g) ?? [])].join('-');
}

/** The draft's cards without who picks first (chosen at the table, carried on its own). */
function withoutFirst(d: DeckChoice) {
  if (d.kind !== 'draft') return d;
  return d.draft.mode === 'two'
    ? { pool: d.draft.pool }
    : { setAside: d.draft.setAside, packets: d.draft.packets };
}

export type DecodedSetup = { ok: true; setup: TheosSetup } | { ok: false; reason: string };

/**
 * Reads a code (or a whole shared link) back into a setup whose players are seats "p1", "p2"…
 * with empty names, for the new table to name. A plain reason when it cannot.
 */
export function decodeSetupCode(raw: string): DecodedSetup {
  let text = raw.trim();
  const fromLink = /[?&]code=([^&#\s]+)/.exec(text);
  if (fromLink) text = decodeURIComponent(fromLink[1]);
  const clean = normalizeCode(text);
  if (!clean) return { ok: false, reason: 'Enter a setup code first.' };
  if (!clean.startsWith(PREFIX)) {
    return { ok: false, reason: 'That is not a Theos setup code (they start with “TH1-”).' };
  }
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
  let short = false;
  const read = (width: number) => {
    let v = 0;
    for (let i = 0; i < width; i++) {
      if (at >= bits.length) short = true;
      v = v * 2 + (bits[at++] ?? 0);
    }
    return v;
  };
  const count = read(3) + 2;
  const format = FORMAT_LIST[read(3)];
  if (!format || count > 6) return { ok: false, reason: 'The code names a game this app does not know.' };
  const ids = Array.from({ length: count }, (_, i) => `p${i + 1}`);
  let teams: string[][];
  if (format === 'ffa') teams = ids.map((id) => [id]);
  else {
    teams = teamSizes(format, count).map(() => []);
    for (const id of ids) teams[read(2)]?.push(id);
  }
  const pairing = PAIRINGS[read(2)];
  if (!pairing) return { ok: false, reason: 'The code names gods this app does not know.' };
  const realms = realmCount(count);
  const faces = Array.from({ length: realms }, () => pairing.map((pair) => pair[read(1)]));
  const realmOf = Object.fromEntries(ids.map((id) => [id, realms === 2 ? read(1) : 0]));
  const kind = KIND_LIST[read(2)];
  let decks: DeckChoice = { kind: 'own' };
  let seed = '';
  if (kind === 'prebuilt' || kind === 'roster') {
    const group = kind === 'prebuilt' ? PREBUILT_GROUPS[read(2)] : ROSTER_SETS[read(1)];
    const deckOf = Object.fromEntries(ids.map((id) => [id, read(2)]));
    if (!group) return { ok: false, reason: 'The code names decks this app does not know.' };
    decks = kind === 'prebuilt' ? { kind, group: group.id, deckOf } : { kind, set: group.id, deckOf };
  } else if (kind === 'draft') {
    const first = count === 2 ? ids[read(3)] : undefined;
    const length = read(5) + 1;
    for (let i = 0; i < length; i++) seed += ALPHABET[read(5)];
    if (short) return { ok: false, reason: 'The code is too short for its draft.' };
    decks = drawDecks(seed, ids, 'draft');
    if (decks.kind === 'draft' && decks.draft.mode === 'two') {
      if (!first) return { ok: false, reason: 'The code names a first picker who is not at the table.' };
      decks = { ...decks, draft: { ...decks.draft, first } };
    }
  }
  if (short || bits.length - at >= 5)
    return { ok: false, reason: 'The code is the wrong length for its setup.' };
  const setup: TheosSetup = {
    seed,
    players: ids.map((id) => ({ id, name: '' })),
    format,
    teams,
    pairs: [[...pairing[0]], [...pairing[1]]],
    faces,
    realmOf,
    decks
  };
  const problem = theosSetupProblem({
    ...setup,
    players: ids.map((id, i) => ({ id, name: `Player ${i + 1}` }))
  });
  if (problem) return { ok: false, reason: `The code's setup is not valid: ${problem}.` };
  return { ok: true, setup };
}
