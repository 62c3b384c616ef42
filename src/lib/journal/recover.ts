/**
 * Restoring from the journal when the app starts: games IndexedDB lost come back whole, logs it
 * cut short get their missing steps, and the journal catches up with IndexedDB where it lags.
 * Each game is restored in one transaction. The report says what happened, for the home screen.
 */
import Dexie from 'dexie';
import type { EventRecord, SessionRecord, SessionStatus } from '../db/records';
import type { TablesideDB } from '../db/schema';
import type { OpenInfo } from '../db/connection';
import type { JournalGame } from './format';
import type { SeatSpan } from '../session/summary-seats';
import type { JournalApi } from './journal';
import { planRecovery, type RecoveryStep, type StoredGame } from './plan';
import { unjournaled } from './middleware';

export interface RecoveryReport {
  /** IndexedDB was empty when it opened (the browser threw the old one away) while games existed. */
  lost: boolean;
  /** Chromium said it threw data away (damaged files), with its own words. */
  dataLoss: boolean;
  dataLossMessage?: string;
  /** Whether there was a journal to look in. */
  journal: boolean;
  /** Games brought back whole (not counting ones marked deleted). */
  restored: number;
  /** Games marked deleted brought back (the delete could still be undone). */
  restoredDeleted: number;
  /** Games whose last steps were put back. */
  healed: number;
  /** Log entries put back in all. */
  entries: number;
  /** Journals brought up to date from IndexedDB. */
  copied: number;
  /** Games the journal has but could not restore (its copy damaged or unreadable), in plain words. */
  failed: string[];
  /**
   * Games whose copy is whole but that the browser would not take back (it refused the writes,
   * as Chromium does after a full disk left its quota count wrong): opened from the copy, they
   * are held on screen and written back once storage takes them (SessionRuntime.fromCopy).
   */
  refused: RefusedGame[];
}

export interface RefusedGame {
  id: string;
  game: string;
  /** Its home-list line, from its log. */
  summary: string;
}

/** The home list's line and the status for a restored game, from its log (replayed). */
export type Describe = (
  record: SessionRecord,
  events: readonly EventRecord[]
) => Promise<{ summary: string; summarySeats?: SeatSpan[]; status: SessionStatus } | undefined>;

export interface RecoverOptions {
  opened?: OpenInfo;
  /** Replays a restored game for its summary (default: the game's own logic, loaded on demand). */
  describe?: Describe;
  /**
   * Write whole journals anew after resolving, not before: restoring is what must happen before
   * a game is read; a journal missing or telling another history (a whole game's worth after an
   * import, or every game the first time) only has to be written soon. `report.copied` then
   * counts them later. Journals a few steps behind are still brought up to date first.
   */
  background?: boolean;
}

function logRange(id: string): [[string, number], [string, number]] {
  return [
    [id, Dexie.minKey as unknown as number],
    [id, Dexie.maxKey as unknown as number]
  ];
}

async function lastEntry(db: TablesideDB, id: string): Promise<EventRecord | undefined> {
  const [lower, upper] = logRange(id);
  return db.events.where('[sessionId+seq]').between(lower, upper, true, true).last();
}

async function entriesFrom(db: TablesideDB, id: string, seq: number): Promise<EventRecord[]> {
  const [, upper] = logRange(id);
  return db.events.where('[sessionId+seq]').between([id, seq], upper, true, true).toArray();
}

/** The record fields that change during a game, for bringing a journal's record up to date. */
function changingFields(record: SessionRecord): Partial<SessionRecord> {
  return {
    head: record.head,
    updated: record.updated,
    status: record.status,
    summary: record.summary,
    guide: record.guide,
    deletedAt: record.deletedAt,
    location: record.location,
    note: record.note,
    profiles: record.profiles,
    shared: record.shared,
    clock: record.clock,
    rolls: record.rolls
  };
}

export function emptyReport(opened?: OpenInfo): RecoveryReport {
  return {
    lost: false,
    dataLoss: opened?.dataLoss ?? false,
    ...(opened?.dataLossMessage ? { dataLossMessage: opened.dataLossMessage } : {}),
    journal: false,
    restored: 0,
    restoredDeleted: 0,
    healed: 0,
    entries: 0,
    copied: 0,
    failed: [],
    refused: []
  };
}

export async function recover(
  db: TablesideDB,
  journal: JournalApi | undefined,
  options: RecoverOptions = {}
): Promise<RecoveryReport> {
  const report = emptyReport(options.opened);
  report.lost = report.dataLoss;
  if (!journal) return report;
  report.journal = true;

  const [summaries, records] = await Promise.all([journal.scan(), db.sessions.toArray()]);
  const stored: StoredGame[] = await db.transaction('r', db.events, () =>
    Promise.all(
      records.map(async (r) => {
        const last = await lastEntry(db, r.id);
        return { id: r.id, head: last?.seq ?? 0, headTime: last?.time };
      })
    )
  );
  const steps = planRecovery(stored, summaries);
  if (options.opened?.created && steps.some((s) => s.kind === 'restore')) report.lost = true;

  const byId = new Map(records.map((r) => [r.id, r]));
  const behind: CatchUp[] = [];
  let describe = options.describe;
  for (const step of steps) {
    if (step.kind === 'restore' || step.kind === 'heal') {
      describe ??= (await import('./describe')).describeFromLog;
      const diverged = await restoreStep(db, journal, step, describe, report);
      if (diverged) behind.push({ kind: 'rewrite', id: step.id });
    } else behind.push(step);
  }
  // A few steps a kill kept from the journal are added before going on (a kill right after this
  // start, with IndexedDB lost, must not take them); whole journals to write are not waited for.
  await catchUpAll(
    db,
    journal,
    behind.filter((s) => s.kind === 'top-up'),
    byId,
    report
  );
  const rewriting = catchUpAll(
    db,
    journal,
    behind.filter((s) => s.kind === 'rewrite'),
    byId,
    report
  );
  if (!options.background) await rewriting;
  return report;
}

type CatchUp = Extract<RecoveryStep, { kind: 'top-up' | 'rewrite' }>;

/** A journal that can hold a game's appends back while its file is rewritten (gate.ts). */
interface Exclusive {
  exclusive(sessionId: string, run: (journal: JournalApi) => Promise<void>): Promise<void>;
}

/** One game after another; a journal that fails to catch up does so at the next start. */
async function catchUpAll(
  db: TablesideDB,
  journal: JournalApi,
  steps: readonly CatchUp[],
  byId: Map<string, SessionRecord>,
  report: RecoveryReport
): Promise<void> {
  const gate = journal as Partial<Exclusive>;
  for (const step of steps) {
    const run = async (into: JournalApi) => {
      // Read now, not when the plan was made: the game may have moved on meanwhile.
      const record = (await db.sessions.get(step.id)) ?? byId.get(step.id)!;
      await catchUp(db, into, step, record);
    };
    try {
      await (gate.exclusive ? gate.exclusive(step.id, run) : run(journal));
      report.copied++;
    } catch (error) {
      console.warn(`The recovery copy of game ${step.id} could not be brought up to date`, error);
    }
  }
}

async function restoreStep(
  db: TablesideDB,
  journal: JournalApi,
  step: Extract<RecoveryStep, { kind: 'restore' | 'heal' }>,
  describe: Describe,
  report: RecoveryReport
): Promise<boolean> {
  let game: JournalGame | undefined;
  try {
    game = await journal.read(step.id);
  } catch (error) {
    report.failed.push(`game ${step.id}: its recovery copy could not be read (${(error as Error).message})`);
    return false;
  }
  if (!game) {
    report.failed.push(`game ${step.id}: its recovery copy is damaged`);
    return false;
  }
  if (step.kind === 'heal' && step.head > 0 && game.events[step.head - 1]?.time !== step.headTime) {
    // The journal tells another history than IndexedDB (e.g. a backup replaced the game):
    // IndexedDB wins, and the journal is written anew from it.
    return true;
  }
  const described = await describe(game.record, game.events).catch(() => undefined);
  const last = game.events.at(-1);
  const fields: Partial<SessionRecord> = {
    head: game.events.length,
    updated: Math.max(game.record.updated, last?.time ?? 0)
  };
  if (described) {
    fields.summary = described.summary;
    fields.summarySeats = described.summarySeats;
    // A game ended early or archived stays so; an active one follows its machine.
    if (game.record.status === 'active') fields.status = described.status;
  }
  try {
    const added =
      step.kind === 'restore'
        ? await restoreGame(db, { ...game, record: { ...game.record, ...fields } })
        : await healGame(db, game, step.head, fields);
    if (added === undefined) return false;
    report.entries += added;
    if (step.kind === 'heal') report.healed++;
    else if (game.record.deletedAt !== undefined) report.restoredDeleted++;
    else report.restored++;
  } catch (error) {
    console.error(`The recovery copy of game ${step.id} could not be written back`, error);
    if (step.kind === 'restore') {
      const { id, game: kind, summary } = { ...game.record, ...fields };
      report.refused.push({ id, game: kind, summary });
    } else {
      report.failed.push(
        `${game.record.game} game ${step.id}: its last steps could not be written back (${(error as Error).message})`
      );
    }
  }
  return false;
}

/** Puts a whole game back, in one transaction. Undefined when it was there after all. */
async function restoreGame(db: TablesideDB, game: JournalGame): Promise<number | undefined> {
  // Only the players its seats point at now: a player merged into another since the game
  // started is not brought back.
  const seated = new Set(Object.values(game.record.profiles ?? {}));
  return unjournaled(db, ['sessions', 'events', 'profiles'], async () => {
    // Another tab may have restored it meanwhile.
    if (await db.sessions.get(game.record.id)) return undefined;
    await db.sessions.add(game.record);
    await db.events.bulkPut(game.events);
    for (const person of game.people) {
      if (seated.has(person.id) && !(await db.profiles.get(person.id))) await db.profiles.add(person);
    }
    return game.events.length;
  });
}

/** Adds the entries IndexedDB lacks after `head`, in one transaction. */
async function healGame(
  db: TablesideDB,
  game: JournalGame,
  head: number,
  fields: Partial<SessionRecord>
): Promise<number | undefined> {
  return unjournaled(db, ['sessions', 'events'], async () => {
    const now = (await lastEntry(db, game.record.id))?.seq ?? 0;
    // Someone wrote to the game meanwhile: it is no longer the log the plan was made for.
    if (now !== head) return undefined;
    const missing = game.events.slice(head);
    await db.events.bulkAdd(missing);
    await db.sessions.update(game.record.id, fields);
    return missing.length;
  });
}

/** Brings the journal up to date with IndexedDB (what it lacks, or all of it anew). */
async function catchUp(
  db: TablesideDB,
  journal: JournalApi,
  step: CatchUp,
  record: SessionRecord
): Promise<void> {
  if (step.kind === 'top-up') {
    const entries = await entriesFrom(db, step.id, Math.max(1, step.head));
    const same = step.head === 0 || entries[0]?.time === step.headTime;
    if (same) {
      const missing = entries.filter((e) => e.seq > step.head);
      return journal.append(step.id, missing, changingFields(record));
    }
  }
  const ids = Object.values(record.profiles ?? {});
  const people = ids.length ? (await db.profiles.bulkGet(ids)).filter((p) => p !== undefined) : [];
  // The log itself the journal reads (in the app, its worker): not this page.
  return journal.rewriteFromStore(db.name, record, people);
}
