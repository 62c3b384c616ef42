/**
 * The quick flow's turn checklist (StepChecklist.svelte), read off the game's machine: the states
 * whose meta carries a checklist mark (machines/meta.ts) are its steps, in the order the machine
 * writes them, under the stages of a short plan the game gives as data. Labels and rules links are
 * what Guide me shows in that state (through the game's describeStep), so the two never disagree.
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, StateValue } from 'xstate';
import type { BaseSetup } from '../db/records';
import type { ChecklistMark, StateMeta } from '../machines/meta';
import { initialState } from '../session/replay';
import { stepMeta } from '../session/send';
import type { GameLogic } from '../session/types';

interface ChecklistStep {
  id: string;
  label: string;
  /** Rules section ids for this step (opened with one tap). */
  rules: string[];
}

export interface ChecklistStage {
  id: string;
  label: string;
  steps: ChecklistStep[];
}

/** Where the game is on its checklist: no stage between steps (a draft, the opening). */
interface ChecklistWhere {
  stage?: string;
  step?: string;
}

interface ChecklistStagePlan {
  /** The id the steps' marks name. */
  id: string;
  label: string;
  /**
   * Context fields the stage's steps are read in, over a new game's: a step's rules can depend on
   * the game so far (WiZ lists a later turn's rules, not a first turn's).
   */
  context?: Record<string, unknown>;
  /**
   * One stage per value of a context field, each read with it: Titans's `age` 1, 2, 3 gives the
   * stages age-1 "Age 1", age-2 "Age 2"…, and a game in age 2 is in age-2.
   */
  each?: { field: string; values: readonly (string | number)[] };
}

/** A game's checklist stages, in the order shown, and the context every step is read in. */
interface ChecklistPlan {
  context?: Record<string, unknown>;
  stages: readonly ChecklistStagePlan[];
}

export interface Checklist<S extends BaseSetup> {
  /** The stages and their steps for this setup. */
  stages(setup: S): ChecklistStage[];
  /** Where a snapshot is, from its deepest marked state. */
  where(snapshot: AnyMachineSnapshot): ChecklistWhere;
}

interface Marked {
  node: AnyStateNode;
  mark: ChecklistMark;
  stage: ChecklistStagePlan;
}

/** The state value that has `node` as its active leaf. */
function valueOf(node: AnyStateNode): StateValue {
  return node.path.reduceRight<StateValue | undefined>(
    (inner, key) => (inner ? { [key]: inner } : key),
    undefined
  )!;
}

export function machineChecklist<S extends BaseSetup>(
  logic: GameLogic<S>,
  plan: ChecklistPlan
): Checklist<S> {
  const machine: AnyStateMachine = logic.machine;
  const marked: Marked[] = [];
  const walk = (node: AnyStateNode) => {
    const mark = (node.meta as StateMeta | undefined)?.checklist;
    if (mark) {
      const stage = plan.stages.find((s) => s.id === mark.stage);
      if (!stage) throw new Error(`${node.id}: no checklist stage "${mark.stage}"`);
      if (mark.when && typeof machine.implementations.guards[mark.when] !== 'function')
        throw new Error(`${node.id}: no guard "${mark.when}"`);
      marked.push({ node, mark, stage });
    }
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root);
  // Meta objects are the state nodes' own (the fast replay hands out the same ones), so a
  // snapshot's meta finds its step without reading the state value's shape.
  const byMeta = new Map<unknown, Marked>(marked.map((m) => [m.node.meta, m]));

  const reachable = (mark: ChecklistMark, context: unknown) => {
    if (!mark.when) return true;
    const guard = machine.implementations.guards[mark.when] as (args: unknown, params: unknown) => boolean;
    return guard({ context, event: { type: 'xstate.init' } }, undefined);
  };

  return {
    stages(setup) {
      const base = { ...initialState(logic, setup).context, ...plan.context };
      return plan.stages.flatMap((stage) => {
        const context = { ...base, ...stage.context };
        const copies = stage.each
          ? stage.each.values.map((v) => ({
              id: `${stage.id}-${v}`,
              label: `${stage.label} ${v}`,
              context: { ...context, [stage.each!.field]: v }
            }))
          : [{ id: stage.id, label: stage.label, context }];
        return copies.map((copy) => ({
          id: copy.id,
          label: copy.label,
          steps: marked
            .filter((m) => m.stage === stage && reachable(m.mark, copy.context))
            .map(({ node, mark }) => {
              const snapshot = machine.resolveState({ value: valueOf(node), context: copy.context });
              const meta = stepMeta(logic, snapshot as AnyMachineSnapshot, setup)!;
              return {
                id: node.key,
                label: mark.label ?? meta.title.split(' · ').at(-1)!,
                rules: meta.rules
              };
            })
        }));
      });
    },
    where(snapshot) {
      const metas = Object.values(snapshot.getMeta());
      for (let i = metas.length - 1; i >= 0; i--) {
        const found = byMeta.get(metas[i]);
        if (!found) continue;
        const each = found.stage.each;
        const ctx = snapshot.context as Record<string, unknown>;
        return {
          stage: each ? `${found.stage.id}-${String(ctx[each.field])}` : found.stage.id,
          step: found.node.key
        };
      }
      return {};
    }
  };
}
