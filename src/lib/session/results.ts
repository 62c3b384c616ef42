/**
 * Building a game's result from its standing: winners first, then everyone else by score, ties
 * sharing a rank ("1, 2, 2, 4"); in a game players are knocked out of, by when they went out
 * (`knockouts`). Every game's `result` uses this, so ranks mean the same thing in the history,
 * the stats and the BG Stats export.
 */
import type { GameResult, Period, PlayerResult } from './types';

interface ResultInput {
  finished: boolean;
  players: { id: string; name: string; score: number; team?: number }[];
  /** Ids of the winners (empty while nobody has won). */
  winners: readonly string[];
  winningTeam?: number;
  /** Ids of the player(s) who took the first turn. */
  started: readonly string[];
  length: Period;
  /** Where the higher score is better (every game here). */
  highestWins?: boolean;
  /**
   * The players knocked out, in the order they went out; those out at one moment share a group.
   * Given, a player out earlier ranks below one out later, whatever the scores (Epic: a player
   * who "loses the game" with 30 Mojo on turn 1 is below one brought to 0 on turn 2).
   */
  knockouts?: readonly (readonly string[])[];
}

export function buildResult(input: ResultInput): GameResult {
  const winners = new Set(input.winners);
  const better = input.highestWins === false ? -1 : 1;
  // Rank 1 for the winners; then the players still in, by score; then the players out, the later
  // out the higher, one moment's players together (their scores do not part them). Before a
  // win, by score alone.
  const outAt = new Map<string, number>();
  (input.knockouts ?? []).forEach((group, i) => group.forEach((id) => outAt.set(id, i)));
  const key = (p: { id: string; score: number }): readonly number[] => {
    if (winners.has(p.id)) return [2, 0, better * p.score];
    const out = outAt.get(p.id);
    return out === undefined ? [1, 0, better * p.score] : [0, out, 0];
  };
  const compare = (a: readonly number[], b: readonly number[]) => b[0] - a[0] || b[1] - a[1] || b[2] - a[2];
  const order = input.players.map((p) => ({ p, k: key(p) })).sort((a, b) => compare(a.k, b.k));
  const ranks = new Map<string, number>();
  order.forEach(({ p, k }, i) => {
    const prev = order[i - 1];
    const same = prev && compare(prev.k, k) === 0;
    ranks.set(p.id, same ? ranks.get(prev.p.id)! : i + 1);
  });
  const started = new Set(input.started);
  const players: PlayerResult[] = input.players.map((p) => ({
    id: p.id,
    name: p.name,
    score: p.score,
    rank: ranks.get(p.id)!,
    ...(p.team !== undefined ? { team: p.team } : {}),
    winner: winners.has(p.id),
    started: started.has(p.id)
  }));
  const teamWin = input.winningTeam !== undefined;
  return {
    finished: input.finished,
    winners: [...winners],
    ...(teamWin ? { winningTeam: input.winningTeam } : {}),
    tie: !teamWin && winners.size > 1,
    players,
    ranking: input.knockouts ? 'elimination' : teamWin ? 'team' : 'score',
    length: input.length
  };
}
