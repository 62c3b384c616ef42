/**
 * Epic's random setup: the seat order (when the table lets the app seat them) and who takes the
 * first turn. Pure functions of the session's seed, so a setup code rebuilds them exactly; each
 * draw has its own purpose, so drawing one never shifts another.
 */
import { rngFor } from '../../random/seeded';

/** A seat order for n players: a permutation of 0..n-1 (entry i is who sits in seat i). */
export function drawSeats(seed: string, n: number): number[] {
  return rngFor(seed, 'seats').shuffle(Array.from({ length: n }, (_, i) => i));
}

/** The seat that takes the first turn of the first game. */
export function drawFirstPlayer(seed: string, n: number): number {
  return rngFor(seed, 'first-player').int(0, n - 1);
}

/**
 * A random pick among some players for a later game of a match, used only when nobody lost the
 * game before (every player shared the win), so there is no loser to choose.
 */
export function drawAmong<T>(seed: string, game: number, candidates: readonly T[]): T {
  return rngFor(seed, `first-player-game-${game}`).pick(candidates);
}

/** Applies a seat order to the players as entered. */
export function seatPlayers<T>(players: readonly T[], order: readonly number[]): T[] {
  return order.map((i) => players[i]);
}
