/**
 * The turn as a checklist for the quick flow: the five steps, the battle with the beats of an
 * attack. Titles and rules links come from the machine's own step meta (through
 * GameLogic.describeStep), so the checklist and Guide me never say different things.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { ChecklistStage } from '../../ui/checklist';
import { stepMeta } from '../kit';
import { epicMachine } from '../../machines/epic';
import type { EpicSetup } from './format';
import { epicLogic } from './logic';
import { initialContext } from './table';

const ATTACK = ['declare', 'block', 'range', 'damage'] as const;

function metaAt(setup: EpicSetup, value: unknown) {
  const context = {
    ...initialContext({
      players: setup.players.map((p) => p.id),
      format: setup.format,
      packs: setup.packs,
      match: setup.match,
      first: setup.first
    }),
    turn: 2
  };
  const snapshot = epicMachine.resolveState({ value: value as never, context }) as AnyMachineSnapshot;
  return stepMeta(epicLogic, snapshot, setup)!;
}

/** The step's own title, without "Turn 2 · Ana · " in front. */
const bare = (title: string) => title.replace(/^(Game \d+ · )?Turn \d+ · .*? · /, '');

export function turnStages(setup: EpicSetup): ChecklistStage[] {
  const one = (id: string, label: string) => {
    const meta = metaAt(setup, { game: id });
    return { id, label, steps: [{ id, label: meta.now.split('. ')[0], rules: meta.rules }] };
  };
  const ready = metaAt(setup, { game: { battle: 'ready' } });
  return [
    one('prepare', 'Prepare'),
    one('preBattle', 'Pre-Battle'),
    {
      id: 'battle',
      label: 'Battle',
      steps: [
        { id: 'ready', label: 'Attack, or end the step', rules: ready.rules },
        ...ATTACK.map((s) => {
          const meta = metaAt(setup, { game: { battle: s } });
          return { id: s, label: bare(meta.title), rules: meta.rules };
        })
      ]
    },
    one('build', 'Build'),
    one('end', 'End')
  ];
}

/** Where the game is on that checklist. */
export function currentStage(snapshot: AnyMachineSnapshot): { stage?: string; step?: string } {
  const value = snapshot.value as { game?: string | { battle: string } } | string;
  if (typeof value === 'string' || !value.game) return {};
  if (typeof value.game === 'object') return { stage: 'battle', step: value.game.battle };
  return { stage: value.game, step: value.game };
}
