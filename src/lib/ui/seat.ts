/**
 * "This phone is…" on a game's screen: the chosen player's area comes first (or near, upright,
 * where two areas face each other), the others after it in table order. Only the order on screen
 * changes: every event still names a player by its own index or id.
 *
 * A seat is an index into the setup's players; undefined, or anything that is not a whole number
 * in range, means no choice: table order, exactly as without a seat.
 */

/** True when `me` is a player index of a table of `n`. */
export function isSeat(me: unknown, n: number): me is number {
  return typeof me === 'number' && Number.isInteger(me) && me >= 0 && me < n;
}

/** 0 … n−1 in table order, starting from `me` (2, 3, 0, 1 for me = 2 of 4). */
export function seatOrder(n: number, me?: number): number[] {
  const count = Number.isInteger(n) && n > 0 ? n : 0;
  const first = isSeat(me, count) ? me : 0;
  return Array.from({ length: count }, (_, i) => (first + i) % count);
}

/** The items in table order from the one at `me`: it comes first, those after it follow round the table. */
export function seatFirst<T>(items: readonly T[], me?: number): T[] {
  return seatOrder(items.length, me).map((i) => items[i]);
}

/** The two areas of a table for two (`TableLayout`): the one at `me` near and upright, the other across. */
export function facingAreas<T>(
  items: readonly [T, T] | readonly T[],
  me?: number
): { key: string; facing: 'near' | 'across'; item: T }[] {
  const [near, across] = seatFirst(items, me);
  return [
    { key: 'across', facing: 'across', item: across },
    { key: 'near', facing: 'near', item: near }
  ];
}
