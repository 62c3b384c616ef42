import type { StepMeta } from '../session/types';

/**
 * Marks a state as a step of the quick flow's checklist (ui/checklist.ts builds the checklist from
 * these marks, in the order the states are written), so the checklist cannot list a step the
 * machine lacks, or miss one it has.
 */
export interface ChecklistMark {
  /** The stage the step is listed under: an id in the game's checklist plan. */
  stage: string;
  /**
   * The step's words on the checklist. Without it, the step's title as Guide me shows it, without
   * its "Round 2 · Ana · " lead (the part after the last " · ").
   */
  label?: string;
  /**
   * A guard of the machine that must hold for the step to be listed (read in the stage's
   * context): a step the game can never reach (Theos's Realm move with one Realm) stays off.
   */
  when?: string;
}

/** A state's meta, with its checklist mark when it is one of the checklist's steps. */
export type StateMeta = StepMeta & { checklist?: ChecklistMark };

/**
 * The meta a state node carries (title, what the table does now, the rules sections), so the play
 * screen can always say what happens now. Only the machines' config uses it: snapshots never hold
 * it, so saved games do not depend on it.
 */
export const stepMeta = (
  title: string,
  now: string,
  rules: string[],
  checklist?: ChecklistMark
): StateMeta => (checklist ? { title, now, rules, checklist } : { title, now, rules });
