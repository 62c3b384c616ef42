/**
 * Twilight of the Gods: the optional draft, the opening hands, then turn after turn through the
 * eight phases (Refresh, Draw, Trade, Seize, Resource, Summoning, Combat in six steps, End) until
 * one player or team is left.
 *
 * Two ways through the same states. "Guide me" walks every step with NEXT. The quick flow never
 * taps through a reminder: every event that carries a number or a choice is accepted in any step
 * up to the end of the phase it belongs to, and moves the machine forward to its step; END_TURN
 * ends the turn from wherever the table is. What an event does to the numbers, and whether the
 * cards allow it, is in games/twilight/table.ts; this file says when in the turn it may happen.
 * Pure: every number comes in an event.
 */
import { assign, setup } from 'xstate';
import { stepMeta, type StateMeta } from './meta';
import type { TwilightSetup } from '../games/twilight/format';
import {
  applyEvent,
  deitiesDrafted,
  everyoneChose,
  initialContext,
  nextTurnIsFirst,
  resourceOwed,
  resourceOwedReason,
  seatNamer,
  tableProblem,
  type Namer,
  type TwilightContext,
  type TwilightEvent
} from '../games/twilight/table';
import { PILES } from '../games/twilight/draft';

/**
 * The steps of a turn, in order. A dot marks a step inside a phase. The states themselves sit one
 * level under `turn` ('combat.life' is the state 'combat-life'): a flat turn replays faster.
 */
export const STEPS = [
  'refresh.cards',
  'refresh.upkeep',
  'refresh.thaw',
  'draw',
  'trade',
  'seize',
  'resource',
  'summoning',
  'combat.attackers',
  'combat.defenders',
  'combat.replace',
  'combat.creatures',
  'combat.discard',
  'combat.life',
  'end.recover',
  'end.thaw',
  'end.decay'
] as const;
export type StepId = (typeof STEPS)[number];

const at = (step: StepId) => STEPS.indexOf(step);
const RESOURCE = at('resource');

/** Events that belong to a step: the step they move to, and the last step that still takes them. */
type Window = { home: StepId; last: StepId; over: string; early?: { after: StepId; reason: string } };
const WINDOWS: Partial<Record<TwilightEvent['type'], Window>> = {
  TRADE: { home: 'trade', last: 'trade', over: 'The Trade Phase is over for this turn.' },
  FORCED_TRADE: { home: 'trade', last: 'trade', over: 'The Trade Phase is over for this turn.' },
  SEIZE: { home: 'seize', last: 'seize', over: 'The Seize Phase is over for this turn.' },
  // The table may tell the app the level late (say, with End turn); the counts come out the same.
  RESOURCE: { home: 'resource', last: 'end.decay', over: '' },
  // Schemes are Summoned whenever Active Effects are allowed, so cards leave the Hand all turn.
  SUMMON: { home: 'summoning', last: 'end.decay', over: '' },
  // Each combat step is fully resolved before the next: no Discard Stack damage after a Life
  // Stack hit, which would Destroy the very cards that hit turned over.
  HIT_DISCARD: {
    home: 'combat.discard',
    last: 'combat.discard',
    over: 'Combat is over for this turn.',
    early: {
      after: 'combat.life',
      reason:
        'Discard Stack damage (step e) comes before Life Stack damage (step f): undo the Life Stack hit to add one.'
    }
  },
  HIT_LIFE: { home: 'combat.life', last: 'combat.life', over: 'Combat is over for this turn.' },
  DECAY: { home: 'end.decay', last: 'end.decay', over: '' }
};

/**
 * Events that may happen at any moment of a turn without moving it: card effects (a Scheme any
 * player plays, a Creature Slain, cards Discarded or Destroyed) and corrections.
 */
const ANY_TIME: TwilightEvent['type'][] = ['DEITY_POWER', 'ADJUST', 'MOVE'];

/**
 * Going from `from` to `to` would leave the Resource Phase behind while the active player still
 * owes its Aspect: Guide me's Next from the Resource step, and the end of the turn. (Other events
 * may come first: the table tells the app the level when it likes, but before the turn ends.)
 */
function skipsResource(ctx: TwilightContext, from: number, to: number): boolean {
  return from <= RESOURCE && to > RESOURCE && resourceOwed(ctx);
}

/** Where NEXT leads from a step (undefined from the last one: END_TURN ends the turn). */
function nextStep(step: StepId): StepId | undefined {
  return STEPS[at(step) + 1];
}

/**
 * The one check for every event during a turn: the phase window, the Resource Phase that must not
 * be skipped, then the numbers (table.ts). The machine's guards and the refusal text both call it.
 */
export function turnProblem(
  ctx: TwilightContext,
  event: TwilightEvent,
  step: StepId,
  name: Namer
): string | undefined {
  const here = at(step);
  switch (event.type) {
    case 'NEXT': {
      const to = nextStep(step);
      if (!to) return 'This is the last step: end the turn.';
      return skipsResource(ctx, here, at(to)) ? resourceOwedReason(ctx, name) : undefined;
    }
    case 'NO_ATTACK':
      return step === 'combat.attackers' ? undefined : 'Skip combat when attackers are declared.';
    case 'END_TURN':
      if (event.place === undefined && resourceOwed(ctx)) return resourceOwedReason(ctx, name);
      return tableProblem(ctx, event, name);
  }
  const window = WINDOWS[event.type];
  if (window) {
    if (here > at(window.last))
      return window.early && here <= at(window.early.after) ? window.early.reason : window.over;
  } else if (!ANY_TIME.includes(event.type)) {
    return event.type === 'MULLIGAN' ? 'Mulligans are taken before the first turn.' : 'The draft is over.';
  }
  return tableProblem(ctx, event, name);
}

/** What every step shows; the logic adapts a few lines to the game in progress (describeStep). */
export const STEP_META: Record<StepId, StateMeta> = {
  'refresh.cards': stepMeta(
    'Refresh · Cards',
    'Turn your Exhausted Aspects, Creatures and Fortifications Fresh, except Frozen ones. No Active Effects, apart from generating Power.',
    ['phase-refresh', 'card-states', 'frozen'],
    { stage: 'start', label: 'Refresh: cards' }
  ),
  'refresh.upkeep': stepMeta(
    'Refresh · Upkeep',
    'Pay every Intrigue’s upkeep, as much as you can: paid in full turns Fresh, paid short turns Exhausted. No Active Effects, apart from generating Power.',
    ['refresh-upkeep', 'intrigues'],
    { stage: 'start', label: 'Refresh: upkeep' }
  ),
  'refresh.thaw': stepMeta(
    'Refresh · Thaw',
    'Take every Freeze marker off your cards. No Active Effects.',
    ['phase-refresh', 'frozen'],
    { stage: 'start', label: 'Refresh: thaw' }
  ),
  draw: stepMeta(
    'Draw',
    'Draw 2 cards from your Life Stack; the app has counted them. Active Effects allowed, before and after.',
    ['phase-draw', 'multi-draw'],
    { stage: 'start' }
  ),
  trade: stepMeta(
    'Trade',
    'Trade Aspect cards from your Hand with an opponent, or force a Trade when both Life Stacks show matching top cards. No Active Effects.',
    ['phase-trade', 'free-trade', 'forced-trade', 'ruling-forced-trade', 'multi-trade'],
    { stage: 'aspects' }
  ),
  seize: stepMeta(
    'Seize',
    'No Trade with an opponent? Seize Aspects from them, paying with cards from your Hand, as often as you can pay. No Active Effects.',
    ['phase-seize', 'seize-cost', 'seize-search', 'seize-discounts', 'ruling-seize-discounts', 'multi-seize'],
    { stage: 'aspects' }
  ),
  resource: stepMeta(
    'Resource',
    'Put one Aspect from your Aspect Stack into your Resource Area, Fresh: tap its level. Active Effects allowed.',
    ['phase-resource', 'ruling-resource-ae', 'aspect-zones'],
    { stage: 'aspects' }
  ),
  summoning: stepMeta(
    'Summoning',
    'Exhaust Aspects to Summon cards from your Hand, as many as you can pay for, within the Creature Limit. Active Effects allowed.',
    ['phase-summoning', 'creature-limit', 'paying', 'schemes'],
    { stage: 'aspects' }
  ),
  'combat.attackers': stepMeta(
    'Combat a · Attackers',
    'Choose Fresh Creatures (not Summoned this turn) to attack one opponent’s Life Stack or Discard Stack, and Exhaust them. Active Effects allowed after the step.',
    ['combat-declare-attackers', 'phase-combat', 'ruling-multi-attack', 'ruling-team-attack'],
    { stage: 'combat', label: 'a · Attackers' }
  ),
  'combat.defenders': stepMeta(
    'Combat b · Defenders',
    'The defender picks Fresh Creatures to block, one per attacker at most; blockers stay Fresh. Active Effects allowed after the step.',
    ['combat-declare-defenders', 'call-to-defense'],
    { stage: 'combat', label: 'b · Defenders' }
  ),
  'combat.replace': stepMeta(
    'Combat c · Replace defenders',
    'A blocker that left play may be replaced by a Fresh Creature not yet blocking; a Mini-card cannot be. Active Effects allowed after the step.',
    ['combat-replace-defenders', 'ruling-replace-defenders'],
    { stage: 'combat', label: 'c · Replace defenders' }
  ),
  'combat.creatures': stepMeta(
    'Combat d · Creature damage',
    'Each attacker and its blocker deal their Fight to each other at once; Armor stops some. Active Effects allowed after the step.',
    ['combat-creature-damage', 'fight-life', 'combat-effect-lock', 'ruling-card-destinations'],
    { stage: 'combat', label: 'd · Creature damage' }
  ),
  'combat.discard': stepMeta(
    'Combat e · Discard Stack damage',
    'Each unblocked attacker on the Discard Stack Destroys half its current Life there, rounded up: enter its Life. Active Effects allowed after the step.',
    ['combat-discard-damage'],
    { stage: 'combat', label: 'e · Discard Stack damage' }
  ),
  'combat.life': stepMeta(
    'Combat f · Life Stack damage',
    'Each unblocked attacker on the Life Stack turns over its current Life in cards onto the Discard Stack: enter its Life. Active Effects allowed after the step.',
    ['combat-life-damage', 'combat-notes'],
    { stage: 'combat', label: 'f · Life Stack damage' }
  ),
  'end.recover': stepMeta(
    'End · Recover',
    'Every player turns Manifested Aspects face down, shuffles each level and lays it out with as many Exhausted as before. Active Effects allowed.',
    ['end-recover', 'phase-end'],
    { stage: 'end' }
  ),
  'end.thaw': stepMeta(
    'End · Thaw',
    'Take the Freeze markers off your Prescience cards. Active Effects allowed.',
    ['phase-end', 'ruling-prescience-thaw'],
    { stage: 'end' }
  ),
  'end.decay': stepMeta(
    'End · Decay',
    'Every player Destroys Life Stack cards for Power left unspent: 1, 2 or 3 per I, II or III. Then end the turn.',
    ['decay', 'ruling-decay'],
    { stage: 'end' }
  )
};

type Guard = (args: { context: TwilightContext; event: TwilightEvent }) => boolean;
type Transition = { guard?: Guard; target?: string; actions?: 'change' };

/** The transitions of one step: every turn event, checked against that step, moving forward. */
function stepTransitions(step: StepId): Record<string, Transition | Transition[]> {
  const ok = ({ context, event }: { context: TwilightContext; event: TwilightEvent }) =>
    turnProblem(context, event, step, seatNamer) === undefined;
  const on: Record<string, Transition | Transition[]> = {};
  for (const [type, window] of Object.entries(WINDOWS)) {
    if (at(step) > at(window!.last)) continue;
    const moves = at(step) < at(window!.home);
    on[type] = {
      guard: ok,
      actions: 'change',
      ...(moves ? { target: `#twilight.turn.${key(window!.home)}` } : {})
    };
  }
  for (const type of ANY_TIME) on[type] = { guard: ok, actions: 'change' };
  const next = nextStep(step);
  if (next) on.NEXT = { guard: ok, target: `#twilight.turn.${key(next)}` };
  if (step === 'combat.attackers') on.NO_ATTACK = { target: `#twilight.turn.${key('end.recover')}` };
  // A player's first turn has no Refresh Phase: it starts at the Draw.
  const firstNext: Guard = (args) => nextTurnIsFirst(args.context) && ok(args);
  on.END_TURN = [
    { guard: firstNext, target: '#twilight.turn.draw', actions: 'change' },
    { guard: ok, target: `#twilight.turn.${key('refresh.cards')}`, actions: 'change' }
  ];
  return on;
}

function leaf(step: StepId) {
  return { meta: STEP_META[step], on: stepTransitions(step) };
}

/** A step's state key: state keys cannot hold dots, so 'combat.life' is the state 'combat-life'. */
const key = (step: StepId) => step.replace('.', '-');
type StepKey = StepId extends infer S ? (S extends `${infer A}.${infer B}` ? `${A}-${B}` : S) : never;

export const twilightMachine = setup({
  types: {
    context: {} as TwilightContext,
    events: {} as TwilightEvent,
    input: {} as TwilightSetup
  },
  guards: {
    drafting: ({ context }) => context.draft !== null,
    deitiesDrafted: ({ context }) => deitiesDrafted(context),
    actionsDrafted: ({ context }) => (context.draft?.actions.pile ?? 0) >= PILES,
    everyoneChose: ({ context }) => everyoneChose(context),
    gameOver: ({ context }) => context.outcome !== null,
    draftKeep: ({ context, event }) =>
      event.type === 'DRAFT_KEEP' && !tableProblem(context, event, seatNamer),
    chooseDeity: ({ context, event }) =>
      event.type === 'CHOOSE_DEITY' && !tableProblem(context, event, seatNamer),
    mulligan: ({ context, event }) => event.type === 'MULLIGAN' && !tableProblem(context, event, seatNamer)
  },
  actions: { change: assign(({ context, event }) => applyEvent(context, event)) }
}).createMachine({
  id: 'twilight',
  context: ({ input }) => initialContext(input),
  output: ({ context }) => context.outcome,
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'drafting', target: 'draft' }, { target: 'opening' }]
    },
    draft: {
      initial: 'deities',
      states: {
        deities: {
          meta: stepMeta(
            'Draft · Deities',
            'Each player keeps one Deity from those in hand and passes the rest to the left. After two passes, keep the last one.',
            ['draft-deities', 'ruling-draft-pool']
          ),
          always: { guard: 'deitiesDrafted', target: 'actions' },
          on: { DRAFT_KEEP: { guard: 'draftKeep', actions: 'change' } }
        },
        actions: {
          meta: stepMeta(
            'Draft · Action cards',
            'Keep one card from the pile in your hand and pass the rest: 20 picks a pile, passing right, then left, then right.',
            ['draft-actions']
          ),
          always: { guard: 'actionsDrafted', target: 'build' },
          on: { DRAFT_PICK: { actions: 'change' }, PILE_DONE: { actions: 'change' } }
        },
        build: {
          meta: stepMeta(
            'Draft · Decks',
            'Each player picks one of their three Deities and builds a 50-card deck from the 60 drafted cards.',
            ['draft-build', 'deck-building']
          ),
          always: { guard: 'everyoneChose', target: '#twilight.opening' },
          on: { CHOOSE_DEITY: { guard: 'chooseDeity', actions: 'change' } }
        }
      }
    },
    opening: {
      meta: stepMeta(
        'Opening hands',
        'Shuffle, let an opponent cut, draw 7. Each player may take one mulligan. Then the first player begins.',
        ['setup', 'mulligan', 'first-player', 'starting-numbers']
      ),
      on: {
        MULLIGAN: { guard: 'mulligan', actions: 'change' },
        BEGIN: { target: 'turn.draw', actions: 'change' }
      }
    },
    turn: {
      initial: 'draw',
      always: { guard: 'gameOver', target: 'over' },
      states: {
        // Typed by key, so the state value type names each step (screens' paths are checked by it).
        ...(Object.fromEntries(STEPS.map((s) => [key(s), leaf(s)])) as Record<
          StepKey,
          ReturnType<typeof leaf>
        >)
      }
    },
    over: {
      type: 'final',
      meta: stepMeta('Game over', 'One player or team is left standing. Undo if a number went in wrongly.', [
        'winning',
        'running-out'
      ])
    }
  }
});

/** The step a snapshot is at during a turn, e.g. 'combat.life'; undefined outside a turn. */
export function stepOf(value: unknown): StepId | undefined {
  if (!value || typeof value !== 'object' || !('turn' in value)) return undefined;
  const turn = (value as { turn: unknown }).turn;
  if (typeof turn !== 'string') return undefined;
  const id = turn.replace('-', '.') as StepId;
  return STEPS.includes(id) ? id : undefined;
}
