/**
 * Setup codes: a short text that rebuilds a Titans of Eden setup's format, mode and ritual piles
 * exactly, e.g. "T1-4F2K-9QXM-…". Read aloud or sent as a link (/titans/new?code=…).
 *
 * Layout (bits, most significant first): format (2), mode (1), then 2 bits per pile: the card's
 * index among the four cards of its element × species slot. Crockford base32, grouped by four,
 * with a final check character so a mistyped code is caught instead of giving other piles.
 */
import { FORMATS, type TitansFormat, type TitansMode } from './format';
import { SLOTS, cardsFor } from './cards';
import { pilesProblem, type PileLayout } from './piles';
import { CODE_ALPHABET as ALPHABET, normalizeCode } from '../../random/seeded';

const PREFIX = 'T1';
const FORMAT_LIST: TitansFormat[] = ['duel', 'two-arenas', 'three-arenas'];

export type DecodedSetup =
  { ok: true; format: TitansFormat; mode: TitansMode; piles: PileLayout } | { ok: false; reason: string };

const checkChar = (body: string) =>
  ALPHABET[[...body].reduce((sum, c, i) => (sum + (i + 1) * ALPHABET.indexOf(c)) % 32, 0)];

export function encodeSetupCode(format: TitansFormat, mode: TitansMode, piles: PileLayout): string {
  const bits: number[] = [];
  const push = (value: number, width: number) => {
    for (let b = width - 1; b >= 0; b--) bits.push((value >> b) & 1);
  };
  push(FORMAT_LIST.indexOf(format), 2);
  push(mode === 'classic' ? 0 : 1, 1);
  if (mode === 'classic') {
    for (const arena of piles) {
      arena.forEach((id, slot) => {
        const { element, species } = SLOTS[slot];
        push(
          Math.max(
            0,
            cardsFor(element, species).findIndex((c) => c.id === id)
          ),
          2
        );
      });
    }
  }
  while (bits.length % 5) bits.push(0);
  let body = '';
  for (let i = 0; i < bits.length; i += 5)
    body += ALPHABET[bits.slice(i, i + 5).reduce((v, b) => v * 2 + b, 0)];
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
  if (!clean.startsWith(PREFIX))
    return { ok: false, reason: 'That is not a Titans of Eden setup code (they start with “T1-”).' };
  const body = clean.slice(PREFIX.length, -1);
  const check = clean.slice(-1);
  const bad = [...body, check].find((c) => !ALPHABET.includes(c));
  if (bad) return { ok: false, reason: `The code has a character that is not allowed: “${bad}”.` };
  if (!body || checkChar(body) !== check)
    return { ok: false, reason: 'The code does not check out: a character is missing or mistyped.' };
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
  if (!format) return { ok: false, reason: 'The code names a format this app does not know.' };
  const mode: TitansMode = read(1) === 0 ? 'classic' : 'constructed';
  const arenas = FORMATS[format].arenas;
  const needed = 3 + (mode === 'classic' ? arenas * SLOTS.length * 2 : 0);
  if (bits.length < needed || bits.length - needed >= 5) {
    return { ok: false, reason: 'The code is the wrong length for its format.' };
  }
  const piles: PileLayout =
    mode === 'classic'
      ? Array.from({ length: arenas }, () =>
          SLOTS.map(({ element, species }) => cardsFor(element, species)[read(2)].id)
        )
      : [];
  if (mode === 'classic') {
    const problem = pilesProblem(piles, arenas);
    if (problem) return { ok: false, reason: `The code's piles are not valid: ${problem}.` };
  }
  return { ok: true, format, mode, piles };
}
