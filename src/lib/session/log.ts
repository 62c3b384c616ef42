/**
 * The log is append-only: game events, and 'undo'/'redo' entries that refer back to them.
 * Folding it gives the effective events (what the machine replays) and the redo stack.
 */
import type { EventRecord, StepRecord } from '../db/records';

export interface FoldedLog {
  /** Events in effect, oldest first. */
  effective: StepRecord[];
  /** Undone events that redo can bring back; the next redo takes the last one. */
  redo: StepRecord[];
}

export function foldLog(entries: readonly EventRecord[]): FoldedLog {
  const effective: StepRecord[] = [];
  let redo: StepRecord[] = [];
  for (const entry of entries) {
    if (entry.kind === 'event') {
      effective.push(entry);
      // A new event starts a new future: what was undone can no longer be redone.
      redo = [];
    } else if (entry.kind === 'undo') {
      const undone = effective.pop();
      if (undone) redo.push(undone);
    } else {
      const redone = redo.pop();
      if (redone) effective.push(redone);
    }
  }
  return { effective, redo };
}

interface LogProblem {
  /** How many entries from the start are sound. */
  validLength: number;
  message: string;
}

/** Checks the shape every stored log must have: seq 1, 2, 3, ... and undo/redo only when possible. */
export function logProblem(entries: readonly EventRecord[]): LogProblem | undefined {
  let effective = 0;
  let redo = 0;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const bad = (message: string) => ({ validLength: i, message });
    if (entry.seq !== i + 1) return bad(`entry ${i + 1} has number ${entry.seq}; expected ${i + 1}`);
    if (entry.kind === 'event') {
      if (!entry.event || typeof entry.event.type !== 'string') {
        return bad(`entry ${entry.seq} is an event without a type`);
      }
      effective++;
      redo = 0;
    } else if (entry.kind === 'undo') {
      if (effective === 0) return bad(`entry ${entry.seq} undoes an event, but there is nothing to undo`);
      effective--;
      redo++;
    } else {
      if (redo === 0) return bad(`entry ${entry.seq} redoes an event, but there is nothing to redo`);
      redo--;
      effective++;
    }
  }
  return undefined;
}

/**
 * Folds the newest part of a log, from a game event onwards (see Timeline.resetWindow): nothing
 * is redoable right after an event, so the fold is known there. Undefined when the run is not
 * sound (a gap in the numbers, an event without a type, a redo with nothing to redo) or when it
 * undoes its first event: what comes before it would be needed.
 */
export function foldWindow(entries: readonly EventRecord[]): FoldedLog | undefined {
  const first = entries[0];
  if (!first || first.kind !== 'event') return undefined;
  const effective: StepRecord[] = [];
  let redo: StepRecord[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (entry.seq !== first.seq + i) return undefined;
    if (entry.kind === 'event') {
      if (!entry.event || typeof entry.event.type !== 'string') return undefined;
      effective.push(entry);
      redo = [];
    } else if (entry.kind === 'undo') {
      if (effective.length <= 1) return undefined;
      redo.push(effective.pop()!);
    } else {
      const redone = redo.pop();
      if (!redone) return undefined;
      effective.push(redone);
    }
  }
  return { effective, redo };
}
