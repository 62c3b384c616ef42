/**
 * A session runtime made reactive for Svelte screens: state, history and undo/redo availability
 * follow every change in the same frame. It knows nothing of toasts or vibration: the screen
 * that shows the game listens to outcomes (`listen`) and reacts to them its own way.
 *
 * Every tap carries the log head the screen had painted when the person tapped (`seen`), so a tap
 * is never applied to a state that was not on screen: not after another tab's change, and not as
 * the second half of a double tap that landed before the first one's result was painted.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { BaseSetup, GameEvent, SessionRecord } from '../db/records';
import type { HistoryItem, LinkState, SendOutcome } from './log-store';
import type { GameSession } from './game-session';
import type { BackPlan } from './back';
import type { StepMeta } from './types';
import { repeating, saysItsRefusals } from './repeat';

export type Outcome =
  /** `event`: the type of the event a new step was (the kit says a game's outcomes aloud). */
  | {
      kind: 'accepted';
      action: 'event' | 'undo' | 'redo' | 'back';
      label: string | undefined;
      event?: string;
    }
  /** `inline`: the caller shows the reason itself, where the person is typing. */
  | { kind: 'refused'; reason: string; quiet: boolean; inline: boolean }
  | { kind: 'failed'; reason: string }
  /** Steps storage had refused are written back: the game is saved again. */
  | { kind: 'saved-again' };

export interface SendOptions {
  /** The caller shows a refusal itself (beside the number pad), so the screen must not toast it. */
  inline?: boolean;
  /**
   * A "one more" control (`data-repeat`): its event means the same whatever was painted, so a
   * quick second tap counts even when it lands before the first one's result is painted. The
   * shared counter's steps are sent this way without saying so (`asRepeat`, ./repeat.ts).
   */
  repeat?: boolean;
  /**
   * The second event of one tap, sent by the same handler right after its first was accepted
   * (Titans' last ✓: the power, then the battle): it is made on the state that first event left,
   * which the screen has not painted yet, so it is checked against that head instead.
   */
  follows?: boolean;
}

/** How long a write may take before the screen says "saving". */
export const SLOW_SAVE_MS = 600;

/** Runs after the next frame is painted (immediately where there are no frames, as in tests). */
const afterFrame = (run: () => void) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => run()) : run();

export class LiveSession<S extends BaseSetup = BaseSetup> {
  snapshot = $state.raw<AnyMachineSnapshot>() as AnyMachineSnapshot;
  record = $state.raw<SessionRecord>() as SessionRecord;
  /** Bumped on every change; what is costly to build derives from it and is built when read. */
  private version = $state(0);
  /** The history list is built only while something shows it (the history sheet), not per tap. */
  history = $derived.by<HistoryItem[]>(() => {
    void this.version; // rebuilt after every change, but only when read
    return this.runtime.history;
  });
  /** The home list's line for the game, shown in the play screen's header. */
  summary = $derived.by<string>(() => {
    void this.version;
    return this.runtime.summary;
  });
  meta = $state.raw<StepMeta | undefined>();
  canUndo = $state(false);
  canRedo = $state(false);
  undoLabel = $state<string | undefined>();
  redoLabel = $state<string | undefined>();
  problem = $state<string | undefined>();
  /** False while a long game holds only its newest steps (the history lists those). */
  complete = $state(true);
  /** True while accepted taps are still being written. */
  pending = $state(false);
  /**
   * True once a write has been pending for `SLOW_SAVE_MS`: what the screen marks ("saving"). A
   * quick write never shows, and never costs the tap's frame a style change or a frame after it.
   */
  slowSave = $state(false);
  private slowTimer: ReturnType<typeof setTimeout> | undefined;
  /** Why changes are not being saved (the last write failed), until a write succeeds again. */
  unsaved = $state<string | undefined>();
  /** True while this page holds steps storage refused: the only copy of them (see `retry`). */
  held = $state(false);
  /** The log head now, and the one the screen has painted (what the next tap is made on). */
  head = $state(0);
  /** A shared game's connection to the other phones; undefined for a game on this phone only. */
  link = $state<LinkState | undefined>();
  /** Why the sync server turned this phone away (a wrong key, a limit), once `link` is refused. */
  linkRefusal = $state<string | undefined>();
  private shown = 0;
  // Plain (not reactive): who listens is not something a screen draws.
  private listeners = new Set<(outcome: Outcome) => void>(); // eslint-disable-line svelte/prefer-svelte-reactivity

  constructor(readonly runtime: GameSession<S>) {
    this.sync();
    this.shown = runtime.head;
    runtime.subscribe(() => this.sync());
    runtime.onFailure((reason) => this.emit({ kind: 'failed', reason }));
    runtime.onSavedAgain(() => this.emit({ kind: 'saved-again' }));
  }

  get setup(): S {
    return this.runtime.setup;
  }

  get context(): unknown {
    return this.snapshot.context;
  }

  /** Takes the session's state, read once per change; only what differs is set. */
  private sync(): void {
    const state = this.runtime.state;
    this.snapshot = state.snapshot;
    this.record = state.record;
    this.version++;
    // A game that words its steps (describeStep) builds a new meta on every read: keep the one on
    // screen while it says the same, so the banner and help are not redrawn on every tap.
    if (!sameMeta(state.meta, this.meta)) this.meta = state.meta;
    this.canUndo = state.canUndo;
    this.canRedo = state.canRedo;
    this.undoLabel = state.undoLabel;
    this.redoLabel = state.redoLabel;
    this.problem = state.problem;
    this.pending = state.pending;
    this.watchSlowSave(state.pending);
    this.complete = state.complete;
    this.unsaved = state.unsaved;
    this.held = state.held;
    this.link = state.link;
    this.linkRefusal = state.refusal;
    const head = state.head;
    if (head !== this.head) {
      this.head = head;
      afterFrame(() => {
        if (this.head === head) this.shown = head;
      });
    }
  }

  private watchSlowSave(pending: boolean): void {
    if (!pending) {
      clearTimeout(this.slowTimer);
      this.slowTimer = undefined;
      if (this.slowSave) this.slowSave = false;
    } else if (!this.slowSave)
      this.slowTimer ??= setTimeout(() => {
        this.slowTimer = undefined;
        this.slowSave = this.runtime.pending;
      }, SLOW_SAVE_MS);
  }

  /** Hears every outcome (accepted, refused, failed to save). Returns a function that stops. */
  listen(listener: (outcome: Outcome) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Why this event would be refused now (for disabling buttons), or undefined. */
  check(event: GameEvent): string | undefined {
    return this.runtime.check(event);
  }

  send(event: GameEvent, options: SendOptions = {}): SendOutcome {
    const repeat = options.repeat ?? repeating();
    const seen = repeat ? undefined : options.follows ? this.head : this.shown;
    const inline = options.inline ?? saysItsRefusals();
    return this.report(
      this.runtime.send(event, { seen, repeat }),
      'event',
      { ...options, inline },
      undefined,
      event.type
    );
  }

  undo(): SendOutcome {
    const label = this.undoLabel;
    return this.report(this.runtime.undo({ seen: this.shown }), 'undo', {}, label);
  }

  redo(): SendOutcome {
    const label = this.redoLabel;
    return this.report(this.runtime.redo({ seen: this.shown }), 'redo', {}, label);
  }

  /** What "Back to here" on the history line with this seq would take back, or why not. */
  backPlan(seq: number): (BackPlan & { now: string; after: string }) | { reason: string } {
    return this.runtime.backPlan(seq);
  }

  /** Takes back every step after the history line with this seq, as one action. */
  backTo(seq: number): SendOutcome {
    const result = this.runtime.backTo(seq, { seen: this.shown });
    return this.report(result, 'back', {}, result.ok ? this.undoLabel : undefined);
  }

  /** Reads a long game's earlier steps, for the whole history; a reason when it cannot. */
  readWhole(): Promise<string | undefined> {
    return this.runtime.readWhole();
  }

  /** Tries now to write back what storage refused; true once the game is saved again. */
  retry(): Promise<boolean> {
    return this.runtime.retry();
  }

  /** Resolves once every accepted tap is stored. */
  saved(): Promise<void> {
    return this.runtime.saved();
  }

  private report(
    result: SendOutcome,
    action: 'event' | 'undo' | 'redo' | 'back',
    options: SendOptions,
    label = this.undoLabel,
    event?: string
  ): SendOutcome {
    if (result.ok) this.emit({ kind: 'accepted', action, label, event });
    else
      this.emit({
        kind: 'refused',
        reason: result.reason,
        quiet: result.quiet === true,
        inline: options.inline === true
      });
    return result;
  }

  private emit(outcome: Outcome): void {
    for (const listener of this.listeners) listener(outcome);
  }
}

function sameMeta(a: StepMeta | undefined, b: StepMeta | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.title === b.title &&
    a.now === b.now &&
    a.rules.length === b.rules.length &&
    a.rules.every((id, i) => id === b.rules[i])
  );
}
