/**
 * Checks and imports in one go: the entry point for a file that needs no choices (tests, the
 * benchmark, a game file). The Settings page plans (plan.ts), asks, then applies (apply.ts).
 */
import type { TablesideDB } from '../db/schema';
import type { GameResolver } from './format';
import type { CheckOptions } from './check';
import type { Choice } from './decide';
import type { ImportSummary } from './summary';
import { planImport, type Conflict, type ImportPlan } from './plan';
import { applyImport } from './apply';

export type ImportResult =
  | { ok: false; errors: string[]; details?: string[] }
  /** Written: what happened to each game. */
  | { ok: true; written: true; summary: ImportSummary }
  /** Nothing written yet: these games need a choice (pass `choices`, or use `applyImport`). */
  | { ok: true; written: false; conflicts: Conflict[]; plan: ImportPlan };

/**
 * Checks and imports in one go when no game is in conflict (or `choices` settles each); else
 * returns the conflicts and writes nothing.
 */
export async function importBackup(
  db: TablesideDB,
  input: string | Uint8Array,
  resolveGame: GameResolver,
  options: CheckOptions & { choices?: Readonly<Record<string, Choice>> } = {}
): Promise<ImportResult> {
  const planned = await planImport(db, input, resolveGame, options);
  if (!planned.ok) return planned;
  const { plan } = planned;
  const choices = options.choices ?? {};
  if (plan.conflicts.some((c) => !choices[c.id])) {
    return { ok: true, written: false, conflicts: plan.conflicts, plan };
  }
  const applied = await applyImport(db, plan, choices);
  return applied.ok ? { ok: true, written: true, summary: applied.summary } : applied;
}
