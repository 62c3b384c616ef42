/**
 * One adjustment, as a person thinks of it: quick taps on one counter in a row ("-1, -1, -1 on
 * Ben's Mojo") are one history line and one undo step, as a held counter is one event. The log
 * keeps every tap; this decides which of them belong together, from the log alone (the game
 * names the counter an event adjusts; the entries' numbers and times say whether taps were in a
 * row and quick), so the history, undo and redo group them the same way after a reload.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { BaseSetup, GameEvent, StepRecord } from '../db/records';
import type { Adjusts, GameLogic } from './types';

export type Keyed = { adjusts?: Adjusts };

/** Taps on one counter at most this far apart are one adjustment. */
export const ADJUST_WINDOW_MS = 2000;

type Tap = Pick<StepRecord, 'seq' | 'time' | 'event' | 'repeat'>;

/** Each repeated event's key, made once (the history reads it for every line it shows). */
const repeatKeys = new WeakMap<GameEvent, string>();

/**
 * What a tap adjusts, or undefined: the game's own counter key where it names one (Epic's Mojo,
 * whatever the step's size), else, for a tap of a "one more" control (`repeat`), the event
 * itself: the same control tapped again sends the same event. Every game's repeat controls
 * group this way without saying anything; a game's `adjusts` only words a group better.
 */
function keyOf(logic: Keyed, tap: Tap): string | undefined {
  if (!tap.event) return undefined;
  const own = logic.adjusts?.key(tap.event);
  if (own !== undefined) return own;
  if (!tap.repeat) return undefined;
  let key = repeatKeys.get(tap.event);
  if (key === undefined) repeatKeys.set(tap.event, (key = `repeat:${canonical(tap.event)}`));
  return key;
}

/** JSON with each object's keys in order: two equal events give one text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * True when `next` continues the adjustment `prev` is part of: both adjust the same counter,
 * `next` is the very next log entry (no other tap, undo or redo between) and came quickly.
 */
export function continues(logic: Keyed, prev: Tap | undefined, next: Tap): boolean {
  if (!prev || next.seq !== prev.seq + 1) return false;
  if (next.time - prev.time > ADJUST_WINDOW_MS || next.time < prev.time) return false;
  const key = keyOf(logic, next);
  return key !== undefined && keyOf(logic, prev) === key;
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
 * the game's line for the whole adjustment summed into one event ("Ben −3 Mojo, attack"), or,
 * for a game that does not sum this kind of tap, its line for the tap with how many times it
 * came ("Arena 1: Ghosts -1 (7 left), 5 times"). `before` is the state before this tap: a game's
 * line for an adjustment reads its change from the summed event and the count from `after`.
 */
export function adjustedLabel<S extends BaseSetup>(
  logic: GameLogic<S>,
  setup: S,
  effective: readonly StepRecord[],
  tap: Tap & { event: GameEvent },
  before: AnyMachineSnapshot,
  after: AnyMachineSnapshot
): string | undefined {
  // Most taps start nothing: that is found without walking back (an import rebuilds every tap).
  if (!continues(logic, effective.at(-1), tap)) return undefined;
  let start = effective.length - 1;
  while (start > 0 && continues(logic, effective[start - 1], effective[start])) start--;
  const events = effective.slice(start).map((e) => e.event);
  if (logic.adjusts?.key(tap.event) !== undefined) {
    return logic.describe(logic.adjusts.sum([...events, tap.event]), before, after, setup);
  }
  return `${logic.describe(tap.event, before, after, setup)}, ${events.length + 1} times`;
}

/** The line that names what redo brings back: the last tap of the adjustment undone last. */
export function redoLine(logic: Keyed, redoStack: readonly StepRecord[]): string | undefined {
  const undone = redoStack.toReversed();
  return undone[firstAdjustment(logic, undone) - 1]?.label;
}
