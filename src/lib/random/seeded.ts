/**
 * Seeded randomness for everything random in Tableside (setup randomizers, draws, dice).
 *
 * Seeds are short strings people can read out or share ("K7QM-2XDA"). The same seed always gives
 * the same stream, on every device, so a shared setup code rebuilds the exact same setup. Results
 * are put inside events; machines never draw numbers themselves.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/**
 * Crockford-style alphabet without I, L, O, U, so seeds and setup codes survive being read aloud
 * and typed on a phone.
 */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SEED_LENGTH = 8;

interface Rng {
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

/** Normalizes a seed or code a person typed: upper case, no separators, confusable letters mapped. */
export function normalizeCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1').replace(/U/g, 'V');
}

/** Returns a reason when the seed is not usable, or undefined when it is. */
export function seedProblem(raw: string): string | undefined {
  const seed = normalizeCode(raw);
  if (seed.length === 0) return 'The seed is empty.';
  if (seed.length > 32) return 'The seed is too long (32 characters at most).';
  const bad = [...seed].find((c) => !CODE_ALPHABET.includes(c));
  if (bad) return `The seed has a character that is not allowed: “${bad}”.`;
  return undefined;
}

/** Formats a seed for display: groups of four. */
export function formatSeed(seed: string): string {
  return normalizeCode(seed).replace(/(.{4})(?=.)/g, '$1-');
}

/** A fresh seed from the platform's crypto source; the only non-deterministic call. */
export function newSeed(length = SEED_LENGTH): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/** FNV-1a over the UTF-16 code units: a stable 32-bit number for any string. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/**
 * A generator for one seed and one purpose. The purpose ("ritual-piles", "avatar-mat", "turn-7")
 * gives independent streams from one seed, so re-rolling one thing never shifts another.
 */
export function rngFor(seed: string, purpose = ''): Rng {
  const gen = xoroshiro128plus(hash32(`${normalizeCode(seed)}|${purpose}`));
  const int = (min: number, max: number) => {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`Cannot draw a whole number between ${min} and ${max}.`);
    }
    return uniformInt(gen, min, max);
  };
  return {
    int,
    pick(items) {
      if (items.length === 0) throw new RangeError('Cannot pick from an empty list.');
      return items[int(0, items.length - 1)];
    },
    shuffle(items) {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    }
  };
}
