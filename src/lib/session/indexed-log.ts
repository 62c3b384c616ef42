/**
 * A game's log on one phone, in IndexedDB: the LogStore a game session uses for a game that is
 * not shared. It is put together from parts that each do one job:
 * - load.ts: opening (record, log, snapshot cache → a Timeline at the newest state);
 * - send.ts: deciding what a tap does (an entry and the state it leads to, or a plain refusal);
 * - timeline.ts: the log, its fold and the state in memory;
 * - commit.ts: writing entries right after the screen painted them, and handing back failures;
 * - held-writes.ts: what happens while storage refuses the writes.
 *
 * Paint first, commit right after: an accepted tap changes the state at once (the session is told
 * synchronously, so the screen shows it in the same frame) and is written behind it.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type {
  BaseSetup,
  EventRecord,
  GameEvent,
  SessionRecord,
  SessionStatus,
  StepRecord
} from '../db/records';
import type { TablesideDB } from '../db/schema';
import { firstAdjustment, lastAdjustment, redoLine } from './adjust';
import { isHold } from './log';
import { cacheCheckpoints, CommitQueue, type CommitJob } from './commit';
import { SessionNotFoundError, storageFailure } from './errors';
import { HeldWrites, type HeldGame } from './held-writes';
import { buildTimeline, findWindow, loadTimeline, logHead, readBefore } from './load';
import { timelineHistory } from './history';
import type { HistoryItem, LogStore, SendOutcome, StoreSink } from './log-store';
import { naturalStatus, saveFields, withFields } from './record';
import { decide, STALE_TAP, type Intent } from './send';
import { RecordWrites } from './record-writes';
import type { Timeline } from './timeline';
import type { GameLogic } from './types';
import { setupNamed } from '../results/names';
import type { Scheduler } from '../util/after-paint';

/** Undo this close to the start of a window reads further back, behind the screen. */
const DEEPEN_AT = 25;

interface IndexedLogOptions {
  snapshotEvery: number;
  now: () => number;
  schedule: Scheduler;
  whole: boolean;
  windowDepth: number;
  names: readonly string[] | undefined;
}

export class IndexedLog<S extends BaseSetup = BaseSetup> implements LogStore<S>, HeldGame {
  timeline!: Timeline<S>;
  private readonly queue: CommitQueue;
  /** The steps storage refused, while it does (held-writes.ts). */
  private readonly refused: HeldWrites;
  /** How much of the timeline's log is known to be stored. */
  committedHead = 0;
  /** The head right after the game last changed from outside this tab. */
  external = 0;
  /** When the session record is written (record-writes.ts). */
  readonly writes: RecordWrites<S>;
  problem: string | undefined;
  /** The snapshot written after a long replay on open; tests wait for it. */
  cacheWrite: Promise<void> = Promise.resolve();
  /** Reading earlier steps into the window, while it runs. */
  deepening: Promise<void> | undefined;
  private sink: StoreSink | undefined;
  private named: { from: unknown; setup: S } | undefined;
  readonly staleWords = STALE_TAP;
  readonly link = undefined;
  readonly refusal = undefined;

  constructor(
    readonly db: TablesideDB,
    readonly logic: GameLogic<S>,
    public record: SessionRecord,
    readonly options: IndexedLogOptions
  ) {
    this.queue = new CommitQueue(db, record.id, options.schedule, {
      committed: (jobs) => this.committed(jobs),
      failed: (jobs, dropped, error) => this.failed(jobs, dropped, error)
    });
    this.refused = new HeldWrites(this);
    this.writes = new RecordWrites(logic, () => this.setup);
  }

  connect(sink: StoreSink): void {
    this.sink = sink;
  }

  // ---- reading -------------------------------------------------------------------------------

  get setup(): S {
    const stored = this.record.setup as unknown as S;
    if (!this.options.names) return stored;
    if (this.named?.from !== stored)
      this.named = { from: stored, setup: setupNamed(stored, this.options.names) };
    return this.named.setup;
  }

  get snapshot(): AnyMachineSnapshot {
    return this.timeline.snapshot;
  }

  get head(): number {
    return this.timeline.head;
  }

  /** True while accepted taps are still being written (not while storage refuses them: `held`). */
  get pending(): boolean {
    return !this.refused.active && this.timeline.head > this.committedHead;
  }

  get held(): boolean {
    return this.refused.active;
  }

  get unsaved(): string | undefined {
    return this.refused.message;
  }

  get complete(): boolean {
    return this.timeline.complete;
  }

  get canUndo(): boolean {
    // A back is undone from the state on screen: that needs nothing before the window.
    return isHold(this.timeline.undoNext) || this.timeline.canStepBack;
  }

  get canRedo(): boolean {
    return this.timeline.redoNext !== undefined;
  }

  get undoLabel(): string | undefined {
    const next = this.timeline.undoNext;
    return isHold(next) ? next.back.label : next?.label;
  }

  /** Redo brings back a whole adjustment: its last tap's line names all of it. */
  get redoLabel(): string | undefined {
    const next = this.timeline.redoNext;
    return isHold(next) ? next.back.label : redoLine(this.logic, this.timeline.redoStack);
  }

  get steps(): readonly StepRecord[] {
    return this.timeline.effective;
  }

  get backReach(): number {
    return this.timeline.backReach;
  }

  stateBack(steps: number): AnyMachineSnapshot {
    return this.timeline.stateAt(this.timeline.depth - steps);
  }

  get history(): HistoryItem[] {
    return timelineHistory(this.logic, this.timeline);
  }

  get events(): GameEvent[] {
    return this.timeline.effective.map((e) => e.event);
  }

  get log(): readonly EventRecord[] {
    return this.timeline.log;
  }

  // ---- changing --------------------------------------------------------------------------------

  apply(intent: Intent, repeat: boolean): SendOutcome {
    const time = this.options.now();
    // Undo and redo take a whole adjustment (adjust.ts): its steps go on screen in one frame and
    // to storage in one write, so a kill never leaves half of it undone.
    // A back, and undo or redo of one, is a single entry.
    const steps =
      intent.kind === 'undo' && !isHold(this.timeline.undoNext)
        ? lastAdjustment(this.logic, this.timeline.effective)
        : intent.kind === 'redo' && !isHold(this.timeline.redoNext)
          ? firstAdjustment(this.logic, this.timeline.redoStack.toReversed())
          : 1;
    const jobs: CommitJob[] = [];
    for (let i = 0; i < Math.max(1, steps); i++) {
      const decision = decide(this.timeline, intent, { sessionId: this.record.id, time, repeat });
      if (!decision.ok) {
        if (i > 0) break;
        return decision;
      }
      jobs.push(this.take(decision.entry, decision.next));
    }
    // While storage refuses this game, the taps join the held steps, in order.
    if (this.refused.active) this.refused.add(jobs);
    else this.queue.push(...jobs);
    this.changed();
    return { ok: true };
  }

  async saveFields(fields: Partial<SessionRecord>): Promise<void> {
    await saveFields(this.db, this.record, fields);
    this.record = withFields(this.record, fields);
    this.changed();
  }

  async setStatus(status: SessionStatus): Promise<void> {
    await this.queue.idle();
    const summary = this.logic.summarize(this.snapshot, this.setup);
    const fields = { status, updated: this.options.now(), head: this.committedHead, summary };
    this.record = await saveFields(this.db, this.record, fields);
    this.writes.mark(this.committedHead, this.snapshot);
    this.changed();
  }

  saved(): Promise<void> {
    return this.queue.idle();
  }

  /** Resolves once earlier steps being read into the window (after a deep undo) are in. */
  async deepened(): Promise<void> {
    while (this.deepening) await this.deepening;
  }

  /**
   * Taps write the record only when the status or the turn changes; this writes it when it lags
   * behind the log. A game shown read-only is never written to; a held one is written back whole.
   */
  async flushRecord(): Promise<void> {
    await this.queue.idle();
    if (this.problem || this.refused.active) return;
    if (!this.writes.behind(this.committedHead, this.snapshot)) return;
    const last = this.timeline.entry(this.committedHead);
    const fields = this.writes.fields(this.snapshot, this.committedHead, last?.time ?? this.record.updated);
    await this.db.sessions.update(this.record.id, fields);
    this.record = { ...this.record, ...fields };
    this.writes.mark(this.committedHead, this.snapshot);
  }

  /**
   * Catches up with the stored log when another tab wrote to it. Our own pending writes go first;
   * the notice of our own write (`heard`, the stored head, is ours) costs nothing.
   */
  async reload(heard?: number): Promise<void> {
    if (heard !== undefined && heard === this.committedHead && heard === this.timeline.head) return;
    // Never trade the steps only this page holds for what storage has (less, or nothing).
    if (this.refused.active) return;
    await this.queue.idle();
    if (this.refused.active) return;
    const record = await this.db.sessions.get(this.record.id);
    if (!record) throw new SessionNotFoundError(this.record.id);
    const head = await logHead(this.db, this.record.id);
    if (head === this.committedHead && !this.pending) {
      // Only the record changed (e.g. archived in another tab): take its status.
      if (record.status !== this.record.status) {
        this.record = { ...this.record, status: record.status };
        this.changed();
      }
      return;
    }
    this.record = record;
    await this.load();
    this.external = this.timeline.head;
    this.changed();
  }

  /**
   * Reads the steps before the window, so the history lists every step. Nothing changes on
   * screen; a log that turns out damaged further back keeps the window and says so.
   */
  async readWhole(): Promise<string | undefined> {
    if (this.timeline.complete) return undefined;
    const older = await readBefore(this.db, this.record.id, this.timeline.log[0].seq);
    if (this.timeline.complete) return undefined;
    // Built from what is held now: taps made while reading are part of it.
    const entries = older.concat(this.timeline.log);
    const loaded = buildTimeline(this.logic, this.setup, entries, [], this.options.snapshotEvery);
    if (loaded.problem) return loaded.problem;
    this.timeline = loaded.timeline;
    // A reload (another tab wrote) keeps every step too, now that the person asked for them.
    this.options.whole = true;
    this.changed();
    return undefined;
  }

  retry(): Promise<boolean> {
    return this.refused.retry();
  }

  setSeat(): void {}

  close(): void {
    this.refused.close();
  }

  /** Reads the stored game into the timeline. */
  async load(): Promise<void> {
    const { snapshotEvery, whole, windowDepth } = this.options;
    const loaded = await loadTimeline(this.db, this.logic, this.record, snapshotEvery, whole, windowDepth);
    this.timeline = loaded.timeline;
    this.problem = loaded.problem;
    // A game opened by a long replay (imported, or its cache made by an older machine) gets its
    // state cached now, so the next open starts from here. Only a cache: failure changes nothing.
    if (!loaded.problem && !loaded.window && loaded.replayed >= snapshotEvery)
      this.cacheWrite = cacheCheckpoints(
        this.db,
        this.options.schedule,
        this.record.id,
        this.logic.version,
        this.timeline
      );
    this.committedHead = this.timeline.head;
    if (this.record.head === this.committedHead) this.writes.mark(this.committedHead, this.snapshot);
    else this.writes.forget();
  }

  /** A game opened from a whole copy storage lost: every step is held until the write-back. */
  async holdAll(): Promise<void> {
    this.committedHead = 0;
    this.writes.forget();
    await this.refused.holdAll(this.timeline.log.map((entry) => ({ entry })));
  }

  get schedule(): Scheduler {
    return this.options.schedule;
  }

  /** The record as it stands at the head on screen (what a write-back writes). */
  wholeRecord(): SessionRecord {
    const head = this.timeline.head;
    const time = this.timeline.entry(head)?.time ?? this.record.updated;
    return { ...this.record, ...this.writes.fields(this.snapshot, head, time) };
  }

  writtenBack(head: number, record?: SessionRecord): void {
    this.committedHead = head;
    if (!record) return;
    this.record = { ...this.record, ...record };
    this.writes.mark(head, this.snapshot);
  }

  lostRace(): Promise<void> {
    return this.reload();
  }

  savedAgain(): void {
    this.sink?.savedAgain();
  }

  // ---- internals -------------------------------------------------------------------------------

  /**
   * Puts an accepted entry on screen; returns what to write for it: the snapshot cache every N
   * events and in the state a game ends in (history and stats read a finished game's result from
   * it instead of replaying the whole log), the record when it moved on.
   */
  private take(entry: EventRecord, next: AnyMachineSnapshot): CommitJob {
    const status = naturalStatus(next);
    const statusChanged = status !== naturalStatus(this.snapshot) || this.record.status !== status;
    if (entry.kind === 'event') this.timeline.appendEvent(entry, next);
    else if (entry.kind === 'undo') this.timeline.appendUndo(entry, next);
    else if (entry.kind === 'back') this.timeline.appendBack(entry, next);
    else this.timeline.appendRedo(entry, next);
    if (!this.timeline.complete && this.timeline.effective.length <= DEEPEN_AT) this.deepen();
    const job: CommitJob = { entry, record: this.writes.forStep(next, statusChanged, entry.seq, entry.time) };
    const depth = this.timeline.depth;
    if (
      entry.kind !== 'undo' &&
      depth > 0 &&
      (depth % this.options.snapshotEvery === 0 || status !== 'active')
    ) {
      const eventSeq = this.timeline.effective.at(-1)!.seq;
      job.cache = { depth, eventSeq, version: this.logic.version, snapshot: next };
    }
    this.record = { ...this.record, head: entry.seq, updated: entry.time, status, ...job.record };
    return job;
  }

  private committed(jobs: CommitJob[]): void {
    this.committedHead = jobs.at(-1)!.entry.seq;
    // Listeners learn that nothing is pending any more (the quiet "saving" mark goes).
    if (!this.pending) this.changed();
  }

  private failed(jobs: CommitJob[], dropped: CommitJob[], error: unknown): void {
    this.writes.forget();
    if ((error as { name?: string })?.name !== 'ConstraintError') {
      // Storage refused the steps: the page now holds them (held-writes.ts).
      const reason = this.refused.hold([...jobs, ...dropped], error);
      this.changed();
      return this.sink?.failed(reason);
    }
    this.timeline.rollback(this.committedHead);
    this.record = { ...this.record, head: this.committedHead, status: naturalStatus(this.snapshot) };
    // Another tab took this step's number: show what it wrote. Saving itself still works.
    void this.reload().catch(() => {});
    this.changed();
    this.sink?.failed(storageFailure(error));
  }

  /**
   * Undo came close to the start of the window: read further back, behind the screen, from an
   * older cached state, or the whole log when none fits. Taps made meanwhile are kept.
   */
  private deepen(): void {
    if (this.deepening) return;
    const timeline = this.timeline;
    const below = timeline.log[0].seq;
    const want = timeline.effective.length + this.options.windowDepth * 4;
    this.deepening = findWindow(this.db, this.logic, this.record.id, below, want, timeline.log)
      .then(async (found) => {
        if (this.timeline !== timeline) return;
        const deeper = found && timeline.resetWindow(found.entries.concat(timeline.log), found.start);
        if (!deeper) await this.readWhole();
        else this.changed();
      })
      .catch(() => {})
      .finally(() => (this.deepening = undefined));
  }

  changed(): void {
    this.sink?.changed();
  }
}
