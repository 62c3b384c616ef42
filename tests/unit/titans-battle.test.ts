/**
 * Titans of Eden battles, rule by rule, with the rulebook's worked examples.
 */
import { describe, expect, it } from 'vitest';
import { arenaWinner, gameWinner, resolveBattle, type Mat } from '../../src/lib/games/titans/battle';
import { THREE_ARENA_PAIRS } from '../../src/lib/games/titans/format';

const duelArena = [{ teams: [0, 1] as [number, number] }];
const twoArenas = [{ teams: [0, 1] as [number, number] }, { teams: [0, 1] as [number, number] }];
const threeArenas = THREE_ARENA_PAIRS.map((p) => ({ teams: p as [number, number] }));

const teamMats = (...temples: number[]): Mat[] =>
  temples.map((t, team) => ({ team, arena: null, temples: t }));
/** Three-arena mats in arena order, side 0 then side 1: [A1 T1, A1 T3, A2 T1, A2 T2, A3 T2, A3 T3]. */
const arenaMats = (...temples: number[]): Mat[] =>
  threeArenas.flatMap((a, arena) =>
    a.teams.map((team, side) => ({ team, arena, temples: temples[arena * 2 + side] }))
  );
const temples = (mats: Mat[]) => mats.map((m) => m.temples);

type Powers = [number, number][];
const duel = (powers: Powers, mats: Mat[]) => resolveBattle('duel', duelArena, powers, mats);
const two = (powers: Powers, mats: Mat[]) => resolveBattle('two-arenas', twoArenas, powers, mats);
const three = (powers: Powers, mats: Mat[]) => resolveBattle('three-arenas', threeArenas, powers, mats);

describe('who wins an arena', () => {
  it('needs 2 or more power over the other side', () => {
    expect(arenaWinner([7, 5])).toBe(0);
    expect(arenaWinner([5, 7])).toBe(1);
    expect(arenaWinner([12, 3])).toBe(0);
  });
  it('a difference of 0 or 1 means nobody wins', () => {
    expect(arenaWinner([6, 5])).toBeNull();
    expect(arenaWinner([5, 6])).toBeNull();
    expect(arenaWinner([4, 4])).toBeNull();
    expect(arenaWinner([0, 0])).toBeNull();
  });
  it('works with negative totals', () => {
    expect(arenaWinner([-1, -3])).toBe(0);
  });
});

describe('duel', () => {
  it('a winner with 2 or more temples destroys one of the loser’s', () => {
    const r = duel([[9, 4]], teamMats(3, 3));
    expect(temples(r.mats)).toEqual([3, 2]);
    expect(r.changes).toEqual([{ kind: 'destroy', winner: 0, loser: 1, arena: null }]);
    expect(r.lost).toEqual([1]);
  });
  it('a winner with 1 temple captures one (loser −1, winner +1)', () => {
    const r = duel([[4, 9]], teamMats(2, 1));
    expect(temples(r.mats)).toEqual([1, 2]);
    expect(r.changes[0].kind).toBe('capture');
  });
  it('nobody wins: no temple changes', () => {
    const r = duel([[5, 6]], teamMats(3, 3));
    expect(temples(r.mats)).toEqual([3, 3]);
    expect(r.changes).toEqual([]);
    expect(r.lost).toEqual([]);
  });
  it('rulebook example: lose two battles, win the third, and it is two temples each', () => {
    let mats = teamMats(3, 3);
    mats = duel([[2, 8]], mats).mats;
    mats = duel([[3, 6]], mats).mats;
    expect(temples(mats)).toEqual([1, 3]);
    mats = duel([[10, 4]], mats).mats;
    expect(temples(mats)).toEqual([2, 2]);
  });
  it('a player at 0 temples loses', () => {
    expect(gameWinner('duel', duelArena, teamMats(0, 2))).toBe(1);
    expect(gameWinner('duel', duelArena, teamMats(1, 2))).toBeUndefined();
  });
  it('does not change the mats it is given', () => {
    const mats = teamMats(3, 3);
    duel([[9, 1]], mats);
    expect(temples(mats)).toEqual([3, 3]);
  });
});

describe('two arenas', () => {
  it('a team takes a temple when it wins one arena and wins the other', () => {
    const r = two(
      [
        [8, 2],
        [9, 1]
      ],
      teamMats(3, 3)
    );
    expect(temples(r.mats)).toEqual([3, 2]);
    expect(r.changes).toHaveLength(1);
  });
  it('…or wins one and ties the other', () => {
    const r = two(
      [
        [5, 5],
        [2, 9]
      ],
      teamMats(3, 3)
    );
    expect(temples(r.mats)).toEqual([2, 3]);
    expect(r.arenaWinners).toEqual([null, 1]);
  });
  it('rulebook: you win and your teammate loses, so no temple is destroyed or captured', () => {
    const r = two(
      [
        [9, 2],
        [2, 9]
      ],
      teamMats(3, 3)
    );
    expect(temples(r.mats)).toEqual([3, 3]);
    expect(r.changes).toEqual([]);
  });
  it('both arenas tied: nothing', () => {
    const r = two(
      [
        [5, 4],
        [4, 5]
      ],
      teamMats(2, 2)
    );
    expect(temples(r.mats)).toEqual([2, 2]);
  });
  it('a team with 1 temple captures instead of destroying', () => {
    const r = two(
      [
        [9, 2],
        [4, 4]
      ],
      teamMats(1, 3)
    );
    expect(temples(r.mats)).toEqual([2, 2]);
    expect(r.changes[0].kind).toBe('capture');
  });
  it('a team at 0 loses', () => {
    expect(gameWinner('two-arenas', twoArenas, teamMats(2, 0))).toBe(0);
  });
  it('3-player mode: the player alone follows the same rule across its two arenas', () => {
    // Team 0 is one player in both arenas: a win and a tie take a temple; a win and a loss do not.
    expect(
      temples(
        two(
          [
            [7, 1],
            [3, 3]
          ],
          teamMats(3, 3)
        ).mats
      )
    ).toEqual([3, 2]);
    expect(
      temples(
        two(
          [
            [7, 1],
            [1, 7]
          ],
          teamMats(3, 3)
        ).mats
      )
    ).toEqual([3, 3]);
  });
});

describe('three arenas', () => {
  it('each arena is decided on its own mats: destroy when the winner has 1 or more there', () => {
    // Arena 1: Team 1 beats Team 3; Arena 2: nobody; Arena 3: Team 3 beats Team 2.
    const r = three(
      [
        [9, 2],
        [4, 5],
        [1, 6]
      ],
      arenaMats(2, 2, 2, 2, 2, 2)
    );
    expect(temples(r.mats)).toEqual([2, 1, 2, 2, 1, 2]);
    expect(r.changes.map((c) => c.kind)).toEqual(['destroy', 'destroy']);
    expect(r.lost).toEqual([1, 4]);
  });
  it('captures when the winner has 0 temples in that arena', () => {
    const r = three(
      [
        [9, 2],
        [0, 0],
        [0, 0]
      ],
      arenaMats(0, 2, 2, 2, 2, 2)
    );
    expect(temples(r.mats)).toEqual([1, 1, 2, 2, 2, 2]);
    expect(r.changes[0].kind).toBe('capture');
  });
  it('rulebook: a one-person team at 0 in Arena 1 steals a temple there even with temples elsewhere', () => {
    // Team 1 alone plays Arenas 1 and 2; it has 0 in Arena 1 but 2 in Arena 2.
    const r = three(
      [
        [8, 3],
        [0, 0],
        [0, 0]
      ],
      arenaMats(0, 1, 2, 2, 2, 2)
    );
    expect(temples(r.mats)).toEqual([1, 0, 2, 2, 2, 2]);
    expect(r.changes[0].kind).toBe('capture');
  });
  it('a loser at 0 loses nothing, and (rulebook) its Spite gives no Ghosts', () => {
    const r = three(
      [
        [9, 1],
        [0, 0],
        [0, 0]
      ],
      arenaMats(2, 0, 2, 2, 2, 2)
    );
    expect(temples(r.mats)).toEqual([2, 0, 2, 2, 2, 2]);
    expect(r.changes).toEqual([]);
    expect(r.lost).toEqual([]);
  });
  it('nobody is eliminated at 0 temples', () => {
    expect(gameWinner('three-arenas', threeArenas, arenaMats(0, 2, 0, 2, 2, 2))).toBeUndefined();
  });
  it('rulebook: Team 1 wins when Team 3 in Arena 1 and Team 2 in Arena 2 are at 0, whatever Arena 3 holds', () => {
    expect(gameWinner('three-arenas', threeArenas, arenaMats(1, 0, 3, 0, 2, 2))).toBe(0);
    expect(gameWinner('three-arenas', threeArenas, arenaMats(1, 0, 3, 1, 2, 2))).toBeUndefined();
  });
  it('Team 2 and Team 3 win the same way through their own arenas', () => {
    expect(gameWinner('three-arenas', threeArenas, arenaMats(1, 1, 0, 1, 1, 0))).toBe(1);
    expect(gameWinner('three-arenas', threeArenas, arenaMats(0, 1, 1, 1, 0, 2))).toBe(2);
  });
});
