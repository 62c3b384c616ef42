/**
 * One Y.Doc per shared game. The log is a Y.Map of entries keyed `${device}:${counter}`: each key
 * is written once, by the one device that owns it, so Yjs never has two writers to reconcile and
 * merging is a plain union. The game's setup sits in a second map, written once at share time.
 * Values are plain JSON (Yjs stores them as opaque content, never as nested shared types).
 */
import * as Y from 'yjs';
import type { BaseSetup } from '../db/records';
import { entryKey, parseEntry, type EntryId, type SharedEntry, compareEntries } from './entry';

const ENTRIES = 'entries';
const META = 'meta';
const GAME = 'game';

/** What a phone needs to open a shared game it has never seen: which game, and how it was set up. */
export interface SharedGameMeta {
  /** The game's id in the registry (its manifest's `id`). */
  game: string;
  setup: BaseSetup & Record<string, unknown>;
  /** When the game was first created (ms), on the phone that shared it. */
  created: number;
  /** Bumped if the shape of the shared document ever changes. */
  format: 1;
}

const entriesOf = (doc: Y.Doc) => doc.getMap<unknown>(ENTRIES);

/**
 * Writes the game's setup once, as one value so that no phone can ever see half of it. A second
 * share (another tab, the same phone again) finds it there and leaves it: setups are never
 * edited. Returns the meta the doc holds afterwards.
 */
export function writeMeta(doc: Y.Doc, meta: SharedGameMeta): SharedGameMeta {
  const existing = readMeta(doc);
  if (existing) return existing;
  doc.getMap<unknown>(META).set(GAME, JSON.parse(JSON.stringify(meta)));
  return meta;
}

export function readMeta(doc: Y.Doc): SharedGameMeta | undefined {
  const value = doc.getMap<unknown>(META).get(GAME) as Partial<SharedGameMeta> | undefined;
  if (!value || typeof value !== 'object' || typeof value.game !== 'string') return undefined;
  const setup = value.setup;
  if (!setup || typeof setup !== 'object' || !Array.isArray(setup.players)) return undefined;
  return {
    game: value.game,
    setup,
    created: typeof value.created === 'number' ? value.created : 0,
    format: 1
  };
}

/**
 * Appends one entry. Its key must be new: a device reusing a counter would overwrite its own
 * earlier tap, and that must fail loudly rather than lose a tap on every phone.
 */
export function appendEntry(doc: Y.Doc, entry: SharedEntry): void {
  const map = entriesOf(doc);
  const key = entryKey(entry.id);
  if (map.has(key)) throw new Error(`Entry ${key} is already in this game's log`);
  // A JSON copy: what Yjs keeps must not share objects with the caller's state.
  map.set(key, JSON.parse(JSON.stringify(entry)));
}

/** True when the log holds an entry (of any shape) under this id. */
export function hasEntry(doc: Y.Doc, id: EntryId): boolean {
  return entriesOf(doc).has(entryKey(id));
}

/** Reads one stored value; undefined for a key that does not match its entry's id. */
function entryAt(key: string, value: unknown): SharedEntry | undefined {
  const entry = parseEntry(value);
  return entry && entryKey(entry.id) === key ? entry : undefined;
}

/** Every entry, in the shared order. Values that are not entries (a newer phone's) are left out. */
export function readEntries(doc: Y.Doc): SharedEntry[] {
  const entries: SharedEntry[] = [];
  entriesOf(doc).forEach((value, key) => {
    const entry = entryAt(key, value);
    if (entry) entries.push(entry);
  });
  return entries.sort(compareEntries);
}

export function entryCount(doc: Y.Doc): number {
  return entriesOf(doc).size;
}

/**
 * Calls back with the entries each change added, in the shared order, and whether the change
 * was made on this phone (`local`: an append here) or arrived (a provider, a merged file).
 * Returns the function that stops observing.
 */
export function observeEntries(
  doc: Y.Doc,
  onAdded: (added: SharedEntry[], local: boolean) => void
): () => void {
  const map = entriesOf(doc);
  const handler = (event: Y.YMapEvent<unknown>, transaction: Y.Transaction) => {
    const added: SharedEntry[] = [];
    for (const [key, change] of event.changes.keys) {
      if (change.action !== 'add') continue;
      const entry = entryAt(key, map.get(key));
      if (entry) added.push(entry);
    }
    if (added.length > 0) onAdded(added.sort(compareEntries), transaction.local);
  };
  map.observe(handler);
  return () => map.unobserve(handler);
}

/** The whole game as bytes: what "Send this game" puts in a file. */
export function encodeDoc(doc: Y.Doc): Uint8Array {
  return Y.encodeStateAsUpdate(doc);
}

/**
 * Merges a received file (or any update) into the doc. Yjs makes this idempotent and
 * order-independent: merging the same file twice, or two files in either order, ends the same.
 * `origin` reaches observers' transactions, e.g. to tell a file from the network.
 */
export function mergeDoc(doc: Y.Doc, update: Uint8Array, origin: unknown = 'file'): void {
  Y.applyUpdate(doc, update, origin);
}
