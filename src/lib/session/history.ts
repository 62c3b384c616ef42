/**
 * The history as people read it: grouped by turn (or round), newest first, each group leading
 * with what changed numbers; the steps that only walked reminders fold away beneath.
 */
import type { BaseSetup, StepRecord } from '../db/records';
import { continues } from './adjust';
import type { HistoryItem } from './log-store';
import type { Timeline } from './timeline';
import type { GameLogic, Period } from './types';

interface HistoryGroup {
  key: string;
  title: string;
  main: HistoryItem[];
  steps: HistoryItem[];
}

export function groupHistory(items: readonly HistoryItem[], unit: Period['unit']): HistoryGroup[] {
  const groups: HistoryGroup[] = [];
  const name = unit === 'round' ? 'Round' : 'Turn';
  for (const item of items) {
    const key = item.undone ? 'undone' : String(item.period ?? 'earlier');
    let group = groups.at(-1);
    if (!group || group.key !== key) {
      const title = item.undone
        ? 'Undone (Redo brings it back)'
        : item.period !== undefined
          ? `${name} ${item.period}`
          : 'Earlier';
      groups.push((group = { key, title, main: [], steps: [] }));
    }
    (item.minor ? group.steps : group.main).push(item);
  }
  return groups;
}

/**
 * A game on one phone's history items: its effective steps, newest first, preceded by undone ones
 * that can still be redone. An adjustment's last tap carries the line for all of it (adjust.ts),
 * so the earlier ones fold in.
 */
export function timelineHistory<S extends BaseSetup>(
  logic: GameLogic<S>,
  timeline: Timeline<S>
): HistoryItem[] {
  const item = (e: StepRecord, undone: boolean): HistoryItem => ({
    seq: e.seq,
    label: e.label,
    time: e.time,
    undone,
    ...(e.period !== undefined ? { period: e.period } : {}),
    minor: e.minor === true
  });
  const shown = (events: readonly StepRecord[]) =>
    events.filter((e, i) => !continues(logic, e, events[i + 1] ?? e));
  const undone = shown(timeline.redoStack.toReversed())
    .reverse()
    .map((e) => item(e, true));
  const done = shown(timeline.effective)
    .map((e) => item(e, false))
    .reverse();
  return [...undone, ...done];
}
