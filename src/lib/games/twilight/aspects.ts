/**
 * Aspects of Power as numbers: what an X cost gets from each level, the Creature Limit a Resource
 * Area allows, a Creature's own Aspect from its cost, and the Decay unspent Power costs.
 */
import type { Level } from './cards';

/** Counts of Aspects by level: [Lesser (I), Greater (II), Exalted (III)]. */
export type ByLevel = [number, number, number];

/** Power an X cost receives from a set of Aspects. */
export function xPower(aspects: ByLevel): number {
  return aspects[0] * 1 + aspects[1] * 2 + aspects[2] * 3;
}

interface CreatureLimit {
  lesser: number;
  greater: number;
  exalted: number;
}

/**
 * Each level is its own limit: as many Creatures of a level as the Resource Area holds Aspects of
 * that level. Fresh, Exhausted and Manifested Aspects all count.
 */
export function creatureLimit(resource: ByLevel): CreatureLimit {
  return { lesser: resource[0], greater: resource[1], exalted: resource[2] };
}

/**
 * The Creatures over the limit at each level (what must be Discarded), given the Creatures on
 * the field by level.
 */
export function overLimit(resource: ByLevel, creatures: ByLevel): ByLevel {
  return [0, 1, 2].map((i) => Math.max(0, creatures[i] - resource[i])) as ByLevel;
}

/**
 * A Creature's Aspect is the highest level in its Summoning cost, whatever the total: two II and
 * two III make an Exalted Creature. Undefined for a cost with no Aspect in it.
 */
export function creatureAspect(cost: ByLevel): Level | undefined {
  if (cost[2] > 0) return 3;
  if (cost[1] > 0) return 2;
  if (cost[0] > 0) return 1;
  return undefined;
}

/** Decay: each unspent Aspect Destroys its level in cards (I 1, II 2, III 3). */
export function decayCards(unused: ByLevel): number {
  return xPower(unused);
}
