/**
 * The last-resort copy of a game the page holds when storage refused it (SessionRuntime's
 * `held`): in localStorage. Measured on a full disk (docs/architecture.md "A full phone"),
 * Chromium deleted the origin's IndexedDB, OPFS (the recovery journal with it) and Cache Storage
 * under the open page, and kept localStorage. So while the page holds the only copy, it also
 * keeps the game there; a page killed before the game could be written back is brought back from
 * it at the next start (`restoreHeldCopies`, before any game is read). Written back, the copy
 * goes. localStorage is small (about 5 MB an origin), which is why it holds only held games.
 */
import type { EventRecord, SessionRecord } from '../db/records';
import type { TablesideDB } from '../db/schema';
import { logRange } from './load';
import { HELD_PREFIX as PREFIX } from './held-key';

export interface HeldCopy {
  record: SessionRecord;
  events: EventRecord[];
}

function store(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Keeps the game as the page holds it; false when localStorage refused it too. */
export function keepHeldCopy(record: SessionRecord, events: readonly EventRecord[]): boolean {
  try {
    store()?.setItem(PREFIX + record.id, JSON.stringify({ record, events }));
    return true;
  } catch {
    return false;
  }
}

export function dropHeldCopy(id: string): void {
  try {
    store()?.removeItem(PREFIX + id);
  } catch {
    // Nothing to drop where storage is refused.
  }
}

export function heldCopies(): HeldCopy[] {
  const ls = store();
  if (!ls) return [];
  const out: HeldCopy[] = [];
  for (let i = 0; i < ls.length; i++) {
    const key = ls.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    try {
      const copy = JSON.parse(ls.getItem(key) ?? '') as HeldCopy;
      if (copy?.record?.id && Array.isArray(copy.events)) out.push(copy);
    } catch {
      // A copy cut short (the page died mid-write) is no copy.
    }
  }
  return out;
}

/**
 * Puts held copies back into IndexedDB: a game it lacks whole, a game it has fewer steps of
 * (the same steps up to there) gets the rest, each in one transaction. A copy IndexedDB has
 * caught up with, or that tells another history (IndexedDB wins), is dropped. Returns the ids of
 * the games that got steps back.
 */
export async function restoreHeldCopies(db: TablesideDB): Promise<string[]> {
  const restored: string[] = [];
  for (const copy of heldCopies()) {
    const id = copy.record.id;
    const events = copy.events;
    const added = await db
      .transaction('rw', db.sessions, db.events, async () => {
        const [lower, upper] = logRange(id);
        const last = await db.events.where('[sessionId+seq]').between(lower, upper).last();
        const head = last?.seq ?? 0;
        if (head >= events.length) return false;
        if (head > 0 && events[head - 1]?.time !== last?.time) return false;
        await db.events.bulkAdd(events.slice(head));
        const fields = {
          head: events.length,
          updated: Math.max(copy.record.updated, events.at(-1)?.time ?? 0)
        };
        // Put whole: the recovery journal is then written anew from IndexedDB (its files may
        // have gone with the database).
        await db.sessions.put({ ...((await db.sessions.get(id)) ?? copy.record), ...fields });
        return true;
      })
      .catch(() => undefined);
    // Kept when the write failed (still no room): tried again at the next start.
    if (added === undefined) continue;
    if (added) restored.push(id);
    dropHeldCopy(id);
  }
  return restored;
}
