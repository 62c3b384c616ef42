/**
 * The log is append-only: game events, 'back' entries that take several steps back at once, and
 * 'undo'/'redo' entries that refer back to them. Folding it gives the effective events (what the
 * machine replays) and the redo stack.
 *
 * Undo and redo walk a stack of actions: a step, or a back. Undo reverses the newest action in
 * effect (after a back, that is the back: its steps all come back); redo does again the newest
 * action undone. A new step or a back starts a new future: nothing undone can be redone after it.
 */
import type { BackRecord, EventRecord, StepRecord } from '../db/records';

/** A back in effect, or undone and waiting on the redo stack: what it took back, oldest first. */
export interface BackHold {
  back: BackRecord;
  taken: StepRecord[];
  /** How many effective events (of this fold) were left right after it. */
  depth: number;
}

/** What redo can bring back: a step, or a back (its steps then go back again). */
export type Redoable = StepRecord | BackHold;

export interface FoldedLog {
  /** Events in effect, oldest first. */
  effective: StepRecord[];
  /** Undone actions that redo can bring back; the next redo takes the last one. */
  redo: Redoable[];
  /** Backs in effect, oldest first. */
  backs: BackHold[];
}

export function isHold(r: Redoable | undefined): r is BackHold {
  return r !== undefined && 'taken' in r;
}

/** What undo reverses next: the newest back, when nothing was added after it, else the last step. */
export function undoable(f: FoldedLog): Redoable | undefined {
  const hold = f.backs.at(-1);
  if (hold && hold.depth === f.effective.length) return hold;
  return f.effective.at(-1);
}

/** Whether `steps` is a count a back can carry at all (never more than there are steps). */
export function backSteps(steps: unknown): steps is number {
  return typeof steps === 'number' && Number.isSafeInteger(steps) && steps >= 1;
}

/**
 * One entry onto a fold, in place; a plain reason when it cannot apply (the fold is unchanged).
 * `keep`: how many effective events must stay (a window cannot go back past its first event).
 */
export function applyEntry(f: FoldedLog, entry: EventRecord, keep: number): string | undefined {
  if (entry.kind === 'event') {
    f.effective.push(entry);
    f.redo = [];
    return undefined;
  }
  if (entry.kind === 'back') {
    if (!backSteps(entry.steps)) {
      return `entry ${entry.seq} goes back, but does not say how many steps (a whole number from 1)`;
    }
    const have = f.effective.length - keep;
    if (entry.steps > have) {
      return `entry ${entry.seq} goes back ${entry.steps} steps, but only ${have} ${have === 1 ? 'is' : 'are'} in effect`;
    }
    const taken = f.effective.splice(f.effective.length - entry.steps);
    f.backs.push({ back: entry, taken, depth: f.effective.length });
    f.redo = [];
    return undefined;
  }
  if (entry.kind === 'undo') {
    const next = undoable(f);
    if (isHold(next)) {
      f.backs.pop();
      f.effective.push(...next.taken);
      f.redo.push(next);
      return undefined;
    }
    if (!next || f.effective.length <= keep) {
      return `entry ${entry.seq} undoes an event, but there is nothing to undo`;
    }
    f.redo.push(f.effective.pop()!);
    return undefined;
  }
  const again = f.redo.at(-1);
  if (!again) return `entry ${entry.seq} redoes an event, but there is nothing to redo`;
  f.redo.pop();
  if (isHold(again)) {
    // The same steps it took are in effect again at the end (undo put them there).
    f.effective.splice(f.effective.length - again.taken.length);
    f.backs.push({ ...again, depth: f.effective.length });
  } else f.effective.push(again);
  return undefined;
}

const empty = (): FoldedLog => ({ effective: [], redo: [], backs: [] });

/** The fold of a whole log; entries that point at nothing (see logProblem) change nothing. */
export function foldLog(entries: readonly EventRecord[]): FoldedLog {
  const f = empty();
  for (const entry of entries) applyEntry(f, entry, 0);
  return f;
}

interface LogProblem {
  /** How many entries from the start are sound. */
  validLength: number;
  message: string;
}

/**
 * Checks the shape every stored log must have: seq 1, 2, 3, ... and undo, redo and back only
 * when possible (a back never takes back more steps than are in effect).
 */
export function logProblem(entries: readonly EventRecord[]): LogProblem | undefined {
  const f = empty();
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const bad = (message: string) => ({ validLength: i, message });
    if (entry.seq !== i + 1) return bad(`entry ${i + 1} has number ${entry.seq}; expected ${i + 1}`);
    if (entry.kind === 'event' && (!entry.event || typeof entry.event.type !== 'string')) {
      return bad(`entry ${entry.seq} is an event without a type`);
    }
    if (!['event', 'undo', 'redo', 'back'].includes(entry.kind)) {
      return bad(`entry ${entry.seq} is of a kind this app does not know`);
    }
    const problem = applyEntry(f, entry, 0);
    if (problem) return bad(problem);
  }
  return undefined;
}

/**
 * Folds the newest part of a log, from a game event onwards (see Timeline.resetWindow): nothing
 * is redoable right after an event, so the fold is known there. Undefined when the run is not
 * sound (a gap in the numbers, an event without a type, a redo with nothing to redo) or when it
 * undoes or goes back past its first event: what comes before it would be needed.
 */
export function foldWindow(entries: readonly EventRecord[]): FoldedLog | undefined {
  const first = entries[0];
  if (!first || first.kind !== 'event') return undefined;
  const f = empty();
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (entry.seq !== first.seq + i) return undefined;
    if (entry.kind === 'event' && (!entry.event || typeof entry.event.type !== 'string')) return undefined;
    // The first event is the window's anchor (its state is the cached one): it stays.
    if (applyEntry(f, entry, i === 0 ? 0 : 1) !== undefined) return undefined;
  }
  return f;
}
