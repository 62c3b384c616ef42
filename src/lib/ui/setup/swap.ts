/**
 * "Tap two players to swap their seats": the first tap picks one, a tap on another swaps the two
 * in the seating order, a second tap on the picked one lets go. Returns who is picked now, and the
 * new order only when two seats swapped.
 */
export function tapToSwap<T>(
  order: readonly T[],
  picked: T | undefined,
  tapped: T
): { picked: T | undefined; order?: T[] } {
  if (picked === undefined) return { picked: tapped };
  if (picked === tapped) return { picked: undefined };
  const next = [...order];
  const a = next.indexOf(picked);
  const b = next.indexOf(tapped);
  [next[a], next[b]] = [next[b], next[a]];
  return { picked: undefined, order: next };
}
