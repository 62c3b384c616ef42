/**
 * A round as a checklist for the quick flow: the Start Phase, a turn's four steps and the End
 * Phase. Titles and rules links come from the machine's own step meta (through
 * GameLogic.describeStep), so the checklist and Guide me never say different things.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { ChecklistStage } from '../../ui/checklist';
import { stepMeta } from '../kit';
import { initialContext, theosMachine } from '../../machines/theos';
import type { TheosSetup } from './format';
import { theosLogic } from './logic';

/** The step meta Guide me would show in a state, stripped of its "Round 1 · Turn 1 of 7 · " part. */
function metaAt(setup: TheosSetup, value: unknown) {
  const context = { ...initialContext(setup), draft: null };
  const snapshot = theosMachine.resolveState({ value: value as never, context }) as AnyMachineSnapshot;
  const meta = stepMeta(theosLogic, snapshot, setup)!;
  return { ...meta, title: meta.title.split(' · ').at(-1)! };
}

export function roundStages(setup: TheosSetup): ChecklistStage[] {
  const start = metaAt(setup, 'start');
  const turn = (['choose', 'reveal', 'blanks', 'resolve'] as const).map((s) => {
    const meta = metaAt(setup, { play: s });
    return { id: s, label: meta.title, rules: meta.rules };
  });
  const end = (['order', 'cleanup', ...(setup.faces.length > 1 ? ['move'] : [])] as const).map((s) => {
    const meta = metaAt(setup, { end: s });
    return { id: s, label: meta.title, rules: meta.rules };
  });
  return [
    {
      id: 'start',
      label: 'Start',
      steps: [{ id: 'start', label: 'Set the die, build a hand of 7', rules: start.rules }]
    },
    { id: 'turn', label: 'Turns', steps: turn },
    { id: 'end', label: 'End', steps: end }
  ];
}

/** Where the game is on that checklist. */
export function currentStage(snapshot: AnyMachineSnapshot): { stage?: string; step?: string } {
  const value = snapshot.value as string | Record<string, string>;
  if (value === 'start') return { stage: 'start', step: 'start' };
  if (typeof value === 'object' && value.play) return { stage: 'turn', step: value.play };
  if (typeof value === 'object' && value.end) return { stage: 'end', step: value.end };
  return {};
}
