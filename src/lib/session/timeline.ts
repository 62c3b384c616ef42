/**
 * A session in memory: its log (committed and pending entries alike), the fold of that log into
 * effective events and a redo stack, the machine state after it, and checkpoints so that undo
 * replays only a short tail. No storage and no clock: the runtime decides what to append, and
 * this keeps the derived parts in step. Tested alone in tests/unit/session-timeline.test.ts.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { BaseSetup, EventRecord, GameEvent } from '../db/records';
import { foldLog, type FoldedLog } from './log';
import { initialState, replay, ReplayError } from './replay';
import type { GameLogic } from './types';

interface Checkpoint {
  /** Log seq of the last event in the prefix this state was computed from (0: no events). */
  eventSeq: number;
  snapshot: AnyMachineSnapshot;
}

export class Timeline<S extends BaseSetup = BaseSetup> {
  private entries: EventRecord[] = [];
  private folded: FoldedLog = { effective: [], redo: [] };
  private current: AnyMachineSnapshot;
  /** States after the first `depth` effective events, by depth. */
  private checkpoints = new Map<number, Checkpoint>();

  constructor(
    readonly logic: GameLogic<S>,
    readonly setup: S,
    private readonly every: number
  ) {
    this.current = initialState(logic, setup);
    this.checkpoints.set(0, { eventSeq: 0, snapshot: this.current });
  }

  get snapshot(): AnyMachineSnapshot {
    return this.current;
  }

  get log(): readonly EventRecord[] {
    return this.entries;
  }

  /** Seq of the newest entry (0 for an empty log). */
  get head(): number {
    return this.entries.length;
  }

  get effective(): readonly EventRecord[] {
    return this.folded.effective;
  }

  get redoStack(): readonly EventRecord[] {
    return this.folded.redo;
  }

  /**
   * Replaces the whole log (on load, or after another tab wrote). The state is computed from
   * `start` (a cached snapshot at `startDepth`) when given, else from the beginning; a step the
   * machine refuses throws ReplayError with the last good state.
   */
  reset(entries: EventRecord[], start?: { depth: number; snapshot: AnyMachineSnapshot }): void {
    this.entries = entries;
    this.folded = foldLog(entries);
    this.checkpoints.clear();
    const initial = initialState(this.logic, this.setup);
    this.checkpoints.set(0, { eventSeq: 0, snapshot: initial });
    const effective = this.folded.effective;
    if (start) {
      this.current = replay(this.logic, start.snapshot, eventsOf(effective, start.depth), start.depth);
      this.remember(start.depth, start.snapshot);
      return;
    }
    // A full replay, keeping a checkpoint every `every` events on the way.
    let snapshot = initial;
    try {
      for (let i = 0; i < effective.length; i += this.every) {
        snapshot = replay(this.logic, snapshot, eventsOf(effective, i, i + this.every), i);
        const depth = Math.min(i + this.every, effective.length);
        if (depth % this.every === 0) this.remember(depth, snapshot);
      }
      this.current = snapshot;
    } catch (error) {
      // Show the game as it was just before the step it cannot apply; the caller says why.
      this.current = error instanceof ReplayError ? error.lastGood : snapshot;
      throw error;
    }
  }

  /** Shows the log up to a point only (a damaged log's sound beginning). */
  truncate(length: number): void {
    this.reset(this.entries.slice(0, length));
  }

  /** Appends a game event whose next state is already known. */
  appendEvent(entry: EventRecord, next: AnyMachineSnapshot): void {
    this.entries.push(entry);
    this.folded.effective.push(entry);
    // A new event starts a new future: what was undone can no longer be redone.
    this.folded.redo = [];
    this.current = next;
    this.checkpointIfDue();
  }

  /** The state undo would lead to (the effective events minus the last). */
  stateBeforeLast(): AnyMachineSnapshot {
    return this.stateAt(this.folded.effective.length - 1);
  }

  appendUndo(entry: EventRecord, previous: AnyMachineSnapshot): void {
    this.entries.push(entry);
    const undone = this.folded.effective.pop();
    if (undone) this.folded.redo.push(undone);
    this.current = previous;
  }

  appendRedo(entry: EventRecord, next: AnyMachineSnapshot): void {
    this.entries.push(entry);
    const redone = this.folded.redo.pop();
    if (redone) this.folded.effective.push(redone);
    this.current = next;
    this.checkpointIfDue();
  }

  /**
   * Forgets every entry after `length` (pending entries whose commit failed) and recomputes.
   * Checkpoints made on forgotten entries go too: a later entry may reuse their numbers.
   */
  rollback(length: number): void {
    if (length >= this.entries.length) return;
    this.entries.length = length;
    this.folded = foldLog(this.entries);
    for (const [depth, c] of this.checkpoints) if (c.eventSeq > length) this.checkpoints.delete(depth);
    this.current = this.stateAt(this.folded.effective.length);
  }

  /** The machine state after the first `depth` effective events, from the nearest checkpoint. */
  stateAt(depth: number): AnyMachineSnapshot {
    const effective = this.folded.effective;
    let base = 0;
    let start = this.checkpoints.get(0)!.snapshot;
    for (const [d, c] of this.checkpoints) {
      // A checkpoint counts only if it was made on this very prefix of events.
      const fits = d === 0 || effective[d - 1]?.seq === c.eventSeq;
      if (fits && d <= depth && d >= base) [base, start] = [d, c.snapshot];
    }
    return replay(this.logic, start, eventsOf(effective, base, depth), base);
  }

  private checkpointIfDue(): void {
    const depth = this.folded.effective.length;
    if (depth % this.every === 0) this.remember(depth, this.current);
  }

  private remember(depth: number, snapshot: AnyMachineSnapshot): void {
    const eventSeq = depth ? this.folded.effective[depth - 1].seq : 0;
    this.checkpoints.set(depth, { eventSeq, snapshot });
  }
}

export function eventsOf(effective: readonly EventRecord[], from: number, to?: number): GameEvent[] {
  return effective.slice(from, to).map((e) => e.event!);
}

export { ReplayError };
