/**
 * Titans of Eden formats: who sits where, which Temple Mats exist, and how a setup is checked.
 * Pure data and functions; the machine, the setup screen and backups all use them.
 */
import type { BaseSetup } from '../kit';
import { isObject, playerName, playersProblem } from '../players';

/** Screens read a player's name through their game's format, the one way every game does. */
export { playerName };
import { pilesProblem, type PileLayout } from './piles';

export type TitansFormat = 'duel' | 'two-arenas' | 'three-arenas';
export type TitansMode = 'classic' | 'constructed';

export const FORMATS: Record<
  TitansFormat,
  { title: string; arenas: number; players: { min: number; max: number }; teams: number }
> = {
  duel: { title: 'Duel', arenas: 1, players: { min: 2, max: 2 }, teams: 2 },
  'two-arenas': { title: 'Two arenas', arenas: 2, players: { min: 3, max: 4 }, teams: 2 },
  'three-arenas': { title: 'Three arenas', arenas: 3, players: { min: 3, max: 6 }, teams: 3 }
};

/** One side of an arena: a team, and the player of that team who plays there. */
interface Side {
  team: number;
  player: string;
}

interface ArenaSetup {
  sides: [Side, Side];
}

export interface TitansSetup extends BaseSetup {
  format: TitansFormat;
  mode: TitansMode;
  /** Player ids per team; the order of teams is the clockwise order around the table. */
  teams: string[][];
  arenas: ArenaSetup[];
  /** Ritual piles per arena (classic only): 16 card ids each. Empty in constructed. */
  piles: PileLayout;
  /** The team that starts with the Avatar Mat, drawn with the session's seed. */
  avatarTeam: number;
}

/**
 * The rulebook's three-arena seating: Arena 1 is Team 1 v Team 3, Arena 2 Team 1 v Team 2,
 * Arena 3 Team 2 v Team 3 (teams counted from 0 here).
 */
export const THREE_ARENA_PAIRS: [number, number][] = [
  [0, 2],
  [0, 1],
  [1, 2]
];

/** Temple Mats: one per team (duel, two arenas) or one per side of each arena (three arenas). */
interface MatSpec {
  team: number;
  /** The arena this mat belongs to; null when the mat is the team's for the whole game. */
  arena: number | null;
  temples: number;
}

export function matsFor(setup: Pick<TitansSetup, 'format' | 'teams' | 'arenas'>): MatSpec[] {
  if (setup.format === 'three-arenas') {
    return setup.arenas.flatMap((a, arena) => a.sides.map((s) => ({ team: s.team, arena, temples: 2 })));
  }
  return setup.teams.map((_, team) => ({ team, arena: null, temples: 3 }));
}

/** Hand size: 9 for a player who plays in two arenas alone, otherwise 6. */
export function handSize(setup: Pick<TitansSetup, 'arenas'>, player: string): number {
  const arenas = setup.arenas.filter((a) => a.sides.some((s) => s.player === player)).length;
  return arenas >= 2 ? 9 : 6;
}

/**
 * The proposed seating for a list of teams: in two arenas each team's players take one arena each
 * (a player alone takes both); in three arenas the rulebook's pairs, a team's first player in its
 * first arena and its second (or the same, when alone) in its second.
 */
export function proposeArenas(format: TitansFormat, teams: string[][]): ArenaSetup[] {
  const side = (team: number, nth: number): Side => ({
    team,
    player: teams[team][Math.min(nth, teams[team].length - 1)]
  });
  if (format === 'duel') return [{ sides: [side(0, 0), side(1, 0)] }];
  if (format === 'two-arenas') {
    return [0, 1].map((i) => ({ sides: [side(0, i), side(1, i)] as [Side, Side] }));
  }
  const seen = teams.map(() => 0);
  return THREE_ARENA_PAIRS.map(([a, b]) => ({
    sides: [side(a, seen[a]++), side(b, seen[b]++)] as [Side, Side]
  }));
}

/** Team sizes the rulebook allows for a format and player count, e.g. 5 players in three arenas: [2, 2, 1]. */
export function teamSizes(format: TitansFormat, players: number): number[] | undefined {
  if (format === 'duel') return players === 2 ? [1, 1] : undefined;
  if (format === 'two-arenas') return players === 4 ? [2, 2] : players === 3 ? [1, 2] : undefined;
  if (players < 3 || players > 6) return undefined;
  // Six players: three pairs. Fewer: the missing seats become one-person teams.
  const sizes = [2, 2, 2];
  for (let missing = 6 - players, i = 0; missing > 0; missing--, i++) sizes[i] = 1;
  return sizes;
}

/** Why a setup cannot start (or reopen) a game, in plain words; undefined when it is sound. */
export function titansSetupProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'the setup is missing';
  const s = value as Partial<TitansSetup>;
  const format = s.format && FORMATS[s.format as TitansFormat];
  if (!format) return `“${String(s.format)}” is not a Titans of Eden format`;
  if (s.mode !== 'classic' && s.mode !== 'constructed') return 'the mode must be classic or constructed';
  const players = playersProblem(s.players, { ...format.players, game: format.title });
  if (players) return players;
  const ids = s.players!.map((p) => p.id);
  if (!Array.isArray(s.teams) || s.teams.length !== format.teams) {
    return `${format.title} needs ${format.teams} teams`;
  }
  const inTeams = s.teams.flat();
  if (inTeams.length !== ids.length || !ids.every((id) => inTeams.includes(id))) {
    return 'every player must be on exactly one team';
  }
  if (s.teams.some((t) => !Array.isArray(t) || t.length < 1 || t.length > 2)) {
    return 'a team has one or two players';
  }
  if (s.format === 'duel' && s.teams.some((t) => t.length !== 1)) return 'in a Duel each side is one player';
  if (!Array.isArray(s.arenas) || s.arenas.length !== format.arenas) {
    return `${format.title} is played in ${format.arenas} arena${format.arenas > 1 ? 's' : ''}`;
  }
  const teamOf = new Map(s.teams.flatMap((t, i) => t.map((p) => [p, i] as const)));
  for (const [i, arena] of s.arenas.entries()) {
    const sides = arena?.sides;
    if (!Array.isArray(sides) || sides.length !== 2) return `Arena ${i + 1} needs two sides`;
    for (const side of sides) {
      if (teamOf.get(side?.player) !== side?.team)
        return `Arena ${i + 1}: a player sits for a team they are not on`;
    }
    if (sides[0].team === sides[1].team) return `Arena ${i + 1}: a team cannot play against itself`;
    if (s.format === 'three-arenas') {
      const pair = THREE_ARENA_PAIRS[i];
      const teams = [sides[0].team, sides[1].team].sort();
      if (teams[0] !== pair[0] || teams[1] !== pair[1]) {
        return `Arena ${i + 1} must be Team ${pair[0] + 1} against Team ${pair[1] + 1}`;
      }
    } else if (s.format === 'two-arenas' && (sides[0].team !== 0 || sides[1].team !== 1)) {
      return `Arena ${i + 1} must be Team 1 against Team 2`;
    }
  }
  // Every player plays somewhere; a two-player team splits its arenas, one each.
  for (const [t, team] of s.teams.entries()) {
    const seats = s.arenas.flatMap((a) => a.sides.filter((x) => x.team === t).map((x) => x.player));
    for (const p of team) {
      if (!seats.includes(p)) return `${playerName(s, p, 'A player')} does not play in any arena`;
      if (team.length === 2 && seats.filter((x) => x === p).length > 1) {
        return `${playerName(s, p, 'A player')} has a teammate, so plays in one arena only`;
      }
    }
  }
  if (s.mode === 'classic') {
    const problem = pilesProblem(s.piles, format.arenas);
    if (problem) return problem;
  } else if (!Array.isArray(s.piles) || s.piles.length !== 0) {
    return 'constructed games have no ritual piles';
  }
  if (!Number.isInteger(s.avatarTeam) || s.avatarTeam! < 0 || s.avatarTeam! >= format.teams) {
    return 'the Avatar Mat must start with one of the teams';
  }
  return undefined;
}

/** "Ana", "Ana & Ben", or "Team 2 (Ana & Ben)" where teams matter. */
export function teamName(setup: TitansSetup, team: number, withNumber = setup.format !== 'duel'): string {
  const names = (setup.teams[team] ?? []).map((id) => playerName(setup, id)).join(' & ');
  return withNumber ? `Team ${team + 1} (${names})` : names;
}
