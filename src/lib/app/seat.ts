/**
 * Whose phone this is, per game: kept in this phone's localStorage under `tableside.seat.<id>`
 * (the game's id on this phone), never in the game's log or its shared document, so each phone
 * chooses its own and the choice never travels. Stored as JSON: a player index, null (asked, and
 * table order chosen) or "ask" (a phone that joined the game, not asked yet). Anything else, or a
 * storage that cannot be read, is no choice: table order.
 */
import { isSeat } from '../ui/seat';

const PREFIX = 'tableside.seat.';
const ASK = 'ask';

export const seatKey = (game: string): string => `${PREFIX}${game}`;

interface SeatChoice {
  /** The player this phone is (an index into the setup's players), or undefined: table order. */
  seat: number | undefined;
  /** The phone joined this game and has not been asked yet which player it is. */
  ask: boolean;
}

const NONE: SeatChoice = { seat: undefined, ask: false };

/** Reads a stored value strictly for a game of `players`; a stale or broken one is no choice. */
export function parseSeat(raw: string | null | undefined, players: number): SeatChoice {
  if (typeof raw !== 'string') return NONE;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return NONE;
  }
  if (value === ASK) return { seat: undefined, ask: players > 0 };
  return isSeat(value, players) ? { seat: value, ask: false } : NONE;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    // Private browsing or storage refused.
    return undefined;
  }
}

function read(game: string): string | null {
  try {
    return storage()?.getItem(seatKey(game)) ?? null;
  } catch {
    return null;
  }
}

function write(game: string, value: number | null | typeof ASK): boolean {
  try {
    const store = storage();
    if (!store) return false;
    store.setItem(seatKey(game), JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** This phone's choice for a game of `players`. */
export function readSeat(game: string, players: number): SeatChoice {
  return parseSeat(read(game), players);
}

/**
 * Keeps this phone's choice: a player index, or undefined for table order (remembered as a
 * choice, so a phone that joined is not asked again). False when the phone cannot keep it.
 */
export function chooseSeat(game: string, seat: number | undefined): boolean {
  return write(game, seat === undefined ? null : seat);
}

/** A phone that has just joined a game is asked once which player it is, unless it has chosen already. */
export function askForSeat(game: string): void {
  if (read(game) === null) write(game, ASK);
}
