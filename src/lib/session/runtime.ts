/**
 * The session runtime: one game in progress, backed by its append-only log in IndexedDB.
 *
 * It is put together from parts that each do one job:
 * - load.ts: opening (record, log, snapshot cache → a Timeline at the newest state);
 * - send.ts: deciding what a tap does (an entry and the state it leads to, or a plain refusal);
 * - timeline.ts: the log, its fold and the state in memory;
 * - commit.ts: writing entries right after the screen painted them, and handing back failures;
 * - tabs.ts: noticing another tab's writes.
 *
 * Paint first, commit right after: an accepted tap changes the state at once (listeners are told
 * synchronously, so the screen shows it in the same frame) and is written behind it. A failed
 * write takes that tap, and any queued behind it, off the screen again with a plain message.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { BaseSetup, EventRecord, GameEvent, SessionRecord, SessionStatus } from '../db/records';
import type { TablesideDB } from '../db/schema';
import { tableNamesProblem } from '../util/player-name';
import { newId } from '../util/id';
import { initialState, storeState } from './replay';
import { Timeline } from './timeline';
import { continues, firstAdjustment, lastAdjustment } from './adjust';
import {
  buildTimeline,
  findWindow,
  loadTimeline,
  logHead,
  logRange,
  readableSetup,
  WINDOW_DEPTH
} from './load';
import { checkEvent, decide, stepMeta, type Intent } from './send';
import { Listeners } from './listeners';
import { CommitQueue, type CommitJob } from './commit';
import { afterPaint, type Scheduler } from '../util/after-paint';
import { heldMessage, SessionNotFoundError, storageFailure, storageTrouble } from './errors';
import { dropHeldCopy, keepHeldCopy } from './held-copy';
import type { GameLogic, SendResult, StepMeta } from './types';
import { journalFor, quietly } from '../journal/attach';
import { naturalStatus, saveFields } from './record';
import { storedSummary, summaryFields } from './summary-seats';
import { setupNamed } from '../results/names';
import type { JournalApi } from '../journal/journal';
import type { GameRuntime } from './face';

export { SessionNotFoundError, SessionUnreadableError } from './errors';
export { readLog, logRange } from './load';

export interface RuntimeOptions {
  /** Cache a snapshot every this many effective events. */
  snapshotEvery?: number;
  /** The clock for log timestamps (tests pass a fake one). */
  now?: () => number;
  /** When to write an accepted entry (default: right after the next paint). */
  schedule?: Scheduler;
  /** For a new session: the remembered player in each seat (player id → profile id). */
  profiles?: Record<string, string>;
  /** The recovery journal (default: the one attached to the database, if any). */
  journal?: JournalApi;
  /**
   * Read the whole log on open (the history page). Otherwise a long game opens as a window onto
   * its newest steps, and earlier ones are read when undo or the history reaches them.
   */
  whole?: boolean;
  /** How many effective events a window holds on open (default WINDOW_DEPTH; tests make it small). */
  windowDepth?: number;
  /**
   * The name each seat goes by now, by seat (results/names.ts: a remembered player renamed since).
   * The screen, new steps' words, refusals and the summary use them; the stored setup keeps the
   * names the game was started with.
   */
  names?: readonly string[];
}

export interface HistoryItem {
  seq: number;
  label: string;
  time: number;
  /** True for events that were undone and can be redone. */
  undone: boolean;
  /** The turn or round it happened in, when known. */
  period?: number;
  /** A step that only walked a reminder. */
  minor: boolean;
  /**
   * A shared game's tap that changed nothing (another phone did the same thing first): `label`
   * then says why. Kept in the history, never dropped.
   */
  notApplied?: boolean;
}

export interface SendOptions {
  /** The log head the screen showed when the person tapped (see send.ts). */
  seen?: number;
  /** A tap of a "one more" control: quick ones in a row are one adjustment (adjust.ts). */
  repeat?: boolean;
}

export type SendOutcome = SendResult & { quiet?: boolean };

const DEFAULT_SNAPSHOT_EVERY = 50;
/** Undo this close to the start of a window reads further back, behind the screen. */
const DEEPEN_AT = 25;
/**
 * While the page holds steps storage refused, it tries to write them back this often by itself
 * (and at once when the person taps Try again). Each try is one small transaction.
 */
export const RETRY_HELD_MS = 5000;

export class SessionRuntime<S extends BaseSetup = BaseSetup> implements GameRuntime<S> {
  private timeline!: Timeline<S>;
  private readonly queue: CommitQueue;
  /** How much of the timeline's log is known to be stored. */
  private committedHead = 0;
  /** The head right after the game last changed from outside this tab. */
  private externalHead = 0;
  /** The head and period the stored record was last written for. */
  private writtenHead = 0;
  private writtenPeriod = 0;
  private readonly listeners = new Listeners();
  private readonly failureListeners = new Listeners<[reason: string]>();
  private readonly snapshotEvery: number;
  private readonly now: () => number;
  private readonly schedule: Scheduler;
  /** The snapshot written after a long replay on open; tests wait for it. */
  cacheWrite: Promise<void> = Promise.resolve();
  private readonly journal: JournalApi | undefined;
  /** Read the whole log on every load: asked for on open, or once `readWhole` has read it. */
  private whole: boolean;
  private readonly windowDepth: number;
  /** Reading earlier steps into the window, while it runs. */
  private deepening: Promise<void> | undefined;
  /** Set when the stored game cannot be fully read; the game is then shown read-only. */
  problem: string | undefined;
  /**
   * Why the last write failed, until a write succeeds again: the screen keeps saying the game is
   * not being saved (a toast alone would vanish while every tap is still being taken back).
   */
  unsaved: string | undefined;
  /**
   * Steps the screen shows that storage refused (a full phone, a database the browser closed or
   * deleted), in order, with the ones tapped since: the page holds the only copy of them. They
   * stay on screen and are written back, with the whole game, once a write succeeds again.
   */
  private heldJobs: CommitJob[] | undefined;
  private writingBack: Promise<boolean> | undefined;
  /** Why the last write-back was refused (for the words of a game opened held: fromCopy). */
  private writeBackError: unknown;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private copyQueued = false;
  private readonly savedAgainListeners = new Listeners();
  private readonly names: readonly string[] | undefined;
  private named: { from: unknown; setup: S } | undefined;

  private constructor(
    private readonly db: TablesideDB,
    readonly logic: GameLogic<S>,
    private record: SessionRecord,
    options: RuntimeOptions
  ) {
    this.snapshotEvery = Math.max(1, options.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY);
    this.now = options.now ?? Date.now;
    this.schedule = options.schedule ?? afterPaint;
    this.journal = options.journal ?? journalFor(db);
    this.whole = options.whole ?? false;
    this.windowDepth = Math.max(1, options.windowDepth ?? WINDOW_DEPTH);
    this.names = options.names;
    this.queue = new CommitQueue(db, record.id, this.schedule, {
      committed: (jobs) => this.committed(jobs),
      failed: (jobs, dropped, error) => this.failed(jobs, dropped, error)
    });
  }

  /** Starts a new session from a setup and stores it. */
  static async create<S extends BaseSetup>(
    db: TablesideDB,
    logic: GameLogic<S>,
    game: string,
    setup: S,
    options: RuntimeOptions = {}
  ): Promise<SessionRuntime<S>> {
    // A new game keeps the one name rule (stored games are only read by their setupProblem).
    const problem = logic.setupProblem(setup) ?? tableNamesProblem(setup.players.map((p) => p.name));
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
      ...storedSummary(summaryFields(logic, start, setup)),
      head: 0,
      ...(options.profiles && Object.keys(options.profiles).length ? { profiles: options.profiles } : {})
    };
    await db.sessions.add(record);
    const runtime = new SessionRuntime(db, logic, record, options);
    if (runtime.journal) {
      // The remembered players go with the game, so a restored game still knows who played.
      const ids = Object.values(record.profiles ?? {});
      const people = ids.length ? (await db.profiles.bulkGet(ids)).filter((p) => p !== undefined) : [];
      quietly(runtime.journal.start(record, people));
    }
    runtime.timeline = new Timeline(logic, setup, runtime.snapshotEvery);
    runtime.writtenPeriod = logic.period(start, setup).number;
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

  /**
   * Opens a game storage lost and will not take back (the browser threw its database away and
   * refuses the writes that would restore it) from a whole copy: its recovery journal, or the
   * page's localStorage copy. The whole game is written back at once; while storage refuses it,
   * the game is held, as after a refused tap: shown and played on, kept in localStorage too, and
   * written back whole once storage takes it (tried again every RETRY_HELD_MS, or Try again).
   */
  static async fromCopy<S extends BaseSetup>(
    db: TablesideDB,
    logic: GameLogic<S>,
    copy: { record: SessionRecord; events: readonly EventRecord[] },
    options: RuntimeOptions = {}
  ): Promise<SessionRuntime<S>> {
    readableSetup(logic, copy.record);
    const runtime = new SessionRuntime(db, logic, { ...copy.record }, options);
    const loaded = buildTimeline(
      logic,
      copy.record.setup as unknown as S,
      copy.events.slice(),
      [],
      runtime.snapshotEvery
    );
    runtime.timeline = loaded.timeline;
    runtime.problem = loaded.problem;
    // Nothing of it is stored: every step is held until the write-back.
    runtime.committedHead = 0;
    runtime.writtenHead = runtime.writtenPeriod = -1;
    runtime.heldJobs = runtime.timeline.log.map((entry) => ({ entry }));
    if (!(await runtime.retry()) && runtime.heldJobs) {
      runtime.unsaved = heldMessage(runtime.writeBackError);
      runtime.keepCopy();
    }
    return runtime;
  }

  // ---- reading -------------------------------------------------------------------------------

  /** The session record as this tab knows it (head and status follow every accepted tap). */
  get session(): Readonly<SessionRecord> {
    return this.record;
  }

  /** The setup with each seat named as it is now (`names`); the record keeps it as started. */
  get setup(): S {
    const stored = this.record.setup as unknown as S;
    if (!this.names) return stored;
    if (this.named?.from !== stored) this.named = { from: stored, setup: setupNamed(stored, this.names) };
    return this.named.setup;
  }

  get snapshot(): AnyMachineSnapshot {
    return this.timeline.snapshot;
  }

  /** Seq of the newest log entry shown (committed or about to be). */
  get head(): number {
    return this.timeline.head;
  }

  /** True while accepted taps are still being written (not while storage refuses them: `held`). */
  get pending(): boolean {
    return !this.heldJobs && this.timeline.head > this.committedHead;
  }

  /** True while the page holds steps that storage refused: the only copy of them. */
  get held(): boolean {
    return this.heldJobs !== undefined;
  }

  /** The current step's meta (title, what to do now, rules links). */
  get meta(): StepMeta | undefined {
    return stepMeta(this.logic, this.snapshot, this.setup);
  }

  /** The home list's line for the game as it stands. */
  get summary(): string {
    return this.logic.summarize(this.snapshot, this.setup);
  }

  get readOnly(): boolean {
    return this.problem !== undefined;
  }

  get canUndo(): boolean {
    return !this.readOnly && this.timeline.canStepBack;
  }

  /** False while only the newest steps are held: `history` then lists those only. */
  get complete(): boolean {
    return this.timeline.complete;
  }

  get canRedo(): boolean {
    return !this.readOnly && this.timeline.redoStack.length > 0;
  }

  /** The label of what undo would take back. */
  get undoLabel(): string | undefined {
    return this.timeline.effective.at(-1)?.label;
  }

  get redoLabel(): string | undefined {
    // Redo brings back a whole adjustment: its last tap's line names all of it.
    const undone = this.timeline.redoStack.toReversed();
    return undone[firstAdjustment(this.logic, undone) - 1]?.label;
  }

  /** Effective events, newest first, preceded by undone ones that can still be redone. */
  get history(): HistoryItem[] {
    const item = (e: EventRecord, undone: boolean): HistoryItem => ({
      seq: e.seq,
      label: e.label,
      time: e.time,
      undone,
      ...(e.period !== undefined ? { period: e.period } : {}),
      minor: e.minor === true
    });
    // An adjustment's last tap carries the line for all of it (adjust.ts): the earlier ones fold in.
    const shown = (events: readonly EventRecord[]) =>
      events.filter((e, i) => !continues(this.logic, e, events[i + 1] ?? e));
    const undone = shown(this.timeline.redoStack.toReversed())
      .reverse()
      .map((e) => item(e, true));
    const done = shown(this.timeline.effective)
      .map((e) => item(e, false))
      .reverse();
    return [...undone, ...done];
  }

  /** The effective events held, in order (all of them once `complete`; see `readWhole`). */
  get events(): GameEvent[] {
    return this.timeline.effective.map((e) => e.event!);
  }

  /** The log held, undo and redo entries included (pending entries too); all of it once `complete`. */
  get log(): readonly EventRecord[] {
    return this.timeline.log;
  }

  subscribe(listener: () => void): () => void {
    return this.listeners.add(listener);
  }

  /** Hears when held steps have been written back (the game is saved again). */
  onSavedAgain(listener: () => void): () => void {
    return this.savedAgainListeners.add(listener);
  }

  /** Hears about writes that failed after their tap was shown (held, or taken back). */
  onFailure(listener: (reason: string) => void): () => void {
    return this.failureListeners.add(listener);
  }

  /** Why an event would be refused now, without sending it; undefined when it would be accepted. */
  check(event: GameEvent): string | undefined {
    return checkEvent(this.logic, this.snapshot, event, this.setup, this.problem);
  }

  // ---- changing --------------------------------------------------------------------------------

  /**
   * Applies an event now and writes it right after the next paint. The answer is immediate:
   * accepted (the state has changed) or refused with a reason (nothing changed). A write that
   * fails later takes the event back and tells `onFailure` listeners.
   */
  send(event: GameEvent, options: SendOptions = {}): SendOutcome {
    return this.apply({ kind: 'event', event }, options);
  }

  undo(options: SendOptions = {}): SendOutcome {
    return this.apply({ kind: 'undo' }, options);
  }

  redo(options: SendOptions = {}): SendOutcome {
    return this.apply({ kind: 'redo' }, options);
  }

  /** Resolves once earlier steps being read into the window (after a deep undo) are in. */
  async deepened(): Promise<void> {
    while (this.deepening) await this.deepening;
  }

  /** Resolves once every accepted tap has been written (or taken back). */
  saved(): Promise<void> {
    return this.queue.idle();
  }

  /**
   * Writes the session record (head, time, status, summary) if it lags behind the log. Taps
   * write it only when the status or the turn changes; the play screen calls this when the page
   * is hidden or closed, so the home list is never more than a turn behind.
   */
  async flushRecord(): Promise<void> {
    await this.queue.idle();
    // A game shown read-only is never written to, derived fields included; a held one is
    // written back whole when storage takes it again.
    if (this.problem || this.heldJobs) return;
    if (this.writtenHead === this.committedHead && this.writtenPeriod === this.period()) return;
    const last = this.timeline.entry(this.committedHead);
    const fields = this.recordFields(this.snapshot, this.committedHead, last?.time ?? this.record.updated);
    await this.db.sessions.update(this.record.id, fields);
    this.record = { ...this.record, ...fields };
    this.writtenHead = this.committedHead;
    this.writtenPeriod = this.period();
    quietly(this.journal?.update(this.record.id, fields));
    // The page is being hidden or closed: the recovery copy goes to disk now too.
    quietly(this.journal?.flush());
  }

  /** This game's flow: true walks every step (Guide me), false the quick flow, undefined follows settings. */
  async setGuide(guide: boolean | undefined): Promise<void> {
    this.record = await saveFields(this.db, this.journal, this.record, { guide });
    this.notify();
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
    return this.setStatus(naturalStatus(this.snapshot));
  }

  /**
   * Catches up with the stored log when another tab wrote to it. Our own pending writes go first;
   * the notice of our own write (`heard`, the stored head, is ours) costs nothing.
   */
  async reload(heard?: number): Promise<void> {
    // The head heard of is this tab's own last write (the usual case, after every tap): nothing
    // to read. Another tab's write makes the head differ from ours.
    if (heard !== undefined && heard === this.committedHead && heard === this.timeline.head) return;
    // Never trade the steps only this page holds for what storage has (less, or nothing).
    if (this.heldJobs) return;
    await this.queue.idle();
    if (this.heldJobs) return;
    const record = await this.db.sessions.get(this.record.id);
    if (!record) throw new SessionNotFoundError(this.record.id);
    const head = await logHead(this.db, this.record.id);
    if (head === this.committedHead && !this.pending) {
      // Only the record changed (e.g. archived in another tab): take its status.
      if (record.status !== this.record.status) {
        this.record = { ...this.record, status: record.status };
        this.notify();
      }
      return;
    }
    this.record = record;
    await this.load();
    this.externalHead = this.timeline.head;
    this.notify();
  }

  /**
   * Reads the steps before the window, so the history lists every step. Nothing changes on
   * screen; a log that turns out damaged further back keeps the window and says so.
   */
  async readWhole(): Promise<string | undefined> {
    if (this.timeline.complete) return undefined;
    const held = this.timeline.log[0].seq;
    const [lower] = logRange(this.record.id);
    const older = await this.db.events
      .where('[sessionId+seq]')
      .between(lower, [this.record.id, held], true, false)
      .toArray();
    if (this.timeline.complete) return undefined;
    // Built from what is held now: taps made while reading are part of it.
    const entries = older.concat(this.timeline.log);
    const loaded = buildTimeline(this.logic, this.setup, entries, [], this.snapshotEvery);
    if (loaded.problem) return loaded.problem;
    this.timeline = loaded.timeline;
    // A reload (another tab wrote) keeps every step too, now that the person asked for them.
    this.whole = true;
    this.notify();
    return undefined;
  }

  // ---- internals -------------------------------------------------------------------------------

  private apply(intent: Intent, options: SendOptions): SendOutcome {
    const time = this.now();
    // Undo and redo take a whole adjustment (adjust.ts): its steps go on screen in one frame and
    // to storage in one write, so a kill never leaves half of it undone.
    const steps =
      intent.kind === 'undo'
        ? lastAdjustment(this.logic, this.timeline.effective)
        : intent.kind === 'redo'
          ? firstAdjustment(this.logic, this.timeline.redoStack.toReversed())
          : 1;
    const jobs: CommitJob[] = [];
    for (let i = 0; i < Math.max(1, steps); i++) {
      const decision = decide(this.timeline, intent, {
        sessionId: this.record.id,
        time,
        problem: this.problem,
        seen: i === 0 ? options.seen : undefined,
        external: this.externalHead,
        repeat: options.repeat
      });
      if (!decision.ok) {
        if (i > 0) break;
        return { ok: false, reason: decision.reason, ...(decision.quiet ? { quiet: true } : {}) };
      }
      jobs.push(this.take(decision.entry, decision.next));
    }
    // While storage refuses this game, the taps join the held steps, in order (see retry()).
    if (this.heldJobs) {
      this.heldJobs.push(...jobs);
      this.keepCopy();
    } else this.queue.push(...jobs);
    this.notify();
    return { ok: true };
  }

  /** Puts an accepted entry on screen; returns what to write for it. */
  private take(entry: EventRecord, next: AnyMachineSnapshot): CommitJob {
    const before = this.snapshot;
    if (entry.kind === 'event') this.timeline.appendEvent(entry, next);
    else if (entry.kind === 'undo') this.timeline.appendUndo(entry, next);
    else this.timeline.appendRedo(entry, next);
    if (!this.timeline.complete && this.timeline.effective.length <= DEEPEN_AT) this.deepen();
    const job = this.job(entry, before, next);
    this.record = {
      ...this.record,
      head: entry.seq,
      updated: entry.time,
      status: naturalStatus(next),
      ...job.record
    };
    return job;
  }

  /** What to write with an entry: the snapshot cache every N events, the record when it moved on. */
  private job(entry: EventRecord, before: AnyMachineSnapshot, next: AnyMachineSnapshot): CommitJob {
    const job: CommitJob = { entry };
    const depth = this.timeline.depth;
    const statusChanged =
      naturalStatus(next) !== naturalStatus(before) || this.record.status !== naturalStatus(next);
    // Every N events, and the state a game ends in: history and stats read a finished game's
    // result from it instead of replaying the whole log.
    const cacheHere = depth % this.snapshotEvery === 0 || naturalStatus(next) !== 'active';
    if (entry.kind !== 'undo' && depth > 0 && cacheHere) {
      job.cache = {
        depth,
        eventSeq: this.timeline.effective.at(-1)!.seq,
        version: this.logic.version,
        snapshot: next
      };
    }
    const periodChanged = this.logic.period(next, this.setup).number !== this.writtenPeriod;
    // The first step of a game is written too: a record still at head 0 reads as a game never
    // played (the install offer's "played and left" missed a game left in its first turn).
    const firstStep = this.writtenHead === 0;
    if (statusChanged || periodChanged || firstStep) {
      job.record = this.recordFields(next, entry.seq, entry.time);
      // Counted as written now; a failed write resets it so the next tap writes again.
      this.writtenHead = entry.seq;
      this.writtenPeriod = this.period(next);
    }
    return job;
  }

  private recordFields(snapshot: AnyMachineSnapshot, head: number, updated: number): Partial<SessionRecord> {
    return {
      head,
      updated,
      status: naturalStatus(snapshot),
      ...summaryFields(this.logic, snapshot, this.setup)
    };
  }

  private period(snapshot = this.snapshot): number {
    return this.logic.period(snapshot, this.setup).number;
  }

  private committed(jobs: CommitJob[]): void {
    this.committedHead = jobs.at(-1)!.entry.seq;
    // The recovery copy follows IndexedDB, off the tap: the journal's client queues the entries
    // and posts them to its worker when the page is idle (client.ts), so neither the copy nor
    // the worker's write competes with the next frame. A kill before that post loses only the
    // journal's last steps, which IndexedDB holds already: the next start tops the journal up.
    if (this.journal) {
      const record = jobs.reduce<Partial<SessionRecord> | undefined>(
        (acc, job) => (job.record ? { ...acc, ...job.record } : acc),
        undefined
      );
      quietly(
        this.journal.append(
          this.record.id,
          jobs.map((job) => job.entry),
          record
        )
      );
    }
    const recovered = this.unsaved !== undefined;
    this.unsaved = undefined;
    // Listeners learn that nothing is pending any more (the quiet "saving" mark goes).
    if (!this.pending || recovered) this.notify();
  }

  private failed(jobs: CommitJob[], dropped: CommitJob[], error: unknown): void {
    if ((error as { name?: string })?.name !== 'ConstraintError')
      return this.hold([...jobs, ...dropped], error);
    this.timeline.rollback(this.committedHead);
    this.record = { ...this.record, head: this.committedHead, status: naturalStatus(this.snapshot) };
    this.writtenHead = this.writtenPeriod = -1;
    const reason = storageFailure(error);
    // Another tab took this step's number: show what it wrote. Saving itself still works.
    void this.reload().catch(() => {});
    this.notify();
    this.failureListeners.tell(reason);
  }

  /**
   * Storage refused these steps (a full phone, the database closed or deleted): the page now
   * holds the only copy. They stay on screen, taps go on joining them, and they are written back
   * with the whole game when a write succeeds (`retry`, also tried every RETRY_HELD_MS).
   */
  private hold(jobs: CommitJob[], error: unknown): void {
    this.heldJobs = [...(this.heldJobs ?? []), ...jobs];
    this.writtenHead = this.writtenPeriod = -1;
    const reason = heldMessage(error);
    // The browser's own words stay out of the banner (they rarely help at the table).
    console.error('Tableside could not save a game; it is held on the screen:', describeError(error), error);
    this.unsaved = reason;
    this.keepCopy();
    this.retryLater();
    this.notify();
    this.failureListeners.tell(reason);
  }

  /**
   * The held game to localStorage too (held-copy.ts: what Chromium kept when a full disk made it
   * delete the rest), after the paint: a kill before the write-back then loses nothing. A window
   * onto a long game is not the whole game: its journal is its copy.
   */
  private keepCopy(): void {
    if (this.copyQueued || !this.timeline.complete) return;
    this.copyQueued = true;
    this.schedule(() => {
      this.copyQueued = false;
      if (this.heldJobs) keepHeldCopy({ ...this.record }, this.timeline.log);
    });
  }

  private retryLater(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.retry();
    }, RETRY_HELD_MS);
  }

  /**
   * Writes the held game back: the session record and every step storage lacks, from the one
   * after its stored head to the newest, in one transaction (so a database the browser deleted
   * gets the whole game again), then the recovery journal anew from it. True once saved; false
   * when storage still refuses (it is tried again later by itself).
   */
  retry(): Promise<boolean> {
    if (!this.heldJobs) return Promise.resolve(true);
    this.writingBack ??= this.writeBack().finally(() => (this.writingBack = undefined));
    return this.writingBack;
  }

  private async writeBack(): Promise<boolean> {
    const { db } = this;
    const id = this.record.id;
    const head = this.timeline.head;
    const caches = this.heldJobs!.flatMap((job) =>
      job.cache
        ? [
            {
              sessionId: id,
              eventSeq: job.cache.eventSeq,
              depth: job.cache.depth,
              version: job.cache.version,
              state: storeState(job.cache.snapshot)
            }
          ]
        : []
    );
    const record: SessionRecord = {
      ...this.record,
      ...this.recordFields(this.snapshot, head, this.timeline.entry(head)?.time ?? this.record.updated)
    };
    let conflict = false;
    try {
      await db.transaction('rw', db.events, db.sessions, db.snapshots, async () => {
        const stored = await logHead(db, id);
        // Another tab went on with this game meanwhile: its steps win, as for any race (below).
        if (stored > this.committedHead) {
          conflict = true;
          return;
        }
        const entries = this.timeline.log.filter((e) => e.seq > stored);
        // A long game held as a window lacks its earliest steps: if storage lost them too, they
        // cannot come from here (the recovery copy brings them back on the next start).
        if (entries[0] && entries[0].seq !== stored + 1) throw new Error('earlier steps are missing');
        await db.events.bulkAdd(entries);
        await db.sessions.put(record);
        if (caches.length) await db.snapshots.bulkPut(caches);
      });
    } catch (error) {
      this.writeBackError = error;
      console.error('Tableside could not write the held game back yet:', describeError(error), error);
      // A connection the browser broke (its open failed while the disk was full) stays broken in
      // Dexie: let go of it, so the next try opens the database afresh.
      if (storageTrouble(error) !== 'full') db.close({ disableAutoOpen: false });
      if (this.heldJobs) this.retryLater();
      return false;
    }
    if (conflict) {
      this.release();
      await this.reload().catch(() => {});
      return true;
    }
    // Taps made during the write stay held for the next one.
    if (this.timeline.head !== head) {
      this.committedHead = head;
      this.heldJobs = this.heldJobs!.filter((job) => job.entry.seq > head);
      return this.writeBack();
    }
    this.record = { ...this.record, ...record };
    this.committedHead = head;
    this.writtenHead = head;
    this.writtenPeriod = this.period();
    this.release();
    dropHeldCopy(id);
    if (this.journal) {
      // The journal anew from what IndexedDB now holds: its files may have gone with the
      // database, and a whole rewrite is right whatever it still had.
      const ids = Object.values(record.profiles ?? {});
      const people = ids.length ? (await db.profiles.bulkGet(ids)).filter((p) => p !== undefined) : [];
      this.journal
        .rewriteFromStore(db.name, record, people)
        .catch((error) =>
          console.error('Tableside could not rewrite the recovery copy:', describeError(error))
        );
    }
    this.notify();
    this.savedAgainListeners.tell();
    return true;
  }

  private release(): void {
    this.heldJobs = undefined;
    this.unsaved = undefined;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  /** Stops trying to write held steps back (the screen let go of the game). */
  close(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private async setStatus(status: SessionStatus): Promise<void> {
    await this.queue.idle();
    const updated = this.now();
    const fields: Partial<SessionRecord> = {
      status,
      updated,
      head: this.committedHead,
      summary: this.summary
    };
    this.record = await saveFields(this.db, this.journal, this.record, fields);
    this.writtenHead = this.committedHead;
    this.writtenPeriod = this.period();
    this.notify();
  }

  private async load(): Promise<void> {
    const loaded = await loadTimeline(
      this.db,
      this.logic,
      this.record,
      this.snapshotEvery,
      this.whole,
      this.windowDepth
    );
    this.timeline = loaded.timeline;
    this.problem = loaded.problem;
    // A game opened by a long replay (imported, or its cache made by an older machine) gets its
    // state cached now, so the next open starts from here. Only a cache: failure changes nothing.
    if (!loaded.problem && !loaded.window && loaded.replayed >= this.snapshotEvery) this.cacheNow();
    this.committedHead = this.timeline.head;
    this.writtenHead = this.record.head;
    this.writtenPeriod = this.record.head === this.committedHead ? this.period() : -1;
  }

  /**
   * Writes the current state to the snapshot cache, after the screen has painted, with the few
   * checkpoints before it: the next open starts a window at one of those (see load.ts).
   */
  private cacheNow(): void {
    const last = this.timeline.effective.at(-1);
    if (!last) return;
    const now = { depth: this.timeline.depth, eventSeq: last.seq, snapshot: this.snapshot };
    const states = [now, ...this.timeline.recentCheckpoints(4).filter((c) => c.depth < now.depth)];
    const sessionId = this.record.id;
    const version = this.logic.version;
    this.cacheWrite = new Promise<void>((resolve) =>
      this.schedule(() => {
        const records = states.map(({ depth, eventSeq, snapshot }) => ({
          sessionId,
          eventSeq,
          depth,
          version,
          state: storeState(snapshot)
        }));
        this.db.snapshots
          .bulkPut(records)
          .catch(() => {})
          .finally(resolve);
      })
    );
  }

  /**
   * Undo came close to the start of the window: read further back, behind the screen, from an
   * older cached state, or the whole log when none fits. Taps made meanwhile are kept: the
   * deeper window is built from what is held when the read ends.
   */
  private deepen(): void {
    if (this.deepening) return;
    const timeline = this.timeline;
    const below = timeline.log[0].seq;
    const want = timeline.effective.length + this.windowDepth * 4;
    this.deepening = findWindow(this.db, this.logic, this.record.id, below, want, timeline.log)
      .then(async (found) => {
        if (this.timeline !== timeline) return;
        const deeper = found && timeline.resetWindow(found.entries.concat(timeline.log), found.start);
        if (!deeper) await this.readWhole();
        else this.notify();
      })
      .catch(() => {})
      .finally(() => (this.deepening = undefined));
  }

  private notify(): void {
    this.listeners.tell();
  }
}

/** An error's name and message (and its cause's), for the console: minified classes say little. */
function describeError(error: unknown): string {
  const e = error as { name?: string; message?: string; inner?: unknown; cause?: unknown };
  const inner = e?.inner ?? e?.cause;
  return `${e?.name ?? 'Error'}: ${e?.message ?? String(error)}${inner ? ` (${describeError(inner)})` : ''}`;
}
