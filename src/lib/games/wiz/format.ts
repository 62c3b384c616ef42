/**
 * WiZ formats and setup: solo, 2–4 players, 5–6 players; which decks fit; the EP target; the
 * optional titans, characters and Life Pool; seats, the dealer and how a setup is checked.
 * Pure data and functions: the machine, the setup screen and backups all use them.
 */
import type { BaseSetup } from '../kit';
import { isObject, playersProblem } from '../players';

/** Screens read a player's name through their game's format, the one way every game does. */
export { playerName } from '../players';
import {
  CHARACTER_ELEMENTS,
  DECKS,
  ELEMENT_NAMES,
  ELEMENTS,
  STANDARD_DECK,
  type DeckId,
  type Element
} from './cards';

export type WizFormat = 'solo' | 'standard' | 'large';

export const FORMATS: Record<WizFormat, { title: string; players: { min: number; max: number } }> = {
  solo: { title: 'Solo', players: { min: 1, max: 1 } },
  standard: { title: '2–4 players', players: { min: 2, max: 4 } },
  large: { title: '5–6 players', players: { min: 5, max: 6 } }
};

/** Seats at the table: solo is one person playing both seats of a two-player game. */
export function seatsFor(format: WizFormat, people: number): number {
  return format === 'solo' ? 2 : people;
}

export const QUICK_TARGETS = [500, 750, 1000] as const;
export const EXTENDED_TARGETS = [1500, 2000, 3000] as const;
export const DEFAULT_TARGET = 1000;
export const MAX_TARGET = 99_999;
export const POOL_STEP = 25;
/** The Life Pool's die unless the table picks the d4 (rules: ruling-life-pool-die). */
export const DEFAULT_POOL_DIE = 6;

export interface LifePoolSetup {
  /** The die rolled for the pool: a d6 by default, a d4 as the option (rules: ruling-life-pool-die). */
  die: 4 | 6;
  /** The first round's roll (the pool starts at roll × 25 EP). */
  firstRoll: number;
}

export interface WizSetup extends BaseSetup {
  format: WizFormat;
  deck: DeckId;
  /** The EP a player must reach to win. */
  target: number;
  titans: boolean;
  /** Each seat's character by element, in seat order; null when playing without characters. */
  characters: Element[] | null;
  lifePool: LifePoolSetup | null;
  /** Seat index of the first round's dealer; players are listed clockwise. */
  firstDealer: number;
  /** How the first dealer was chosen: a (seeded) die roll, or the table picked the seat. */
  dealerBy: 'die' | 'seat';
}

/** The decks that fit a format and player count (solo counts as one person). */
export function decksFor(format: WizFormat, people: number): DeckId[] {
  const count = format === 'solo' ? 1 : people;
  return (Object.keys(DECKS) as DeckId[]).filter((id) => DECKS[id].players.includes(count));
}

export function defaultDeck(format: WizFormat, people: number): DeckId {
  if (format === 'solo') return 'solo-2';
  if (format === 'large') return 'hexa-6';
  return decksFor(format, people).includes(STANDARD_DECK) ? STANDARD_DECK : decksFor(format, people)[0];
}

/** Cards drawn (and discarded) per turn from the main deck: 1 with 2–3 seats, 2 with 4 or more. */
export function drawCount(seats: number): 1 | 2 {
  return seats >= 4 ? 2 : 1;
}

/** The seat on the dealer's left (clockwise next): dealt 13 cards, and starts the round. */
export function leftOf(seat: number, seats: number): number {
  return (seat + 1) % seats;
}

/** The dealer of a round (1 for the first): the deal passes one seat clockwise each round. */
export function dealerOfRound(firstDealer: number, round: number, seats: number): number {
  return (firstDealer + round - 1) % seats;
}

/** Characters are for 2–4 players: a d4 hands out four characters (rules: ruling-characters-setup). */
export function charactersAllowed(format: WizFormat): boolean {
  return format === 'standard';
}

/** Why a setup cannot start (or reopen) a game, in plain words; undefined when it is sound. */
export function wizSetupProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'the setup is missing';
  const s = value as Partial<WizSetup>;
  const format = s.format && FORMATS[s.format as WizFormat];
  if (!format) return `“${String(s.format)}” is not a WiZ format`;
  if (typeof s.seed !== 'string') return 'the seed is missing';
  if (!Array.isArray(s.players)) return 'the players are missing';
  const seats = s.format === 'solo' ? 2 : s.players.length;
  if (s.format === 'solo' && s.players.length !== 2) {
    return 'solo is played with two seats: yours and the opponent’s';
  }
  const { min, max } = format.players;
  if (s.format !== 'solo' && (seats < min || seats > max)) {
    return `${format.title} means ${min} to ${max} players, not ${seats}`;
  }
  const players = playersProblem(s.players);
  if (players) return players;
  const deck = s.deck && DECKS[s.deck as DeckId];
  if (!deck) return `“${String(s.deck)}” is not one of the WiZ decks`;
  if (!decksFor(s.format as WizFormat, s.players.length).includes(deck.id)) {
    return `the ${deck.title} deck is not for ${s.format === 'solo' ? 'solo play' : `${seats} players`}`;
  }
  if (typeof s.target !== 'number' || !Number.isInteger(s.target) || s.target < 1 || s.target > MAX_TARGET) {
    return `the EP target must be a whole number from 1 to ${MAX_TARGET}`;
  }
  if (typeof s.titans !== 'boolean') return 'say whether titans are in the deck';
  if (s.characters !== null) {
    if (!charactersAllowed(s.format as WizFormat)) return 'characters are played with 2 to 4 players';
    if (!Array.isArray(s.characters) || s.characters.length !== seats)
      return 'every player needs a character';
    for (const e of s.characters) {
      if (!(ELEMENTS as readonly unknown[]).includes(e) || !CHARACTER_ELEMENTS.includes(e as Element)) {
        return `“${String(e)}” is not a character`;
      }
      if (!deck.elements.includes(e as Element)) {
        return `the ${deck.title} deck has no ${ELEMENT_NAMES[e as Element]} character`;
      }
    }
    if (new Set(s.characters).size !== s.characters.length) return 'two players have the same character';
  }
  if (s.lifePool !== null) {
    const pool = s.lifePool;
    if (!isObject(pool) || (pool.die !== 4 && pool.die !== 6))
      return 'the Life Pool is rolled with a d4 or a d6';
    const roll = pool.firstRoll;
    if (typeof roll !== 'number' || !Number.isInteger(roll) || roll < 1 || roll > pool.die) {
      return `the Life Pool’s first roll must be 1 to ${pool.die}`;
    }
  }
  if (!Number.isInteger(s.firstDealer) || s.firstDealer! < 0 || s.firstDealer! >= seats) {
    return 'the first dealer must be one of the players';
  }
  if (s.format === 'solo' && s.firstDealer !== 1) {
    return 'in solo the opponent’s seat deals first, so you start with 13 cards';
  }
  if (s.dealerBy !== 'die' && s.dealerBy !== 'seat') return 'say how the first dealer was chosen';
  return undefined;
}
