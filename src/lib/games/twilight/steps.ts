/**
 * The turn as a checklist for the quick flow: the eight phases in four stages that fit a phone's
 * width (the start of the turn; getting Aspects and spending them on Summons; Combat; the end),
 * each with its steps. Rules links come from the machine's own step meta, so the checklist and Guide me never
 * disagree.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { ChecklistStage } from '../../ui/checklist';
import { phaseName, STEP_META, STEPS, stepOf, type StepId } from '../../machines/twilight';

const STAGES: { id: string; label: string; phases: string[] }[] = [
  { id: 'start', label: 'Start', phases: ['refresh', 'draw'] },
  { id: 'aspects', label: 'Aspects', phases: ['trade', 'seize', 'resource', 'summoning'] },
  { id: 'combat', label: 'Combat', phases: ['combat'] },
  { id: 'end', label: 'End', phases: ['end'] }
];

const phaseOf = (step: StepId) => step.split('.')[0];

/** "Refresh · Upkeep" → "Refresh: upkeep"; "Combat a · Attackers" → "a · Attackers"; "Trade". */
function label(step: StepId): string {
  const title = STEP_META[step].title;
  if (!title.includes(' · ')) return phaseName(step);
  const [phase, own] = title.split(' · ');
  if (phaseOf(step) === 'combat') return `${phase.slice(-1)} · ${own}`;
  if (phaseOf(step) === 'refresh') return `${phase}: ${own.toLowerCase()}`;
  return own;
}

export function turnStages(): ChecklistStage[] {
  return STAGES.map((stage) => ({
    id: stage.id,
    label: stage.label,
    steps: STEPS.filter((s) => stage.phases.includes(phaseOf(s))).map((s) => ({
      id: s,
      label: label(s),
      rules: STEP_META[s].rules
    }))
  }));
}

/** Where the game is on that checklist. */
export function currentStage(snapshot: AnyMachineSnapshot): { stage?: string; step?: string } {
  const step = stepOf(snapshot.value);
  if (!step) return {};
  return { stage: STAGES.find((s) => s.phases.includes(phaseOf(step)))!.id, step };
}
