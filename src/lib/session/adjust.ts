/**
 * One adjustment, as a person thinks of it: quick taps on one counter in a row ("-1, -1, -1 on
 * Ben's Mojo") are one history line and one undo step, as a held counter is one event. The log
 * keeps every tap; this decides which of them belong together, from the log alone (the game
 * names the counter an event adjusts; the entries' numbers and times say whether taps were in a
 * row and quick), so the history, undo and redo group them the same way after a reload.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { BaseSetup, EventRecord, GameEvent } from '../db/records';
import type { Adjusts, GameLogic } from './types';

type Keyed = { adjusts?: Adjusts };

/** Taps on one counter at most this far apart are one adjustment. */
export const ADJUST_WINDOW_MS = 2000;

type Tap = Pick<EventRecord, 'seq' | 'time' | 'event'>;

/**
 * True when `next` continues the adjustment `prev` is part of: both adjust the same counter,
 * `next` is the very next log entry (no other tap, undo or redo between) and came quickly.
 */
export function continues(logic: Keyed, prev: Tap | undefined, next: Tap): boolean {
  const key = logic.adjusts && prev?.event && next.event ? logic.adjusts.key(next.event) : undefined;
  return (
    key !== undefined &&
    next.seq === prev!.seq + 1 &&
    next.time - prev!.time <= ADJUST_WINDOW_MS &&
    next.time >= prev!.time &&
    logic.adjusts!.key(prev!.event!) === key
  );
}

/** How many of the newest events (oldest first) make up the last adjustment: 1 or more. */
export function lastAdjustment(logic: Keyed, events: readonly Tap[]): number {
  let n = events.length ? 1 : 0;
  while (n < events.length && continues(logic, events[events.length - n - 1], events[events.length - n])) n++;
  return n;
}

/** How many of the oldest events (oldest first) make up the first adjustment: 1 or more. */
export function firstAdjustment(logic: Keyed, events: readonly Tap[]): number {
  let n = events.length ? 1 : 0;
  while (n < events.length && continues(logic, events[n - 1], events[n])) n++;
  return n;
}

/**
 * The history line for an accepted event: the game's own, or, when it continues an adjustment,
 * the game's line for the whole adjustment summed into one event ("Ben −3 Mojo, attack").
 * `before` is the state before this tap: a game's line for an adjustment reads its change from
 * the summed event and the count from `after`.
 */
export function adjustedLabel<S extends BaseSetup>(
  logic: GameLogic<S>,
  setup: S,
  effective: readonly EventRecord[],
  tap: Tap & { event: GameEvent },
  before: AnyMachineSnapshot,
  after: AnyMachineSnapshot
): string | undefined {
  // Most taps start nothing: that is found without walking back (an import rebuilds every tap).
  if (!logic.adjusts || !continues(logic, effective.at(-1), tap)) return undefined;
  let start = effective.length - 1;
  while (start > 0 && continues(logic, effective[start - 1], effective[start])) start--;
  const events = effective.slice(start).map((e) => e.event!);
  return logic.describe(logic.adjusts.sum([...events, tap.event]), before, after, setup);
}
