/**
 * Combat as numbers: what a blocked pair does to each other (Step 4) and what an unblocked
 * attacker does to a Discard Stack (Step 5) or a Life Stack (Step 6).
 */
import type { CreatureStats } from './cards';

/** Highest Life the app accepts for one attacker: a typo guard, far above any printed card. */
export const MAX_ATTACKER_LIFE = 99;

/** Step 6: an unblocked attacker on the Life Stack turns over as many cards as its current Life. */
export function lifeStackDamage(currentLife: number): number {
  return Math.max(0, currentLife);
}

/** Step 5: on the Discard Stack it Destroys half its current Life, rounded up. */
export function discardStackDamage(currentLife: number): number {
  return Math.max(0, Math.ceil(currentLife / 2));
}

interface Fighter extends CreatureStats {
  /** Damage markers already on it; its current Life is its printed Life minus these. */
  damage?: number;
}

interface ClashSide {
  /** Damage it takes in this clash, after its Armor. */
  takes: number;
  /** Its current Life afterwards. */
  life: number;
  slain: boolean;
}

function currentLife(c: Fighter): number {
  return c.life - (c.damage ?? 0);
}

/**
 * Step 4: attacker and blocker deal their Fight to each other at the same time; Armor stops that
 * much of what a Creature takes. A Creature at 0 Life or less is Slain.
 */
export function clash(attacker: Fighter, blocker: Fighter): { attacker: ClashSide; blocker: ClashSide } {
  const side = (me: Fighter, other: Fighter): ClashSide => {
    const takes = Math.max(0, other.fight - (me.armor ?? 0));
    const life = currentLife(me) - takes;
    return { takes, life, slain: life <= 0 };
  };
  return { attacker: side(attacker, blocker), blocker: side(blocker, attacker) };
}
