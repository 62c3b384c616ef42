/**
 * Setup codes, one codec for every game: a short text that rebuilds a setup exactly, e.g.
 * "T2-4F2K-9QXM-…", read aloud or sent as a link (/<game>/new?code=…). A game declares only its
 * fields (what it writes, in order, and how it reads them back); this module owns the bits, the
 * letters, the check character, the dashes and the reasons a code is refused.
 *
 * A code is a prefix naming the game and the code's version, then the game's fields packed five
 * bits to a letter of Crockford's base32 (most significant bit first, the last letter padded with
 * zeros), then one check character, all grouped by four.
 *
 * Version 2 (written now) weighs the letters with odd numbers, so changing any one letter, the
 * check included, always changes the check: every single-letter typo is caught. Version 1 (the
 * codes shared before) weighed them 1, 2, 3…, which misses some typos (weight 16 and a letter 2
 * further on the alphabet). Version 1 codes are still read, with their own check, and give the
 * very setups they gave then; their fields are laid out the same.
 */
import { GAMES } from '../games/registry';
import type { GameEntry } from '../games/types';
import { CODE_ALPHABET as ALPHABET, normalizeCode } from '../random/seeded';

export { ALPHABET as CODE_ALPHABET };

const WRITTEN_VERSION = 2;

/** Fields written in order, most significant bit first. */
export class BitWriter {
  private readonly bits: number[] = [];

  /** A whole number from 0 to 2^width − 1. */
  int(value: number, width: number): this {
    if (!Number.isInteger(value) || value < 0 || value >= 2 ** width) {
      throw new RangeError(`Cannot write ${value} in ${width} bits of a setup code.`);
    }
    for (let b = width - 1; b >= 0; b--) this.bits.push(Math.floor(value / 2 ** b) % 2);
    return this;
  }

  flag(on: boolean): this {
    return this.int(on ? 1 : 0, 1);
  }

  /** Letters of the code alphabet (a seed), five bits each. */
  letters(text: string): this {
    for (const c of text) this.int(letterValue(c), 5);
    return this;
  }

  /** The body: the bits as letters, the last one padded with zeros. */
  text(): string {
    let body = '';
    for (let i = 0; i < this.bits.length; i += 5) {
      let v = 0;
      for (let b = i; b < i + 5; b++) v = v * 2 + (this.bits[b] ?? 0);
      body += ALPHABET[v];
    }
    return body;
  }
}

/** Fields read back in the order they were written. Reading past the end gives zeros and marks it. */
export class BitReader {
  private at = 0;
  private past = false;

  constructor(private readonly bits: readonly number[]) {}

  int(width: number): number {
    let v = 0;
    for (let i = 0; i < width; i++) {
      if (this.at >= this.bits.length) this.past = true;
      v = v * 2 + (this.bits[this.at++] ?? 0);
    }
    return v;
  }

  flag(): boolean {
    return this.int(1) === 1;
  }

  letters(count: number): string {
    let text = '';
    for (let i = 0; i < count; i++) text += ALPHABET[this.int(5)];
    return text;
  }

  /** Whole letters not yet read (a field that runs to the end of the code, like a seed). */
  get lettersLeft(): number {
    return Math.max(0, Math.floor((this.bits.length - this.at) / 5));
  }

  /** True when the fields took more bits than the code has. */
  get pastEnd(): boolean {
    return this.past;
  }

  /** True when the fields took more bits than the code has, or left a whole letter unread. */
  get wrongLength(): boolean {
    return this.past || this.bits.length - this.at >= 5;
  }
}

function letterValue(c: string): number {
  const v = ALPHABET.indexOf(c);
  if (v < 0) throw new RangeError(`“${c}” is not a letter of a setup code.`);
  return v;
}

/** The check character: a weighted sum of the letters' values, modulo 32. */
export function checkCharacter(body: string, version: number): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // Version 2: odd weights 1, 3, 5… 31, 1, 3… (an odd weight times any change of 1–31 is never a
    // multiple of 32). Version 1: 1, 2, 3…, kept to read old codes exactly as they were read.
    const weight = version === 1 ? i + 1 : 2 * (i % 16) + 1;
    sum = (sum + weight * ALPHABET.indexOf(body[i])) % 32;
  }
  return ALPHABET[sum];
}

export type Decoded<T> = { ok: true; value: T } | { ok: false; reason: string };

interface SetupCodeSpec<T, In = T> {
  /** The game's registry entry: its title names it in reasons, its `codePrefix` starts its codes. */
  game: Pick<GameEntry, 'id' | 'title' | 'codePrefix'>;
  /**
   * The part of what a screen shares (often its whole setup) that the code carries, or why that
   * cannot be shared; without it, `encode` is handed exactly what the code carries.
   */
  carried?(input: In): T | string;
  /** Writes what the code carries. Throw a RangeError for a value a code cannot carry. */
  write(value: T, out: BitWriter): void;
  /**
   * Reads the fields back in the same order. A string is a reason the code is refused, in plain
   * words (a value this app does not know). The codec then checks the code's length.
   */
  read(input: BitReader, version: number): T | string;
  /** Why what was read cannot start a game, or undefined (run once the length is right). */
  check?(value: T): string | undefined;
}

/** A game's setup codes: all its callers need, so no game wraps them again. */
export interface SetupCodec<T, In = T> {
  /** The code for a setup. Throws a RangeError for one a code cannot carry. */
  encode(input: In): string;
  /** The code for a setup, or undefined when it cannot be shared: a screen then shows none. */
  codeFor(input: In): string | undefined;
  /** Reads a code, or a whole shared link, typed in any case with or without dashes. */
  decode(raw: string): Decoded<T>;
}

/** The game a code belongs to, by its prefix (longest first: "TH" before "T"). */
function gameOfCode(
  clean: string,
  own: Pick<GameEntry, 'id' | 'title' | 'codePrefix'>
): { id: string; title: string; prefix: string; version: number } | undefined {
  const known = [own, ...GAMES.filter((g) => g.id !== own.id)]
    .filter((g) => g.codePrefix)
    .sort((a, b) => b.codePrefix!.length - a.codePrefix!.length);
  for (const g of known) {
    const match = new RegExp(`^${g.codePrefix}([0-9])`).exec(clean);
    if (match) return { id: g.id, title: g.title, prefix: g.codePrefix!, version: Number(match[1]) };
  }
  return undefined;
}

/** "an Epic", "a Theos". */
const withArticle = (title: string) => (/^[AEIOU]/i.test(title) ? `an ${title}` : `a ${title}`);

export function setupCodec<T, In = T>(spec: SetupCodeSpec<T, In>): SetupCodec<T, In> {
  const { title, codePrefix: prefix } = spec.game;
  if (!prefix) throw new Error(`${title} has no setup-code prefix in its registry entry.`);
  // A typed code is normalized (O→0, I and L→1, U→V) before it is read; a prefix with those
  // letters would never match itself.
  if (normalizeCode(prefix) !== prefix || /[0-9]/.test(prefix)) {
    throw new Error(`${title}'s setup-code prefix “${prefix}” must be capitals other than I, L, O and U.`);
  }
  function encode(input: In): string {
    const value = spec.carried ? spec.carried(input) : (input as unknown as T);
    if (typeof value === 'string') throw new RangeError(`Cannot share this setup: ${value}.`);
    const out = new BitWriter();
    spec.write(value, out);
    const body = out.text();
    const full = body + checkCharacter(body, WRITTEN_VERSION);
    return [`${prefix}${WRITTEN_VERSION}`, ...(full.match(/.{1,4}/g) ?? [])].join('-');
  }

  return {
    encode,

    codeFor(input) {
      try {
        return encode(input);
      } catch (e) {
        if (e instanceof RangeError) return undefined;
        throw e;
      }
    },

    decode(raw) {
      const refuse = (reason: string): Decoded<T> => ({ ok: false, reason });
      let text = String(raw ?? '').trim();
      const fromLink = /[?&]code=([^&#\s]+)/.exec(text);
      if (fromLink) text = safeDecode(fromLink[1]);
      const clean = normalizeCode(text);
      if (!clean) return refuse('Enter a setup code first.');
      const owner = gameOfCode(clean, spec.game);
      if (!owner) {
        return refuse(
          `That is not ${withArticle(title)} setup code (they start with “${prefix}${WRITTEN_VERSION}-”).`
        );
      }
      if (owner.id !== spec.game.id) {
        return refuse(
          `That is ${withArticle(owner.title)} setup code, not ${withArticle(title)} one: open it from ${owner.title}’s new-game screen.`
        );
      }
      if (owner.version < 1 || owner.version > WRITTEN_VERSION) {
        return refuse('That code was made by a newer version of Tableside: update the app to read it.');
      }
      const rest = clean.slice(owner.prefix.length + 1);
      const body = rest.slice(0, -1);
      const check = rest.slice(-1);
      const bad = [...rest].find((c) => !ALPHABET.includes(c));
      if (bad) return refuse(`The code has a character that is not allowed: “${bad}”.`);
      if (!body || checkCharacter(body, owner.version) !== check) {
        return refuse('The code does not check out: a character is missing or mistyped.');
      }
      const input = new BitReader(
        [...body].flatMap((c) => [4, 3, 2, 1, 0].map((b) => (letterValue(c) >> b) & 1))
      );
      const value = spec.read(input, owner.version);
      if (typeof value === 'string') return refuse(value);
      if (input.wrongLength) {
        return refuse('The code is the wrong length for its setup: a character is missing or one too many.');
      }
      const problem = spec.check?.(value);
      if (problem) return refuse(`The code’s setup is not valid: ${asClause(problem)}.`);
      return { ok: true, value };
    }
  };
}

/** "The seed is empty." → "the seed is empty", to follow a colon. */
function asClause(reason: string): string {
  const text = reason.replace(/\.$/, '');
  return /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
