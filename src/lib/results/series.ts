/**
 * The score over a game, for its chart: each player's standing at the start and at the end of
 * every turn or round, replayed from the log (never stored), with the line they race towards
 * where the game has one (the Ascension Die × team size, the EP target).
 */
import type { BaseSetup, GameEvent } from '../db/records';
import { initialState, step } from '../session/replay';
import type { GameLogic } from '../session/types';

export interface ScoreSeries {
  unit: 'turn' | 'round';
  /** x values: 0 for the start, then the number of each turn or round as it ended. */
  periods: number[];
  /** One line per player, in seat order. */
  lines: { id: string; name: string; values: number[] }[];
  /** The target at each point, when the game races towards one. */
  target?: (number | undefined)[];
}

export function scoreSeries<S extends BaseSetup>(
  logic: GameLogic<S>,
  setup: S,
  events: readonly GameEvent[]
): ScoreSeries {
  let snapshot = initialState(logic, setup);
  const points: { period: number; scores: Record<string, number>; target?: number }[] = [];
  const sample = (period: number) => {
    const { scores, target } = logic.standing(snapshot, setup);
    points.push({ period, scores: { ...scores }, target });
  };
  sample(0);
  let period = logic.period(snapshot, setup);
  let played = 0; // events in the period in progress
  for (const event of events) {
    const next = step(logic, snapshot, event);
    if (!next) break; // a log this version cannot replay further: the chart stops there
    snapshot = next;
    played++;
    const now = logic.period(snapshot, setup);
    if (now.number !== period.number) {
      sample(period.number);
      period = now;
      played = 0;
    }
  }
  // The turn or round in progress (or the one the game ended in), once something happened in it.
  if (played > 0) sample(period.number);
  const hasTarget = points.some((p) => p.target !== undefined);
  return {
    unit: period.unit,
    periods: points.map((p) => p.period),
    lines: setup.players.map((p) => ({
      id: p.id,
      name: p.name,
      values: points.map((pt) => pt.scores[p.id] ?? 0)
    })),
    ...(hasTarget ? { target: points.map((p) => p.target) } : {})
  };
}
