/**
 * The send path's decision, in one place: given what the screen showed and what the person did
 * (an event, undo or redo), either the log entry to append with the state it leads to, or a
 * plain reason why not. Pure: the runtime applies a decision to the Timeline at once (the screen
 * paints it in the same frame) and the commit queue writes it right after.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { BackRecord, BaseSetup, EventRecord, GameEvent, StepRecord, UndoRecord } from '../db/records';
import { step, takesEvent } from './replay';
import { adjustedLabel } from './adjust';
import { backLabel, backRefusal } from './back';
import { isHold } from './log';
import type { Timeline } from './timeline';
import type { GameLogic, StepMeta } from './types';

export type Intent =
  | { kind: 'event'; event: GameEvent }
  | { kind: 'undo' }
  | { kind: 'redo' }
  /** Takes the newest `steps` steps in effect back as one action ("Back to here"). */
  | { kind: 'back'; steps: number };

type Decision = { ok: true; entry: EventRecord; next: AnyMachineSnapshot } | { ok: false; reason: string };

interface DecideContext {
  sessionId: string;
  time: number;
  /** The tap came from a "one more" control: kept on its entry (`EventRecord.repeat`). */
  repeat?: boolean;
}

/** What a tap on a state another tab has just changed is told (game-session.ts checks it). */
export const STALE_TAP =
  'The game changed in another tab or window before your tap. Here it is now; tap again if you still want that.';

export function decide<S extends BaseSetup>(t: Timeline<S>, intent: Intent, ctx: DecideContext): Decision {
  const at = { sessionId: ctx.sessionId, seq: t.head + 1, time: ctx.time };
  const back = (kind: UndoRecord['kind'], label: string): UndoRecord => ({ ...at, kind, label });
  const { logic, setup } = t;
  switch (intent.kind) {
    case 'event': {
      const next = step(logic, t.snapshot, intent.event);
      if (!next) return { ok: false, reason: refusalReason(logic, t.snapshot, intent.event, setup) };
      const event = structuredClone(intent.event);
      const fields = historyFields(logic, setup, t.snapshot, next, event);
      const { period, minor } = fields;
      const repeat = ctx.repeat ? (true as const) : undefined;
      const tap = { seq: t.head + 1, time: ctx.time, event, repeat };
      const label = adjustedLabel(logic, setup, t.effective, tap, t.snapshot, next) ?? fields.label;
      const entry: StepRecord = { ...at, kind: 'event', label, event, period };
      if (minor) entry.minor = true;
      if (repeat) entry.repeat = true;
      return { ok: true, entry, next };
    }
    case 'undo': {
      const last = t.undoNext;
      if (!last) return { ok: false, reason: 'There is nothing to undo.' };
      if (isHold(last)) {
        return { ok: true, entry: back('undo', `Undo: ${last.back.label}`), next: t.stateAfterUndo() };
      }
      // A long game holds its newest steps; the earlier ones are being read (runtime.deepen).
      if (!t.canStepBack) return { ok: false, reason: 'Reading earlier steps. Tap undo again in a moment.' };
      return { ok: true, entry: back('undo', `Undo: ${last.label}`), next: t.stateBeforeLast() };
    }
    case 'back': {
      const reason = backRefusal(intent.steps, t.effective.length, t.backReach);
      if (reason) return { ok: false, reason };
      const kept = t.effective.at(-1 - intent.steps);
      const label = backLabel(intent.steps, kept?.label);
      const entry: BackRecord = { ...at, kind: 'back', steps: intent.steps, label };
      return { ok: true, entry, next: t.stateAt(t.depth - intent.steps) };
    }
    case 'redo': {
      const again = t.redoNext;
      if (!again) return { ok: false, reason: 'There is nothing to redo.' };
      if (isHold(again)) {
        const next = t.stateAt(t.depth - again.taken.length);
        return { ok: true, entry: back('redo', `Redo: ${again.back.label}`), next };
      }
      const next = step(logic, t.snapshot, again.event);
      if (!next) return { ok: false, reason: refusalReason(logic, t.snapshot, again.event, setup) };
      return { ok: true, entry: back('redo', `Redo: ${again.label}`), next };
    }
  }
}

/**
 * What the history keeps of an accepted event: its line, the turn or round it happened in, and
 * whether it only walked a reminder. Also used by the backup import, which rebuilds every line
 * of an imported log exactly as this phone would have written it.
 */
export function historyFields<S extends BaseSetup>(
  logic: GameLogic<S>,
  setup: S,
  before: AnyMachineSnapshot,
  next: AnyMachineSnapshot,
  event: GameEvent
): { label: string; period: number; minor: boolean } {
  return {
    label: logic.describe(event, before, next, setup),
    period: logic.period(before, setup).number,
    minor: logic.stepEvents.includes(event.type)
  };
}

/**
 * Why an event would be refused now, without sending it; undefined when it would be accepted. A
 * game that cannot be fully read (`problem`) refuses everything with that reason.
 */
export function checkEvent<S extends BaseSetup>(
  logic: GameLogic<S>,
  snapshot: AnyMachineSnapshot,
  event: GameEvent,
  setup: S,
  problem: string | undefined
): string | undefined {
  if (problem) return problem;
  if (step(logic, snapshot, event)) return undefined;
  return refusalReason(logic, snapshot, event, setup);
}

/** Why the machine refuses an event now, in plain words. */
export function refusalReason<S extends BaseSetup>(
  logic: GameLogic<S>,
  snapshot: AnyMachineSnapshot,
  event: GameEvent,
  setup: S
): string {
  const reason = gameRefusal(logic, snapshot, event, setup);
  if (reason) return reason;
  const title = stepMeta(logic, snapshot, setup)?.title;
  return title ? `That is not possible during “${title}”.` : 'That is not possible right now.';
}

/**
 * The game's own words for a refusal, or undefined where it has none: the end of the game, then
 * "not in this step" or "not like that" as the machine's own table says (so the words cannot
 * disagree with the machine).
 */
export function gameRefusal<S extends BaseSetup>(
  logic: GameLogic<S>,
  snapshot: AnyMachineSnapshot,
  event: GameEvent,
  setup: S
): string | undefined {
  if (snapshot.status === 'done') return 'The game is over. Undo the last step to change it.';
  return takesEvent(logic, snapshot, event.type)
    ? logic.refusal(snapshot, event, setup)
    : logic.notNow(snapshot, event, setup);
}

/** The current step's meta (title, what to do now, rules links): the deepest state's, adapted. */
export function stepMeta<S extends BaseSetup>(
  logic: GameLogic<S>,
  snapshot: AnyMachineSnapshot,
  setup: S
): StepMeta | undefined {
  const all = snapshot.getMeta() as Record<string, StepMeta | undefined>;
  let found: StepMeta | undefined;
  // getMeta lists parents before children: the last with a title is the deepest.
  for (const meta of Object.values(all)) if (meta && meta.title) found = meta;
  if (found && logic.describeStep) return logic.describeStep(snapshot, setup, found);
  return found;
}
