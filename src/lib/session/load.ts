/**
 * Opening a stored session: read the record, the log and the snapshot cache, check the log's
 * shape, and bring a Timeline to the newest state, from the newest cached snapshot that fits or
 * by a full replay. A log the machine cannot fully replay is shown up to the step it refuses,
 * read-only, with a plain message; nothing stored is ever changed here.
 */
import Dexie from 'dexie';
import type { AnyMachineSnapshot } from 'xstate';
import type { BaseSetup, EventRecord, SessionRecord, SnapshotRecord } from '../db/records';
import type { TablesideDB } from '../db/schema';
import { foldLog, logProblem } from './log';
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
}

export async function loadTimeline<S extends BaseSetup>(
  db: TablesideDB,
  logic: GameLogic<S>,
  record: SessionRecord,
  every: number
): Promise<Loaded<S>> {
  const setupProblem = logic.setupProblem(record.setup);
  if (setupProblem) throw new SessionUnreadableError(setupProblem);
  const entries = await readLog(db, record.id);
  const cache = await db.snapshots.where('sessionId').equals(record.id).toArray();
  return buildTimeline(logic, record.setup as unknown as S, entries, cache, every);
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
