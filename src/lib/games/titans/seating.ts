/**
 * "This phone is…" on the Titans screen: this phone's player, team, mat and arena first, and in
 * each arena their side first. Only the order on screen follows the seat: every event still names
 * the arena, side and player by their own numbers.
 */
import type { TitansContext } from '../../machines/titans';
import { seatFirst } from '../../ui/seat';
import type { TitansSetup } from './format';

export interface ArenaView {
  arena: number;
  /** The sides in the order shown: this phone's team's first. */
  sides: (0 | 1)[];
}

export interface TitansSeating {
  /** This phone's team (-1: none chosen, table order). */
  myTeam: number;
  /** Team Mats (Duel, two arenas): this phone's team first. */
  matOrder: number[];
  arenaOrder: ArenaView[];
}

export function titansSeating(setup: TitansSetup, ctx: TitansContext, seat?: number): TitansSeating {
  const myId = seat === undefined ? undefined : setup.players[seat]?.id;
  const myTeam = myId === undefined ? -1 : setup.teams.findIndex((t) => t.includes(myId));
  const mine = myId === undefined ? -1 : ctx.arenas.findIndex((a) => a.players.includes(myId));
  return {
    myTeam,
    matOrder: seatFirst(
      ctx.mats.map((_, i) => i),
      myTeam
    ),
    arenaOrder: seatFirst(
      ctx.arenas.map((_, i) => i),
      mine
    ).map((arena) => ({
      arena,
      sides: (ctx.arenas[arena].teams[1] === myTeam ? [1, 0] : [0, 1]) as (0 | 1)[]
    }))
  };
}
