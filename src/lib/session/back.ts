/**
 * "Back to here" in the history: from a line a person chose, how many steps in effect come after
 * it, what they were, and the words for the log entry that takes them back as one action. Pure.
 */
import type { StepRecord } from '../db/records';
import { continues, type Keyed } from './adjust';
import { backSteps } from './log';

export interface BackPlan {
  /** How many steps in effect it takes back (each tap of an adjustment counts). */
  steps: number;
  /** The history lines taken back, newest first (an adjustment's taps are one line). */
  lines: string[];
  /** The line the game goes back to. */
  kept: string;
}

/**
 * What going back to the step with this seq takes back; a plain reason when it cannot. `reach`:
 * how many of the newest steps can be taken back from what is held (Timeline.backReach).
 */
export function backPlan(
  logic: Keyed,
  effective: readonly StepRecord[],
  seq: number,
  reach: number = effective.length
): BackPlan | { reason: string } {
  const at = effective.findIndex((e) => e.seq === seq);
  if (at < 0) return { reason: 'That step is no longer in effect, so the game cannot go back to it.' };
  const steps = effective.length - 1 - at;
  const reason = backRefusal(steps, effective.length, reach);
  if (reason) return { reason };
  const after = effective.slice(at + 1);
  const lines = after
    .filter((e, i) => !continues(logic, e, after[i + 1] ?? e))
    .map((e) => e.label)
    .reverse();
  return { steps, lines, kept: effective[at].label };
}

/** Why a back of `steps` cannot be taken now; undefined when it can. */
export function backRefusal(steps: number, held: number, reach: number): string | undefined {
  if (!backSteps(steps)) return 'That is already the newest step: there is nothing to take back.';
  if (steps > held) return `The game has only ${held} ${plural(held, 'step')} to take back, not ${steps}.`;
  if (steps > reach) return 'Reading earlier steps. Try Back to here again in a moment.';
  return undefined;
}

/** The back entry's history line, also what Undo then names ("Undo: Back 10 steps"). */
export function backLabel(steps: number, kept?: string): string {
  const what = `Back ${steps} ${plural(steps, 'step')}`;
  return kept ? `${what}, to “${kept}”` : `${what}, to the start`;
}

/** The confirm's words: how many steps, and which lines, go. */
export function backQuestion(plan: BackPlan): string {
  return `Take back the last ${plan.steps} ${plural(plan.steps, 'step')}, back to “${plan.kept}”? One Undo brings ${plan.steps === 1 ? 'it' : 'them all'} back.`;
}

/**
 * The newest line in effect of a history (newest first): it is where the game already is, so it
 * has no "Back to here". Undone lines and taps another phone's tap made moot never have one.
 */
export function newestStep(
  items: readonly { seq: number; undone: boolean; notApplied?: boolean }[]
): number | undefined {
  return items.find((item) => !item.undone && !item.notApplied)?.seq;
}

export function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}
