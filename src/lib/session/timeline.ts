/**
 * A session in memory: its log (committed and pending entries alike), the fold of that log into
 * effective events and a redo stack, the machine state after it, and checkpoints so that undo
 * replays only a short tail. No storage and no clock: the runtime decides what to append, and
 * this keeps the derived parts in step. Tested alone in tests/unit/session-timeline.test.ts.
 *
 * It holds either the whole log or only its newest part (a window, see `resetWindow`): a long
 * game opens from a cached state and the entries after it, so opening costs the same at 100 or
 * 100,000 events. In a window, `log` and `effective` are the newest entries only; `head` and
 * `depth` still count the whole game.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { BackRecord, BaseSetup, EventRecord, GameEvent, StepRecord, UndoRecord } from '../db/records';
import { applyEntry, foldLog, foldWindow, isHold, undoable, type FoldedLog, type Redoable } from './log';
import { initialState, replay, ReplayError } from './replay';
import type { GameLogic } from './types';

interface Checkpoint {
  /** Log seq of the last event in the prefix this state was computed from (0: no events). */
  eventSeq: number;
  snapshot: AnyMachineSnapshot;
}

export class Timeline<S extends BaseSetup = BaseSetup> {
  private entries: EventRecord[] = [];
  private folded: FoldedLog = { effective: [], redo: [], backs: [] };
  /** The seq just before the first entry held (0 when the whole log is held). */
  private floor = 0;
  /** How many effective events come before `effective[0]` (0 when the whole log is held). */
  private base = 0;
  private current: AnyMachineSnapshot;
  /** States after the first `depth` effective events, by depth. */
  private checkpoints = new Map<number, Checkpoint>();
  /**
   * The state just before the newest event or redo, as it was on screen: an undo straight after a
   * tap (the usual undo) replays nothing from the last checkpoint. Checked like a checkpoint.
   */
  private beforeLast: (Checkpoint & { depth: number }) | undefined;

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

  /** The entries held: the whole log, or its newest part when `complete` is false. */
  get log(): readonly EventRecord[] {
    return this.entries;
  }

  /** True when the whole log is held (not a window onto its newest part). */
  get complete(): boolean {
    return this.floor === 0;
  }

  /** Seq of the newest entry (0 for an empty log). */
  get head(): number {
    return this.floor + this.entries.length;
  }

  /** The entry with this seq, if held. */
  entry(seq: number): EventRecord | undefined {
    return seq > this.floor ? this.entries[seq - this.floor - 1] : undefined;
  }

  /** The effective events held, oldest first: all of them, or the newest in a window. */
  get effective(): readonly StepRecord[] {
    return this.folded.effective;
  }

  /** How many events are in effect in the whole game. */
  get depth(): number {
    return this.base + this.folded.effective.length;
  }

  /**
   * True when the state before the last effective event can be computed from what is held. A
   * window starts at a cached state after its first effective event, so it cannot step back
   * past that event until earlier entries are read.
   */
  get canStepBack(): boolean {
    return this.complete ? this.folded.effective.length > 0 : this.folded.effective.length > 1;
  }

  /**
   * The steps redo brings back one by one, oldest undone last: the top of the redo stack down to
   * the first back on it (a back undone is redone as one action, see `redoNext`).
   */
  get redoStack(): readonly StepRecord[] {
    const redo = this.folded.redo;
    let from = redo.length;
    while (from > 0 && !isHold(redo[from - 1])) from--;
    return redo.slice(from) as StepRecord[];
  }

  /** What redo does next: bring a step back, or take a back's steps again. */
  get redoNext(): Redoable | undefined {
    return this.folded.redo.at(-1);
  }

  /** What undo reverses next: the newest step in effect, or a back with nothing after it. */
  get undoNext(): Redoable | undefined {
    return undoable(this.folded);
  }

  /**
   * How many of the newest steps a back can take from what is held: all of them, or in a window
   * all but its first (the cached state it starts from).
   */
  get backReach(): number {
    const held = this.folded.effective.length;
    return this.complete ? held : Math.max(0, held - 1);
  }

  /**
   * Replaces the whole log (on load, or after another tab wrote). The state is computed from
   * `start` (a cached snapshot at `startDepth`) when given, else from the beginning; a step the
   * machine refuses throws ReplayError with the last good state.
   */
  reset(entries: EventRecord[], start?: { depth: number; snapshot: AnyMachineSnapshot }): void {
    this.entries = entries;
    this.floor = this.base = 0;
    this.folded = foldLog(entries);
    this.checkpoints.clear();
    this.beforeLast = undefined;
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

  /**
   * Holds only the newest part of the log: `entries` run from a game event (seq s) to the head,
   * and `start` is the cached state right after that event, `depth` events deep. Right after an
   * event is added nothing can be redone, so the fold at s is known without reading further
   * back. Returns false, changing nothing, when the entries undo past that event (read further
   * back and try again) or are not a sound run of entries; throws ReplayError like `reset`.
   */
  resetWindow(entries: EventRecord[], start: { depth: number; snapshot: AnyMachineSnapshot }): boolean {
    const first = entries[0];
    if (!first || first.kind !== 'event' || start.depth < 1) return false;
    const folded = foldWindow(entries);
    if (!folded) return false;
    const effective = folded.effective;
    const current = replay(this.logic, start.snapshot, eventsOf(effective, 1), start.depth);
    this.entries = entries;
    this.folded = folded;
    this.floor = first.seq - 1;
    this.base = start.depth - 1;
    this.checkpoints.clear();
    this.beforeLast = undefined;
    this.remember(start.depth, start.snapshot);
    this.current = current;
    return true;
  }

  /** Shows the log up to a point only (a damaged log's sound beginning). */
  truncate(length: number): void {
    this.reset(this.entries.slice(0, length));
  }

  /** Appends a game event whose next state is already known. */
  appendEvent(entry: StepRecord, next: AnyMachineSnapshot): void {
    this.keepBeforeLast();
    this.entries.push(entry);
    this.folded.effective.push(entry);
    // A new event starts a new future: what was undone can no longer be redone.
    this.folded.redo = [];
    this.current = next;
    this.checkpointIfDue();
  }

  /** The state undo would lead to (the effective events minus the last). */
  stateBeforeLast(): AnyMachineSnapshot {
    return this.stateAt(this.depth - 1);
  }

  /**
   * The state undo leads to: before the last step, or, when undo reverses a back, after the
   * steps it took (replayed from here: they follow the state on screen).
   */
  stateAfterUndo(): AnyMachineSnapshot {
    const next = this.undoNext;
    if (!isHold(next)) return this.stateBeforeLast();
    return replay(this.logic, this.current, eventsOf(next.taken, 0), this.depth);
  }

  appendUndo(entry: UndoRecord, previous: AnyMachineSnapshot): void {
    const reverses = isHold(this.undoNext);
    this.entries.push(entry);
    applyEntry(this.folded, entry, 0);
    this.current = previous;
    if (reverses) this.checkpointIfDue();
  }

  appendRedo(entry: UndoRecord, next: AnyMachineSnapshot): void {
    if (!isHold(this.redoNext)) this.keepBeforeLast();
    this.entries.push(entry);
    applyEntry(this.folded, entry, 0);
    this.current = next;
    this.checkpointIfDue();
  }

  /** Appends a back whose state (`stateAt(depth - steps)`) is already known. */
  appendBack(entry: BackRecord, next: AnyMachineSnapshot): void {
    this.entries.push(entry);
    applyEntry(this.folded, entry, 0);
    this.current = next;
  }

  /**
   * Forgets every entry after `length` (pending entries whose commit failed) and recomputes.
   * Checkpoints made on forgotten entries go too: a later entry may reuse their numbers.
   */
  rollback(length: number): void {
    if (length >= this.head) return;
    this.entries.length = length - this.floor;
    // A window's first entry is stored (it came from the database), so it is never rolled back.
    this.folded = this.complete ? foldLog(this.entries) : foldWindow(this.entries)!;
    for (const [depth, c] of this.checkpoints) if (c.eventSeq > length) this.checkpoints.delete(depth);
    // Like those checkpoints: a later entry may reuse the seq it was checked by.
    this.beforeLast = undefined;
    this.current = this.stateAt(this.depth);
  }

  /** The machine state after the first `depth` effective events, from the nearest checkpoint. */
  stateAt(depth: number): AnyMachineSnapshot {
    const effective = this.folded.effective;
    const recent = this.beforeLast;
    if (recent && recent.depth === depth && this.fits(depth, recent.eventSeq)) return recent.snapshot;
    let from: number | undefined;
    let start: AnyMachineSnapshot | undefined;
    for (const [d, c] of this.checkpoints) {
      // A checkpoint counts only if it was made on this very prefix of events.
      if (this.fits(d, c.eventSeq) && d <= depth && (from === undefined || d >= from))
        [from, start] = [d, c.snapshot];
    }
    if (from === undefined || !start) throw new Error(`The state after ${depth} events is not held.`);
    return replay(this.logic, start, eventsOf(effective, from - this.base, depth - this.base), from);
  }

  /** The newest checkpoints (state, depth and the seq it was made at), newest first. */
  recentCheckpoints(count: number): { depth: number; eventSeq: number; snapshot: AnyMachineSnapshot }[] {
    return [...this.checkpoints]
      .filter(([d, c]) => d > 0 && this.effective[d - 1 - this.base]?.seq === c.eventSeq)
      .sort(([a], [b]) => b - a)
      .slice(0, count)
      .map(([depth, c]) => ({ depth, eventSeq: c.eventSeq, snapshot: c.snapshot }));
  }

  /** Whether a state remembered at `depth` was made on the events in effect now. */
  private fits(depth: number, eventSeq: number): boolean {
    return depth === 0 || this.seqAt(depth) === eventSeq;
  }

  /** The seq of the event that brought the game to `depth` (0 at the start; -1 if not held). */
  private seqAt(depth: number): number {
    return depth ? (this.folded.effective[depth - 1 - this.base]?.seq ?? -1) : 0;
  }

  private keepBeforeLast(): void {
    const depth = this.depth;
    this.beforeLast = { depth, eventSeq: this.seqAt(depth), snapshot: this.current };
  }

  private checkpointIfDue(): void {
    const depth = this.depth;
    if (depth % this.every === 0) this.remember(depth, this.current);
  }

  private remember(depth: number, snapshot: AnyMachineSnapshot): void {
    this.checkpoints.set(depth, { eventSeq: this.seqAt(depth), snapshot });
  }
}

function eventsOf(effective: readonly StepRecord[], from: number, to?: number): GameEvent[] {
  return effective.slice(from, to).map((e) => e.event);
}

export { ReplayError };
