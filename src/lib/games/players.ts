/**
 * What every game's setup checks and history lines say about players the same way. Light: no
 * machine, no UI, so a game's format.ts and its entry can use it.
 */
import type { PlayerSetup } from './kit';
import { storedNameProblem } from '../util/player-name';

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
 * Why the stored players' names cannot be read, or undefined. Only the stored rule: a game made
 * before the one name rule (two "Ana"s, a blank or long name) still opens. What a new game's
 * names must be is checked once, at Start (util/player-name.ts `tableNamesProblem`).
 */
function seatNamesProblem(players: readonly unknown[]): string | undefined {
  for (const p of players) {
    const problem = storedNameProblem(isObject(p) ? p.name : undefined);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * What every game checks of a stored setup's players the same way: a list, each with an id of
 * its own and a readable name, and (with `count`) as many as the game or its format is played
 * with. The game's own checks (formats, teams, decks) come after.
 */
export function playersProblem(
  players: unknown,
  count?: { min: number; max: number; game: string }
): string | undefined {
  if (!Array.isArray(players)) return 'the players are missing';
  const ids = players.map((p) => (isObject(p) ? p.id : undefined));
  if (ids.some((id) => typeof id !== 'string' || id === '')) return 'every player needs an id';
  if (new Set(ids).size !== ids.length) return 'two players have the same id';
  const names = seatNamesProblem(players);
  if (names) return names;
  const n = players.length;
  if (count && (n < count.min || n > count.max)) {
    const range = count.min === count.max ? `${count.min}` : `${count.min} to ${count.max}`;
    return `${count.game} is for ${range} players here, not ${n}`;
  }
  return undefined;
}

/**
 * Seats for a setup read from a shared code: numbered ids ("p1", "p2"…) and no names yet, since
 * each table types its own.
 */
export const unnamedSeats = (count: number): PlayerSetup[] =>
  Array.from({ length: count }, (_, i) => ({ id: `p${i + 1}`, name: '' }));
