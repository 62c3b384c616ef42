/**
 * A shared game as the screen shows it: the fold of its shared log (fold.ts) turned into the
 * same log a game on one phone has, one history line per event in effect, with the states
 * between them held by a Timeline. When entries arrive the fold changes, usually at its end;
 * only the lines from the first event that differs are rebuilt.
 * Pure: no storage, no network.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { BaseSetup, StepRecord } from '../db/records';
import { step } from '../session/replay';
import { historyFields } from '../session/send';
import { backLabel } from '../session/back';
import { Timeline } from '../session/timeline';
import type { GameLogic } from '../session/types';
import type { HistoryItem } from '../session/runtime';
import type { EventEntry } from './entry';
import { fold, redoTarget, refold, undoTarget, type Fold } from './fold';
import type { EntryId, SharedEntry } from './entry';
import { entryKey } from './entry';
import { keptTime } from '../util/dates';
import { shortText } from '../backup/incoming';

const CHECKPOINT_EVERY = 50;

export class SharedView<S extends BaseSetup = BaseSetup> {
  private folded: Fold<S>;
  private readonly timeline: Timeline<S>;
  private redoCache: { fold: Fold<S>; label: string | undefined } | undefined;

  constructor(
    readonly logic: GameLogic<S>,
    readonly setup: S,
    private readonly sessionId: string,
    entries: readonly SharedEntry[],
    /** The device ids this phone wrote this game under: its own refused taps say “this phone”. */
    private readonly mine: ReadonlySet<string> = new Set(),
    /** The time now: an entry's time is kept no later (keptTime), whatever its phone's clock said. */
    private readonly now: () => number = Date.now
  ) {
    this.timeline = new Timeline(logic, setup, CHECKPOINT_EVERY);
    this.folded = fold(logic, setup, []);
    this.take(fold(logic, setup, entries));
  }

  get fold(): Fold<S> {
    return this.folded;
  }

  get snapshot(): AnyMachineSnapshot {
    return this.timeline.snapshot;
  }

  /** Every entry the fold holds: it only grows, so it tells each change from the one before. */
  get size(): number {
    return this.folded.entries.length;
  }

  /** The events in effect as a single phone's log: seq 1, 2, 3… (what is copied to IndexedDB). */
  get records(): readonly StepRecord[] {
    return this.timeline.effective;
  }

  /**
   * Folds in entries (this phone's or another's). Returns how many history lines were kept as
   * they were: the lines from there on are new.
   */
  add(entries: readonly SharedEntry[]): number {
    return this.take(refold(this.folded, entries));
  }

  /** What "Undo" takes back: the newest event or back in effect. */
  get undoTarget(): EntryId | undefined {
    return undoTarget(this.folded);
  }

  get undoLabel(): string | undefined {
    const target = this.undoTarget && this.entry(this.undoTarget);
    const records = this.timeline.effective;
    // A back in effect with nothing after it: the steps before it are the ones in effect now.
    if (target?.kind === 'back') return backLabel(target.targets.length, records.at(-1)?.label);
    return records.at(-1)?.label;
  }

  /** The state after the first `depth` events in effect. */
  stateAt(depth: number): AnyMachineSnapshot {
    return this.timeline.stateAt(depth);
  }

  /** The ids of the newest `steps` events in effect, oldest first: what a back names. */
  backTargets(steps: number): EntryId[] | undefined {
    const { entries, outcomes } = this.folded;
    const ids: EntryId[] = [];
    for (let i = entries.length - 1; i >= 0 && ids.length < steps; i--) {
      if (entries[i].kind === 'event' && outcomes[i].status === 'applied') ids.push(entries[i].id);
    }
    return ids.length === steps ? ids.reverse() : undefined;
  }

  /** The undo "Redo" cancels; its event comes back at the end of what is in effect. */
  get redoTarget(): EntryId | undefined {
    return redoTarget(this.folded);
  }

  get redoLabel(): string | undefined {
    if (this.redoCache?.fold === this.folded) return this.redoCache.label;
    let label: string | undefined;
    const undo = this.redoTarget && this.entry(this.redoTarget);
    const event = undo?.kind === 'undo' ? this.entry(undo.target) : undefined;
    if (event?.kind === 'back') {
      // Its steps are in effect again, at the end: redo takes them back once more.
      const steps = event.targets.length;
      label = backLabel(steps, this.timeline.effective.at(-1 - steps)?.label);
    } else if (event?.kind === 'event') {
      const next = step(this.logic, this.snapshot, event.event);
      if (next) label = historyFields(this.logic, this.setup, this.snapshot, next, event.event).label;
    }
    this.redoCache = { fold: this.folded, label };
    return label;
  }

  /**
   * The history, newest first: every event in effect, and every tap that was not applied with
   * why (two phones did the same thing at once; the later one in the order is kept here).
   */
  get history(): HistoryItem[] {
    const items: HistoryItem[] = [];
    const { entries, outcomes } = this.folded;
    const records = this.timeline.effective;
    let applied = 0;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      const outcome = outcomes[i];
      if (entry.kind !== 'event') continue;
      if (outcome.status === 'applied') {
        const r = records[applied++];
        if (r)
          items.push({
            seq: r.seq,
            label: r.label,
            time: r.time,
            undone: false,
            ...(r.period !== undefined ? { period: r.period } : {}),
            minor: r.minor === true
          });
      } else if (outcome.status === 'not-applied') {
        const period = records[applied - 1]?.period;
        const from = this.mine.has(entry.id.device)
          ? 'this phone'
          : entry.seat
            ? `${entry.seat}’s phone`
            : 'another phone';
        items.push({
          seq: -(i + 1),
          label: `${eventWords(entry.event.type)}, from ${from}: ${outcome.reason}`,
          time: keptTime(entry.time, this.now()),
          undone: false,
          notApplied: true,
          ...(period !== undefined ? { period } : {}),
          minor: false
        });
      }
    }
    return items.reverse();
  }

  private entry(id: EntryId): SharedEntry | undefined {
    const key = entryKey(id);
    return this.folded.entries.find((e) => entryKey(e.id) === key);
  }

  private take(next: Fold<S>): number {
    const applied = appliedEvents(next);
    const held = this.timeline.effective;
    let kept = 0;
    while (kept < held.length && kept < applied.length && held[kept].event === applied[kept].event) kept++;
    if (kept < held.length) this.timeline.rollback(kept);
    let snapshot = this.timeline.snapshot;
    const now = kept < applied.length ? this.now() : 0;
    for (let i = kept; i < applied.length; i++) {
      const { event, time } = applied[i];
      // The fold applied it to this very state, so the machine takes it again. The last one's
      // state is the fold's own: a tap at the end (every tap) is not stepped a second time.
      const after = i === applied.length - 1 ? next.snapshot : step(this.logic, snapshot, event)!;
      const { label, period, minor } = historyFields(this.logic, this.setup, snapshot, after, event);
      const record: StepRecord = {
        sessionId: this.sessionId,
        seq: i + 1,
        kind: 'event',
        event,
        time: keptTime(time, now),
        label,
        period,
        ...(minor ? { minor: true } : {})
      };
      this.timeline.appendEvent(record, after);
      snapshot = after;
    }
    this.folded = next;
    return kept;
  }
}

/**
 * A refused event named by its type ("RESOLVE_BATTLE" → "Resolve battle"): it changed nothing, so
 * there is no state after it for the game's own line to describe.
 */
function eventWords(type: string): string {
  const words = shortText(type).toLowerCase().replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The event entries in effect, in the shared order. */
function appliedEvents(f: Fold<any>): EventEntry[] {
  const out: EventEntry[] = [];
  for (let i = 0; i < f.entries.length; i++) {
    const e = f.entries[i];
    if (e.kind === 'event' && f.outcomes[i].status === 'applied') out.push(e);
  }
  return out;
}
