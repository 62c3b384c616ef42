/**
 * The history as people read it: grouped by turn (or round), newest first, each group leading
 * with what changed numbers; the steps that only walked reminders fold away beneath.
 */
import type { HistoryItem } from './runtime';
import type { Period } from './types';

export interface HistoryGroup {
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
