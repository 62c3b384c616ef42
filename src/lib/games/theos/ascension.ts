/**
 * The End Phase in numbers: the Ascension Die, the win check, and the order teams clean up in.
 * Pure functions over Follower totals, so every rule and worked example is a unit test.
 */
import { cardById, type God } from './cards';
import { orderBySpeed, type GodFact } from './speed';

/** The die is 10 in round 1 and one lower each round after, never below 1. */
export function ascensionDie(round: number): number {
  return Math.max(1, 11 - round);
}

/** Followers a team needs: the die times the number of players on the team. */
export const followersNeeded = (die: number, teamSize: number) => die * teamSize;

/** The board's "To ascend: …" line for the team sizes in play ("1 Follower" at die 1 alone). */
export function ascendLine(die: number, sizes: readonly number[], inTeams: boolean): string {
  const counts = sizes.map((n) => {
    const need = followersNeeded(die, n);
    return `${need} Follower${need === 1 ? '' : 's'}${n > 1 ? ` for a team of ${n}` : ''}`;
  });
  return `To ascend: ${counts.join(', ')}, and more than any other ${inTeams ? 'team' : 'player'}.`;
}

interface TeamCheck {
  team: number;
  followers: number;
  needed: number;
  /** At least the die times the team's size. */
  enough: boolean;
  /** Strictly more than every other team. */
  most: boolean;
}

export function winCheck(totals: readonly number[], sizes: readonly number[], die: number): TeamCheck[] {
  return totals.map((followers, team) => {
    const needed = followersNeeded(die, sizes[team]);
    const most = totals.every((other, t) => t === team || followers > other);
    return { team, followers, needed, enough: followers >= needed, most };
  });
}

/**
 * The team that ascends, or null. It needs both conditions; a tie for the most Followers means
 * nobody wins this round, even when the tied teams have enough.
 */
export function winningTeam(totals: readonly number[], sizes: readonly number[], die: number): number | null {
  return winCheck(totals, sizes, die).find((t) => t.enough && t.most)?.team ?? null;
}

/**
 * Why nobody ascends this round, as the End Phase says it (undefined when a team does): a tie
 * for the most among teams with enough, or nobody reaching the die's count.
 */
export function noAscent(
  totals: readonly number[],
  sizes: readonly number[],
  die: number
): string | undefined {
  const checks = winCheck(totals, sizes, die);
  if (checks.some((c) => c.enough && c.most)) return undefined;
  const best = Math.max(...totals);
  const tied = checks.filter((c) => c.followers === best);
  if (tied.length > 1 && tied.some((c) => c.enough)) {
    return `Tie for the most Followers (${best} each): nobody ascends`;
  }
  // Teams in a game are all one size, so they need the same count.
  return `Nobody has the ${checks[0].needed} Followers needed (the most is ${best}): nobody ascends`;
}

interface CleanupOrder {
  /** Teams in cleanup order; teams still tied (waiting for an answer) share a group. */
  groups: number[][];
  /** Players whose final card must be named to break a tie. */
  needCards: string[];
  /** A God Speed question that must be answered to break a tie. */
  ask?: readonly [God, God];
}

/**
 * Most Followers cleans up first. Teams tied on Followers go in the order of their fastest final
 * card: each player's last non-Blank card to resolve, the team taking its fastest member's
 * (ruling-cleanup-tie). A player with no such card (`null`) comes after every card. Until each
 * tied player's final card is known, and any God Speed it needs is settled, the tie stays a group.
 */
export function cleanupOrder(
  totals: readonly number[],
  teams: readonly (readonly string[])[],
  finalCards: Readonly<Record<string, string | null>>,
  answers: readonly GodFact[]
): CleanupOrder {
  const byFollowers = totals.map((_, t) => t).sort((a, b) => totals[b] - totals[a] || a - b);
  const groups: number[][] = [];
  const needCards: string[] = [];
  let ask: readonly [God, God] | undefined;
  for (let i = 0; i < byFollowers.length;) {
    const tied = byFollowers.filter((t) => totals[t] === totals[byFollowers[i]]);
    i += tied.length;
    if (tied.length === 1) {
      groups.push(tied);
      continue;
    }
    const missing = tied.flatMap((t) => teams[t].filter((id) => !(id in finalCards)));
    if (missing.length) {
      needCards.push(...missing);
      groups.push(tied);
      continue;
    }
    // Each team's fastest final card; a team with none goes last among the tied.
    const best = tied.map((team) => {
      const cards = teams[team].map((id) => finalCards[id]).filter((c): c is string => !!c);
      const ordered = orderBySpeed(cards, (c) => cardById(c)!, answers);
      return { team, ordered };
    });
    const unsettled = best.find((b) => !b.ordered.ok);
    if (unsettled && !unsettled.ordered.ok) {
      ask ??= unsettled.ordered.ask;
      groups.push(tied);
      continue;
    }
    const withCard = best.flatMap((b) =>
      b.ordered.ok && b.ordered.order.length ? [{ team: b.team, card: b.ordered.order[0] }] : []
    );
    const without = best.filter((b) => b.ordered.ok && b.ordered.order.length === 0).map((b) => b.team);
    const across = orderBySpeed(withCard, (x) => cardById(x.card)!, answers);
    if (!across.ok) {
      ask ??= across.ask;
      groups.push(tied);
      continue;
    }
    across.order.forEach((x) => groups.push([x.team]));
    if (without.length) groups.push(without);
  }
  return { groups, needCards, ...(ask ? { ask } : {}) };
}

/** Teams tied with another on Followers: their players' final cards can matter. */
export function tiedTeams(totals: readonly number[]): number[] {
  return totals.flatMap((f, t) => (totals.some((o, u) => u !== t && o === f) ? [t] : []));
}
