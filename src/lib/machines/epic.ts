/**
 * Epic: from the draft (if any) and the mulligans through turn after turn until one god is left,
 * a deck runs out, or (in a match) someone has won two games. The statechart walks the five steps
 * of a turn and the eight beats of an attack for "Guide me" (NEXT, ATTACK); the quick flow skips
 * all that: every event that carries information is accepted wherever the table could be and
 * moves to the step it belongs to, and NEXT_TURN ends a turn from anywhere. Pure: every number
 * comes in an event, every rule lives in `epicChecks` and `games/epic/table.ts`.
 */
import { assign, setup } from 'xstate';
import { stepMeta } from './meta';
import { MAX_PACKS, STARTING_HAND, type EpicSetup } from '../games/epic/format';
import {
  MOJO_CHANGE_LIMIT,
  MOJO_REASONS,
  advanceDraft,
  applyMojo,
  deckEmpty,
  endTurn,
  initialContext,
  isOut,
  keepRest,
  loseGame,
  matchWinner,
  mulligan,
  newGame,
  nextToMulligan,
  packWarChanges,
  recordGame,
  setAction,
  type EpicContext,
  type MojoChange,
  type MojoReason
} from '../games/epic/table';
import { buildsDecks } from '../games/epic/format';

export type EpicEvent =
  | { type: 'PICK' }
  | { type: 'DECKS_READY' }
  | { type: 'MULLIGAN'; player: string; cards: number }
  | { type: 'BEGIN' }
  | { type: 'NEXT' }
  | { type: 'ATTACK' }
  /**
   * `inBattle`: sent with attack damage by every screen since attacks were held to the Battle
   * Step. Attack damage saved before carries none and replays as it was made (from the Build or
   * End Step it went back to the Battle Step); with it, attack damage there is refused.
   */
  | { type: 'MOJO'; changes: MojoChange[]; reason: MojoReason; inBattle?: true }
  | { type: 'ACTION'; player: string; spent: boolean }
  | { type: 'CANNOT_DRAW'; player: string; cards: number }
  | { type: 'DECK_EMPTY'; players: string[] }
  | { type: 'LOSE'; player: string }
  | { type: 'NEXT_TURN' }
  | { type: 'NEXT_GAME'; first: string };

type Of<T extends EpicEvent['type']> = Extract<EpicEvent, { type: T }>;
type Name = (id: string) => string;

/** The most cards one effect can fail to draw in Pack War: more is a typing slip. */
const MAX_UNDRAWN = 99;

/** A step of the turn, as the machine's `game` state names it (`battle` for any beat of an attack). */
export type TurnStep = 'prepare' | 'preBattle' | 'battle' | 'build' | 'end';

/** The steps after the Battle Step: no attack happens there, so no attack damage either. */
const AFTER_BATTLE: Partial<Record<TurnStep, string>> = { build: 'Build', end: 'End' };

const whole = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);

/** A reason when `id` is not a player still in this game; undefined when it is. */
function inGame(ctx: EpicContext, id: unknown, name: Name): string | undefined {
  if (typeof id !== 'string' || !ctx.players.includes(id)) return 'That player is not in this game.';
  if (isOut(ctx, id)) return `${name(id)} is out of this game.`;
  return undefined;
}

/**
 * Every rule that can refuse an event, as a reason in plain words (undefined: allowed). The
 * machine's guards and the refusal messages both come from here, so they never disagree.
 */
export const epicChecks = {
  /**
   * Why attack damage cannot be entered now (undefined: it can). Attacks happen in the Battle
   * Step only; from Prepare or Pre-Battle the table has simply moved on to it.
   */
  attackNow(ctx: EpicContext, step: TurnStep | undefined) {
    if (ctx.turn === 1) {
      return 'The first turn starts at the Build Step: there is no Battle Step, so no attack damage.';
    }
    const after = step && AFTER_BATTLE[step];
    if (after) {
      return `Attacks belong to the Battle Step: in the ${after} Step, changes come from cards or abilities.`;
    }
    return undefined;
  },
  mulligan(ctx: EpicContext, e: Of<'MULLIGAN'>, name: Name) {
    const problem = inGame(ctx, e.player, name);
    if (problem) return problem;
    if (e.player in ctx.mulligans) return `${name(e.player)} has decided already: one mulligan per game.`;
    const next = nextToMulligan(ctx);
    if (next && next !== e.player) {
      return `${name(next)} decides first: mulligans go clockwise from the first player.`;
    }
    if (!whole(e.cards) || e.cards < 0 || e.cards > STARTING_HAND) {
      return `A starting hand has ${STARTING_HAND} cards: a mulligan puts back 0 to ${STARTING_HAND} of them, not ${String(e.cards)}.`;
    }
    return undefined;
  },
  /** `step`: where the turn is (for attack damage marked `inBattle`); undefined checks no step. */
  mojo(ctx: EpicContext, e: Of<'MOJO'>, name: Name, step?: TurnStep) {
    if (!Array.isArray(e.changes) || e.changes.length === 0) return 'Say whose Mojo changes.';
    if (!MOJO_REASONS.includes(e.reason))
      return 'Say what the change is for: attack, card, ability or other.';
    const seen = new Set<string>();
    for (const c of e.changes) {
      const problem = inGame(ctx, c?.player, name);
      if (problem) return problem;
      if (seen.has(c.player)) return `${name(c.player)} is listed twice in one change.`;
      seen.add(c.player);
      if (!whole(c.delta)) return 'A Mojo change must be a whole number.';
      if (c.delta === 0) return 'A change of 0 changes nothing.';
      if (Math.abs(c.delta) > MOJO_CHANGE_LIMIT) {
        return `${c.delta} is more than any one change at the table: at most ${MOJO_CHANGE_LIMIT}.`;
      }
      if (e.reason === 'attack' && c.player === ctx.active) {
        return `${name(c.player)} is attacking this turn: attack damage goes to the defending player.`;
      }
    }
    if (e.reason === 'attack') {
      // Saved attack damage without `inBattle` is held to the first-turn rule only, as it was made.
      return epicChecks.attackNow(ctx, e.inBattle ? step : undefined);
    }
    return undefined;
  },
  action(ctx: EpicContext, e: Of<'ACTION'>, name: Name) {
    const problem = inGame(ctx, e.player, name);
    if (problem) return problem;
    if (typeof e.spent !== 'boolean') return 'Say whether the action is spent or back.';
    if (e.spent && !ctx.action[e.player]) return `${name(e.player)} has already spent this turn’s action.`;
    if (!e.spent && ctx.action[e.player]) return `${name(e.player)}’s action is not spent.`;
    return undefined;
  },
  cannotDraw(ctx: EpicContext, e: Of<'CANNOT_DRAW'>, name: Name) {
    if (ctx.format !== 'pack-war') {
      return 'Only Pack War charges for a failed draw; in this format an empty deck wins the game.';
    }
    const problem = inGame(ctx, e.player, name);
    if (problem) return problem;
    if (!whole(e.cards) || e.cards < 1 || e.cards > MAX_UNDRAWN) {
      return `Say how many cards could not be drawn: 1 to ${MAX_UNDRAWN}.`;
    }
    return undefined;
  },
  deckEmpty(ctx: EpicContext, e: Of<'DECK_EMPTY'>, name: Name) {
    if (ctx.format === 'pack-war') {
      return 'In Pack War an empty deck does not win: record each card that cannot be drawn instead.';
    }
    if (!Array.isArray(e.players) || e.players.length === 0) return 'Say whose deck is empty.';
    if (new Set(e.players).size !== e.players.length) return 'A player is listed twice.';
    for (const id of e.players) {
      const problem = inGame(ctx, id, name);
      if (problem) return problem;
    }
    return undefined;
  },
  lose(ctx: EpicContext, e: Of<'LOSE'>, name: Name) {
    return inGame(ctx, e.player, name);
  },
  nextGame(ctx: EpicContext, e: Of<'NEXT_GAME'>) {
    if (typeof e.first !== 'string' || !ctx.players.includes(e.first)) {
      return 'Choose one of the players to go first.';
    }
    return undefined;
  }
};

const anyName: Name = (id) => id;
const PLAY = '#epic.game';

/** The events of play, as the `game` state accepts them (targets are absolute, so they can be reused). */
const play = {
  ACTION: { guard: 'validAction', actions: 'action' },
  CANNOT_DRAW: { guard: 'validCannotDraw', actions: 'cannotDraw' },
  DECK_EMPTY: { guard: 'validDeckEmpty', actions: 'deckEmpty' },
  LOSE: { guard: 'validLose', actions: 'lose' },
  NEXT_TURN: { target: `${PLAY}.prepare`, actions: 'endTurn' }
} as const;

/** A Mojo change accepted where the table is. */
const mojoHere = { guard: 'validMojo', actions: 'mojo' } as const;

/**
 * Quick flow: attack damage before the Battle Step means the table has moved on to it, wherever
 * the app was; the battle's own states accept it where they are.
 */
const attackMovesToBattle = {
  MOJO: [{ guard: 'validAttack', target: `${PLAY}.battle`, actions: 'mojo' }, mojoHere]
} as const;

/**
 * After the Battle Step no attack happens (rulebook, Turns: attacks are made in the Battle
 * Step): a change there is from a card, an ability or something else. Attack damage saved
 * before that rule (no `inBattle`) still replays as it was made, back to the Battle Step.
 */
const noAttacksHere = {
  MOJO: [
    { guard: 'attackSavedBefore', target: `${PLAY}.battle`, actions: 'mojo' },
    { guard: 'validEffect', actions: 'mojo' }
  ]
} as const;

type Transition = { guard?: string; target?: string; actions: string };

/**
 * The same events in the mulligan: play has begun, so everyone who has not decided kept their
 * hand, and the first turn (which starts at the Build Step) is under way.
 */
function fromMulligan(t: Transition) {
  return { ...t, target: t.target ?? `${PLAY}.build`, actions: ['keepRest', t.actions] };
}

export const epicMachine = setup({
  types: {
    context: {} as EpicContext,
    events: {} as EpicEvent,
    input: {} as EpicSetup
  },
  guards: {
    drafting: ({ context }) => context.draft !== null,
    building: ({ context }) => buildsDecks(context),
    lastPick: ({ context }) => advanceDraft(context).draft === null,
    validMulligan: ({ context, event }) =>
      event.type === 'MULLIGAN' && epicChecks.mulligan(context, event, anyName) === undefined,
    allDecided: ({ context }) => nextToMulligan(context) === undefined,
    validMojo: ({ context, event }) =>
      event.type === 'MOJO' && epicChecks.mojo(context, event, anyName) === undefined,
    validAttack: ({ context, event }) =>
      event.type === 'MOJO' &&
      event.reason === 'attack' &&
      epicChecks.mojo(context, event, anyName) === undefined,
    attackSavedBefore: ({ context, event }) =>
      event.type === 'MOJO' &&
      event.reason === 'attack' &&
      !event.inBattle &&
      epicChecks.mojo(context, event, anyName) === undefined,
    validEffect: ({ context, event }) =>
      event.type === 'MOJO' &&
      event.reason !== 'attack' &&
      epicChecks.mojo(context, event, anyName) === undefined,
    validAction: ({ context, event }) =>
      event.type === 'ACTION' && epicChecks.action(context, event, anyName) === undefined,
    validCannotDraw: ({ context, event }) =>
      event.type === 'CANNOT_DRAW' && epicChecks.cannotDraw(context, event, anyName) === undefined,
    validDeckEmpty: ({ context, event }) =>
      event.type === 'DECK_EMPTY' && epicChecks.deckEmpty(context, event, anyName) === undefined,
    validLose: ({ context, event }) =>
      event.type === 'LOSE' && epicChecks.lose(context, event, anyName) === undefined,
    validNextGame: ({ context, event }) =>
      event.type === 'NEXT_GAME' && epicChecks.nextGame(context, event) === undefined,
    decided: ({ context }) => context.winners !== null,
    activeOut: ({ context }) => isOut(context, context.active),
    matchGoesOn: ({ context }) => context.match && matchWinner(context) === undefined
  },
  actions: {
    pick: assign(({ context }) => advanceDraft(context)),
    endDraft: assign({ draft: null }),
    mulligan: assign(({ context, event }) =>
      event.type === 'MULLIGAN' ? mulligan(context, event.player, event.cards) : context
    ),
    keepRest: assign(({ context }) => keepRest(context)),
    mojo: assign(({ context, event }) =>
      event.type === 'MOJO' ? applyMojo(context, event.changes) : context
    ),
    action: assign(({ context, event }) =>
      event.type === 'ACTION' ? setAction(context, event.player, event.spent) : context
    ),
    cannotDraw: assign(({ context, event }) =>
      event.type === 'CANNOT_DRAW'
        ? applyMojo(context, packWarChanges(context, event.player, event.cards))
        : context
    ),
    deckEmpty: assign(({ context, event }) =>
      event.type === 'DECK_EMPTY' ? deckEmpty(context, event.players) : context
    ),
    lose: assign(({ context, event }) => (event.type === 'LOSE' ? loseGame(context, event.player) : context)),
    endTurn: assign(({ context }) => endTurn(context)),
    recordGame: assign(({ context }) => recordGame(context)),
    newGame: assign(({ context, event }) =>
      event.type === 'NEXT_GAME' ? newGame(context, event.first) : context
    )
  }
}).createMachine({
  id: 'epic',
  context: ({ input }) =>
    initialContext({
      players: input.players.map((p) => p.id),
      format: input.format,
      packs: Math.min(input.packs, MAX_PACKS),
      match: input.match,
      first: input.first
    }),
  output: ({ context }) => ({ winners: context.winners, games: context.games.length }),
  initial: 'opening',
  states: {
    opening: {
      always: [
        { guard: 'drafting', target: 'draft' },
        { guard: 'building', target: 'building' },
        { target: 'mulligan' }
      ]
    },
    draft: {
      meta: stepMeta(
        'Draft',
        'Everyone keeps one card from the pack in hand and passes the rest on; the pack number sets the direction.',
        ['draft', 'example-draft']
      ),
      on: {
        PICK: [{ guard: 'lastPick', target: 'building', actions: 'pick' }, { actions: 'pick' }],
        NEXT: [{ guard: 'lastPick', target: 'building', actions: 'pick' }, { actions: 'pick' }],
        DECKS_READY: { target: 'mulligan', actions: 'endDraft' }
      }
    },
    building: {
      meta: stepMeta(
        'Build decks',
        'Build a deck of at least 30 cards from your cards, and a sideboard of exactly 15 if you want one. Set the rest aside.',
        ['sealed-pack', 'sideboard', 'ruling-sideboard-formats']
      ),
      on: { NEXT: 'mulligan', DECKS_READY: 'mulligan' }
    },
    mulligan: {
      meta: stepMeta(
        'Shuffle, draw 5, mulligan',
        'Shuffle and let an opponent cut; draw 5. From the first player clockwise, each may put back any number of cards once, draw as many, and lose 1 Mojo each.',
        ['setup-steps', 'mulligan', 'first-player']
      ),
      always: { guard: 'allDecided', target: `${PLAY}.build` },
      on: {
        MULLIGAN: { guard: 'validMulligan', actions: 'mulligan' },
        BEGIN: { target: `${PLAY}.build`, actions: 'keepRest' },
        MOJO: fromMulligan(mojoHere),
        ACTION: fromMulligan(play.ACTION),
        CANNOT_DRAW: fromMulligan(play.CANNOT_DRAW),
        DECK_EMPTY: fromMulligan(play.DECK_EMPTY),
        LOSE: fromMulligan(play.LOSE),
        NEXT_TURN: fromMulligan(play.NEXT_TURN)
      } as never
    },
    game: {
      always: [
        { guard: 'decided', target: 'decided' },
        { guard: 'activeOut', target: '.prepare', actions: 'endTurn' }
      ],
      on: play as never,
      initial: 'build',
      states: {
        prepare: {
          meta: stepMeta(
            'Prepare',
            'Turn your champions and objects upright, then draw a card. Nobody plays anything in this step.',
            ['step-prepare', 'actions'],
            { stage: 'prepare', label: 'Turn your champions and objects upright, then draw a card' }
          ),
          on: {
            NEXT: 'preBattle',
            ...attackMovesToBattle,
            // Nobody plays anything in the Prepare Step: a spent action means the table has moved on.
            ACTION: { guard: 'validAction', target: 'preBattle', actions: 'action' }
          }
        },
        preBattle: {
          meta: stepMeta(
            'Pre-Battle',
            'You may play Paced and Fast cards; everyone else Fast ones.',
            ['step-pre-battle', 'speed'],
            { stage: 'preBattle', label: 'You may play Paced and Fast cards; everyone else Fast ones' }
          ),
          on: { NEXT: 'battle', ...attackMovesToBattle }
        },
        battle: {
          initial: 'ready',
          on: { MOJO: mojoHere },
          states: {
            ready: {
              meta: stepMeta(
                'Battle',
                'Attack with a prepared champion or a group, as often as you like, or end the Battle Step.',
                ['step-battle', 'attack-sequence'],
                { stage: 'battle', label: 'Attack, or end the step' }
              ),
              on: { ATTACK: 'declare', NEXT: `${PLAY}.build` }
            },
            declare: {
              meta: stepMeta(
                'Attack: declare',
                'Fast plays first. Then pick the attackers and the one player they attack, and turn the attackers sideways.',
                ['attack-sequence', 'attack-block-rules'],
                { stage: 'battle' }
              ),
              on: { NEXT: 'block' }
            },
            block: {
              meta: stepMeta(
                'Attack: block',
                'Fast plays. The defending player may block with prepared champions, turning them upside down.',
                ['attack-sequence', 'attack-block-rules', 'ruling-group-block'],
                { stage: 'battle' }
              ),
              on: { NEXT: 'range' }
            },
            range: {
              meta: stepMeta(
                'Attack: range damage',
                'Fast plays. Champions with range deal their damage first; any they break deal none.',
                ['dealing-damage', 'kw-range'],
                { stage: 'battle' }
              ),
              on: { NEXT: 'damage' }
            },
            damage: {
              meta: stepMeta(
                'Attack: damage',
                'The others deal their damage. Unblocked attackers (and breakthrough) hit the defending player: enter the Mojo lost.',
                ['dealing-damage', 'kw-breakthrough', 'kw-damage-ward'],
                { stage: 'battle' }
              ),
              on: { NEXT: 'ready' }
            }
          }
        },
        build: {
          meta: stepMeta(
            'Build',
            'You may play Build, Paced and Fast cards; everyone else Fast ones.',
            ['step-build', 'speed'],
            { stage: 'build', label: 'You may play Build, Paced and Fast cards; everyone else Fast ones' }
          ),
          on: { NEXT: 'end', ...noAttacksHere }
        },
        end: {
          meta: stepMeta(
            'End',
            'Fast plays, then discard down to 10 cards. Flipped cards prepare, damage and “until end of turn” effects end, unspent actions go.',
            ['step-end', 'hand-size'],
            { stage: 'end', label: 'Fast plays, then discard down to 10 cards' }
          ),
          on: { NEXT: { target: 'prepare', actions: 'endTurn' }, ...noAttacksHere }
        }
      }
    },
    decided: {
      always: [
        { guard: 'matchGoesOn', target: 'between', actions: 'recordGame' },
        { target: 'over', actions: 'recordGame' }
      ]
    },
    between: {
      meta: stepMeta(
        'Between games',
        'Swap sideboard cards one for one if you like. The loser of the last game chooses who goes first in the next.',
        ['matches', 'sideboard', 'first-player']
      ),
      on: { NEXT_GAME: { guard: 'validNextGame', target: 'mulligan', actions: 'newGame' } }
    },
    over: {
      type: 'final',
      meta: stepMeta('Game over', 'The game has a result. Undo if a number was entered wrongly.', ['winning'])
    }
  }
});
