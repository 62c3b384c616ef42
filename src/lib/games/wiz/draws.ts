/**
 * WiZ's random setup and dice, all from the session's seed: the first dealer (a d4, or a d6 for
 * five or six players), each player's character (a d4, re-rolled when the face is taken or not in
 * the deck) and the Life Pool's roll for each round. Same seed, same result, on every device.
 */
import type { PlayerSetup } from '../kit';
import { rngFor } from '../../random/seeded';
import { CHARACTER_ELEMENTS, DECKS, type DeckId, type Element } from './cards';
import { charactersAllowed, seatsFor, type WizFormat, type WizSetup } from './format';

/** A die's faces until one counts; the last roll is the one used. */
interface Rolls {
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

/** What the table chooses on the new-game screen; the draws fill in the rest. */
interface SetupChoices {
  format: WizFormat;
  /** In seat order, clockwise; solo: your seat, then the opponent's. */
  players: PlayerSetup[];
  deck: DeckId;
  target: number;
  titans: boolean;
  characters: boolean;
  lifePool: boolean;
  poolDie: 4 | 6;
  /** Roll for the first dealer, or the seat the table picked. */
  dealer: 'die' | number;
}

/** Re-draws asked for so far, counted apart so re-rolling the dealer keeps the characters. */
export interface Redraws {
  dealer: number;
  characters: number;
}

/**
 * A whole setup from the table's choices and the seed: the first dealer (rolled, or picked; in
 * solo the opponent's seat), each player's character, and the Life Pool's first roll. Check the
 * result with wizSetupProblem: choices can still be impossible.
 */
export function drawSetup(
  choices: SetupChoices,
  seed: string,
  redraws: Redraws = { dealer: 0, characters: 0 }
): WizSetup {
  const seats = seatsFor(choices.format, choices.players.length);
  const solo = choices.format === 'solo';
  const rolled = !solo && choices.dealer === 'die';
  const firstDealer = solo
    ? 1
    : rolled
      ? drawFirstDealer(seed, seats, redraws.dealer).seat
      : Number(choices.dealer);
  const withCharacters = choices.characters && charactersAllowed(choices.format);
  const available = CHARACTER_ELEMENTS.filter((e) => DECKS[choices.deck]?.elements.includes(e)).length;
  return {
    format: choices.format,
    seed,
    players: choices.players.map((p) => ({ id: p.id, name: p.name })),
    deck: choices.deck,
    target: choices.target,
    titans: choices.titans,
    // Too few characters for the table: left empty, so the setup check says what is wrong.
    characters: !withCharacters
      ? null
      : available < seats
        ? []
        : drawCharacters(seed, DECKS[choices.deck].elements, seats, redraws.characters).characters,
    lifePool: choices.lifePool
      ? { die: choices.poolDie, firstRoll: poolRoll(seed, 1, choices.poolDie) }
      : null,
    firstDealer,
    dealerBy: rolled ? 'die' : 'seat'
  };
}
