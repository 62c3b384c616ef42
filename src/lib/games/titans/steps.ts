/**
 * The turn as a checklist for the quick flow: start, the three ages with their five steps, the
 * battle and the end of the turn. Titles and rules links come from the machine's own step meta
 * (through GameLogic.describeStep), so the checklist and Guide me never say different things.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { ChecklistStage } from '../../ui/checklist';
import { stepMeta } from '../kit';
import { initialContext, titansMachine } from '../../machines/titans';
import type { TitansSetup } from './format';
import { titansLogic } from './logic';

const AGE_STEPS = ['opening', 'play', 'now', 'awaken', 'closing'] as const;

/** The step meta Guide me would show in a given state (age 1-3 for the age steps). */
function metaAt(setup: TitansSetup, value: unknown, age: 1 | 2 | 3 = 1) {
  const snapshot = titansMachine.resolveState({
    value: value as never,
    context: { ...initialContext(setup), age }
  }) as AnyMachineSnapshot;
  return stepMeta(titansLogic, snapshot, setup)!;
}

export function turnStages(setup: TitansSetup): ChecklistStage[] {
  const start = metaAt(setup, { turn: 'start' });
  const ages = ([1, 2, 3] as const).map((age) => ({
    id: `age-${age}`,
    label: `Age ${age}`,
    steps: AGE_STEPS.map((s) => {
      const meta = metaAt(setup, { turn: { age: s } }, age);
      return { id: s, label: meta.title.replace(/^Age \d · /, ''), rules: meta.rules };
    })
  }));
  const battle = metaAt(setup, { turn: 'battle' }, 3);
  const end = metaAt(setup, { turn: 'endOfTurn' }, 3);
  const shuffle = metaAt(setup, { turn: 'shuffle' }, 3);
  return [
    { id: 'start', label: 'Start', steps: [{ id: 'surge', label: 'Surge (optional)', rules: start.rules }] },
    ...ages,
    {
      id: 'battle',
      label: 'Battle',
      steps: [{ id: 'battle', label: 'Add up and enter each side’s power', rules: battle.rules }]
    },
    {
      id: 'end',
      label: 'End',
      steps: [
        { id: 'endOfTurn', label: 'Rage, then Spite', rules: end.rules },
        { id: 'shuffle', label: 'Shuffle, draw, pass the Avatar Mat', rules: shuffle.rules }
      ]
    }
  ];
}

/** Where the game is on that checklist. */
export function currentStage(snapshot: AnyMachineSnapshot): { stage?: string; step?: string } {
  const value = snapshot.value as { turn?: string | { age: string } } | string;
  if (typeof value === 'string' || !value.turn) return {};
  const turn = value.turn;
  if (typeof turn === 'object') {
    return { stage: `age-${(snapshot.context as { age: number }).age}`, step: turn.age };
  }
  if (turn === 'start') return { stage: 'start', step: 'surge' };
  if (turn === 'battle') return { stage: 'battle', step: 'battle' };
  return { stage: 'end', step: turn };
}
