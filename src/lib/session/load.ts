/**
 * Opening a stored session: read the record, the log and the snapshot cache, check the log's
 * shape, and bring a Timeline to the newest state, from the newest cached snapshot that fits or
 * by a full replay. A log the machine cannot fully replay is shown up to the step it refuses,
 * read-only, with a plain message; nothing stored is ever changed here.
 *
 * A long game opens as a window (see Timeline.resetWindow): a cached state some way back and
 * the entries after it, found by reading the cache and the log backwards from the newest end.
 * Reading a 100,000-entry log took seconds; the window reads a few hundred entries. Anything
 * the window cannot settle (no cache that fits, a damaged or refused step) opens the whole log,
 * which says what is wrong.
 */
import Dexie from 'dexie';
import type { AnyMachineSnapshot } from 'xstate';
import type { BaseSetup, EventRecord, SessionRecord, SnapshotRecord } from '../db/records';
import type { TablesideDB } from '../db/schema';
import { foldLog, foldWindow, logProblem } from './log';
import { ReplayError, restoreState } from './replay';
import { Timeline } from './timeline';
import { SessionUnreadableError } from './errors';
import type { GameLogic } from './types';

export function logRange(sessionId: string): [[string, number], [string, number]] {
  return [
    [sessionId, Dexie.minKey as unknown as number],
    [sessionId, Dexie.maxKey as unknown as number]
  ];
}

export async function readLog(db: TablesideDB, sessionId: string): Promise<EventRecord[]> {
  const [lower, upper] = logRange(sessionId);
  return db.events.where('[sessionId+seq]').between(lower, upper, true, true).toArray();
}

/** The seq of a session's newest log entry (0 when it has none): what other tabs watch. */
export async function logHead(db: TablesideDB, sessionId: string): Promise<number> {
  const [lower, upper] = logRange(sessionId);
  const last = await db.events.where('[sessionId+seq]').between(lower, upper, true, true).last();
  return last?.seq ?? 0;
}

export interface Loaded<S extends BaseSetup> {
  timeline: Timeline<S>;
  /** Set when the game can only be shown read-only, saying why. */
  problem?: string;
  /** True when no cached snapshot fitted and the whole log was replayed. */
  replayedAll: boolean;
  /** Effective events replayed past the cached snapshot used (all of them without one). */
  replayed: number;
  /** True when only the newest part of the log was read (see Timeline.resetWindow). */
  window?: boolean;
}

/** How many effective events a window holds when a game opens: undo reaches this far at once. */
export const WINDOW_DEPTH = 100;
/** Beyond this many entries a window saves too little over reading the whole log. */
const WINDOW_MOST = 5000;

/** Refuses a stored game whose setup this version cannot play (it is then not opened at all). */
export function readableSetup(logic: GameLogic<any>, record: SessionRecord): void {
  const setupProblem = logic.setupProblem(record.setup);
  if (setupProblem) throw new SessionUnreadableError(setupProblem);
}

export async function loadTimeline<S extends BaseSetup>(
  db: TablesideDB,
  logic: GameLogic<S>,
  record: SessionRecord,
  every: number,
  whole = false,
  windowDepth = WINDOW_DEPTH
): Promise<Loaded<S>> {
  readableSetup(logic, record);
  if (!whole) {
    const head = await logHead(db, record.id);
    const found = await findWindow(db, logic, record.id, head + 1, windowDepth);
    if (found) {
      const timeline = new Timeline(logic, record.setup as unknown as S, every);
      try {
        if (timeline.resetWindow(found.entries, found.start)) {
          return { timeline, replayedAll: false, replayed: timeline.effective.length - 1, window: true };
        }
      } catch (error) {
        // A step this version refuses: the whole log says which, read-only.
        if (!(error instanceof ReplayError)) throw error;
      }
    }
  }
  const entries = await readLog(db, record.id);
  const cache = await db.snapshots.where('sessionId').equals(record.id).toArray();
  return buildTimeline(logic, record.setup as unknown as S, entries, cache, every);
}

interface FoundWindow {
  /** Entries from the cached state's event up to `below` (exclusive). */
  entries: EventRecord[];
  start: { depth: number; snapshot: AnyMachineSnapshot };
}

/**
 * Looks back from `below` (a log seq, exclusive) for a cached state whose window holds at least
 * `want` effective events, reading the cache and the log newest first. `held` is what the
 * caller already holds from `below` on (a window being made deeper); it is only read, to check
 * the fold. Undefined when no cached state fits within WINDOW_MOST entries.
 */
export async function findWindow(
  db: TablesideDB,
  logic: GameLogic<any>,
  sessionId: string,
  below: number,
  want: number,
  held: readonly EventRecord[] = []
): Promise<FoundWindow | undefined> {
  let entries: EventRecord[] = [];
  let readFrom = below;
  let before = below;
  while (true) {
    const candidates = await db.snapshots
      .where('[sessionId+eventSeq]')
      .between([sessionId, 1], [sessionId, before], true, false)
      .reverse()
      .limit(4)
      .toArray();
    if (!candidates.length) return undefined;
    for (const cached of candidates) {
      before = cached.eventSeq;
      if (below - cached.eventSeq > WINDOW_MOST) return undefined;
      // Another machine version's state, or one too shallow to be worth a window.
      if (cached.version !== logic.version || cached.depth <= want) continue;
      if (cached.eventSeq < readFrom) {
        const older = await db.events
          .where('[sessionId+seq]')
          .between([sessionId, cached.eventSeq], [sessionId, readFrom], true, false)
          .toArray();
        if (older.length !== readFrom - cached.eventSeq) return undefined;
        entries = older.concat(entries);
        readFrom = cached.eventSeq;
      }
      const folded = foldWindow(held.length ? entries.concat(held) : entries);
      if (!folded || folded.effective.length < want) continue;
      try {
        return { entries, start: { depth: cached.depth, snapshot: restoreState(logic, cached.state) } };
      } catch {
        // A state the machine cannot resolve is skipped, never deleted: it is only a cache.
      }
    }
  }
}

/** The stored steps before `seq` (the first one a window holds), oldest first. */
export function readBefore(db: TablesideDB, sessionId: string, seq: number): Promise<EventRecord[]> {
  const [lower] = logRange(sessionId);
  return db.events.where('[sessionId+seq]').between(lower, [sessionId, seq], true, false).toArray();
}

/** The pure half of loading, for a log and cache already read. */
export function buildTimeline<S extends BaseSetup>(
  logic: GameLogic<S>,
  setup: S,
  entries: EventRecord[],
  cache: readonly SnapshotRecord[],
  every: number
): Loaded<S> {
  const timeline = new Timeline(logic, setup, every);
  const shape = logProblem(entries);
  // With a damaged log, show the sound beginning read-only; the raw log stays as it is.
  const sound = shape ? entries.slice(0, shape.validLength) : entries;
  const soundEffective = foldLog(sound).effective;
  const cached = bestCachedSnapshot(logic, cache, soundEffective);
  let problem: string | undefined;
  let replayedAll = !cached;
  const effectiveLength = soundEffective.length;
  try {
    if (cached) {
      try {
        timeline.reset(sound, cached);
      } catch {
        // The cache disagrees with the log under this machine: trust the log, replay it all.
        replayedAll = true;
        timeline.reset(sound);
      }
    } else timeline.reset(sound);
  } catch (error) {
    if (!(error instanceof ReplayError)) throw error;
    const label = soundEffective[error.index]?.label;
    problem = `This saved game has a step that this version of Tableside cannot apply (step ${error.index + 1}: “${label}”). The game is shown as it was just before it, read-only; the saved steps are kept unchanged.`;
  }
  if (shape && !problem) {
    problem = `This saved game’s history is damaged (${shape.message}). It is shown as it was before that point, read-only; nothing has been changed.`;
  }
  const replayed = replayedAll ? effectiveLength : effectiveLength - (cached?.depth ?? 0);
  return { timeline, problem, replayedAll, replayed };
}

/** The deepest cached state that fits this log under this machine version, restored. */
export function bestCachedSnapshot(
  logic: GameLogic<any>,
  cache: readonly SnapshotRecord[],
  effective: readonly EventRecord[]
): { depth: number; snapshot: AnyMachineSnapshot } | undefined {
  const fitting = cache
    .filter(
      (s) =>
        s.version === logic.version &&
        s.depth > 0 &&
        s.depth <= effective.length &&
        effective[s.depth - 1].seq === s.eventSeq
    )
    .sort((a, b) => b.depth - a.depth);
  for (const s of fitting) {
    try {
      return { depth: s.depth, snapshot: restoreState(logic, s.state) };
    } catch {
      // A snapshot the machine cannot resolve is skipped, never deleted: it is only a cache.
    }
  }
  return undefined;
}
