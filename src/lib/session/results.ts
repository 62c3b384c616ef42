/**
 * Building a game's result from its standing: winners first, then everyone else by score, ties
 * sharing a rank ("1, 2, 2, 4"). Every game's `result` uses this, so ranks mean the same thing in
 * the history, the stats and the BG Stats export.
 */
import type { GameResult, Period, PlayerResult } from './types';

export interface ResultInput {
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
}

export function buildResult(input: ResultInput): GameResult {
  const winners = new Set(input.winners);
  const better = input.highestWins === false ? -1 : 1;
  // Rank 1 for the winners; the rest ranked by score below them. Before a win, by score alone.
  const key = (p: { id: string; score: number }) => [winners.has(p.id) ? 1 : 0, better * p.score] as const;
  const order = input.players
    .map((p) => ({ p, k: key(p) }))
    .sort((a, b) => b.k[0] - a.k[0] || b.k[1] - a.k[1]);
  const ranks = new Map<string, number>();
  order.forEach(({ p, k }, i) => {
    const prev = order[i - 1];
    const same = prev && prev.k[0] === k[0] && prev.k[1] === k[1];
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
    length: input.length
  };
}
