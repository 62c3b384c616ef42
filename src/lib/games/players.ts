/**
 * What every game's setup checks and history lines say about players the same way. Light: no
 * machine, no UI, so a game's format.ts and its entry can use it.
 */
import type { PlayerSetup } from '../db/records';

/** A plain object (not null, not a list): what a stored setup or one of its parts must be. */
export const isObject = (x: unknown): x is Record<string, unknown> =>
  !!x && typeof x === 'object' && !Array.isArray(x);

/** A player's name from a setup (even a partial one being checked), or the fallback. */
export function playerName(
  setup: { players?: readonly (PlayerSetup | undefined)[] },
  id: string,
  fallback = 'Someone'
): string {
  return setup.players?.find((p) => p?.id === id)?.name ?? fallback;
}

/**
 * Why a player's name cannot be used, or undefined. The limit counts characters as people see
 * them, so a name with an emoji is not cut short.
 */
export function nameProblem(name: unknown, limit: number): string | undefined {
  if (typeof name !== 'string' || name.trim() === '') return 'every player needs a name';
  if ([...name].length > limit) return `names are at most ${limit} characters`;
  return undefined;
}

/**
 * Seats for a setup read from a shared code: numbered ids ("p1", "p2"…) and no names yet, since
 * each table types its own.
 */
export const unnamedSeats = (count: number): PlayerSetup[] =>
  Array.from({ length: count }, (_, i) => ({ id: `p${i + 1}`, name: '' }));
