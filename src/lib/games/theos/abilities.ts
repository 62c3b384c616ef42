/**
 * The limits every ability obeys when it moves Followers (Resolving Abilities, step 4), as small
 * calculators: how many Followers an ability really moves, whether a "whenever" fires, and what
 * "#" counts. The table resolves the card text; these settle the arithmetic it leaves open.
 */

interface FollowerMove {
  /** Followers actually moved (added, removed, migrated or stolen). */
  moved: number;
  /** A "whenever ... Followers" trigger fires only when some Followers really moved. */
  triggersWhenever: boolean;
}

const move = (moved: number): FollowerMove => ({ moved, triggersWhenever: moved > 0 });

/**
 * Remove `amount` Followers from a card holding `on`: as many as it has, up to the amount.
 * With "up to", the Active Player's `chosen` amount (0 to the amount) is used instead.
 */
export function removeFollowers(on: number, amount: number, upTo?: { chosen: number }): FollowerMove {
  const wanted = upTo ? Math.min(Math.max(0, upTo.chosen), amount) : amount;
  return move(Math.max(0, Math.min(on, wanted)));
}

/**
 * Add, migrate or steal `amount` Followers onto a card holding `on` with a Max of `max`, taking
 * them from a source holding `available` (for an add, the tokens left in the Supply of 60:
 * ruling-supply). Nothing lands on a card at its Max; below its Max, only what fits
 * (ruling-max-partial).
 */
export function placeFollowers(on: number, max: number, amount: number, available = Infinity): FollowerMove {
  const room = Math.max(0, max - on);
  return move(Math.max(0, Math.min(amount, room, available)));
}

/** "#" takes the greatest value the game state allows: exactly the count, never a chosen one. */
export const hashValue = (count: number): number => Math.max(0, count);
