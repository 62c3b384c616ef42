/**
 * Rebuilding a game from a backup file: its setup and events checked against what the game
 * knows, its log replayed through the machine step by step, and everything derived (history
 * labels, turn or round, minor steps, the home list's summary, status, head) written afresh, as
 * the runtime writes it when a step is committed. Nothing derived is taken from the file.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type {
  BaseSetup,
  EventRecord,
  GameEvent,
  SessionRecord,
  SessionStatus,
  SnapshotRecord
} from '../db/records';
import { logProblem } from '../session/log';
import { crossCheck, step, storeState } from '../session/replay';
import { compileMachine } from '../session/fast-replay';
import { decide, historyFields, refusalReason, type Intent } from '../session/send';
import { adjustedLabel } from '../session/adjust';
import { Timeline } from '../session/timeline';
import type { GameLogic, Period } from '../session/types';
import { storedSummary, summaryFields, type SeatSpan } from '../session/summary-seats';
import { Where, type Problems } from './read';
import { eventFieldProblems, setupFieldProblems } from './incoming';
import type { Slicer } from './slices';

/** As the runtime: a cached state every 50 events keeps an undo's replay short. */
const CHECKPOINT_EVERY = 50;

/** One game as the file has it: the session and its log, with each entry's place in the file. */
export interface FileGame {
  /** Its index in the file's `sessions`. */
  index: number;
  session: SessionRecord;
  log: EventRecord[];
  /** For each log entry, its index in the file's `events`. */
  at: number[];
}

/** One copy of a game as a person tells it apart: how far it got, its last step, when. */
export interface VersionInfo {
  /** Log entries (undo and redo count too). */
  steps: number;
  /** The turn or round it reached; missing when the game cannot be read here. */
  period?: Period;
  /** The history line of its newest step in effect. */
  lastLabel?: string;
  lastPlayed: number;
  summary: string;
  /** Where each seat's name sits in the summary (session/summary-seats.ts). */
  summarySeats?: SeatSpan[];
}

export interface RebuiltGame {
  session: SessionRecord;
  log: EventRecord[];
  info: VersionInfo;
  /**
   * States to cache with the log (the snapshot cache, without the session's id): the state it
   * ends in and the checkpoints just before it, as the runtime caches after a long replay. The
   * replay that checked the file made them, so the game's first open is a window onto its newest
   * steps instead of a second replay of the whole log. Empty for a short game, which opens whole.
   */
  states: Omit<SnapshotRecord, 'sessionId'>[];
}

/**
 * The status a game has after its log: the machine's end is "finished"; "archived", and
 * "finished" before the end (the table's "End game"), are the person's own choices and kept.
 */
function statusAfter(chosen: SessionStatus, snapshot: AnyMachineSnapshot): SessionStatus {
  if (chosen === 'archived') return 'archived';
  if (snapshot.status === 'done') return 'finished';
  return chosen === 'finished' ? 'finished' : 'active';
}

export function versionInfo(
  logic: GameLogic<any>,
  setup: BaseSetup,
  timeline: { snapshot: AnyMachineSnapshot; log: readonly EventRecord[]; effective: readonly EventRecord[] },
  fallbackTime: number
): VersionInfo {
  return {
    steps: timeline.log.length,
    period: logic.period(timeline.snapshot, setup),
    lastLabel: timeline.effective.at(-1)?.label,
    lastPlayed: timeline.log.at(-1)?.time ?? fallbackTime,
    ...storedSummary(summaryFields(logic, timeline.snapshot, setup))
  };
}

/**
 * Checks and rebuilds one game; adds its problems and returns undefined when it has any.
 * `onStep` is told of each replayed entry (for progress); the replay pauses when the slice is due.
 */
export async function rebuildGame(
  game: FileGame,
  logic: GameLogic<any>,
  problems: Problems,
  slicer: Slicer,
  progress: (replayed: number) => number
): Promise<RebuiltGame | undefined> {
  const { session, log, at } = game;
  const where = `sessions[${game.index}]`;
  const before = problems.list.length;
  if (logic.fields) {
    const here = new Where(problems);
    here.push('sessions');
    here.push(game.index);
    here.push('setup');
    setupFieldProblems(logic, session.setup, here);
    const events = new Where(problems);
    events.push('events');
    for (let i = 0; i < log.length && !problems.full; i++) {
      const event = log[i].event;
      if (!event) continue;
      events.push(at[i]);
      events.push('event');
      eventFieldProblems(logic, event, events);
      events.pop();
      events.pop();
    }
  }
  if (problems.list.length > before) return undefined;

  const setupProblem = guarded(() => logic.setupProblem(session.setup));
  if (setupProblem) return void problems.add(`${where}.setup`, setupProblem);
  const shape = logProblem(log);
  if (shape) return void problems.add(`events[${at[shape.validLength]}]`, shape.message);

  try {
    // Each entry is built as the runtime's send path builds it (the same history line, turn or
    // round and minor flag), so an imported history reads as if it had been played here.
    const timeline = new Timeline(logic, session.setup, CHECKPOINT_EVERY);
    const setup = session.setup;
    const walk = walker(logic);
    for (let i = 0; i < log.length; i++) {
      const entry = log[i];
      if (entry.kind === 'event') {
        // The event is fresh from the file's JSON: unlike a tap's, it needs no copy.
        const event = entry.event;
        const before = timeline.snapshot;
        const next = walk(before, event);
        if (!next) {
          const reason = refusalReason(logic, before, event, setup);
          return void problems.add(
            `events[${at[i]}].event`,
            `the game does not accept this step (${reason})`
          );
        }
        const fields = historyFields(logic, setup, before, next, event);
        const { period, minor } = fields;
        // Quick taps on one counter read as one adjustment, as this phone wrote them (adjust.ts).
        const repeat = entry.repeat === true ? (true as const) : undefined;
        const tap = { seq: i + 1, time: entry.time, event, repeat };
        const label = adjustedLabel(logic, setup, timeline.effective, tap, before, next) ?? fields.label;
        const rebuilt: EventRecord = {
          sessionId: session.id,
          seq: i + 1,
          kind: 'event',
          time: entry.time,
          label,
          event,
          period
        };
        if (minor) rebuilt.minor = true;
        if (repeat) rebuilt.repeat = true;
        timeline.appendEvent(rebuilt, next);
      } else {
        const intent: Intent =
          entry.kind === 'back' ? { kind: 'back', steps: entry.steps } : { kind: entry.kind };
        const decision = decide(timeline, intent, { sessionId: session.id, time: entry.time });
        if (!decision.ok) {
          return void problems.add(
            `events[${at[i]}]`,
            `the game does not accept this ${entry.kind} (${decision.reason})`
          );
        }
        if (decision.entry.kind === 'undo') timeline.appendUndo(decision.entry, decision.next);
        else if (decision.entry.kind === 'redo') timeline.appendRedo(decision.entry, decision.next);
        else if (decision.entry.kind === 'back') timeline.appendBack(decision.entry, decision.next);
      }
      if (slicer.due()) await slicer.pause(progress(i + 1));
    }
    const info = versionInfo(logic, session.setup, timeline, session.created);
    // The summary and its places are written afresh (a file's own are never kept).
    const { summarySeats: _, ...kept } = session;
    const rebuilt: SessionRecord = {
      ...kept,
      head: timeline.head,
      summary: info.summary,
      ...(info.summarySeats ? { summarySeats: info.summarySeats } : {}),
      status: statusAfter(session.status, timeline.snapshot)
    };
    return { session: rebuilt, log: timeline.log as EventRecord[], info, states: endStates(logic, timeline) };
  } catch (error) {
    // A game's own code tripping over data it accepted: refuse the game, never crash the import.
    problems.add(where, `this game could not be read (${(error as Error)?.message ?? String(error)})`);
    return undefined;
  }
}

/** The state a replayed log ends in and the four checkpoints before it, ready to store. */
function endStates(
  logic: GameLogic<any>,
  timeline: Timeline<BaseSetup>
): Omit<SnapshotRecord, 'sessionId'>[] {
  const last = timeline.effective.at(-1);
  if (!last || timeline.depth < CHECKPOINT_EVERY) return [];
  const end = { depth: timeline.depth, eventSeq: last.seq, snapshot: timeline.snapshot };
  const states = [end, ...timeline.recentCheckpoints(4).filter((c) => c.depth < end.depth)];
  return states.map(({ depth, eventSeq, snapshot }) => ({
    eventSeq,
    depth,
    version: logic.version,
    state: storeState(snapshot)
  }));
}

function guarded(check: () => string | undefined): string | undefined {
  try {
    return check();
  } catch (error) {
    return `the game cannot read this setup (${(error as Error)?.message ?? String(error)})`;
  }
}

/**
 * Steps for the import's walk: through the machine's compiled tables where it has them, handing
 * back views (fast-replay.ts) that describe() and period() read without a real snapshot being
 * built for every step; through xstate otherwise. The same steps, refusals and lines: the unit
 * tests' crossCheck compares every step with xstate's.
 */
function walker(
  logic: GameLogic<any>
): (before: AnyMachineSnapshot, event: GameEvent) => AnyMachineSnapshot | undefined {
  const fast = compileMachine(logic.machine);
  if (!fast) return (before, event) => step(logic, before, event);
  return (before, event) => {
    const state = fast.fromSnapshot(before);
    const next = state && typeof event?.type === 'string' ? fast.step(state, event) : 'xstate';
    if (next === 'xstate') return step(logic, before, event);
    if (crossCheck.on) step(logic, before, event); // the same step through xstate, compared
    return next && fast.view(next);
  };
}
