/**
 * A session runtime made reactive for Svelte screens: state, history and undo/redo availability
 * follow every change; refusals and failures become toasts in plain words.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { BaseSetup, GameEvent, SessionRecord } from '../db/records';
import type { HistoryItem, SessionRuntime } from './runtime';
import type { SendResult, StepMeta } from './types';
import { showToast } from '../app/toasts.svelte';
import { tick } from '../app/haptics';

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
  meta = $state.raw<StepMeta | undefined>();
  canUndo = $state(false);
  canRedo = $state(false);
  undoLabel = $state<string | undefined>();
  redoLabel = $state<string | undefined>();
  problem = $state<string | undefined>();
  busy = $state(false);

  constructor(readonly runtime: SessionRuntime<S>) {
    this.sync();
    runtime.subscribe(() => this.sync());
  }

  get setup(): S {
    return this.runtime.setup;
  }

  get context(): unknown {
    return this.snapshot.context;
  }

  private sync(): void {
    const rt = this.runtime;
    this.snapshot = rt.snapshot;
    this.record = { ...rt.session };
    this.version++;
    this.meta = rt.meta;
    this.canUndo = rt.canUndo;
    this.canRedo = rt.canRedo;
    this.undoLabel = rt.undoLabel;
    this.redoLabel = rt.redoLabel;
    this.problem = rt.problem;
  }

  /** Why this event would be refused now (for disabling buttons), or undefined. */
  check(event: GameEvent): string | undefined {
    return this.runtime.check(event);
  }

  async send(event: GameEvent): Promise<SendResult> {
    return this.report(this.runtime.send(event));
  }

  async undo(): Promise<SendResult> {
    const label = this.undoLabel;
    const result = await this.report(this.runtime.undo(), 'strong');
    if (result.ok && label)
      showToast(`Undone: ${label}`, { action: { label: 'Redo', run: () => void this.redo() } });
    return result;
  }

  async redo(): Promise<SendResult> {
    return this.report(this.runtime.redo());
  }

  private async report(
    pending: Promise<SendResult>,
    strength: 'light' | 'strong' = 'light'
  ): Promise<SendResult> {
    this.busy = true;
    try {
      const result = await pending;
      if (result.ok) tick(strength);
      else showToast(result.reason, { kind: 'error' });
      return result;
    } finally {
      this.busy = false;
    }
  }
}
