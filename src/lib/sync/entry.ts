/**
 * The shared log's entries: who wrote each one, and the one order every phone sorts them in.
 * An entry is written once by one device and never changed, so two phones appending at the same
 * moment never touch the same entry, and the order needs no coordination at all.
 */
import type { GameEvent } from '../db/records';

/** Unique across phones: the device id is random, the counter is that device's own count from 1. */
export interface EntryId {
  device: string;
  counter: number;
}

interface EntryBase {
  id: EntryId;
  /** 1 + the highest lamport the writing device had seen: an entry sorts after all it saw. */
  lamport: number;
  /** The writer's wall clock (ms). Shown in the history only: clocks on phones disagree. */
  time: number;
  /**
   * The seat the writing phone had chosen under "This phone is…" (its player's name), so other
   * phones can say whose phone a refused tap came from. Optional: older phones never write it.
   */
  seat?: string;
}

export interface EventEntry extends EntryBase {
  kind: 'event';
  event: GameEvent;
}

/** Cancels its target. Redo is an undo whose target is an undo: undoing the undo. */
export interface UndoEntry extends EntryBase {
  kind: 'undo';
  target: EntryId;
}

/**
 * "Back to here": cancels each of its targets (the newest events in effect when it was written,
 * oldest first) as one action. Undoing it (an undo whose target is the back) brings them all back.
 */
export interface BackEntry extends EntryBase {
  kind: 'back';
  targets: EntryId[];
}

export type SharedEntry = EventEntry | UndoEntry | BackEntry;

/** The most steps one back names: far past any game's length, so a file cannot make it huge. */
export const MAX_BACK_TARGETS = 100_000;

/** The key an entry is stored under; also how the fold finds an undo's target. */
export function entryKey(id: EntryId): string {
  return `${id.device}:${id.counter}`;
}

export function sameId(a: EntryId, b: EntryId): boolean {
  return a.device === b.device && a.counter === b.counter;
}

/**
 * The total order: lamport, then device, then counter. Device ids compare by code unit (never
 * localeCompare: phones with different locales must sort the same way).
 */
export function compareEntries(a: SharedEntry, b: SharedEntry): number {
  if (a.lamport !== b.lamport) return a.lamport - b.lamport;
  if (a.id.device !== b.id.device) return a.id.device < b.id.device ? -1 : 1;
  return a.id.counter - b.id.counter;
}

/** The longest seat name kept; a longer one (no app writes it) is left out, not the entry. */
export const MAX_SEAT_NAME = 100;

/**
 * The highest lamport or counter an entry may carry (2^40). A real game never comes near it (a
 * million taps is 2^20); an entry above it is no entry at all, on every phone alike, so no file
 * or phone can push the clock to where the next tap's number is no longer a safe integer (an
 * entry at 2^53 - 1 once made every later tap unreadable after a reload, silently).
 */
export const MAX_LAMPORT = 2 ** 40;
/**
 * The highest lamport a phone takes from what it has seen: its own next entries (2^30 of them)
 * still fit under MAX_LAMPORT, whatever the log holds. An entry above it is kept in the log and
 * the order; this phone's taps sort before it instead of after.
 */
export const MAX_SEEN_LAMPORT = MAX_LAMPORT - 2 ** 30;

const isCount = (n: unknown): n is number =>
  typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 && n <= MAX_LAMPORT;

function parseId(value: unknown): EntryId | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { device, counter } = value as Record<string, unknown>;
  if (typeof device !== 'string' || device.length === 0 || device.length > 64 || !isCount(counter)) {
    return undefined;
  }
  return { device, counter };
}

/**
 * An entry as it came from another phone (plain JSON), checked; undefined when it is not one.
 * A phone running a newer version might write shapes this one does not know: those are left out
 * of the fold rather than crash it.
 */
export function parseEntry(value: unknown): SharedEntry | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const raw = value as Record<string, unknown>;
  const id = parseId(raw.id);
  if (!id || !isCount(raw.lamport) || typeof raw.time !== 'number') return undefined;
  const seat =
    typeof raw.seat === 'string' && raw.seat.trim() !== '' && raw.seat.length <= MAX_SEAT_NAME
      ? { seat: raw.seat }
      : {};
  const base = { id, lamport: raw.lamport, time: raw.time, ...seat };
  if (raw.kind === 'event') {
    const event = raw.event as GameEvent | undefined;
    if (!event || typeof event !== 'object' || typeof event.type !== 'string') return undefined;
    return { ...base, kind: 'event', event };
  }
  if (raw.kind === 'undo') {
    const target = parseId(raw.target);
    return target ? { ...base, kind: 'undo', target } : undefined;
  }
  if (raw.kind === 'back') {
    const list = raw.targets;
    if (!Array.isArray(list) || list.length === 0 || list.length > MAX_BACK_TARGETS) return undefined;
    const targets: EntryId[] = [];
    for (const value of list) {
      const target = parseId(value);
      if (!target) return undefined;
      targets.push(target);
    }
    return { ...base, kind: 'back', targets };
  }
  return undefined;
}
