/**
 * This device's identity and clock: what it needs to write the next entry of a shared log.
 * Pure apart from the random ids; the caller keeps the Clock and passes it back in.
 */
import type { GameEvent } from '../db/records';
import { MAX_SEEN_LAMPORT, type EntryId, type SharedEntry } from './entry';

/** 128 random bits, URL-safe base64 (22 characters): fits a path, a query string and a QR code. */
function randomId(bytes = 16): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  let text = '';
  for (const b of raw) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A device id no other phone will produce: the first half of every entry id it writes. */
export function newDeviceId(): string {
  return randomId();
}

/** The secret in a shared game's link: whoever has it is in, so it is never derived from anything. */
export function newRoomKey(): string {
  return randomId();
}

/** A room name for the server: random too, so it says nothing about the game or its players. */
export function newRoomName(): string {
  return randomId();
}

export interface Clock {
  device: string;
  /** The counter of this device's newest entry (0 before its first). */
  counter: number;
  /** The highest lamport seen in the log, this device's own entries included. */
  lamport: number;
}

export function newClock(device: string): Clock {
  return { device, counter: 0, lamport: 0 };
}

/**
 * The clock after seeing these entries (remote or the device's own, e.g. when a phone reopens a
 * shared game and reads its log back). Seeing is what makes the next entry sort after them. A
 * lamport or a counter of this device's is taken only up to MAX_SEEN_LAMPORT, so this device's
 * next entries always stay readable (entry.ts), whatever another writer put in the log; the
 * runtime steps past a counter someone else took under this device's id (`freeCounter`).
 */
export function seeEntries(clock: Clock, entries: Iterable<SharedEntry>): Clock {
  let { counter, lamport } = clock;
  for (const entry of entries) {
    const seen = Math.min(entry.lamport, MAX_SEEN_LAMPORT);
    if (seen > lamport) lamport = seen;
    const own = entry.id.device === clock.device ? Math.min(entry.id.counter, MAX_SEEN_LAMPORT) : 0;
    if (own > counter) counter = own;
  }
  return counter === clock.counter && lamport === clock.lamport ? clock : { ...clock, counter, lamport };
}

export type EntryBody =
  | { kind: 'event'; event: GameEvent }
  | { kind: 'undo'; target: EntryId }
  | { kind: 'back'; targets: EntryId[] };

/**
 * The clock with its counter moved past any the log already holds under this device's id. Ids
 * are fresh random ones, but another phone sees them in the log and could write one ahead; the
 * tap must still be kept, never refused for a number someone else took.
 */
export function freeCounter(clock: Clock, taken: (id: EntryId) => boolean): Clock {
  let counter = clock.counter;
  while (taken({ device: clock.device, counter: counter + 1 })) counter++;
  return counter === clock.counter ? clock : { ...clock, counter };
}

/** The next entry this device writes, and its clock after writing it. */
export function nextEntry(
  clock: Clock,
  body: EntryBody,
  time: number = Date.now(),
  /** The seat this phone is, when one was chosen ("This phone is…"). */
  seat?: string
): { entry: SharedEntry; clock: Clock } {
  const id = { device: clock.device, counter: clock.counter + 1 };
  const lamport = clock.lamport + 1;
  const base = { id, lamport, time, ...(seat ? { seat } : {}) };
  const entry: SharedEntry =
    body.kind === 'event'
      ? { ...base, kind: 'event', event: body.event }
      : body.kind === 'undo'
        ? { ...base, kind: 'undo', target: body.target }
        : { ...base, kind: 'back', targets: body.targets.slice() };
  return { entry, clock: { device: clock.device, counter: id.counter, lamport } };
}
