/**
 * A game on one phone: the game session (game-session.ts) over its log in IndexedDB
 * (indexed-log.ts). This is where such a game is started, opened, or put back from a whole copy.
 */
import type { BaseSetup, EventRecord, SessionRecord } from '../db/records';
import type { TablesideDB } from '../db/schema';
import { tableNamesProblem } from '../util/player-name';
import { newId } from '../util/id';
import { afterPaint, type Scheduler } from '../util/after-paint';
import { initialState } from './replay';
import { buildTimeline, readableSetup, WINDOW_DEPTH } from './load';
import { SessionNotFoundError } from './errors';
import { GameSession } from './game-session';
import { IndexedLog } from './indexed-log';
import { Timeline } from './timeline';
import { storedSummary, summaryFields } from './summary-seats';
import type { GameLogic } from './types';

export { SessionNotFoundError, SessionUnreadableError } from './errors';
export { readLog, logRange } from './load';
export { RETRY_HELD_MS } from './held-writes';
export type { HistoryItem, SendOptions, SendOutcome } from './log-store';

export interface RuntimeOptions {
  /** Cache a snapshot every this many effective events. */
  snapshotEvery?: number;
  /** The clock for log timestamps (tests pass a fake one). */
  now?: () => number;
  /** When to write an accepted entry (default: right after the next paint). */
  schedule?: Scheduler;
  /** For a new session: the remembered player in each seat (player id → profile id). */
  profiles?: Record<string, string>;
  /**
   * Read the whole log on open (the history page). Otherwise a long game opens as a window onto
   * its newest steps, and earlier ones are read when undo or the history reaches them.
   */
  whole?: boolean;
  /** How many effective events a window holds on open (default WINDOW_DEPTH; tests make it small). */
  windowDepth?: number;
  /**
   * The name each seat goes by now, by seat (results/names.ts: a remembered player renamed since).
   * The screen, new steps' words, refusals and the summary use them; the stored setup keeps the
   * names the game was started with.
   */
  names?: readonly string[];
}

const DEFAULT_SNAPSHOT_EVERY = 50;

export class SessionRuntime<S extends BaseSetup = BaseSetup> extends GameSession<S, IndexedLog<S>> {
  private constructor(db: TablesideDB, logic: GameLogic<S>, record: SessionRecord, options: RuntimeOptions) {
    super(
      logic,
      new IndexedLog(db, logic, record, {
        snapshotEvery: Math.max(1, options.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY),
        now: options.now ?? Date.now,
        schedule: options.schedule ?? afterPaint,
        whole: options.whole ?? false,
        windowDepth: Math.max(1, options.windowDepth ?? WINDOW_DEPTH),
        names: options.names
      })
    );
  }

  /** Starts a new session from a setup and stores it. */
  static async create<S extends BaseSetup>(
    db: TablesideDB,
    logic: GameLogic<S>,
    game: string,
    setup: S,
    options: RuntimeOptions = {}
  ): Promise<SessionRuntime<S>> {
    // A new game keeps the one name rule (stored games are only read by their setupProblem).
    const problem = logic.setupProblem(setup) ?? tableNamesProblem(setup.players.map((p) => p.name));
    if (problem) throw new Error(problem);
    const time = (options.now ?? Date.now)();
    const start = initialState(logic, setup);
    const record: SessionRecord = {
      id: newId(),
      game,
      setup: structuredClone(setup) as SessionRecord['setup'],
      created: time,
      updated: time,
      status: 'active',
      ...storedSummary(summaryFields(logic, start, setup)),
      head: 0,
      ...(options.profiles && Object.keys(options.profiles).length ? { profiles: options.profiles } : {})
    };
    await db.sessions.add(record);
    const runtime = new SessionRuntime(db, logic, record, options);
    const log = runtime.store;
    log.timeline = new Timeline(logic, setup, log.options.snapshotEvery);
    log.writes.mark(0, start);
    return runtime;
  }

  /** Opens a stored session: cached snapshot + replay of the tail, or a full replay. */
  static async open<S extends BaseSetup>(
    db: TablesideDB,
    logic: GameLogic<S>,
    id: string,
    options: RuntimeOptions = {}
  ): Promise<SessionRuntime<S>> {
    const record = await db.sessions.get(id);
    if (!record) throw new SessionNotFoundError(id);
    const runtime = new SessionRuntime(db, logic, record, options);
    await runtime.store.load();
    return runtime;
  }

  /**
   * Opens a game storage lost and will not take back (the browser threw its database away and
   * refuses the writes that would restore it) from a whole copy: its recovery journal, or the
   * page's localStorage copy. The whole game is written back at once; while storage refuses it,
   * the game is held, as after a refused tap (held-writes.ts).
   */
  static async fromCopy<S extends BaseSetup>(
    db: TablesideDB,
    logic: GameLogic<S>,
    copy: { record: SessionRecord; events: readonly EventRecord[] },
    options: RuntimeOptions = {}
  ): Promise<SessionRuntime<S>> {
    readableSetup(logic, copy.record);
    const runtime = new SessionRuntime(db, logic, { ...copy.record }, options);
    const log = runtime.store;
    const setup = copy.record.setup as unknown as S;
    const loaded = buildTimeline(logic, setup, copy.events.slice(), [], log.options.snapshotEvery);
    log.timeline = loaded.timeline;
    log.problem = loaded.problem;
    await log.holdAll();
    return runtime;
  }

  /** The snapshot written after a long replay on open; tests wait for it. */
  get cacheWrite(): Promise<void> {
    return this.store.cacheWrite;
  }

  /** Resolves once earlier steps being read into the window (after a deep undo) are in. */
  deepened(): Promise<void> {
    return this.store.deepened();
  }
}
