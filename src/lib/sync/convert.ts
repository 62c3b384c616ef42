/**
 * A game played on one phone, then shared: its log becomes shared entries from that one device,
 * folding to the same state. On one phone 'undo' and 'redo' point nowhere (undo takes the last
 * effective event, redo the last undone one); shared entries must name their target, so the
 * single-phone fold is walked here once to find what each one meant.
 */
import type { EventRecord } from '../db/records';
import { type Clock, newClock, nextEntry } from './clock';
import type { EntryId, SharedEntry } from './entry';

export interface Converted {
  entries: SharedEntry[];
  /** The device's clock after them: its next tap continues the same counter. */
  clock: Clock;
}

/**
 * Lamports are 1, 2, 3, …: nobody else has written yet, so the order is the log's own. Entries
 * that point at nothing (an undo with nothing to undo: `logProblem` rejects such logs) are left
 * out, as the single-phone fold ignores them.
 */
export function convertLog(log: readonly EventRecord[], device: string): Converted {
  let clock = newClock(device);
  const entries: SharedEntry[] = [];
  /** Shared ids of the effective events, oldest first. */
  const effective: EntryId[] = [];
  /** Undone events that redo can bring back, each with the undo entry that took it away. */
  let redo: { event: EntryId; undo: EntryId }[] = [];
  for (const record of log) {
    let made: ReturnType<typeof nextEntry>;
    if (record.kind === 'event' && record.event) {
      made = nextEntry(clock, { kind: 'event', event: record.event }, record.time);
      effective.push(made.entry.id);
      redo = [];
    } else if (record.kind === 'undo') {
      const target = effective.pop();
      if (!target) continue;
      made = nextEntry(clock, { kind: 'undo', target }, record.time);
      redo.push({ event: target, undo: made.entry.id });
    } else if (record.kind === 'redo') {
      const last = redo.pop();
      if (!last) continue;
      // Undoing the undo brings the event back where it was in the order, as redo did.
      made = nextEntry(clock, { kind: 'undo', target: last.undo }, record.time);
      effective.push(last.event);
    } else continue;
    entries.push(made.entry);
    clock = made.clock;
  }
  return { entries, clock };
}
