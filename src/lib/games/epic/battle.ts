/**
 * The battle helper: given the champions in one attack, the damage each takes and what reaches the
 * defending player. Optional at the table; the Mojo change it proposes is entered like any other.
 *
 * Rules it follows (see rules.md): negative offense deals 0; champions with range deal their
 * damage first, and one broken by it deals none afterwards; a champion breaks when its damage this
 * turn reaches its defense (or its defense is 0 or less); Damage Ward takes its number off each
 * instance of damage, and (our reading of the book's example) all the damage one champion takes
 * in one attack is one instance, range damage first; breakthrough sends offense minus the
 * blockers' total defense to the player; a blocked attack sends nothing else to the player.
 */

export interface Fighter {
  /** Offense now, after every change; may be negative. */
  offense: number;
  defense: number;
  range?: boolean;
  /** Attackers only. */
  breakthrough?: boolean;
  /** Damage Ward N (0 or absent: none). */
  ward?: number;
}

interface FighterOutcome {
  /** Damage it deals. */
  deals: number;
  /** Damage it takes, or null when the other side splits its damage as it chooses. */
  takes: number | null;
  /** Broken by this attack, or null when that depends on the split. */
  broken: boolean | null;
}

interface SplitNote {
  /** The side that chooses how to split its damage. */
  by: 'attackers' | 'blockers';
  range: number;
  other: number;
}

interface AttackOutcome {
  blocked: boolean;
  /** Mojo the defending player loses. */
  toPlayer: number;
  attackers: FighterOutcome[];
  blockers: FighterOutcome[];
  /** Damage a side spreads over several champions as it chooses: the helper gives the totals. */
  splits: SplitNote[];
}

/** The sum of an offense and its changes ("4, then −5, then +2"): the number may go negative. */
export function netOffense(base: number, ...changes: number[]): number {
  return changes.reduce((sum, c) => sum + c, base);
}

/** Negative numbers count as 0 for game effects: offense −1 deals 0 damage. */
export function damageDealt(offense: number): number {
  return Math.max(0, offense);
}

/** One instance of damage after a Damage Ward: ward 5 against 7 damage leaves 2. */
export function afterWard(damage: number, ward = 0): number {
  return Math.max(0, damage - Math.max(0, ward));
}

/** A champion is broken once its damage this turn reaches its defense, or its defense is 0 or less. */
export function isBroken(defense: number, damage: number): boolean {
  return defense <= 0 || damage >= defense;
}

/** Breakthrough: the attacker's offense minus the blockers' total defense, never below 0. */
export function breakthroughDamage(offense: number, blockerDefenses: readonly number[]): number {
  return Math.max(0, damageDealt(offense) - blockerDefenses.reduce((s, d) => s + Math.max(0, d), 0));
}

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/**
 * What one champion takes from every champion on the other side (it stands alone on its side, so
 * all their damage comes to it). Range damage first, then the rest from those still standing; the
 * ward is one allowance for the whole attack, used up by the range damage first.
 */
function receive(target: Fighter, foes: readonly Fighter[], foesStanding: readonly boolean[]) {
  let ward = Math.max(0, target.ward ?? 0);
  const absorb = (amount: number) => {
    const prevented = Math.min(ward, amount);
    ward -= prevented;
    return amount - prevented;
  };
  const rangeHit = absorb(sum(foes.filter((f) => f.range).map((f) => damageDealt(f.offense))));
  const brokenAtRange = isBroken(target.defense, rangeHit);
  const otherHit = absorb(
    sum(foes.filter((f, i) => !f.range && foesStanding[i]).map((f) => damageDealt(f.offense)))
  );
  // A champion broken by range damage has left play: whatever came after never reached it.
  const takes = brokenAtRange && !target.range ? rangeHit : rangeHit + otherHit;
  return { takes, broken: isBroken(target.defense, takes), brokenAtRange };
}

function pool(by: SplitNote['by'], side: readonly Fighter[]): SplitNote {
  return {
    by,
    range: sum(side.filter((f) => f.range).map((f) => damageDealt(f.offense))),
    other: sum(side.filter((f) => !f.range).map((f) => damageDealt(f.offense)))
  };
}

/**
 * A champion alone against several. Their damage all comes to it; but if it has range and hits
 * first, which of them it breaks (so they deal nothing) depends on how its controller splits it.
 */
function alone(f: Fighter, foes: readonly Fighter[]): FighterOutcome {
  const deals = damageDealt(f.offense);
  if (f.range && deals > 0 && foes.some((x) => !x.range)) return { deals, takes: null, broken: null };
  const r = receive(
    f,
    foes,
    foes.map(() => true)
  );
  return { deals, takes: r.takes, broken: r.broken };
}

/** The outcome of one attack: an attacking champion or group, and the blockers (none: unblocked). */
export function resolveAttack(attackers: readonly Fighter[], blockers: readonly Fighter[]): AttackOutcome {
  const deals = (f: Fighter) => damageDealt(f.offense);
  if (blockers.length === 0) {
    return {
      blocked: false,
      toPlayer: sum(attackers.map(deals)),
      attackers: attackers.map((f) => ({ deals: deals(f), takes: 0, broken: isBroken(f.defense, 0) })),
      blockers: [],
      splits: []
    };
  }
  const defenses = blockers.map((b) => b.defense);
  const toPlayer = sum(
    attackers.filter((a) => a.breakthrough).map((a) => breakthroughDamage(a.offense, defenses))
  );
  const unknown = (f: Fighter): FighterOutcome => ({ deals: deals(f), takes: null, broken: null });
  const splits: SplitNote[] = [];
  let attackerOut: FighterOutcome[] = attackers.map(unknown);
  let blockerOut: FighterOutcome[] = blockers.map(unknown);

  if (attackers.length === 1 && blockers.length === 1) {
    // One on one: both sides are known exactly, range order included.
    const [a] = attackers;
    const [b] = blockers;
    const first = receive(a, [b], [true]);
    const second = receive(b, [a], [true]);
    const aStands = !(first.brokenAtRange && !a.range);
    const bStands = !(second.brokenAtRange && !b.range);
    const aResult = receive(a, [b], [bStands]);
    const bResult = receive(b, [a], [aStands]);
    attackerOut = [{ deals: deals(a), takes: aResult.takes, broken: aResult.broken }];
    blockerOut = [{ deals: deals(b), takes: bResult.takes, broken: bResult.broken }];
  } else if (blockers.length === 1) {
    // A group against one blocker: all of the group's damage goes to it; it splits its own.
    blockerOut = [alone(blockers[0], attackers)];
    splits.push(pool('blockers', blockers));
  } else if (attackers.length === 1) {
    attackerOut = [alone(attackers[0], blockers)];
    splits.push(pool('attackers', attackers));
  } else {
    splits.push(pool('attackers', attackers), pool('blockers', blockers));
  }
  return { blocked: true, toPlayer, attackers: attackerOut, blockers: blockerOut, splits };
}
