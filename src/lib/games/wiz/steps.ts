/**
 * A WiZ round as a checklist for the quick flow: the deal, a turn (the order of play), and the
 * round's scoring. Titles and rules links come from the machine's own step meta (through
 * GameLogic.describeStep), so the checklist and Guide me never say different things.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { ChecklistStage } from '../../ui/checklist';
import { stepMeta } from '../kit';
import { initialContext, wizMachine, type WizContext } from '../../machines/wiz';
import type { WizSetup } from './format';
import { wizLogic } from './logic';

/** The step meta Guide me would show in a state, with a context adjusted for it. */
function metaAt(setup: WizSetup, value: unknown, context: Partial<WizContext> = {}) {
  const snapshot = wizMachine.resolveState({
    value: value as never,
    context: { ...initialContext(setup), ...context }
  }) as AnyMachineSnapshot;
  return stepMeta(wizLogic, snapshot, setup)!;
}

const TURN_STEPS = [
  ['actions', 'Action cards'],
  ['draw', 'Draw'],
  ['play', 'Play to the table'],
  ['discard', 'Discard, or go out']
] as const;

const SCORE_STEPS = [
  ['empty', 'Losers with no cards draw'],
  ['counter', 'Counters'],
  ['hands', 'Uncountered hands'],
  ['chaotic', 'Chaotic EP'],
  ['total', 'Round EP']
] as const;

export function roundStages(setup: WizSetup): ChecklistStage[] {
  const seats = setup.players.length;
  // A later turn (not a first one), so every step of the order of play shows.
  const later = { turn: { seat: 0, count: seats } };
  const deal = metaAt(setup, { round: { playing: 'deal' } });
  const replace = metaAt(setup, { round: { playing: 'replace' } });
  const outBy = {
    draft: {
      outBy: setup.players[0]?.id ?? null,
      hands: [],
      countered: [],
      chaotic: {},
      bonus: 1 as const,
      everyHand: false
    }
  };
  return [
    {
      id: 'deal',
      label: 'Deal',
      steps: [
        { id: 'deal', label: 'Deal 12 each, 13 to the left', rules: deal.rules },
        { id: 'replace', label: 'Replace action cards', rules: replace.rules }
      ]
    },
    {
      id: 'turn',
      label: 'A turn',
      steps: TURN_STEPS.map(([id, label]) => ({
        id,
        label,
        rules: metaAt(setup, { round: { playing: { turn: id } } }, later).rules
      }))
    },
    {
      id: 'score',
      label: 'Round EP',
      steps: SCORE_STEPS.map(([id, label]) => ({
        id,
        label,
        rules: metaAt(setup, { round: { scoring: id } }, outBy).rules
      }))
    }
  ];
}

/** Where the game is on that checklist. */
export function currentStage(snapshot: AnyMachineSnapshot): { stage?: string; step?: string } {
  const value = snapshot.value as { round?: { playing?: unknown; scoring?: string } } | string;
  if (typeof value === 'string' || !value.round) return {};
  const { playing, scoring } = value.round;
  if (scoring) return { stage: 'score', step: scoring };
  if (typeof playing === 'string') return { stage: 'deal', step: playing };
  const turn = (playing as { turn?: string } | undefined)?.turn;
  return turn ? { stage: 'turn', step: turn } : {};
}
