/**
 * The session runtime: one game in progress, backed by its append-only log in IndexedDB.
 *
 * Sending an event: the machine checks it (a refusal comes back as a plain reason and changes
 * nothing), the log entry is committed in its own transaction, and only then does the new state
 * become current. Loading: the newest cached snapshot that fits, plus a replay of the tail; a full
 * replay when no cached snapshot fits the current machine. Undo and redo are log entries too.
 */
import Dexie from 'dexie';
import type { AnyMachineSnapshot } from 'xstate';
import type {
  BaseSetup,
  EventRecord,
  GameEvent,
  SessionRecord,
  SessionStatus,
  SnapshotRecord
} from '../db/records';
import type { TablesideDB } from '../db/schema';
import { newId } from '../util/id';
import { foldLog, logProblem, type FoldedLog } from './log';
import { initialState, replay, ReplayError, restoreState, step, storeState } from './replay';
import type { GameLogic, SendResult, StepMeta } from './types';

export interface RuntimeOptions {
  /** Cache a snapshot every this many effective events. */
  snapshotEvery?: number;
  /** The clock for log timestamps (tests pass a fake one). */
  now?: () => number;
}

export interface HistoryItem {
  seq: number;
  label: string;
  time: number;
  /** True for events that were undone and can be redone. */
  undone: boolean;
}

/** The stored session cannot be opened at all (its setup is not one this version understands). */
export class SessionUnreadableError extends Error {
  constructor(reason: string) {
    super(`This saved game cannot be opened: ${reason}. It has been left exactly as it was.`);
    this.name = 'SessionUnreadableError';
  }
}

export class SessionNotFoundError extends Error {
  constructor(id: string) {
    super(`There is no saved game with the id “${id}”. It may have been deleted.`);
    this.name = 'SessionNotFoundError';
  }
}

const DEFAULT_SNAPSHOT_EVERY = 50;

interface Checkpoint {
  /** Log seq of the last event in the prefix this state was computed from (0: no events). */
  eventSeq: number;
  snapshot: AnyMachineSnapshot;
}

export function logRange(sessionId: string): [[string, number], [string, number]] {
  return [
    [sessionId, Dexie.minKey as unknown as number],
    [sessionId, Dexie.maxKey as unknown as number]
  ];
}

export async function readLog(db: TablesideDB, sessionId: string): Promise<EventRecord[]> {
  const [lower, upper] = logRange(sessionId);
  return db.events.where('[sessionId+seq]').between(lower, upper, true, true).toArray();
}

export class SessionRuntime<S extends BaseSetup = BaseSetup> {
  private entries: EventRecord[] = [];
  private folded: FoldedLog = { effective: [], redo: [] };
  private current!: AnyMachineSnapshot;
  /** In-memory checkpoints by effective depth, so undo replays only a short tail. */
  private checkpoints = new Map<number, Checkpoint>();
  private listeners = new Set<() => void>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly snapshotEvery: number;
  private readonly now: () => number;
  /** Set when the stored game cannot be fully read; the game is then shown read-only. */
  problem: string | undefined;

  private constructor(
    private readonly db: TablesideDB,
    readonly logic: GameLogic<S>,
    private record: SessionRecord,
    options: RuntimeOptions
  ) {
    this.snapshotEvery = Math.max(1, options.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY);
    this.now = options.now ?? Date.now;
  }

  /** Starts a new session from a setup and stores it. */
  static async create<S extends BaseSetup>(
    db: TablesideDB,
    logic: GameLogic<S>,
    game: string,
    setup: S,
    options: RuntimeOptions = {}
  ): Promise<SessionRuntime<S>> {
    const problem = logic.setupProblem(setup);
    if (problem) throw new Error(problem);
    const time = (options.now ?? Date.now)();
    const start = initialState(logic, setup);
    const record: SessionRecord = {
      id: newId(),
      game,
      setup: structuredClone(setup) as SessionRecord['setup'],
      created: time,
      updated: time,
      status: 'active',
      summary: logic.summarize(start, setup),
      head: 0
    };
    await db.sessions.add(record);
    const runtime = new SessionRuntime(db, logic, record, options);
    runtime.current = start;
    runtime.checkpoints.set(0, { eventSeq: 0, snapshot: start });
    return runtime;
  }

  /** Opens a stored session: cached snapshot + replay of the tail, or a full replay. */
  static async open<S extends BaseSetup>(
    db: TablesideDB,
    logic: GameLogic<S>,
    id: string,
    options: RuntimeOptions = {}
  ): Promise<SessionRuntime<S>> {
    const record = await db.sessions.get(id);
    if (!record) throw new SessionNotFoundError(id);
    const runtime = new SessionRuntime(db, logic, record, options);
    await runtime.load();
    return runtime;
  }

  // ---- reading -------------------------------------------------------------------------------

  get session(): Readonly<SessionRecord> {
    return this.record;
  }

  get setup(): S {
    return this.record.setup as unknown as S;
  }

  get snapshot(): AnyMachineSnapshot {
    return this.current;
  }

  /** The current step's meta (title, what to do now, rules links), merged over active states. */
  get meta(): StepMeta | undefined {
    const all = this.current.getMeta() as Record<string, StepMeta | undefined>;
    let found: StepMeta | undefined;
    // The deepest state's meta wins; getMeta lists parents before children.
    for (const meta of Object.values(all)) if (meta && meta.title) found = meta;
    if (found && this.logic.describeStep) return this.logic.describeStep(this.current, this.setup, found);
    return found;
  }

  get readOnly(): boolean {
    return this.problem !== undefined;
  }

  get canUndo(): boolean {
    return !this.readOnly && this.folded.effective.length > 0;
  }

  get canRedo(): boolean {
    return !this.readOnly && this.folded.redo.length > 0;
  }

  /** The label of what undo would take back. */
  get undoLabel(): string | undefined {
    return this.folded.effective.at(-1)?.label;
  }

  get redoLabel(): string | undefined {
    return this.folded.redo.at(-1)?.label;
  }

  /** Effective events, newest first, preceded by undone ones that can still be redone. */
  get history(): HistoryItem[] {
    const undone = this.folded.redo.map((e) => ({ ...pick(e), undone: true }));
    const done = this.folded.effective.map((e) => ({ ...pick(e), undone: false })).reverse();
    return [...undone, ...done];
  }

  /** The effective events in order (what a replay would feed the machine). */
  get events(): GameEvent[] {
    return this.folded.effective.map((e) => e.event!);
  }

  /** The whole stored log, undo and redo entries included. */
  get log(): readonly EventRecord[] {
    return this.entries;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Why an event would be refused now, without sending it; undefined when it would be accepted. */
  check(event: GameEvent): string | undefined {
    if (this.problem) return this.problem;
    if (step(this.logic, this.current, event)) return undefined;
    return this.reasonFor(event);
  }

  // ---- changing --------------------------------------------------------------------------------

  send(event: GameEvent): Promise<SendResult> {
    return this.serialize(async () => {
      if (this.problem) return refused(this.problem);
      const next = step(this.logic, this.current, event);
      if (!next) return refused(this.reasonFor(event));
      const label = this.logic.describe(event, this.current, next, this.setup);
      const entry = this.entry('event', label, structuredClone(event));
      return this.commit(entry, next, { effective: [...this.folded.effective, entry], redo: [] });
    });
  }

  undo(): Promise<SendResult> {
    return this.serialize(async () => {
      if (this.problem) return refused(this.problem);
      const last = this.folded.effective.at(-1);
      if (!last) return refused('There is nothing to undo.');
      const effective = this.folded.effective.slice(0, -1);
      const previous = this.stateAt(effective);
      const entry = this.entry('undo', `Undo: ${last.label}`);
      return this.commit(entry, previous, { effective, redo: [...this.folded.redo, last] });
    });
  }

  redo(): Promise<SendResult> {
    return this.serialize(async () => {
      if (this.problem) return refused(this.problem);
      const again = this.folded.redo.at(-1);
      if (!again) return refused('There is nothing to redo.');
      const next = step(this.logic, this.current, again.event!);
      if (!next) return refused(this.reasonFor(again.event!));
      const entry = this.entry('redo', `Redo: ${again.label}`);
      return this.commit(entry, next, {
        effective: [...this.folded.effective, again],
        redo: this.folded.redo.slice(0, -1)
      });
    });
  }

  /** Ends the game now (the table stopped early, or the game ended on its own). */
  finish(): Promise<void> {
    return this.setStatus('finished');
  }

  /** Moves the game out of the home list's main view. */
  archive(): Promise<void> {
    return this.setStatus('archived');
  }

  /** Brings an archived or finished game back to where its machine is. */
  reopen(): Promise<void> {
    return this.setStatus(this.naturalStatus(this.current));
  }

  /**
   * Reads the session again from storage when another tab changed it. Queued behind this tab's
   * own changes, so the notice of our own last write (same head, same time) costs nothing.
   */
  reload(): Promise<void> {
    return this.serialize(async () => {
      const record = await this.db.sessions.get(this.record.id);
      if (!record) throw new SessionNotFoundError(this.record.id);
      if (record.head === this.record.head && record.updated === this.record.updated) return;
      this.record = record;
      await this.load();
      this.notify();
    });
  }

  // ---- internals -------------------------------------------------------------------------------

  private serialize<T>(work: () => Promise<T>): Promise<T> {
    // One change at a time: a double tap must not race two appends for the same seq.
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private entry(kind: EventRecord['kind'], label: string, event?: GameEvent): EventRecord {
    const entry: EventRecord = {
      sessionId: this.record.id,
      seq: this.record.head + 1,
      kind,
      time: this.now(),
      label
    };
    if (event) entry.event = event;
    return entry;
  }

  private naturalStatus(snapshot: AnyMachineSnapshot): SessionStatus {
    return snapshot.status === 'done' ? 'finished' : 'active';
  }

  private async commit(entry: EventRecord, next: AnyMachineSnapshot, folded: FoldedLog): Promise<SendResult> {
    const depth = folded.effective.length;
    const update: Partial<SessionRecord> = {
      head: entry.seq,
      updated: entry.time,
      status: this.naturalStatus(next),
      summary: this.logic.summarize(next, this.setup)
    };
    const cache: SnapshotRecord | undefined =
      entry.kind !== 'undo' && depth > 0 && depth % this.snapshotEvery === 0
        ? {
            sessionId: this.record.id,
            eventSeq: folded.effective[depth - 1].seq,
            depth,
            version: this.logic.version,
            state: storeState(next)
          }
        : undefined;
    try {
      await this.db.transaction('rw', this.db.events, this.db.sessions, this.db.snapshots, async () => {
        await this.db.events.add(entry);
        const changed = await this.db.sessions.update(this.record.id, update);
        if (changed === 0) throw new SessionNotFoundError(this.record.id);
        if (cache) await this.db.snapshots.put(cache);
      });
    } catch (error) {
      if ((error as { name?: string }).name === 'ConstraintError') {
        // Another tab appended first. Catch up with what it wrote; the tap was not applied.
        await this.refreshAfterConflict();
        return refused('This game was changed in another tab. It is now up to date here; try again.');
      }
      if (error instanceof SessionNotFoundError) return refused(error.message);
      return refused(`The change could not be saved, so it was not made (${describeError(error)}).`);
    }
    this.entries.push(entry);
    this.folded = folded;
    this.record = { ...this.record, ...update };
    this.current = next;
    if (depth % this.snapshotEvery === 0) this.checkpoint(folded.effective, next);
    this.notify();
    return { ok: true };
  }

  private async refreshAfterConflict(): Promise<void> {
    const record = await this.db.sessions.get(this.record.id);
    if (record) this.record = record;
    await this.load();
    this.notify();
  }

  private async setStatus(status: SessionStatus): Promise<void> {
    await this.serialize(async () => {
      const updated = this.now();
      await this.db.sessions.update(this.record.id, { status, updated });
      this.record = { ...this.record, status, updated };
      this.notify();
    });
  }

  /** Remembers the state after the first `depth` events of `effective`. */
  private checkpoint(
    effective: readonly EventRecord[],
    snapshot: AnyMachineSnapshot,
    depth = effective.length
  ): void {
    this.checkpoints.set(depth, { eventSeq: depth ? effective[depth - 1].seq : 0, snapshot });
  }

  /** The machine state after the given effective events, from the nearest checkpoint below. */
  private stateAt(effective: readonly EventRecord[]): AnyMachineSnapshot {
    const depth = effective.length;
    let base = 0;
    let start: AnyMachineSnapshot | undefined;
    for (const [d, c] of this.checkpoints) {
      // A checkpoint counts only if it was made on this very prefix of events.
      const fits = d === 0 || effective[d - 1]?.seq === c.eventSeq;
      if (fits && d <= depth && d >= base) [base, start] = [d, c.snapshot];
    }
    start ??= initialState(this.logic, this.setup);
    return replay(
      this.logic,
      start,
      effective.slice(base).map((e) => e.event!),
      base
    );
  }

  private async load(): Promise<void> {
    const id = this.record.id;
    this.problem = undefined;
    this.checkpoints.clear();
    const setupProblem = this.logic.setupProblem(this.record.setup);
    if (setupProblem) throw new SessionUnreadableError(setupProblem);
    this.entries = await readLog(this.db, id);
    const shape = logProblem(this.entries);
    // With a damaged log, show the sound beginning read-only; the raw log stays as it is.
    const sound = shape ? this.entries.slice(0, shape.validLength) : this.entries;
    this.folded = foldLog(sound);
    const cache = await this.db.snapshots.where('sessionId').equals(id).toArray();
    this.loadState(cache);
    if (shape && !this.problem) {
      this.problem = `This saved game's history is damaged (${shape.message}). It is shown as it was before that point, read-only; nothing has been changed.`;
    }
  }

  private loadState(cache: readonly SnapshotRecord[]): void {
    const effective = this.folded.effective;
    const start = initialState(this.logic, this.setup);
    this.checkpoint([], start);

    const cached = this.bestCachedSnapshot(cache, effective);
    if (cached) {
      try {
        this.current = replay(this.logic, cached.snapshot, eventsOf(effective, cached.depth), cached.depth);
        this.checkpoint(effective, cached.snapshot, cached.depth);
        return;
      } catch {
        // The cache disagrees with the log under this machine: trust the log, replay it all.
        this.checkpoints.clear();
        this.checkpoint([], start);
      }
    }
    try {
      this.current = this.replayWithCheckpoints(start, effective);
    } catch (error) {
      if (!(error instanceof ReplayError)) throw error;
      this.current = error.lastGood;
      this.problem = `This saved game has a step that this version of Tableside cannot apply (step ${error.index + 1}: “${effective[error.index]?.label}”). The game is shown as it was just before it, read-only; the saved steps are kept unchanged.`;
    }
  }

  private replayWithCheckpoints(
    start: AnyMachineSnapshot,
    effective: readonly EventRecord[]
  ): AnyMachineSnapshot {
    let snapshot = start;
    for (let i = 0; i < effective.length; i += this.snapshotEvery) {
      snapshot = replay(this.logic, snapshot, eventsOf(effective, i, i + this.snapshotEvery), i);
      const depth = Math.min(i + this.snapshotEvery, effective.length);
      if (depth % this.snapshotEvery === 0) this.checkpoint(effective, snapshot, depth);
    }
    return snapshot;
  }

  private bestCachedSnapshot(
    cache: readonly SnapshotRecord[],
    effective: readonly EventRecord[]
  ): { depth: number; snapshot: AnyMachineSnapshot } | undefined {
    const fitting = cache
      .filter(
        (s) =>
          s.version === this.logic.version &&
          s.depth > 0 &&
          s.depth <= effective.length &&
          effective[s.depth - 1].seq === s.eventSeq
      )
      .sort((a, b) => b.depth - a.depth);
    for (const s of fitting) {
      try {
        return { depth: s.depth, snapshot: restoreState(this.logic, s.state) };
      } catch {
        // A snapshot the machine cannot resolve is skipped, never deleted: it is only a cache.
      }
    }
    return undefined;
  }

  private reasonFor(event: GameEvent): string {
    if (this.current.status === 'done') return 'The game is over. Undo the last step to change it.';
    const reason = this.logic.refusal(this.current, event, this.setup);
    if (reason) return reason;
    const step = this.meta?.title;
    return step ? `That is not possible during “${step}”.` : 'That is not possible right now.';
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

function eventsOf(effective: readonly EventRecord[], from: number, to?: number): GameEvent[] {
  return effective.slice(from, to).map((e) => e.event!);
}

function pick(e: EventRecord): Omit<HistoryItem, 'undone'> {
  return { seq: e.seq, label: e.label, time: e.time };
}

function refused(reason: string): SendResult {
  return { ok: false, reason };
}

function describeError(error: unknown): string {
  const e = error as { name?: string; message?: string };
  if (e?.name === 'QuotaExceededError') return 'the device is out of storage space';
  return e?.message ?? String(error);
}
