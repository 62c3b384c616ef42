/**
 * The recovery journal follows the database by itself: a Dexie DBCore middleware, installed on
 * every TablesideDB (schema.ts), sees each write to `sessions`, `events` and `profiles`, and once
 * the transaction has committed (IndexedDB's `complete`) forwards what it stored to the journal
 * attached to that database (attach.ts). No other code writes to the journal, so no write path
 * can forget it: a step appended, a field changed, a game replaced by an import, two players
 * merged. A transaction that aborts forwards nothing.
 *
 * What a committed transaction becomes, per game, in the order the games were first touched:
 *   - the session added: `start` (with the remembered players its seats point at), then its steps;
 *   - the session put whole, steps of it deleted or put over other ones: the journal written anew
 *     from IndexedDB;
 *   - steps added (or put where there were none): `append`, with the record fields changed in
 *     the same transaction;
 *   - only record fields changed: `update`;
 *   - the session deleted: `remove`;
 *   - a remembered player added, renamed, merged away: every game seated with them written anew,
 *     so a restore brings back the players as they are now.
 * The journal's own writes back into IndexedDB (recover.ts) are made through `unjournaled` and
 * are not echoed.
 *
 * Forwarding keeps the order of commits. Most transactions forward at once, in the `complete`
 * event; one that must read first (the players of a new game, a record to rewrite) holds the
 * later ones behind it. `journalForwarded()` resolves when nothing is waiting (tests use it).
 */
import Dexie, {
  type DBCore,
  type DBCoreMutateRequest,
  type DBCoreTable,
  type DBCoreTransaction,
  type Middleware
} from 'dexie';
import type { EventRecord, ProfileRecord, SessionRecord } from '../db/records';
import type { TablesideDB } from '../db/schema';
import type { JournalApi } from './journal';
import { journalFor } from './attach';

/** What one transaction did to one game. */
interface Touched {
  added?: SessionRecord;
  /** The record was put whole, or steps were deleted: the journal is written anew. */
  whole?: boolean;
  removed?: boolean;
  fields?: Partial<SessionRecord>;
  events: EventRecord[];
}

/** What one transaction did, gathered while it runs. */
interface Pending {
  games: Map<string, Touched>;
  /** Remembered players added, changed or deleted. */
  people: Set<string>;
  /** Every game's steps were cleared. */
  everyLog: boolean;
}

const quiet = new WeakSet<object>();
const pendingBy = new WeakMap<object, Pending>();
const chains = new Map<object, Promise<void>>();

/** The middleware, for `db.use` where the database is made. */
export function journalMiddleware(db: TablesideDB): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'recovery-journal',
    create: (down: DBCore): DBCore => ({
      ...down,
      table(name) {
        const table = down.table(name);
        if (name !== 'sessions' && name !== 'events' && name !== 'profiles') return table;
        return { ...table, mutate: (req) => watch(db, table, name, req) };
      }
    })
  };
}

/**
 * Runs `scope` in a read-write transaction over `tables` whose writes the journal does not see:
 * for the journal's own writes back into IndexedDB (a game restored from it).
 */
export function unjournaled<T>(db: Dexie, tables: string[], scope: () => Promise<T>): Promise<T> {
  return db.transaction('rw', tables, () => {
    const tx = Dexie.currentTransaction as unknown as { idbtrans: object };
    quiet.add(tx.idbtrans);
    return scope();
  });
}

/** Resolves once every committed write has been handed to the journal. */
export async function journalForwarded(): Promise<void> {
  while (chains.size) await Promise.all([...chains.values()]);
}

async function watch(db: TablesideDB, table: DBCoreTable, name: string, req: DBCoreMutateRequest) {
  const trans = req.trans as unknown as IDBTransaction;
  if (quiet.has(trans) || !journalFor(db)) return table.mutate(req);
  const overwritten =
    name === 'events' && req.type === 'put' ? await overwrites(table, req.trans, req.values) : [];
  const res = await table.mutate(req);
  // Only what was stored: a failed add in a bulk is not the game's.
  if (!res.numFailures) {
    const pending = pendingFor(db, trans);
    note(pending, name, req);
    for (const id of overwritten) game(pending, id).whole = true;
  }
  return res;
}

/**
 * The games whose stored steps a put replaces with other ones: their journals are written anew.
 * A step put again as it was (two tabs mirroring one shared game) is an append like any other.
 */
async function overwrites(table: DBCoreTable, trans: DBCoreTransaction, values: readonly EventRecord[]) {
  const stored = (await table.getMany({ trans, keys: values.map((e) => [e.sessionId, e.seq]) })) as (
    EventRecord | undefined
  )[];
  const ids = new Set<string>();
  stored.forEach((old, i) => {
    const now = values[i];
    if (old && (old.time !== now.time || old.kind !== now.kind || old.label !== now.label))
      ids.add(now.sessionId);
  });
  return ids;
}

function pendingFor(db: TablesideDB, trans: IDBTransaction): Pending {
  let pending = pendingBy.get(trans);
  if (!pending) {
    const made: Pending = { games: new Map(), people: new Set(), everyLog: false };
    pending = made;
    pendingBy.set(trans, made);
    trans.addEventListener('complete', () => forward(db, made));
  }
  return pending;
}

function game(pending: Pending, id: string): Touched {
  let touched = pending.games.get(id);
  if (!touched) pending.games.set(id, (touched = { events: [] }));
  return touched;
}

/** The keys a mutate request names: its values' own, or the keys it was given. */
function keysOf(req: DBCoreMutateRequest): unknown[] {
  if (req.type === 'deleteRange') return [];
  if (req.type === 'delete') return req.keys;
  return req.values.map((value: ProfileRecord) => value.id);
}

function note(pending: Pending, name: string, req: DBCoreMutateRequest): void {
  if (name === 'profiles') {
    // A player just added sits at no stored game yet (a new game's start reads its players).
    if (req.type === 'add') return;
    for (const id of keysOf(req)) pending.people.add(String(id));
    return;
  }
  if (name === 'events') return noteEvents(pending, req);
  if (req.type === 'deleteRange') return; // The whole table cleared: nothing in the app does it.
  if (req.type === 'delete') {
    for (const id of req.keys as string[]) game(pending, id).removed = true;
    return;
  }
  req.values.forEach((value: SessionRecord, i) => {
    const touched = game(pending, value.id);
    touched.removed = false;
    if (req.type === 'add') touched.added = value;
    else if (req.changeSpec || req.updates) {
      const spec = req.changeSpec ?? req.updates?.changeSpecs[i] ?? {};
      touched.fields = { ...touched.fields, ...changedFields(value, spec) };
      // Seats pointed at other players (a merge): the journal's players are written anew too.
      if ('profiles' in spec) touched.whole = true;
    } else if (touched.added) touched.added = value;
    else touched.whole = true;
  });
}

/**
 * The fields an update changed, as they now are. A field set to undefined is gone from the
 * stored record and stays undefined here (the journal writes it as removed).
 */
function changedFields(value: SessionRecord, spec: Record<string, unknown>): Partial<SessionRecord> {
  const fields: Record<string, unknown> = {};
  for (const path of Object.keys(spec)) {
    const key = path.split('.')[0];
    fields[key] = (value as unknown as Record<string, unknown>)[key];
  }
  return fields as Partial<SessionRecord>;
}

function noteEvents(pending: Pending, req: DBCoreMutateRequest): void {
  if (req.type === 'add' || req.type === 'put') {
    for (const entry of req.values as EventRecord[]) game(pending, entry.sessionId).events.push(entry);
    return;
  }
  if (req.type === 'delete') {
    for (const [id] of req.keys as [string, number][]) game(pending, id).whole = true;
    return;
  }
  const { lower, upper } = req.range as { lower?: unknown; upper?: unknown };
  const id = Array.isArray(lower) ? lower[0] : undefined;
  if (typeof id === 'string' && Array.isArray(upper) && upper[0] === id) game(pending, id).whole = true;
  else pending.everyLog = true;
}

function forward(db: TablesideDB, pending: Pending): void {
  const journal = journalFor(db);
  if (!journal) return;
  const reads = pending.people.size > 0 || pending.everyLog || [...pending.games.values()].some(needsRead);
  const send = () => (reads ? sendRead(db, journal, pending) : sendNow(journal, pending));
  const before = chains.get(db);
  if (!before && !reads) return void sendNow(journal, pending);
  const after = (before ?? Promise.resolve())
    .then(send)
    .catch((error) => console.error('Tableside could not update the recovery copy:', error));
  chains.set(db, after);
  void after.then(() => {
    if (chains.get(db) === after) chains.delete(db);
  });
}

const needsRead = (t: Touched) => t.added !== undefined || t.whole === true;

/** Hands the journal what needs no reading back. */
function sendNow(journal: JournalApi, pending: Pending): void {
  for (const [id, t] of pending.games) sendPlain(journal, id, t);
  flushIfHidden(journal);
}

/** A game removed, given steps or given fields: nothing to read back. */
function sendPlain(journal: JournalApi, id: string, t: Touched): void {
  if (t.removed) swallow(journal.remove(id));
  else if (t.events.length) swallow(journal.append(id, t.events, t.fields));
  else if (t.fields) swallow(journal.update(id, t.fields));
}

/** The page being hidden (maybe about to be killed): the journal goes to disk now. */
function flushIfHidden(journal: JournalApi): void {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') swallow(journal.flush());
}

async function sendRead(db: TablesideDB, journal: JournalApi, pending: Pending): Promise<void> {
  const rewrite = new Set<string>();
  for (const [id, t] of pending.games) {
    if (t.removed || !needsRead(t)) sendPlain(journal, id, t);
    else if (t.whole) rewrite.add(id);
    else if (t.added) {
      const record = { ...t.added, ...t.fields };
      swallow(journal.start(record, await peopleOf(db, record)));
      if (t.events.length) swallow(journal.append(id, t.events));
    }
  }
  if (pending.people.size || pending.everyLog) {
    for (const record of await db.sessions.toArray()) {
      const seated = Object.values(record.profiles ?? {});
      if (pending.everyLog || seated.some((p) => pending.people.has(p))) rewrite.add(record.id);
    }
  }
  for (const id of rewrite) {
    const record = await db.sessions.get(id);
    if (record) swallow(journal.rewriteFromStore(db.name, record, await peopleOf(db, record)));
  }
  flushIfHidden(journal);
}

/** The remembered players a game's seats point at, as IndexedDB holds them now. */
async function peopleOf(db: TablesideDB, record: SessionRecord): Promise<ProfileRecord[]> {
  const ids = Object.values(record.profiles ?? {});
  if (!ids.length) return [];
  return (await db.profiles.bulkGet(ids)).filter((p): p is ProfileRecord => p !== undefined);
}

/** A journal that fails says so itself (client.ts): the write to IndexedDB stands. */
function swallow(write: Promise<unknown>): void {
  write.catch(() => {});
}
