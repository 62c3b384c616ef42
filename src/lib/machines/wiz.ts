/**
 * WiZ: rounds until someone reaches the EP target. Each round walks the deal, replacing dealt
 * action cards, the turns (actions, draw, play, discard, clockwise from the dealer's left), and,
 * once a player has gone out, the round's EP calculation step by step; then the deal passes
 * clockwise. Character attacks and the Life Pool change scores during a round. Pure: every
 * number, and every die roll, comes in an event.
 *
 * Two flows drive it (docs/architecture.md, "Table speed, in the machine"): Guide me walks every
 * step with NEXT; the quick flow sends only what carries information (who went out, the hands,
 * the chaotic EP, attacks, the pool), each accepted wherever the table could be, and SCORE ends
 * the round in one event.
 */
import { assign, setup } from 'xstate';
import { stepMeta } from './meta';
import { DECKS, chaoticCeiling, type DeckId, type Table } from '../games/wiz/cards';
import { POOL_STEP, leftOf, type WizSetup } from '../games/wiz/format';
import {
  bonusProblem,
  chaoticProblem,
  readHand,
  readHands,
  roundEp,
  type Bonus,
  type HandEntry,
  type RoundCalc,
  type ScoredHand
} from '../games/wiz/scoring';

/** Step lines the logic words again for the game in progress; shared so they never disagree. */
export const STEP_TEXT = {
  counter:
    'Each losing hand of equal or higher card value may cancel one of the winner’s hands, so one loser with several such hands may cancel several.'
} as const;

interface Draft {
  /** The player who went out (the round's winner). */
  outBy: string | null;
  /** The winner's hands nobody countered, as the table lists them. */
  hands: HandEntry[];
  /** The winner's countered hands: they score nothing, but the one-element bonus counts them. */
  countered: HandEntry[];
  /** Each loser's chaotic EP, once entered. */
  chaotic: Record<string, number>;
  bonus: Bonus;
  /** The bonus was claimed against every hand, each with its element (see BonusCheck). */
  everyHand: boolean;
}

interface RoundRecord {
  round: number;
  dealer: string;
  /** Who went out; null when the game ended during the round (an attack or the Life Pool). */
  outBy: string | null;
  /** Who lost the round for playing a wrong card as the deck joker (absent: nobody, as before v3). */
  fouled?: string[];
  calc: RoundCalc | null;
  /** The losers, in the order of calc.chaotic. */
  losers: string[];
  /** Every player's EP change in the round: scoring, attacks and the Life Pool. */
  gains: Record<string, number>;
}

interface PoolState {
  die: 4 | 6;
  /** EP the pool is worth this round. */
  value: number;
  /** This round's die roll (the pool grew by roll × 25). */
  roll: number;
  /** Won this round: it pays nothing more until it starts again next round. */
  won: boolean;
}

export interface WizContext {
  /** Player ids in seat order, clockwise. */
  seats: string[];
  target: number;
  deck: DeckId;
  titans: boolean;
  characters: boolean;
  pool: PoolState | null;
  scores: Record<string, number>;
  round: number;
  /** Seat index of this round's dealer. */
  dealer: number;
  /** Whose turn it is (seat index) and how many turns the round has had; kept by Guide me. */
  turn: { seat: number; count: number };
  /** Players a Stun makes miss their next turn (Guide me skips it). */
  stunned: string[];
  /** The players whose turns were skipped on the way to this one, for the step help to say so. */
  skipped: string[];
  /** Players who played a wrong card as the deck joker: they lost the round and play no more turns in it. */
  fouled: string[];
  /** EP changes so far this round. */
  gains: Record<string, number>;
  draft: Draft;
  rounds: RoundRecord[];
  winner: string | null;
}

export type WizEvent =
  | { type: 'NEXT' }
  | { type: 'END_TURN' }
  /**
   * `fresh`: sent by every change of winner since machine version 3: every entry of the scoring
   * starts again. A correction saved before replays as it was made (the other losers' chaotic EP kept).
   */
  | { type: 'GO_OUT'; player: string; fresh?: boolean }
  /** A Stun played on `player`: they miss their next turn. */
  | { type: 'STUN'; player: string }
  /** `player` was caught having played a wrong card as the deck joker: they lose the round. */
  | { type: 'WRONG_JOKER'; player: string }
  /** `countered`: the hand goes on the winner's list of countered hands. */
  | { type: 'HAND'; index: number; hand: HandEntry; countered?: boolean }
  | { type: 'DROP_HAND'; index: number; countered?: boolean }
  | { type: 'CHAOTIC'; player: string; ep: number }
  /** `everyHand`: sent by every claim since machine version 2 (older saved claims lack it). */
  | { type: 'BONUS'; bonus: Bonus; everyHand?: boolean }
  | { type: 'SCORE'; poolRoll?: number }
  | { type: 'POOL_WON'; player: string; from?: string }
  | { type: 'ATTACK'; player: string; ep: number };

type Of<T extends WizEvent['type']> = Extract<WizEvent, { type: T }>;
type Names = (id: string) => string;

/** The game's table; one object per kind of table, so the caches keyed by it keep hitting. */
export function tableOfContext(ctx: Pick<WizContext, 'deck' | 'titans' | 'characters'>): Table {
  const deck = DECKS[ctx.deck];
  let kinds = tables.get(deck);
  if (!kinds) tables.set(deck, (kinds = []));
  const i = (ctx.titans ? 2 : 0) + (ctx.characters ? 1 : 0);
  return (kinds[i] ??= { deck, titans: ctx.titans, characters: ctx.characters });
}
const tables = new Map<Table['deck'], Table[]>();

export function losersOf(ctx: Pick<WizContext, 'seats' | 'draft'>): string[] {
  return ctx.seats.filter((id) => id !== ctx.draft.outBy);
}

const emptyDraft = (): Draft => ({
  outBy: null,
  hands: [],
  countered: [],
  chaotic: {},
  bonus: 1,
  everyHand: false
});
const zeroes = (ids: readonly string[]) => Object.fromEntries(ids.map((id) => [id, 0]));
const isWhole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);

/** The round's calculation from the draft, or the reason it cannot be made yet. */
export function draftCalc(
  ctx: WizContext,
  name: Names
): { calc: RoundCalc; losers: string[] } | { reason: string } {
  const table = tableOfContext(ctx);
  if (!ctx.draft.outBy) return { reason: 'Tap who went out first.' };
  const lists = readLists(ctx.draft, table);
  if ('reason' in lists) return lists;
  const bonus = bonusProblem(ctx.draft.bonus, lists.hands, table, {
    countered: lists.countered,
    everyHand: ctx.draft.everyHand,
    complete: true
  });
  if (bonus) return { reason: bonus };
  const losers = losersOf(ctx);
  if (lists.hands.length > 0) {
    const missing = losers.find((id) => ctx.draft.chaotic[id] === undefined);
    if (missing) return { reason: `Enter ${name(missing)}’s chaotic EP first.` };
  }
  const chaotic = losers.map((id) => ctx.draft.chaotic[id] ?? 0);
  return { calc: roundEp(lists.hands, chaotic, ctx.draft.bonus), losers };
}

/**
 * The draft's calculation for the guards, made once per context: XState asks each guard twice
 * (can, then transition) and SCORE has two guarded transitions. Contexts are never changed in
 * place, so one result per context object stays right.
 */
const anyName: Names = (id) => id;
const calcs = new WeakMap<WizContext, ReturnType<typeof draftCalc>>();
function calcOf(ctx: WizContext): ReturnType<typeof draftCalc> {
  let result = calcs.get(ctx);
  if (!result) calcs.set(ctx, (result = draftCalc(ctx, anyName)));
  return result;
}

/** A HAND's check, once per context and event (XState asks the guard twice: can, then transition). */
const handChecks = new WeakMap<WizContext, WeakMap<object, string | undefined>>();
function handCheckOf(ctx: WizContext, e: Of<'HAND'>): string | undefined {
  let byEvent = handChecks.get(ctx);
  if (byEvent?.has(e)) return byEvent.get(e);
  const reason = wizChecks.hand(ctx, e);
  if (!byEvent) handChecks.set(ctx, (byEvent = new WeakMap()));
  byEvent.set(e, reason);
  return reason;
}

/** Whether a player's score reaches the target after gaining `ep`. */
const reaches = (ctx: WizContext, player: string, ep: number) => (ctx.scores[player] ?? 0) + ep >= ctx.target;

/**
 * Every rule that can refuse an event, as a reason in plain words (undefined: allowed). The
 * machine's guards and the refusal messages both come from here, so they never disagree.
 */
export const wizChecks = {
  player(ctx: WizContext, id: unknown): string | undefined {
    return typeof id === 'string' && ctx.seats.includes(id) ? undefined : 'That player is not in this game.';
  },
  goOut(ctx: WizContext, e: Of<'GO_OUT'>, name: Names, scoring: boolean) {
    const bad = wizChecks.player(ctx, e.player);
    if (bad) return bad;
    if (scoring && ctx.draft.outBy === e.player) return `${name(e.player)} has already gone out.`;
    if (ctx.fouled.includes(e.player)) {
      return `${name(e.player)} lost this round for a wrong deck joker, so cannot win it.`;
    }
    return undefined;
  },
  /** A player who lost the round for a wrong deck joker holds every card again: nothing on the table. */
  stillIn(ctx: WizContext, id: string, name: Names): string | undefined {
    return ctx.fouled.includes(id)
      ? `${name(id)} lost this round for a wrong deck joker: every card of theirs is back in hand.`
      : undefined;
  },
  stun(ctx: WizContext, e: Of<'STUN'>, name: Names) {
    const bad = wizChecks.player(ctx, e.player);
    if (bad) return bad;
    if (ctx.fouled.includes(e.player)) {
      return `${name(e.player)} lost this round for a wrong deck joker and plays no more turns in it.`;
    }
    if (ctx.stunned.includes(e.player))
      return `${name(e.player)} is already Stunned and misses their next turn.`;
    return undefined;
  },
  wrongJoker(ctx: WizContext, e: Of<'WRONG_JOKER'>, name: Names) {
    const bad = wizChecks.player(ctx, e.player);
    if (bad) return bad;
    if (ctx.fouled.includes(e.player)) {
      return `${name(e.player)} has already lost this round for a wrong deck joker.`;
    }
    return undefined;
  },
  hand(ctx: WizContext, e: Of<'HAND'>) {
    const countered = e.countered === true;
    const hands = countered ? ctx.draft.countered : ctx.draft.hands;
    if (!isWhole(e.index) || e.index < 0 || e.index > hands.length) return 'There is no such hand to enter.';
    const table = tableOfContext(ctx);
    const one = readHand(e.hand, table);
    if (!one.ok) return one.reason;
    const next = hands.slice();
    next[e.index] = e.hand;
    const draft = countered ? { ...ctx.draft, countered: next } : { ...ctx.draft, hands: next };
    const lists = readLists(draft, table);
    if ('reason' in lists) return lists.reason;
    return bonusProblem(draft.bonus, lists.hands, table, {
      countered: lists.countered,
      everyHand: draft.everyHand
    });
  },
  dropHand(ctx: WizContext, e: Of<'DROP_HAND'>) {
    const hands = e.countered === true ? ctx.draft.countered : ctx.draft.hands;
    if (!isWhole(e.index) || e.index < 0 || e.index >= hands.length)
      return 'There is no such hand to remove.';
    return undefined;
  },
  chaotic(ctx: WizContext, e: Of<'CHAOTIC'>, name: Names) {
    const bad = wizChecks.player(ctx, e.player);
    if (bad) return bad;
    if (e.player === ctx.draft.outBy) return `${name(e.player)} went out, so has no chaotic EP.`;
    const table = tableOfContext(ctx);
    const problem = chaoticProblem(e.ep, table, `${name(e.player)}’s chaotic EP`);
    if (problem) return problem;
    const total = losersOf(ctx).reduce(
      (s, id) => s + (id === e.player ? e.ep : (ctx.draft.chaotic[id] ?? 0)),
      0
    );
    const ceiling = chaoticCeiling(table);
    if (total > ceiling) {
      return `Together the losers would count ${total} points, more than the whole deck holds (${ceiling}).`;
    }
    return undefined;
  },
  bonus(ctx: WizContext, e: Of<'BONUS'>) {
    const table = tableOfContext(ctx);
    const lists = readLists(ctx.draft, table);
    return 'reason' in lists
      ? bonusProblem(e.bonus, [], table)
      : bonusProblem(e.bonus, lists.hands, table, { countered: lists.countered, everyHand: e.everyHand });
  },
  score(ctx: WizContext, e: Of<'SCORE'>, name: Names, result = draftCalc(ctx, name)) {
    if ('reason' in result) return result.reason;
    const ends = reaches(ctx, ctx.draft.outBy!, result.calc.total);
    if (ctx.pool && !ends && (!isWhole(e.poolRoll) || e.poolRoll < 1 || e.poolRoll > ctx.pool.die)) {
      return `The Life Pool needs the next round’s roll of the d${ctx.pool.die} (1 to ${ctx.pool.die}).`;
    }
    return undefined;
  },
  pool(ctx: WizContext, e: Of<'POOL_WON'>, name: Names) {
    if (!ctx.pool) return 'This game is played without the Life Pool.';
    const bad = wizChecks.player(ctx, e.player) ?? wizChecks.stillIn(ctx, e.player, name);
    if (bad) return bad;
    if (ctx.pool.won) return 'The Life Pool was already won this round; it starts again next round.';
    if (e.from !== undefined) {
      if (wizChecks.player(ctx, e.from)) return 'The EP can only be taken from a player in this game.';
      if (e.from === e.player) return `${name(e.player)} cannot take the Life Pool from themselves.`;
      if ((ctx.scores[e.from] ?? 0) === 0) return `${name(e.from)} has no EP to take.`;
    }
    return undefined;
  },
  attack(ctx: WizContext, e: Of<'ATTACK'>, name: Names) {
    if (!ctx.characters) return 'This game is played without characters.';
    const bad = wizChecks.player(ctx, e.player) ?? wizChecks.stillIn(ctx, e.player, name);
    if (bad) return bad;
    if (!isWhole(e.ep)) return 'An attack gains a whole number of EP.';
    if (e.ep < 1)
      return `${name(e.player)}’s attack must gain at least 1 EP; an attack that gains nothing needs no entry.`;
    const most = maxAttack(ctx);
    if (e.ep > most) {
      return `No attack can gain ${e.ep} EP with this deck: ${most} is everything in it, doubled twice by artifacts.`;
    }
    return undefined;
  }
};

/** Both of the winner's lists read, or the first reason one of them is not right. */
function readLists(
  draft: Pick<Draft, 'hands' | 'countered'>,
  table: Table
): { hands: ScoredHand[]; countered: ScoredHand[] } | { reason: string } {
  const hands = readHands(draft.hands, table);
  if (!hands.ok) return { reason: hands.reason };
  const countered = readHands(draft.countered, table);
  if (!countered.ok)
    return { reason: `Countered ${countered.reason[0].toLowerCase()}${countered.reason.slice(1)}` };
  return { hands: hands.hands, countered: countered.hands };
}

/** An attack counts opponents' table cards (never more than the deck), doubled at most twice by artifacts. */
function maxAttack(ctx: Pick<WizContext, 'deck' | 'titans' | 'characters'>): number {
  return 4 * chaoticCeiling(tableOfContext(ctx));
}

function initialContext(input: WizSetup): WizContext {
  const seats = input.players.map((p) => p.id);
  return {
    seats,
    target: input.target,
    deck: input.deck,
    titans: input.titans,
    characters: input.characters !== null,
    pool: input.lifePool
      ? {
          die: input.lifePool.die,
          value: input.lifePool.firstRoll * POOL_STEP,
          roll: input.lifePool.firstRoll,
          won: false
        }
      : null,
    scores: zeroes(seats),
    round: 1,
    dealer: input.firstDealer,
    turn: { seat: leftOf(input.firstDealer, seats.length), count: 0 },
    stunned: [],
    skipped: [],
    fouled: [],
    gains: zeroes(seats),
    draft: emptyDraft(),
    rounds: [],
    winner: null
  };
}

/** The scores and this round's gains after `player` gains `ep` (negative: loses, never below 0). */
function gain(ctx: WizContext, player: string, ep: number): Pick<WizContext, 'scores' | 'gains'> {
  const before = ctx.scores[player] ?? 0;
  const after = Math.max(0, before + ep);
  return {
    scores: { ...ctx.scores, [player]: after },
    gains: { ...ctx.gains, [player]: (ctx.gains[player] ?? 0) + after - before }
  };
}

/**
 * The turn passed clockwise: a Stunned player misses the turn (the Stun is spent), a player who
 * lost the round for a wrong deck joker misses every one; each missed turn still counts as a turn.
 */
export function passTurn(ctx: WizContext): Pick<WizContext, 'turn' | 'stunned' | 'skipped'> {
  const seats = ctx.seats.length;
  let { seat, count } = ctx.turn;
  let stunned = ctx.stunned;
  const skipped: string[] = [];
  for (let i = 0; i < seats; i++) {
    seat = (seat + 1) % seats;
    count++;
    const id = ctx.seats[seat];
    if (ctx.fouled.includes(id)) skipped.push(id);
    else if (stunned.includes(id)) {
      stunned = stunned.filter((s) => s !== id);
      skipped.push(id);
    } else break;
  }
  return { turn: { seat, count }, stunned, skipped };
}

/** The players still in the round: all but those who lost it for a wrong deck joker. */
export function stillInRound(ctx: Pick<WizContext, 'seats' | 'fouled'>): string[] {
  return ctx.seats.filter((id) => !ctx.fouled.includes(id));
}

/** The one player left in the round once `player` is out of it for a wrong deck joker, if only one is. */
function lastStanding(ctx: WizContext, player: string): string | undefined {
  const left = stillInRound({ seats: ctx.seats, fouled: [...ctx.fouled, player] });
  return left.length === 1 ? left[0] : undefined;
}

/** The round as it stands, for the record of rounds. */
function record(
  ctx: WizContext,
  gains: Record<string, number>,
  calc: RoundCalc | null,
  losers: string[]
): RoundRecord {
  return {
    round: ctx.round,
    dealer: ctx.seats[ctx.dealer],
    outBy: calc ? ctx.draft.outBy : null,
    ...(ctx.fouled.length ? { fouled: ctx.fouled } : {}),
    calc,
    losers,
    gains
  };
}

export const wizMachine = setup({
  types: {
    context: {} as WizContext,
    events: {} as WizEvent,
    input: {} as WizSetup
  },
  guards: {
    canGoOut: ({ context, event }) =>
      event.type === 'GO_OUT' && wizChecks.goOut(context, event, anyName, false) === undefined,
    canSwitchWinner: ({ context, event }) =>
      event.type === 'GO_OUT' && wizChecks.goOut(context, event, anyName, true) === undefined,
    canSwitchFresh: ({ context, event }) =>
      event.type === 'GO_OUT' &&
      event.fresh === true &&
      wizChecks.goOut(context, event, anyName, true) === undefined,
    canStun: ({ context, event }) =>
      event.type === 'STUN' && wizChecks.stun(context, event, anyName) === undefined,
    canFoul: ({ context, event }) =>
      event.type === 'WRONG_JOKER' && wizChecks.wrongJoker(context, event, anyName) === undefined,
    foulLeavesOne: ({ context, event }) =>
      event.type === 'WRONG_JOKER' &&
      wizChecks.wrongJoker(context, event, anyName) === undefined &&
      lastStanding(context, event.player) !== undefined,
    foulsTurnsPlayer: ({ context, event }) =>
      event.type === 'WRONG_JOKER' &&
      wizChecks.wrongJoker(context, event, anyName) === undefined &&
      context.seats[context.turn.seat] === event.player,
    foulsWinner: ({ context, event }) =>
      event.type === 'WRONG_JOKER' &&
      wizChecks.wrongJoker(context, event, anyName) === undefined &&
      context.draft.outBy === event.player,
    validHand: ({ context, event }) => event.type === 'HAND' && handCheckOf(context, event) === undefined,
    validDrop: ({ context, event }) =>
      event.type === 'DROP_HAND' && wizChecks.dropHand(context, event) === undefined,
    validChaotic: ({ context, event }) =>
      event.type === 'CHAOTIC' && wizChecks.chaotic(context, event, anyName) === undefined,
    validBonus: ({ context, event }) =>
      event.type === 'BONUS' && wizChecks.bonus(context, event) === undefined,
    canScore: ({ context, event }) =>
      event.type === 'SCORE' && wizChecks.score(context, event, anyName, calcOf(context)) === undefined,
    scoreWins: ({ context, event }) => {
      if (event.type !== 'SCORE') return false;
      const result = calcOf(context);
      if ('reason' in result || wizChecks.score(context, event, anyName, result) !== undefined) return false;
      return reaches(context, context.draft.outBy!, result.calc.total);
    },
    canPool: ({ context, event }) =>
      event.type === 'POOL_WON' && wizChecks.pool(context, event, anyName) === undefined,
    poolWins: ({ context, event }) =>
      event.type === 'POOL_WON' &&
      wizChecks.pool(context, event, anyName) === undefined &&
      event.from === undefined &&
      reaches(context, event.player, context.pool!.value),
    canAttack: ({ context, event }) =>
      event.type === 'ATTACK' && wizChecks.attack(context, event, anyName) === undefined,
    attackWins: ({ context, event }) =>
      event.type === 'ATTACK' &&
      wizChecks.attack(context, event, anyName) === undefined &&
      reaches(context, event.player, event.ep),
    startersFirstTurn: ({ context }) => context.turn.count === 0,
    firstTurns: ({ context }) => context.turn.count < context.seats.length
  },
  actions: {
    startScoring: assign({
      draft: ({ event }) => ({ ...emptyDraft(), outBy: event.type === 'GO_OUT' ? event.player : null })
    }),
    switchWinner: assign({
      draft: ({ context, event }) => {
        if (event.type !== 'GO_OUT') return context.draft;
        // Every entry hung on the old winner: their hands, and each loser's chaotic EP (which
        // hands countered nothing depends on the winner's hands), the old winner now among them.
        if (event.fresh === true) return { ...emptyDraft(), outBy: event.player };
        const chaotic = { ...context.draft.chaotic };
        delete chaotic[event.player];
        // The hands listed were the previous winner's; the new winner lists their own.
        return { ...emptyDraft(), outBy: event.player, chaotic };
      }
    }),
    setHand: assign({
      draft: ({ context, event }) => {
        if (event.type !== 'HAND') return context.draft;
        const list = event.countered === true ? 'countered' : 'hands';
        const hands = context.draft[list].slice();
        hands[event.index] = event.hand;
        return { ...context.draft, [list]: hands };
      }
    }),
    dropHand: assign({
      draft: ({ context, event }) => {
        if (event.type !== 'DROP_HAND') return context.draft;
        const list = event.countered === true ? 'countered' : 'hands';
        return { ...context.draft, [list]: context.draft[list].filter((_, i) => i !== event.index) };
      }
    }),
    setChaotic: assign({
      draft: ({ context, event }) =>
        event.type === 'CHAOTIC'
          ? { ...context.draft, chaotic: { ...context.draft.chaotic, [event.player]: event.ep } }
          : context.draft
    }),
    setBonus: assign({
      draft: ({ context, event }) =>
        event.type === 'BONUS'
          ? { ...context.draft, bonus: event.bonus, everyHand: event.everyHand === true }
          : context.draft
    }),
    score: assign(({ context }) => {
      const result = calcOf(context);
      if ('reason' in result) return {};
      const winner = context.draft.outBy!;
      const changed = gain(context, winner, result.calc.total);
      const done = changed.scores[winner] >= context.target;
      return {
        ...changed,
        rounds: [...context.rounds, record(context, changed.gains, result.calc, result.losers)],
        winner: done ? winner : null
      };
    }),
    nextRound: assign(({ context, event }) => {
      const dealer = (context.dealer + 1) % context.seats.length;
      const roll = event.type === 'SCORE' ? (event.poolRoll ?? 1) : 1;
      const pool = context.pool && {
        die: context.pool.die,
        value: (context.pool.won ? 0 : context.pool.value) + roll * POOL_STEP,
        roll,
        won: false
      };
      return {
        round: context.round + 1,
        dealer,
        turn: { seat: leftOf(dealer, context.seats.length), count: 0 },
        // A Stun not yet served lapses with the round (rules.md, ruling-stun-round).
        stunned: [],
        skipped: [],
        fouled: [],
        gains: zeroes(context.seats),
        draft: emptyDraft(),
        pool
      };
    }),
    winPool: assign(({ context, event }) => {
      if (event.type !== 'POOL_WON' || !context.pool) return {};
      const value = context.pool.value;
      const changed =
        event.from !== undefined ? gain(context, event.from, -value) : gain(context, event.player, value);
      return { ...changed, pool: { ...context.pool, won: true } };
    }),
    attack: assign(({ context, event }) =>
      event.type === 'ATTACK' ? gain(context, event.player, event.ep) : {}
    ),
    /** The game ended during a round: record what the round had so far. */
    endMidRound: assign(({ context }) => ({
      rounds: [...context.rounds, record(context, context.gains, null, [])]
    })),
    crown: assign({
      winner: ({ context, event }) =>
        event.type === 'ATTACK' || event.type === 'POOL_WON' ? event.player : context.winner
    }),
    nextTurn: assign(({ context }) => passTurn(context)),
    stun: assign({
      stunned: ({ context, event }) =>
        event.type === 'STUN' ? [...context.stunned, event.player] : context.stunned
    }),
    foul: assign(({ context, event }) =>
      event.type === 'WRONG_JOKER'
        ? {
            fouled: [...context.fouled, event.player],
            stunned: context.stunned.filter((id) => id !== event.player)
          }
        : {}
    ),
    /** Everyone else lost the round for a wrong deck joker: the one left wins it, and it is scored. */
    lastStands: assign(({ context }) => ({
      draft: { ...emptyDraft(), outBy: stillInRound(context)[0] ?? null }
    })),
    /** A change of who is in the round: every scoring entry is asked again. */
    restartDraft: assign(({ context }) => ({ draft: { ...emptyDraft(), outBy: context.draft.outBy } })),
    clearDraft: assign({ draft: () => emptyDraft() })
  }
}).createMachine({
  id: 'wiz',
  context: ({ input }) => initialContext(input),
  output: ({ context }) => ({ winner: context.winner }),
  initial: 'round',
  states: {
    round: {
      initial: 'playing',
      on: {
        ATTACK: [
          { guard: 'attackWins', target: '#wiz.over', actions: ['attack', 'crown', 'endMidRound'] },
          { guard: 'canAttack', actions: 'attack' }
        ],
        POOL_WON: [
          { guard: 'poolWins', target: '#wiz.over', actions: ['winPool', 'crown', 'endMidRound'] },
          { guard: 'canPool', actions: 'winPool' }
        ]
      },
      states: {
        playing: {
          initial: 'deal',
          on: {
            GO_OUT: { guard: 'canGoOut', target: 'scoring', actions: 'startScoring' },
            // "Next player" from anywhere in play: the quick flow may keep count of turns too.
            END_TURN: { target: '.turn.begin', actions: 'nextTurn' },
            STUN: { guard: 'canStun', actions: 'stun' },
            WRONG_JOKER: [
              { guard: 'foulLeavesOne', target: 'scoring', actions: ['foul', 'lastStands'] },
              { guard: 'canFoul', actions: 'foul' }
            ]
          },
          states: {
            deal: {
              meta: stepMeta(
                'Deal',
                'Shuffle well. The dealer deals 12 cards to each player and 13 to the player on their left, who starts.',
                ['dealer', 'dealing', 'shuffling'],
                { stage: 'deal', label: 'Deal 12 each, 13 to the left' }
              ),
              on: { NEXT: 'replace' }
            },
            replace: {
              meta: stepMeta(
                'Replace action cards',
                'Anyone dealt action cards keeps them and draws as many more, again for any action card among those. The player with 13 cards goes first.',
                ['replace-actions'],
                { stage: 'deal' }
              ),
              on: { NEXT: 'turn' }
            },
            turn: {
              initial: 'begin',
              on: {
                // Caught on their own turn: the turn ends there (otherwise playing's own handles it).
                WRONG_JOKER: [
                  { guard: 'foulLeavesOne', target: '#wiz.round.scoring', actions: ['foul', 'lastStands'] },
                  { guard: 'foulsTurnsPlayer', target: '.begin', actions: ['foul', 'nextTurn'] }
                ]
              },
              states: {
                begin: {
                  always: [
                    { guard: 'startersFirstTurn', target: 'play' },
                    { guard: 'firstTurns', target: 'draw' },
                    { target: 'actions' }
                  ]
                },
                actions: {
                  meta: stepMeta(
                    'Action cards',
                    'Play action cards first: at most one for each hand on the table, and only once the 30+ hand is down.',
                    ['order-of-play', 'action-rules'],
                    { stage: 'turn' }
                  ),
                  on: { NEXT: 'draw' }
                },
                draw: {
                  meta: stepMeta(
                    'Draw',
                    'Take the top card of the main deck or of the discard pile.',
                    ['order-of-play', 'drawing'],
                    { stage: 'turn' }
                  ),
                  on: { NEXT: 'play' }
                },
                play: {
                  meta: stepMeta(
                    'Play to the table',
                    'Lay hands (the 30+ hand first), add to or take from hands, attach elementals and titans.',
                    ['order-of-play', 'hands', 'adding-taking'],
                    { stage: 'turn' }
                  ),
                  on: { NEXT: 'discard' }
                },
                discard: {
                  meta: stepMeta(
                    'Discard',
                    'Discard a card to end the turn. Nothing left to discard? That player has gone out and wins the round.',
                    ['order-of-play', 'going-out'],
                    { stage: 'turn', label: 'Discard, or go out' }
                  ),
                  on: { NEXT: { target: 'begin', actions: 'nextTurn' } }
                }
              }
            }
          }
        },
        scoring: {
          initial: 'empty',
          on: {
            GO_OUT: [
              { guard: 'canSwitchFresh', target: '.empty', actions: 'switchWinner' },
              { guard: 'canSwitchWinner', actions: 'switchWinner' }
            ],
            WRONG_JOKER: [
              { guard: 'foulLeavesOne', target: '.empty', actions: ['foul', 'lastStands'] },
              // The one who went out did it with a wrong deck joker: the round is played on without them.
              {
                guard: 'foulsWinner',
                target: '#wiz.round.playing.turn.begin',
                actions: ['foul', 'clearDraft', 'nextTurn']
              },
              { guard: 'canFoul', target: '.empty', actions: ['foul', 'restartDraft'] }
            ],
            HAND: { guard: 'validHand', target: '.hands', actions: 'setHand' },
            DROP_HAND: { guard: 'validDrop', target: '.hands', actions: 'dropHand' },
            CHAOTIC: { guard: 'validChaotic', target: '.chaotic', actions: 'setChaotic' },
            BONUS: { guard: 'validBonus', target: '.hands', actions: 'setBonus' },
            SCORE: [
              { guard: 'scoreWins', target: '#wiz.over', actions: 'score' },
              { guard: 'canScore', target: '#wiz.round.playing', actions: ['score', 'nextRound'] }
            ]
          },
          states: {
            empty: {
              meta: stepMeta(
                'Losers with no cards',
                'A loser holding no cards draws as many as the deck joker’s number (none if nobody picked it).',
                ['empty-loser', 'ruling-empty-loser'],
                { stage: 'score', label: 'Losers with no cards draw' }
              ),
              on: { NEXT: 'counter' }
            },
            counter: {
              meta: stepMeta('Counters', STEP_TEXT.counter, ['countering', 'ruling-countering'], {
                stage: 'score'
              }),
              on: { NEXT: 'hands' }
            },
            hands: {
              meta: stepMeta(
                'Uncountered hands',
                'List the winner’s hands nobody countered: their card values, and any titan or character on them.',
                ['multipliers', 'card-values', 'titan-character-ep'],
                { stage: 'score' }
              ),
              on: { NEXT: 'chaotic' }
            },
            chaotic: {
              meta: stepMeta(
                'Chaotic EP',
                'Each loser counts the points of the cards still held plus the table hands that countered nothing.',
                ['chaotic-ep', 'card-values'],
                { stage: 'score' }
              ),
              on: { NEXT: 'total' }
            },
            total: {
              meta: stepMeta(
                'Round EP',
                'Check the calculation line by line, then score the round.',
                ['round-scoring', 'titan-character-ep', 'double-ep', 'ruling-bonus-hands'],
                { stage: 'score' }
              )
            }
          }
        }
      }
    },
    over: {
      type: 'final',
      meta: stepMeta('Game over', 'A player reached the EP target. Undo if a number was entered wrongly.', [
        'game-win'
      ])
    }
  }
});
