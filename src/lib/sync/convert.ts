/**
 * A game played on one phone, then shared: its log becomes shared entries from that one device,
 * folding to the same state. On one phone 'undo', 'redo' and 'back' point nowhere (undo takes
 * the newest step or back, redo the last undone one, back the newest steps); shared entries must
 * name their targets, so the single-phone fold is walked here once to find what each one meant.
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
  /** Backs in effect: the shared back, what it took, and how many events it left (as log.ts). */
  const backs: Held[] = [];
  /** Undone actions that redo can bring back, each with the undo entry that took it away. */
  let redo: { action: EntryId | Held; undo: EntryId }[] = [];
  for (const record of log) {
    let made: ReturnType<typeof nextEntry>;
    if (record.kind === 'event' && record.event) {
      made = nextEntry(clock, { kind: 'event', event: record.event }, record.time);
      effective.push(made.entry.id);
      redo = [];
    } else if (record.kind === 'back') {
      if (!(record.steps >= 1 && record.steps <= effective.length)) continue;
      const taken = effective.splice(effective.length - record.steps);
      made = nextEntry(clock, { kind: 'back', targets: taken }, record.time);
      backs.push({ back: made.entry.id, taken, depth: effective.length });
      redo = [];
    } else if (record.kind === 'undo') {
      const hold = backs.at(-1);
      let action: EntryId | Held;
      if (hold && hold.depth === effective.length) {
        // Undo reverses the back: the one undo names it, and its events come back.
        backs.pop();
        effective.push(...hold.taken);
        action = hold;
      } else {
        const target = effective.pop();
        if (!target) continue;
        action = target;
      }
      made = nextEntry(clock, { kind: 'undo', target: 'back' in action ? action.back : action }, record.time);
      redo.push({ action, undo: made.entry.id });
    } else if (record.kind === 'redo') {
      const last = redo.pop();
      if (!last) continue;
      // Undoing the undo brings the event back where it was in the order, as redo did.
      made = nextEntry(clock, { kind: 'undo', target: last.undo }, record.time);
      const { action } = last;
      if ('back' in action) {
        effective.splice(effective.length - action.taken.length);
        backs.push({ ...action, depth: effective.length });
      } else effective.push(action);
    } else continue;
    entries.push(made.entry);
    clock = made.clock;
  }
  return { entries, clock };
}

interface Held {
  back: EntryId;
  taken: EntryId[];
  depth: number;
}
