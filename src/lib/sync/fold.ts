/**
 * From a shared log to the game's state: which entries count, and what each one did.
 *
 * 1. Undo cancellation, newest to oldest: an undo that nothing newer cancels cancels its target.
 *    (A target always sorts before its undo: a phone can only undo what it has seen, and it has
 *    seen it means a lower lamport.) So redo, an undo of an undo, revives the first undo's target.
 *    A back ("Back to here") cancels all the events it names at once, and an undo of it revives them.
 * 2. The events nothing cancels are replayed in order. One the machine refuses (two phones
 *    resolved the same battle; the later one in the order comes second) stays in the history as
 *    not applied, with the machine's plain reason; it is never dropped, and the replay goes on.
 *
 * Every phone folds the same entries the same way, so every phone shows the same state.
 * Pure: no storage, no clock.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { BaseSetup, GameEvent } from '../db/records';
import { crossCheck, initialState, replay, ReplayError, step } from '../session/replay';
import { refusalReason } from '../session/send';
import type { GameLogic } from '../session/types';
import { eventProblem } from '../backup/incoming';
import { compareEntries, entryKey, type EntryId, type SharedEntry } from './entry';

export type EntryOutcome =
  /** An event the machine took, or an undo in effect. */
  | { status: 'applied' }
  /** Cancelled by a later undo (or, for an undo, by a redo). */
  | { status: 'undone'; by: EntryId }
  /** Kept in the history with why it changed nothing. */
  | { status: 'not-applied'; reason: string };

export interface Fold<S extends BaseSetup = BaseSetup> {
  readonly logic: GameLogic<S>;
  readonly setup: S;
  /** Every entry, in the one order all phones share. */
  readonly entries: readonly SharedEntry[];
  /** What each entry did, by position in `entries`. */
  readonly outcomes: readonly EntryOutcome[];
  /** The events applied, in order: replaying them from the start gives `snapshot`. */
  readonly effective: readonly GameEvent[];
  readonly snapshot: AnyMachineSnapshot;
  /** For `refold`: the state before every `span`-th entry, so a late entry replays only the tail. */
  readonly checkpoints: readonly Checkpoint[];
  readonly span: number;
  /** Per entry: '' in effect, 'orphan' for an undo whose target is missing, else its canceller's key. */
  readonly cancel: readonly string[];
  /** How many undos wait for a target that has not arrived. */
  readonly orphans: number;
}

interface Checkpoint {
  snapshot: AnyMachineSnapshot;
  /** How many effective events come before it. */
  effective: number;
}

/**
 * Entries between checkpoints: small enough that a late entry replays little, large enough to
 * cost nothing. The tests shrink it so that short logs cross many checkpoints.
 */
export const checkpointSpan = { value: 256 };

const ORPHAN_REASON = 'The tap it undoes has not reached this phone yet.';
const BAD_BACK_REASON = 'It goes back over something that is not a tap, so it changed nothing.';

/** Folds a whole log, in any order (it is sorted here). */
export function fold<S extends BaseSetup>(
  logic: GameLogic<S>,
  setup: S,
  entries: readonly SharedEntry[]
): Fold<S> {
  const sorted = unique(entries.slice().sort(compareEntries));
  const start: Checkpoint = { snapshot: initialState(logic, setup), effective: 0 };
  const span = checkpointSpan.value;
  const { cancel, orphans } = cancellations(sorted);
  const state = { from: 0, snapshot: start.snapshot, orphans };
  return replayFrom(logic, setup, span, sorted, cancel, [start], [], [], state);
}

/**
 * The fold after more entries arrived (local taps, another phone's, a merged file). Only the
 * entries from the earliest one that changed onwards are replayed, from the checkpoint before
 * it: appending at the end replays just the new entries. Entries already folded are ignored.
 */
export function refold<S extends BaseSetup>(previous: Fold<S>, added: readonly SharedEntry[]): Fold<S> {
  const { logic, setup, span } = previous;
  const old = previous.entries;
  const last = old[old.length - 1];
  const sorted = unique(added.slice().sort(compareEntries));
  // A tap at the end of the log (the usual case, on every phone): nothing before it can change,
  // since no undo arrived and no undo was waiting for its target. It needs no look at the rest
  // of the log, only its own step from the current state.
  if (
    sorted.length > 0 &&
    (!last || compareEntries(last, sorted[0]) < 0) &&
    sorted.every((e) => e.kind === 'event') &&
    previous.orphans === 0
  ) {
    const entries = old.concat(sorted);
    const cancel = previous.cancel.concat(sorted.map(() => ''));
    const checkpoints = previous.checkpoints.slice();
    const outcomes = previous.outcomes.slice();
    const effective = previous.effective.slice();
    const state = { from: old.length, snapshot: previous.snapshot, orphans: 0 };
    return replayFrom(logic, setup, span, entries, cancel, checkpoints, outcomes, effective, state);
  }
  // Entries after the last one cannot be in the log already (an id has one place in the order).
  const atEnd = !last || (sorted.length > 0 && compareEntries(last, sorted[0]) < 0);
  const known = atEnd ? undefined : new Set(old.map((e) => entryKey(e.id)));
  const fresh = known ? sorted.filter((e) => !known.has(entryKey(e.id))) : sorted;
  if (fresh.length === 0) return previous;
  const merged = atEnd ? old.concat(fresh) : mergeSorted(old, fresh);
  const { cancel, orphans } = cancellations(merged);
  // The first position whose entry or cancellation differs: everything before it is unchanged.
  let from = 0;
  while (from < old.length && merged[from] === old[from] && cancel[from] === previous.cancel[from]) from++;
  // A log that filled its last span exactly has no checkpoint after it yet: start from the one before.
  const kept = Math.min(Math.floor(from / span), previous.checkpoints.length - 1);
  const checkpoints = previous.checkpoints.slice(0, kept + 1);
  const effective = previous.effective.slice(0, checkpoints[kept].effective);
  const outcomes = previous.outcomes.slice(0, kept * span);
  const state = { from: kept * span, snapshot: checkpoints[kept].snapshot, orphans };
  return replayFrom(logic, setup, span, merged, cancel, checkpoints, outcomes, effective, state);
}

/**
 * What "Undo" cancels: the newest event or back in effect. A back sorts after every event it took
 * back, so while it is in effect with nothing newer, undo reverses it and they all come back.
 */
export function undoTarget(f: Fold<any>): EntryId | undefined {
  for (let i = f.entries.length - 1; i >= 0; i--) {
    const entry = f.entries[i];
    if (entry.kind !== 'undo' && f.outcomes[i].status === 'applied') return entry.id;
  }
  return undefined;
}

/**
 * The undo that "Redo" cancels: the newest undo of an event or back still in effect, as long as
 * no event or back has been applied since (either starts a new future, as on one phone). Redos
 * are skipped over, so redo after redo walks back through the undos as a redo stack would.
 */
export function redoTarget(f: Fold<any>): EntryId | undefined {
  const kinds = new Map(f.entries.map((e) => [entryKey(e.id), e.kind]));
  for (let i = f.entries.length - 1; i >= 0; i--) {
    const entry = f.entries[i];
    const status = f.outcomes[i].status;
    if (entry.kind !== 'undo') {
      if (status === 'applied') return undefined;
    } else if (status === 'applied' && kinds.get(entryKey(entry.target)) !== 'undo') return entry.id;
  }
  return undefined;
}

/** Drops repeats of one id in a sorted list (the same entry read twice). */
function unique(sorted: SharedEntry[]): SharedEntry[] {
  return sorted.filter((e, i) => i === 0 || compareEntries(sorted[i - 1], e) !== 0);
}

function mergeSorted(a: readonly SharedEntry[], b: readonly SharedEntry[]): SharedEntry[] {
  const out: SharedEntry[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(compareEntries(a[i], b[j]) <= 0 ? a[i++] : b[j++]);
  while (i < a.length) out.push(a[i++]);
  while (j < b.length) out.push(b[j++]);
  return out;
}

/** What an entry cancels: an undo its one target, a back each of its own; an event nothing. */
function targetsOf(entry: SharedEntry): readonly EntryId[] | undefined {
  return entry.kind === 'undo' ? [entry.target] : entry.kind === 'back' ? entry.targets : undefined;
}

/**
 * Step 1: who cancels whom, newest first, so an undo's own cancellation is known before it acts.
 * A back cancels all its targets or, when one is missing, none. Only the entries undos and backs
 * name are looked up (by device, then counter): no key is made for every entry, which matters on
 * a phone refolding a long log after each undo.
 */
function cancellations(entries: readonly SharedEntry[]): { cancel: string[]; orphans: number } {
  const cancel: string[] = new Array(entries.length).fill('');
  const cancellers: number[] = [];
  for (let i = 0; i < entries.length; i++) if (entries[i].kind !== 'event') cancellers.push(i);
  if (cancellers.length === 0) return { cancel, orphans: 0 };
  const named = new Map<string, Map<number, number>>();
  for (const i of cancellers) {
    for (const { device, counter } of targetsOf(entries[i])!) {
      let counters = named.get(device);
      if (!counters) named.set(device, (counters = new Map()));
      counters.set(counter, -1);
    }
  }
  for (let i = 0; i < entries.length; i++) {
    const counters = named.get(entries[i].id.device);
    if (counters?.has(entries[i].id.counter)) counters.set(entries[i].id.counter, i);
  }
  let orphans = 0;
  for (let u = cancellers.length - 1; u >= 0; u--) {
    const i = cancellers[u];
    if (cancel[i] !== '') continue;
    const entry = entries[i];
    const at = targetsOf(entry)!.map(({ device, counter }) => named.get(device)!.get(counter)!);
    // A missing target has not arrived yet (entries from different phones can come apart);
    // one after its undo cannot come from a well-behaved phone. Either way it cancels nothing.
    if (at.some((target) => target < 0 || target >= i)) {
      cancel[i] = 'orphan';
      orphans++;
    } else if (entry.kind === 'back' && at.some((target) => entries[target].kind !== 'event')) {
      // A back takes back taps only; no phone writes one naming an undo, so it does nothing.
      cancel[i] = 'bad-back';
    } else {
      const key = entryKey(entry.id);
      for (const target of at) if (cancel[target] === '') cancel[target] = key;
    }
  }
  return { cancel, orphans };
}

/** The id back from a key: the counter is after the last colon. */
function idOfKey(key: string): EntryId {
  const colon = key.lastIndexOf(':');
  return { device: key.slice(0, colon), counter: Number(key.slice(colon + 1)) };
}

/**
 * Step 2, from entry `state.from` and the state before it: replays what is not cancelled, notes
 * refusals, and leaves a checkpoint at every span boundary it crosses.
 */
function replayFrom<S extends BaseSetup>(
  logic: GameLogic<S>,
  setup: S,
  span: number,
  entries: SharedEntry[],
  cancel: string[],
  checkpoints: Checkpoint[],
  outcomes: EntryOutcome[],
  effective: GameEvent[],
  state: { from: number; snapshot: AnyMachineSnapshot; orphans: number }
): Fold<S> {
  let snapshot = state.snapshot;
  for (let start = state.from; start < entries.length;) {
    if (start % span === 0) checkpoints[start / span] = { snapshot, effective: effective.length };
    const end = Math.min(entries.length, (Math.floor(start / span) + 1) * span);
    const positions: number[] = [];
    const events: GameEvent[] = [];
    for (let i = start; i < end; i++) {
      const entry = entries[i];
      const c = cancel[i];
      if (c === 'orphan') outcomes[i] = { status: 'not-applied', reason: ORPHAN_REASON };
      else if (c === 'bad-back') outcomes[i] = { status: 'not-applied', reason: BAD_BACK_REASON };
      else if (c !== '') outcomes[i] = { status: 'undone', by: idOfKey(c) };
      else if (entry.kind !== 'event') outcomes[i] = { status: 'applied' };
      else if (unreadable(logic, entry.event, i, outcomes)) continue;
      else {
        positions.push(i);
        events.push(entry.event);
      }
    }
    snapshot = replayChunk(logic, setup, snapshot, events, (k, reason) => {
      outcomes[positions[k]] =
        reason === undefined ? { status: 'applied' } : { status: 'not-applied', reason };
      if (reason === undefined) effective.push(events[k]);
    });
    start = end;
  }
  checkpoints.length = Math.max(1, Math.ceil(entries.length / span));
  const { orphans } = state;
  return { logic, setup, entries, outcomes, effective, snapshot, checkpoints, span, cancel, orphans };
}

/**
 * An event another phone wrote that this game cannot take as it is (a step it does not have,
 * fields it does not know, text or nesting past what a person's data holds): not applied, on
 * every phone alike, so it never reaches this phone's copy of the log or its backups.
 */
function unreadable(logic: GameLogic<any>, event: GameEvent, i: number, outcomes: EntryOutcome[]): boolean {
  const problem = eventProblem(logic, event);
  if (problem === undefined) return false;
  outcomes[i] = {
    status: 'not-applied',
    reason: `This version of the app cannot read this tap (${problem}).`
  };
  return true;
}

/**
 * Replays a run of events on the fast path, stepping over each refusal: `replay` stops at the
 * first event the machine refuses and hands back the state before it, so the run resumes there.
 */
function replayChunk<S extends BaseSetup>(
  logic: GameLogic<S>,
  setup: S,
  start: AnyMachineSnapshot,
  events: GameEvent[],
  report: (index: number, refusal?: string) => void
): AnyMachineSnapshot {
  let snapshot = start;
  let from = 0;
  while (from < events.length) {
    try {
      snapshot = replay(logic, snapshot, events.slice(from), from);
      for (let k = from; k < events.length; k++) report(k);
      return snapshot;
    } catch (error) {
      if (!(error instanceof ReplayError))
        return replayCarefully(logic, setup, snapshot, events, from, report, error);
      for (let k = from; k < error.index; k++) report(k);
      snapshot = error.lastGood;
      report(error.index, refusalReason(logic, snapshot, error.event, setup));
      from = error.index + 1;
    }
  }
  return snapshot;
}

/**
 * A machine that throws (an event from a newer version, with fields this one cannot read):
 * event by event, the throwing one not applied, so one odd entry cannot lock every phone out of
 * the game. The tests' cross-check errors are rethrown: they are bugs, not odd entries.
 */
function replayCarefully<S extends BaseSetup>(
  logic: GameLogic<S>,
  setup: S,
  start: AnyMachineSnapshot,
  events: GameEvent[],
  from: number,
  report: (index: number, refusal?: string) => void,
  error: unknown
): AnyMachineSnapshot {
  if (crossCheck.on) throw error;
  let snapshot = start;
  for (let k = from; k < events.length; k++) {
    let next: AnyMachineSnapshot | undefined;
    try {
      next = step(logic, snapshot, events[k]);
    } catch {
      report(k, 'This version of the app cannot read this tap.');
      continue;
    }
    if (next) {
      snapshot = next;
      report(k);
    } else report(k, refusalReason(logic, snapshot, events[k], setup));
  }
  return snapshot;
}
