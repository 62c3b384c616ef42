/**
 * One game in progress, whoever keeps its log: the same session over IndexedDB on one phone
 * (indexed-log.ts) or over a Yjs document shared with other phones (sync/shared-log.ts). Screens
 * (LiveSession, the play screen, the history page) see only this.
 *
 * What lives here is what a game is whatever the store: what the screen reads (`state`, built
 * once per change), the rule that a tap made on a state no longer on screen is never applied,
 * the game's status and flow, and who is listening.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { BaseSetup, EventRecord, GameEvent, SessionRecord } from '../db/records';
import { backPlan, type BackPlan } from './back';
import type { ClockRecord } from '../comforts/table-clock';
import { withRoll, type RollRecord } from '../comforts/dice';
import { Listeners } from './listeners';
import type { HistoryItem, LinkState, LogStore, SendOptions, SendOutcome, StoreSink } from './log-store';
import { naturalStatus } from './record';
import { checkEvent, stepMeta, type Intent } from './send';
import type { GameLogic, StepMeta } from './types';

/** Said for a tap on a step the person's own previous tap already moved on (a double tap). */
const MOVED_ON = 'That tap was on a step that had already moved on.';

/** Everything a screen shows of the game, read once per change. */
interface SessionState {
  readonly record: Readonly<SessionRecord>;
  readonly snapshot: AnyMachineSnapshot;
  readonly head: number;
  readonly meta: StepMeta | undefined;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly undoLabel: string | undefined;
  readonly redoLabel: string | undefined;
  readonly problem: string | undefined;
  readonly pending: boolean;
  readonly complete: boolean;
  readonly unsaved: string | undefined;
  readonly held: boolean;
  readonly link: LinkState | undefined;
  readonly refusal: string | undefined;
}

export class GameSession<S extends BaseSetup = BaseSetup, L extends LogStore<S> = LogStore<S>> {
  private readonly listeners = new Listeners();
  private readonly failureListeners = new Listeners<[reason: string]>();
  private readonly savedAgainListeners = new Listeners();
  private current: SessionState | undefined;
  private rolling: Promise<void> = Promise.resolve();

  constructor(
    readonly logic: GameLogic<S>,
    protected readonly store: L
  ) {
    const sink: StoreSink = {
      changed: () => this.notify(),
      failed: (reason) => this.failureListeners.tell(reason),
      savedAgain: () => this.savedAgainListeners.tell()
    };
    store.connect(sink);
  }

  // ---- reading -------------------------------------------------------------------------------

  /** What the screen shows, built at most once per change. */
  get state(): SessionState {
    return (this.current ??= this.read());
  }

  get session(): Readonly<SessionRecord> {
    return this.store.record;
  }

  get setup(): S {
    return this.store.setup;
  }

  get snapshot(): AnyMachineSnapshot {
    return this.store.snapshot;
  }

  get head(): number {
    return this.store.head;
  }

  get pending(): boolean {
    return this.store.pending;
  }

  get held(): boolean {
    return this.store.held;
  }

  get problem(): string | undefined {
    return this.store.problem;
  }

  get unsaved(): string | undefined {
    return this.store.unsaved;
  }

  get link(): LinkState | undefined {
    return this.store.link;
  }

  get refusal(): string | undefined {
    return this.store.refusal;
  }

  get readOnly(): boolean {
    return this.store.problem !== undefined;
  }

  get meta(): StepMeta | undefined {
    return stepMeta(this.logic, this.snapshot, this.setup);
  }

  /** The home list's line for the game as it stands. */
  get summary(): string {
    return this.logic.summarize(this.snapshot, this.setup);
  }

  get canUndo(): boolean {
    return !this.readOnly && this.store.canUndo;
  }

  get canRedo(): boolean {
    return !this.readOnly && this.store.canRedo;
  }

  get undoLabel(): string | undefined {
    return this.store.undoLabel;
  }

  get redoLabel(): string | undefined {
    return this.store.redoLabel;
  }

  get complete(): boolean {
    return this.store.complete;
  }

  /** Effective events, newest first, preceded by undone ones that can still be redone. */
  get history(): HistoryItem[] {
    return this.store.history;
  }

  /** The log held, undo and redo entries included; all of it once `complete`. */
  get log(): readonly EventRecord[] {
    return this.store.log;
  }

  /** The events in effect, in order. */
  get events(): GameEvent[] {
    return this.store.events;
  }

  /**
   * What "Back to here" on the history line with this seq would take back, or why it cannot
   * (back.ts). A game shown read-only takes nothing back.
   */
  backPlan(seq: number): (BackPlan & { now: string; after: string }) | { reason: string } {
    if (this.readOnly) return { reason: this.problem ?? 'This game cannot be changed.' };
    const plan = backPlan(this.logic, this.store.steps, seq, this.store.backReach);
    if ('reason' in plan) return plan;
    // What changes, in the game's own line: the home list's summary now, and after going back.
    const after = this.logic.summarize(this.store.stateBack(plan.steps), this.setup);
    return { ...plan, now: this.summary, after };
  }

  /** Takes back every step after the history line with this seq, as one action one Undo reverses. */
  backTo(seq: number, options: SendOptions = {}): SendOutcome {
    const plan = this.backPlan(seq);
    if ('reason' in plan) return { ok: false, reason: plan.reason };
    return this.apply({ kind: 'back', steps: plan.steps }, options);
  }

  subscribe(listener: () => void): () => void {
    return this.listeners.add(listener);
  }

  /** Hears about writes that failed after their tap was shown (held, or taken back). */
  onFailure(listener: (reason: string) => void): () => void {
    return this.failureListeners.add(listener);
  }

  /** Hears when held steps were written back: the game is saved again. */
  onSavedAgain(listener: () => void): () => void {
    return this.savedAgainListeners.add(listener);
  }

  /** Why an event would be refused now, without sending it; undefined when it would be accepted. */
  check(event: GameEvent): string | undefined {
    return checkEvent(this.logic, this.snapshot, event, this.setup, this.problem);
  }

  // ---- changing --------------------------------------------------------------------------------

  /**
   * Applies an event now: the answer is immediate, accepted (the state has changed, listeners
   * were told in this frame) or refused with a reason (nothing changed). The store writes it
   * behind the screen; a write that fails later tells `onFailure` listeners.
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

  /** Ends the game now (the table stopped early, or the game ended on its own). */
  finish(): Promise<void> {
    return this.store.setStatus('finished');
  }

  /** Moves the game out of the home list's main view. */
  archive(): Promise<void> {
    return this.store.setStatus('archived');
  }

  /** Brings an archived or finished game back to where its machine is. */
  reopen(): Promise<void> {
    return this.store.setStatus(naturalStatus(this.snapshot));
  }

  /** This game's flow: true walks every step (Guide me), false the quick flow, undefined follows settings. */
  setGuide(guide: boolean | undefined): Promise<void> {
    return this.store.saveFields({ guide });
  }

  /** The table's clocks as they stand now; undefined turns them off. Never a step of the game. */
  setClock(clock: ClockRecord | undefined): Promise<void> {
    return this.store.saveFields({ clock });
  }

  /** A throw of dice or the coin, kept with the game's rolls (never a step: Undo leaves it). */
  addRoll(roll: RollRecord): Promise<void> {
    // One after another: each adds to the rolls the last one wrote.
    const write = this.rolling.then(() =>
      this.store.saveFields({ rolls: withRoll(this.store.record.rolls, roll) })
    );
    this.rolling = write.catch(() => {});
    return write;
  }

  /**
   * The seat chosen under "This phone is…" (its name), or undefined. A shared game writes it with
   * each tap so the other phones can name this phone; a game on one phone has no use for it.
   */
  setSeat(name: string | undefined): void {
    this.store.setSeat(name);
  }

  /** Resolves once every accepted tap has been written (or taken back). */
  saved(): Promise<void> {
    return this.store.saved();
  }

  /** Another tab of this phone changed the stored game: catch up. */
  reload(heard?: number): Promise<void> {
    return this.store.reload(heard);
  }

  /** Reads the steps before the window, so the history lists every step. */
  readWhole(): Promise<string | undefined> {
    return this.store.readWhole();
  }

  /**
   * Writes the session record if it lags behind the log: the play screen calls this when the
   * page is hidden or closed, so the home list is never more than a turn behind.
   */
  flushRecord(): Promise<void> {
    return this.store.flushRecord();
  }

  /** Writes held steps back now, with the whole game; true once saved. */
  retry(): Promise<boolean> {
    return this.store.retry();
  }

  /** Lets go of what the game holds open (timers, a shared game's connection). */
  close(): void {
    this.store.close();
  }

  // ---- internals -------------------------------------------------------------------------------

  /**
   * A tap made on a state that is no longer the game's is never applied: not after another tab's
   * or phone's change (said so), and not as the second half of a double tap (quietly).
   */
  private apply(intent: Intent, options: SendOptions): SendOutcome {
    if (this.problem) return { ok: false, reason: this.problem };
    const { seen } = options;
    if (seen !== undefined && seen !== this.head) {
      return seen < this.store.external
        ? { ok: false, reason: this.store.staleWords }
        : { ok: false, reason: MOVED_ON, quiet: true };
    }
    return this.store.apply(intent, options.repeat === true);
  }

  private read(): SessionState {
    const { store } = this;
    return {
      record: store.record,
      snapshot: store.snapshot,
      head: store.head,
      meta: this.meta,
      canUndo: this.canUndo,
      canRedo: this.canRedo,
      undoLabel: store.undoLabel,
      redoLabel: store.redoLabel,
      problem: store.problem,
      pending: store.pending,
      complete: store.complete,
      unsaved: store.unsaved,
      held: store.held,
      link: store.link,
      refusal: store.refusal
    };
  }

  private notify(): void {
    this.current = undefined;
    this.listeners.tell();
  }
}
