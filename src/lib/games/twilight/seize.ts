/**
 * The Seize calculator: how many cards from your Hand a Seize sets aside, Destroys and Discards.
 *
 * The base price of an Aspect of level L is L + 2 cards, all set aside from the Hand first (the
 * Hand must hold them, whatever the discounts): 1 Destroyed, L + 1 Discarded. Discounts only ever
 * lower the Discards, so at least 1 card is always Destroyed:
 * - two players: 1 card per full pair by which the opponent's Aspect Stack is bigger than yours
 *   (the rulebook's Seize Example 2);
 * - more than two players: 1 card per 2 cards in that opponent's Aspect Stack, and a payback of
 *   X cards when that opponent Seized X times from you on their last turn (see `paybackFor`).
 * When the Aspect has to come from your own Life Stack, 2 set-aside cards go back to your Hand
 * during the search, before anything is Destroyed; the discounts then lower what is left to
 * Discard (a discount that would save nothing is not used).
 */
import type { Level } from './cards';

/** Where the Seized Aspect was found: the opponent's Hand, their Life Stack, or your own Life Stack. */
export type SeizeSource = 'hand' | 'life' | 'own';

export const SEIZE_SOURCES: readonly SeizeSource[] = ['hand', 'life', 'own'];

interface SeizeInput {
  level: Level;
  /** More than two players at the table (the multiplayer discounts). */
  multiplayer: boolean;
  /** Cards in the seizer's Aspect Stack, before this Seize. */
  seizerAspects: number;
  /** Cards in the opponent's Aspect Stack. */
  targetAspects: number;
  /** Payback cards still unused against this opponent this turn (multiplayer only). */
  payback?: number;
  /** Where the Aspect came from; 'own' gives 2 set-aside cards back. Unknown: as if not 'own'. */
  source?: SeizeSource;
}

export interface SeizeQuote {
  /** The undiscounted price: the level plus 2. */
  base: number;
  /** Discards saved by the Aspect Stack discount (pair difference, or per 2 cards in multiplayer). */
  stackDiscount: number;
  /** Discards saved by the payback discount (multiplayer). */
  paybackDiscount: number;
  /** Cards set aside from the Hand: the level plus 2, what the Hand must hold to try this Seize. */
  setAside: number;
  /** Set-aside cards that go back to the Hand (the Aspect came from your own Life Stack). */
  returned: number;
  destroy: number;
  discard: number;
}

/** The Aspect Stack discount before it is capped by the price. */
export function stackDiscount(
  input: Pick<SeizeInput, 'multiplayer' | 'seizerAspects' | 'targetAspects'>
): number {
  if (input.multiplayer) return Math.floor(Math.max(0, input.targetAspects) / 2);
  return Math.floor(Math.max(0, input.targetAspects - input.seizerAspects) / 2);
}

export function seizeQuote(input: SeizeInput): SeizeQuote {
  const base = input.level + 2;
  const returned = input.source === 'own' ? 2 : 0;
  const discards = base - 1 - returned;
  const byStack = Math.min(discards, stackDiscount(input));
  const byPayback = input.multiplayer ? Math.min(discards - byStack, Math.max(0, input.payback ?? 0)) : 0;
  return {
    base,
    stackDiscount: byStack,
    paybackDiscount: byPayback,
    setAside: base,
    returned,
    destroy: 1,
    discard: discards - byStack - byPayback
  };
}

/** The price in words, in the rulebook's order: "set aside 4 · destroy 1, discard 0". */
export function seizePriceWords(q: SeizeQuote): string {
  const back = q.returned ? `, ${q.returned} back` : '';
  return `set aside ${q.setAside}${back} · destroy ${q.destroy}, discard ${q.discard}`;
}

/**
 * The payback X a seizer may use against one opponent this turn: the number of times that
 * opponent Seized from the seizer on their last turn, minus what the seizer has used of it
 * already this turn; none at all when that opponent took a payback from the seizer on that same
 * last turn (the discount never bounces back on consecutive turns).
 */
export function paybackFor(opts: {
  /** Seizes the opponent made against the seizer on the opponent's last turn. */
  seizedBy: number;
  /** Whether the opponent used a payback against the seizer on that turn. */
  theyTookPayback: boolean;
  /** Payback already used against this opponent this turn. */
  used: number;
}): number {
  if (opts.theyTookPayback) return 0;
  return Math.max(0, opts.seizedBy - opts.used);
}
