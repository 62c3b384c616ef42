/**
 * WiZ's random setup and dice, all from the session's seed: the first dealer (a d4, or a d6 for
 * five or six players), each player's character (a d4, re-rolled when the face is taken or not in
 * the deck) and the Life Pool's roll for each round. Same seed, same result, on every device.
 */
import { rngFor } from '../../random/seeded';
import { CHARACTER_ELEMENTS, type Element } from './cards';

/** A die's faces until one counts; the last roll is the one used. */
export interface Rolls {
  die: number;
  rolls: number[];
}

/** Rolls until `accept` takes a face. Bounded: after 64 misses the accepted faces are picked from directly. */
function rollUntil(seed: string, purpose: string, die: number, accept: (face: number) => boolean): Rolls {
  const rng = rngFor(seed, purpose);
  const rolls: number[] = [];
  for (let i = 0; i < 64; i++) {
    const face = rng.int(1, die);
    rolls.push(face);
    if (accept(face)) return { die, rolls };
  }
  const faces = Array.from({ length: die }, (_, i) => i + 1).filter(accept);
  if (faces.length === 0) throw new RangeError('No face of the die can be used.');
  rolls.push(rng.pick(faces));
  return { die, rolls };
}

/**
 * The first dealer: the book suggests a d4 (face 1 = the first seat, clockwise from there),
 * re-rolled when the face is past the last seat; five or six players roll a d6 (rules:
 * ruling-first-dealer). `nonce` counts re-draws, so each is fresh yet reproducible.
 */
export function drawFirstDealer(seed: string, seats: number, nonce = 0): Rolls & { seat: number } {
  if (!Number.isInteger(seats) || seats < 2 || seats > 6)
    throw new RangeError(`Cannot seat ${seats} players.`);
  const die = seats <= 4 ? 4 : 6;
  const result = rollUntil(seed, `first-dealer|${nonce}`, die, (face) => face <= seats);
  return { ...result, seat: result.rolls.at(-1)! - 1 };
}

/**
 * Each seat's character, in seat order: a d4 names Fire, Water, Air or Earth (faces 1–4); a face
 * whose character is taken, or whose element the deck lacks, is rolled again.
 */
export function drawCharacters(
  seed: string,
  deckElements: readonly Element[],
  seats: number,
  nonce = 0
): { characters: Element[]; rolls: number[][] } {
  const available = CHARACTER_ELEMENTS.filter((e) => deckElements.includes(e));
  if (seats > available.length) {
    throw new RangeError(`This deck has ${available.length} characters for ${seats} players.`);
  }
  const characters: Element[] = [];
  const rolls: number[][] = [];
  for (let seat = 0; seat < seats; seat++) {
    const r = rollUntil(seed, `characters|${nonce}|${seat}`, 4, (face) => {
      const e = CHARACTER_ELEMENTS[face - 1];
      return deckElements.includes(e) && !characters.includes(e);
    });
    characters.push(CHARACTER_ELEMENTS[r.rolls.at(-1)! - 1]);
    rolls.push(r.rolls);
  }
  return { characters, rolls };
}

/** The Life Pool's die roll for a round (1 for the first): its value grows by roll × 25 EP. */
export function poolRoll(seed: string, round: number, die: 4 | 6): number {
  return rngFor(seed, `life-pool|${round}`).int(1, die);
}
