/**
 * Titans of Eden battles: who wins each arena, and what happens to the temples, for every format.
 * Pure functions over plain numbers, so every rule and worked example is a unit test.
 */
import type { TitansFormat } from './format';

export interface Mat {
  team: number;
  arena: number | null;
  temples: number;
}

/** The side (0 or 1) that wins an arena, or null when nobody does: a win needs 2 more power. */
export function arenaWinner(power: readonly [number, number]): 0 | 1 | null {
  if (power[0] - power[1] >= 2) return 0;
  if (power[1] - power[0] >= 2) return 1;
  return null;
}

type TempleChange =
  | { kind: 'destroy'; winner: number; loser: number; arena: number | null }
  | { kind: 'capture'; winner: number; loser: number; arena: number | null };

export interface BattleResult {
  /** Per arena: the winning team, or null when nobody won it. */
  arenaWinners: (number | null)[];
  changes: TempleChange[];
  /** The mats after the battle (a new array; the input is not changed). */
  mats: Mat[];
  /** Indexes of mats that lost a temple (for Spite). */
  lost: number[];
}

interface ArenaSides {
  /** The two teams in this arena, side 0 then side 1. */
  teams: [number, number];
}

function findMat(mats: readonly Mat[], team: number, arena: number | null): number {
  return mats.findIndex((m) => m.team === team && m.arena === arena);
}

/**
 * Applies one winner's gain: destroy one of the loser's temples, or capture it when the winner
 * has few enough (duel and two arenas: exactly 1 left; three arenas: none left).
 */
function take(
  mats: Mat[],
  lost: number[],
  changes: TempleChange[],
  format: TitansFormat,
  winner: number,
  loser: number,
  arena: number | null
): void {
  const w = findMat(mats, winner, arena);
  const l = findMat(mats, loser, arena);
  // A mat with no temples has nothing to lose (three arenas); the others are out before then.
  if (mats[l].temples === 0) return;
  const captures = format === 'three-arenas' ? mats[w].temples === 0 : mats[w].temples === 1;
  mats[l] = { ...mats[l], temples: mats[l].temples - 1 };
  if (captures) mats[w] = { ...mats[w], temples: mats[w].temples + 1 };
  lost.push(l);
  changes.push({ kind: captures ? 'capture' : 'destroy', winner, loser, arena });
}

export function resolveBattle(
  format: TitansFormat,
  arenas: readonly ArenaSides[],
  powers: readonly (readonly [number, number])[],
  matsBefore: readonly Mat[]
): BattleResult {
  const mats = matsBefore.map((m) => ({ ...m }));
  const lost: number[] = [];
  const changes: TempleChange[] = [];
  const arenaWinners = arenas.map((a, i) => {
    const side = arenaWinner(powers[i]);
    return side === null ? null : a.teams[side];
  });

  if (format === 'three-arenas') {
    // Every arena is its own contest between the two mats on its sides.
    arenas.forEach((a, i) => {
      const winner = arenaWinners[i];
      if (winner === null) return;
      const loser = a.teams[0] === winner ? a.teams[1] : a.teams[0];
      take(mats, lost, changes, format, winner, loser, i);
    });
  } else {
    // One temple at most per turn: a team takes it when it wins an arena and loses none
    // (in a duel, when it wins the only arena). A win and a loss cancel out.
    for (const team of [0, 1]) {
      const wins = arenaWinners.filter((w) => w === team).length;
      const losses = arenaWinners.filter((w) => w !== null && w !== team).length;
      if (wins > 0 && losses === 0) take(mats, lost, changes, format, team, 1 - team, null);
    }
  }
  return { arenaWinners, changes, mats, lost };
}

/**
 * The winning team, if the game is over. Duel and two arenas: the team whose opponent has no
 * temples left. Three arenas: the team whose opponents have no temples in either of its arenas.
 */
export function gameWinner(
  format: TitansFormat,
  arenas: readonly ArenaSides[],
  mats: readonly Mat[]
): number | undefined {
  if (format !== 'three-arenas') {
    const out = mats.find((m) => m.temples === 0);
    return out ? 1 - out.team : undefined;
  }
  for (let team = 0; team < 3; team++) {
    const opponents = arenas.flatMap((a, i) =>
      a.teams.includes(team) ? [{ team: a.teams[0] === team ? a.teams[1] : a.teams[0], arena: i }] : []
    );
    if (opponents.every((o) => mats[findMat(mats, o.team, o.arena)].temples === 0)) return team;
  }
  return undefined;
}
