/**
 * The table's rolls among a game's history lines (#57), by time: each a line of its own, never a
 * step, so Undo and the undone lines pass it by. Pure: the history sheet groups the result.
 */
import type { HistoryItem } from '../session/log-store';
import { rollLine, type RollRecord } from './dice';

/**
 * `items` as the history lists them (undone ones first, then the steps in effect, newest first)
 * with each roll placed among the steps in effect by its time, in the turn it was thrown in (one
 * kept without it: of the step before it, or after it when it came first, or `period`).
 */
export function withRolls(
  items: readonly HistoryItem[],
  rolls: readonly RollRecord[] | undefined,
  period?: number
): HistoryItem[] {
  if (!rolls?.length) return [...items];
  const undone = items.filter((i) => i.undone);
  const done = items.filter((i) => !i.undone);
  const out: HistoryItem[] = [...undone];
  // Both newest first: walk them together.
  const newest = rolls.map((roll, index) => ({ roll, index })).reverse();
  let d = 0;
  for (const { roll, index } of newest) {
    while (d < done.length && done[d].time > roll.time) out.push(done[d++]);
    const turn = roll.period ?? done[d]?.period ?? done[d - 1]?.period ?? period;
    out.push({
      seq: -(index + 1),
      label: rollLine(roll),
      time: roll.time,
      undone: false,
      minor: false,
      roll: true,
      ...(turn !== undefined ? { period: turn } : {})
    });
  }
  out.push(...done.slice(d));
  return out;
}
