import type { StepMeta } from '../session/types';

/**
 * The meta a state node carries (title, what the table does now, the rules sections), so the play
 * screen can always say what happens now. Only the machines' config uses it: snapshots never hold
 * it, so saved games do not depend on it.
 */
export const stepMeta = (title: string, now: string, rules: string[]): StepMeta => ({ title, now, rules });
