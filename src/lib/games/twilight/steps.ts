/**
 * The turn as a checklist for the quick flow: the eight phases, each with its steps. Titles and
 * rules links come from the machine's own step meta, so the checklist and Guide me never say
 * different things.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { ChecklistStage } from '../../ui/checklist';
import { phaseName, STEP_META, STEPS, stepOf, type StepId } from '../../machines/twilight';

const phaseOf = (step: StepId) => step.split('.')[0];

/** A step's label within its phase: "Attackers", "Upkeep"; a one-step phase says what to do. */
function label(step: StepId): string {
  const title = STEP_META[step].title;
  const own = title.includes(' · ') ? title.split(' · ')[1] : title;
  return own === phaseName(step) ? STEP_META[step].now.split(/[.:;]/)[0] : own;
}

export function turnStages(): ChecklistStage[] {
  const stages: ChecklistStage[] = [];
  for (const step of STEPS) {
    const id = phaseOf(step);
    let stage = stages.find((s) => s.id === id);
    if (!stage) stages.push((stage = { id, label: phaseName(step), steps: [] }));
    stage.steps.push({ id: step, label: label(step), rules: STEP_META[step].rules });
  }
  return stages;
}

/** Where the game is on that checklist. */
export function currentStage(snapshot: AnyMachineSnapshot): { stage?: string; step?: string } {
  const step = stepOf(snapshot.value);
  return step ? { stage: phaseOf(step), step } : {};
}
