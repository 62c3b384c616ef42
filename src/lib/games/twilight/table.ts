/**
 * The table in numbers: every player's stacks, what each event does to them, and the plain reason
 * when the numbers make an event impossible. The statechart (machines/twilight.ts) decides *when*
 * in the turn an event belongs; this module decides *whether the cards allow it* and *what
 * changes*. Pure functions over plain data, so a replay is a fold.
 */
import { decayCards, type ByLevel } from './aspects';
import { aLevel, LEVELS, levelLabel, type DeityId, type Level } from './cards';
import { discardStackDamage, lifeStackDamage, MAX_ATTACKER_LIFE } from './combat';
import {
  deityDraftDone,
  keepDeity,
  keepProblem,
  nextPick,
  finishPile,
  startDeityDraft,
  type ActionDraft,
  type DeityDraft
} from './draft';
import { drawCount, isMultiplayer, startingLifeStack, type TwilightSetup } from './format';
import { paybackFor, SEIZE_SOURCES, seizeQuote, type SeizeQuote, type SeizeSource } from './seize';

export type DeityPower = 'available' | 'spent' | 'lost';

export interface PlayerState {
  life: number;
  hand: number;
  discard: number;
  destroyed: number;
  aspect: number;
  /** Aspects in the Resource Area by level; also the Creature Limit. */
  resource: ByLevel;
  deity: DeityId | null;
  power: DeityPower;
  /** Dropped out: their Life Stack ran empty. Never comes back. */
  out: boolean;
  mulligan: boolean;
  /** Turns this player has begun; 0 means their next turn is their first (no Refresh Phase). */
  turns: number;
  /** Seizes this player made against each seat on their most recent turn (multiplayer payback). */
  lastSeized: number[];
  /** Whether this player used a payback discount against each seat on their most recent turn. */
  lastPayback: boolean[];
}

/** What has happened so far in the turn in progress. */
export interface TurnLog {
  /** A successful Trade with each seat. */
  traded: boolean[];
  /** Seizes against each seat. */
  seized: number[];
  /** Payback discount used against each seat. */
  payback: number[];
  /** Aspects put into the Resource Area in the Resource Phase. */
  placed: number;
  /** Decay is recorded for everyone at once in the End Phase. */
  decayed: boolean;
  /** The player attacked in this Combat Phase (one per Combat Phase). */
  defender: number | null;
}

export interface DraftState {
  deities: DeityDraft;
  actions: ActionDraft;
  chosen: boolean[];
}

export interface Outcome {
  /** Seats that won: the last one standing or a winning team; none in a draw. */
  winners: number[];
  /** The winning team, when one team won alone. */
  team: number | null;
  /** A draw: the seats that went out together, last, so that nobody was left. */
  together: number[];
}

export interface TwilightContext {
  players: PlayerState[];
  teams: number[] | null;
  multiplayer: boolean;
  first: number;
  /** The seat whose turn it is. */
  active: number;
  /** The turn in progress, from 1; 0 before the game begins. */
  turn: number;
  now: TurnLog;
  draft: DraftState | null;
  outcome: Outcome | null;
}

export type Pile =
  'life' | 'hand' | 'discard' | 'destroyed' | 'aspect' | 'resource1' | 'resource2' | 'resource3';
export const PILES: readonly Pile[] = [
  'life',
  'hand',
  'discard',
  'destroyed',
  'aspect',
  'resource1',
  'resource2',
  'resource3'
];

export const PILE_NAMES: Record<Pile, string> = {
  life: 'Life Stack',
  hand: 'Hand',
  discard: 'Discard Stack',
  destroyed: 'Destroyed Stack',
  aspect: 'Aspect Stack',
  resource1: 'Lesser Aspects (I) in play',
  resource2: 'Greater Aspects (II) in play',
  resource3: 'Exalted Aspects (III) in play'
};

/** Highest change one correction may make: a typo guard. */
export const MAX_ADJUST = 999;

export type TwilightEvent =
  | { type: 'DRAFT_KEEP'; seat: number; deity: DeityId }
  | { type: 'DRAFT_PICK' }
  | { type: 'PILE_DONE' }
  | { type: 'CHOOSE_DEITY'; seat: number; deity: DeityId; conviction: boolean }
  | { type: 'MULLIGAN'; seat: number }
  | { type: 'BEGIN' }
  | { type: 'NEXT' }
  | { type: 'NO_ATTACK' }
  | { type: 'TRADE'; with: number; give: number; get: number }
  | { type: 'FORCED_TRADE'; with: number }
  | { type: 'SEIZE'; from: number; level: Level; source: SeizeSource }
  | { type: 'RESOURCE'; level: Level }
  | { type: 'SUMMON'; cards: number }
  | { type: 'HIT_DISCARD'; target: number; life: number }
  | { type: 'HIT_LIFE'; target: number; life: number }
  /** Unused Aspects by level for every seat, all at once: Decay hits everyone together. */
  | { type: 'DECAY'; unused: ByLevel[] }
  | { type: 'DEITY_POWER'; seat: number }
  | { type: 'ADJUST'; seat: number; pile: Pile; delta: number }
  /**
   * Ends the turn. `place` carries the Resource Phase's Aspect when the table tells it only now,
   * and `unused` the End Phase's Decay (as DECAY would), so the end of a turn is still one tap
   * from its last decision and never skips the Decay.
   */
  | { type: 'END_TURN'; place?: Level; unused?: ByLevel[] };

export type EventOf<T extends TwilightEvent['type']> = Extract<TwilightEvent, { type: T }>;

/** Names a seat in messages; the machine's own guards use a neutral one. */
export type Namer = (seat: number) => string;
export const seatNamer: Namer = (seat) => `Player ${seat + 1}`;

const zeros = (n: number) => Array.from({ length: n }, () => 0);
const falses = (n: number) => Array.from({ length: n }, () => false);

function freshTurn(n: number): TurnLog {
  return {
    traded: falses(n),
    seized: zeros(n),
    payback: zeros(n),
    placed: 0,
    decayed: false,
    defender: null
  };
}

export function initialContext(setup: TwilightSetup): TwilightContext {
  const n = setup.players.length;
  return {
    players: setup.players.map((_, seat) => ({
      life: startingLifeStack(setup.decks[seat]),
      hand: 7,
      discard: 0,
      destroyed: 0,
      aspect: 0,
      resource: [0, 0, 0],
      deity: setup.deities[seat] ?? null,
      power: 'available',
      out: false,
      mulligan: false,
      turns: 0,
      lastSeized: zeros(n),
      lastPayback: falses(n)
    })),
    teams: setup.teams,
    multiplayer: isMultiplayer(setup),
    first: setup.first,
    active: setup.first,
    turn: 0,
    now: freshTurn(n),
    draft: setup.draft
      ? { deities: startDeityDraft(setup.seed, n), actions: { pile: 0, picks: 0 }, chosen: falses(n) }
      : null,
    outcome: null
  };
}

// ---------------------------------------------------------------------------------------------
// Checks: a reason in plain words, or undefined. Each looks only at the numbers on the table.

const isWhole = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);

function seatProblem(ctx: TwilightContext, seat: unknown): string | undefined {
  return isWhole(seat) && seat >= 0 && seat < ctx.players.length
    ? undefined
    : 'That player is not at the table.';
}

function inGame(ctx: TwilightContext, seat: unknown, name: Namer): string | undefined {
  return (
    seatProblem(ctx, seat) ??
    (ctx.players[seat as number].out ? `${name(seat as number)} is out of the game.` : undefined)
  );
}

function activeInGame(ctx: TwilightContext, name: Namer): string | undefined {
  return ctx.players[ctx.active].out ? `${name(ctx.active)} is out of the game: end the turn.` : undefined;
}

function opponentProblem(ctx: TwilightContext, seat: unknown, name: Namer, what: string): string | undefined {
  const problem = inGame(ctx, seat, name);
  if (problem) return problem;
  return seat === ctx.active ? `${name(ctx.active)} cannot ${what} with themselves.` : undefined;
}

const isLevel = (x: unknown): x is Level => LEVELS.includes(x as Level);

/** The payback still open to the active player against `target` this turn. */
export function paybackLeft(ctx: TwilightContext, target: number): number {
  if (!ctx.multiplayer) return 0;
  const them = ctx.players[target];
  return paybackFor({
    seizedBy: them.lastSeized[ctx.active] ?? 0,
    theyTookPayback: them.lastPayback[ctx.active] ?? false,
    used: ctx.now.payback[target]
  });
}

/** What a Seize by the active player from `target` would cost right now. */
export function quoteSeize(
  ctx: TwilightContext,
  target: number,
  level: Level,
  source?: SeizeSource
): SeizeQuote {
  return seizeQuote({
    level,
    multiplayer: ctx.multiplayer,
    seizerAspects: ctx.players[ctx.active].aspect,
    targetAspects: ctx.players[target].aspect,
    payback: paybackLeft(ctx, target),
    source
  });
}

/** Whether the active player may still Seize from `target` this turn, as a reason if not. */
export function seizeBlocked(ctx: TwilightContext, target: number, name: Namer): string | undefined {
  if (!ctx.multiplayer && ctx.now.traded.some(Boolean)) {
    return `${name(ctx.active)} made a Trade this turn, so there is no Seize.`;
  }
  if (ctx.now.traded[target])
    return `${name(ctx.active)} traded with ${name(target)} this turn, so cannot Seize from them.`;
  return undefined;
}

/** The active player still owes the Resource Phase its Aspect. */
export function resourceOwed(ctx: TwilightContext): boolean {
  const me = ctx.players[ctx.active];
  return ctx.turn > 0 && !me.out && me.aspect > 0 && ctx.now.placed === 0;
}

export function resourceOwedReason(ctx: TwilightContext, name: Namer): string {
  return `First the Resource Phase: ${name(ctx.active)} puts an Aspect from the Aspect Stack into the Resource Area (I, II or III).`;
}

function wholeIn(value: unknown, min: number, max: number, what: string): string | undefined {
  if (!isWhole(value)) return `${what} must be a whole number.`;
  if (value < min || value > max) return `${what} must be between ${min} and ${max}.`;
  return undefined;
}

type Check<T extends TwilightEvent['type']> = (
  ctx: TwilightContext,
  e: EventOf<T>,
  name: Namer
) => string | undefined;

/** Every check on the numbers, by event type. Step and phase are the machine's business. */
export const tableChecks: { [T in TwilightEvent['type']]?: Check<T> } = {
  DRAFT_KEEP(ctx, e, name) {
    if (!ctx.draft) return 'There is no draft in this game.';
    return seatProblem(ctx, e.seat) ?? keepProblem(ctx.draft.deities, e.seat, e.deity, name(e.seat));
  },
  CHOOSE_DEITY(ctx, e, name) {
    if (!ctx.draft) return 'There is no draft in this game.';
    const problem = seatProblem(ctx, e.seat);
    if (problem) return problem;
    if (typeof e.conviction !== 'boolean') return 'Say whether the deck meets the Deity’s requirement.';
    return ctx.draft.deities.kept[e.seat].includes(e.deity)
      ? undefined
      : `${name(e.seat)} did not draft that Deity.`;
  },
  MULLIGAN(ctx, e, name) {
    const problem = seatProblem(ctx, e.seat);
    if (problem) return problem;
    return ctx.players[e.seat].mulligan ? `${name(e.seat)} has had the one mulligan already.` : undefined;
  },
  TRADE(ctx, e, name) {
    const problem = activeInGame(ctx, name) ?? opponentProblem(ctx, e.with, name, 'trade');
    if (problem) return problem;
    if (ctx.now.traded[e.with]) return tradedAlready(ctx, e.with, name);
    const limit =
      wholeIn(e.give, 0, MAX_ADJUST, 'Cards given') ?? wholeIn(e.get, 0, MAX_ADJUST, 'Cards received');
    if (limit) return limit;
    if (e.give + e.get === 0) return 'A Trade moves at least one card.';
    const me = ctx.players[ctx.active];
    const them = ctx.players[e.with];
    if (e.give > me.hand) return `${name(ctx.active)} has ${me.hand} in Hand, so cannot give ${e.give}.`;
    if (e.get > them.hand) return `${name(e.with)} has ${them.hand} in Hand, so cannot give ${e.get}.`;
    return undefined;
  },
  FORCED_TRADE(ctx, e, name) {
    const problem = activeInGame(ctx, name) ?? opponentProblem(ctx, e.with, name, 'trade');
    if (problem) return problem;
    if (ctx.now.traded[e.with]) return tradedAlready(ctx, e.with, name);
    return undefined;
  },
  SEIZE(ctx, e, name) {
    const problem = activeInGame(ctx, name) ?? opponentProblem(ctx, e.from, name, 'Seize');
    if (problem) return problem;
    if (!isLevel(e.level)) return 'Seize a Lesser (I), Greater (II) or Exalted (III) Aspect.';
    if (!SEIZE_SOURCES.includes(e.source)) return 'Say where the Aspect was found.';
    const blocked = seizeBlocked(ctx, e.from, name);
    if (blocked) return blocked;
    const me = ctx.players[ctx.active];
    const quote = quoteSeize(ctx, e.from, e.level, e.source);
    if (me.hand < quote.setAside) {
      return `Seizing ${aLevel(e.level)} from ${name(e.from)} sets aside ${quote.setAside} cards; ${name(ctx.active)} has ${me.hand} in Hand.`;
    }
    const them = ctx.players[e.from];
    if (e.source === 'hand' && them.hand === 0) return `${name(e.from)} has no cards in Hand.`;
    if (e.source === 'life' && them.life === 0) return `${name(e.from)} has no cards in the Life Stack.`;
    return undefined;
  },
  END_TURN(ctx, e, name) {
    if (e.place !== undefined) {
      if (!resourceOwed(ctx))
        return `${name(ctx.active)} has put the Resource Phase’s Aspect into play already.`;
      const problem = tableChecks.RESOURCE!(ctx, { type: 'RESOURCE', level: e.place }, name);
      if (problem) return problem;
    }
    if (e.unused === undefined) return undefined;
    // The Decay counts the Aspect this same tap puts into play.
    const placed = e.place === undefined ? ctx : applyEvent(ctx, { type: 'RESOURCE', level: e.place });
    return tableChecks.DECAY!(placed, { type: 'DECAY', unused: e.unused }, name);
  },
  RESOURCE(ctx, e, name) {
    const problem = activeInGame(ctx, name);
    if (problem) return problem;
    if (!isLevel(e.level)) return 'Put a Lesser (I), Greater (II) or Exalted (III) Aspect into play.';
    return ctx.players[ctx.active].aspect > 0 ? undefined : `${name(ctx.active)}’s Aspect Stack is empty.`;
  },
  SUMMON(ctx, e, name) {
    const problem = activeInGame(ctx, name) ?? wholeIn(e.cards, 1, MAX_ADJUST, 'Cards played');
    if (problem) return problem;
    const hand = ctx.players[ctx.active].hand;
    return e.cards > hand ? `${name(ctx.active)} has ${hand} in Hand, so cannot play ${e.cards}.` : undefined;
  },
  HIT_DISCARD: hitProblem,
  HIT_LIFE: hitProblem,
  DECAY(ctx, e, name) {
    if (ctx.now.decayed) return 'Decay is already in for this turn; undo it to change it.';
    const shape = 'Give every player’s unused Aspects of each level.';
    if (!Array.isArray(e.unused) || e.unused.length !== ctx.players.length) return shape;
    for (const [seat, unused] of e.unused.entries()) {
      if (!Array.isArray(unused) || unused.length !== 3) return shape;
      const player = ctx.players[seat];
      for (const level of LEVELS) {
        const count = unused[level - 1];
        const bad = wholeIn(count, 0, MAX_ADJUST, `${name(seat)}’s unused ${levelLabel(level)}`);
        if (bad) return bad;
        if (count > 0 && player.out) return `${name(seat)} is out of the game.`;
        if (count > player.resource[level - 1]) {
          return `${name(seat)} has ${player.resource[level - 1]} ${levelLabel(level)} in the Resource Area, so ${count} cannot go unused.`;
        }
      }
    }
    return undefined;
  },
  DEITY_POWER(ctx, e, name) {
    const problem = inGame(ctx, e.seat, name);
    if (problem) return problem;
    const power = ctx.players[e.seat].power;
    if (power === 'spent') return `${name(e.seat)}’s Deity Power is already spent.`;
    if (power === 'lost')
      return `${name(e.seat)}’s deck missed the Deity’s requirement, so there is no Deity Power.`;
    return undefined;
  },
  ADJUST(ctx, e, name) {
    const problem = inGame(ctx, e.seat, name);
    if (problem) return problem;
    if (!PILES.includes(e.pile)) return 'There is no such pile.';
    if (!isWhole(e.delta) || e.delta === 0) return 'The change must be a whole number other than 0.';
    if (Math.abs(e.delta) > MAX_ADJUST) return `A change is at most ${MAX_ADJUST} cards.`;
    const have = pileCount(ctx.players[e.seat], e.pile);
    if (have + e.delta < 0) {
      return `${name(e.seat)}’s ${PILE_NAMES[e.pile]} has ${have} card${have === 1 ? '' : 's'}; it cannot lose ${-e.delta}.`;
    }
    return undefined;
  }
};

function tradedAlready(ctx: TwilightContext, other: number, name: Namer): string {
  return ctx.multiplayer
    ? `${name(ctx.active)} has already traded with ${name(other)} this turn.`
    : `${name(ctx.active)} has already traded this turn: one Trade per Trade Phase.`;
}

function hitProblem(
  ctx: TwilightContext,
  e: EventOf<'HIT_LIFE' | 'HIT_DISCARD'>,
  name: Namer
): string | undefined {
  const problem = activeInGame(ctx, name) ?? opponentProblem(ctx, e.target, name, 'attack');
  if (problem) return problem;
  if (ctx.now.defender !== null && ctx.now.defender !== e.target) {
    return `This Combat Phase is against ${name(ctx.now.defender)}: one defending player per Combat Phase.`;
  }
  if (!isWhole(e.life)) return 'An attacker’s Life must be a whole number.';
  if (e.life < 1) return 'An attacker with no Life left has been Slain and deals no damage.';
  if (e.life > MAX_ATTACKER_LIFE) return `An attacker’s Life is at most ${MAX_ATTACKER_LIFE}.`;
  return undefined;
}

export function tableProblem(ctx: TwilightContext, event: TwilightEvent, name: Namer): string | undefined {
  const check = tableChecks[event.type] as Check<typeof event.type> | undefined;
  return check ? check(ctx, event as never, name) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Changes: each returns a new context; nothing is mutated.

export function pileCount(p: PlayerState, pile: Pile): number {
  switch (pile) {
    case 'resource1':
      return p.resource[0];
    case 'resource2':
      return p.resource[1];
    case 'resource3':
      return p.resource[2];
    default:
      return p[pile];
  }
}

function withPile(p: PlayerState, pile: Pile, value: number): PlayerState {
  if (pile.startsWith('resource')) {
    const i = Number(pile.slice(-1)) - 1;
    return { ...p, resource: p.resource.map((v, j) => (j === i ? value : v)) as ByLevel };
  }
  return { ...p, [pile]: value };
}

type Edit = (p: PlayerState) => PlayerState;

function edit(ctx: TwilightContext, edits: Record<number, Edit>): TwilightContext {
  return { ...ctx, players: ctx.players.map((p, seat) => (edits[seat] ? edits[seat](p) : p)) };
}

/** Whose side a seat is on: its team, or itself when every player is for themselves. */
export function sideOf(ctx: Pick<TwilightContext, 'teams'>, seat: number): number {
  return ctx.teams ? ctx.teams[seat] : seat;
}

/**
 * After any change: a player whose Life Stack is empty drops out, and the game ends when one side
 * (a player, or a team) is left. When the last sides all drop out at once, nobody is left who has
 * not lost: a draw (see the rules' ruling on simultaneous loss).
 */
export function settle(ctx: TwilightContext): TwilightContext {
  if (ctx.outcome) return ctx;
  const goingOut = ctx.players.map((p) => !p.out && p.life === 0);
  if (!goingOut.some(Boolean)) return ctx;
  const players = ctx.players.map((p, i) => (goingOut[i] ? { ...p, out: true } : p));
  const next = { ...ctx, players };
  const standing = new Set(players.flatMap((p, seat) => (p.out ? [] : [sideOf(ctx, seat)])));
  if (standing.size > 1) return next;
  if (standing.size === 0) {
    const together = goingOut.flatMap((g, seat) => (g ? [seat] : []));
    return { ...next, outcome: { winners: [], team: null, together } };
  }
  const winners = players.flatMap((_, seat) => (standing.has(sideOf(ctx, seat)) ? [seat] : []));
  const team = ctx.teams ? [...standing][0] : null;
  return { ...next, outcome: { winners, team, together: [] } };
}

/** A player draws from the Life Stack into the Hand; an empty Life Stack takes them out. */
function draw(ctx: TwilightContext, seat: number, count: number): TwilightContext {
  return settle(
    edit(ctx, {
      [seat]: (p) => {
        const drawn = Math.min(count, p.life);
        return { ...p, life: p.life - drawn, hand: p.hand + drawn, turns: p.turns + 1 };
      }
    })
  );
}

/** Cards the player at `seat` drew at the start of the turn in progress (for history lines). */
export function drawnThisTurn(ctx: TwilightContext): number {
  return drawCount(ctx.players.length, ctx.turn === 1);
}

/** The first turn: the first player draws (1 in a two-player game, 2 in multiplayer). */
export function begin(ctx: TwilightContext): TwilightContext {
  const started = { ...ctx, turn: 1, active: ctx.first, now: freshTurn(ctx.players.length) };
  return draw(started, ctx.first, drawCount(ctx.players.length, true));
}

/**
 * The turn passes clockwise to the next player still in, who draws 2. A player who empties their
 * Life Stack by drawing drops out, and the turn passes on.
 */
/**
 * The seat whose turn comes next: clockwise, the first player still in who keeps a card after
 * drawing 2 (one who cannot drops out as the turn passes them). Agrees with `endTurn`.
 */
export function nextTurnSeat(ctx: TwilightContext): number | undefined {
  const n = ctx.players.length;
  for (let step = 1; step <= n; step++) {
    const seat = (ctx.active + step) % n;
    const p = ctx.players[seat];
    if (!p.out && p.life > 2) return seat;
  }
  return undefined;
}

/** The next turn is that player's first, so it has no Refresh Phase. */
export function nextTurnIsFirst(ctx: TwilightContext): boolean {
  const seat = nextTurnSeat(ctx);
  return seat !== undefined && ctx.players[seat].turns === 0;
}

export function endTurn(ctx: TwilightContext): TwilightContext {
  const n = ctx.players.length;
  const me = ctx.active;
  let next = edit(ctx, {
    [me]: (p) => ({
      ...p,
      lastSeized: ctx.now.seized.slice(),
      lastPayback: ctx.now.payback.map((x) => x > 0)
    })
  });
  next = { ...next, turn: ctx.turn + 1, now: freshTurn(n) };
  for (let step = 1; step <= n && !next.outcome; step++) {
    const seat = (me + step) % n;
    if (next.players[seat].out) continue;
    next = draw({ ...next, active: seat }, seat, 2);
    if (!next.players[seat].out) break;
  }
  return next;
}

type Apply<T extends TwilightEvent['type']> = (ctx: TwilightContext, e: EventOf<T>) => TwilightContext;

/** What each event does to the table. Events not listed here change no number. */
export const tableChanges: { [T in TwilightEvent['type']]?: Apply<T> } = {
  DRAFT_KEEP: (ctx, e) => ({
    ...ctx,
    draft: { ...ctx.draft!, deities: keepDeity(ctx.draft!.deities, e.seat, e.deity) }
  }),
  DRAFT_PICK: (ctx) => ({ ...ctx, draft: { ...ctx.draft!, actions: nextPick(ctx.draft!.actions) } }),
  PILE_DONE: (ctx) => ({ ...ctx, draft: { ...ctx.draft!, actions: finishPile(ctx.draft!.actions) } }),
  CHOOSE_DEITY: (ctx, e) => ({
    ...edit(ctx, {
      [e.seat]: (p) => ({ ...p, deity: e.deity, power: e.conviction ? 'available' : 'lost' })
    }),
    draft: { ...ctx.draft!, chosen: ctx.draft!.chosen.map((c, i) => c || i === e.seat) }
  }),
  MULLIGAN: (ctx, e) => edit(ctx, { [e.seat]: (p) => ({ ...p, mulligan: true }) }),
  BEGIN: begin,
  TRADE: (ctx, e) => ({
    ...edit(ctx, {
      [ctx.active]: (p) => ({ ...p, hand: p.hand - e.give, aspect: p.aspect + e.get }),
      [e.with]: (p) => ({ ...p, hand: p.hand - e.get, aspect: p.aspect + e.give })
    }),
    now: { ...ctx.now, traded: ctx.now.traded.map((t, i) => t || i === e.with) }
  }),
  FORCED_TRADE: (ctx, e) =>
    settle({
      ...edit(ctx, {
        [ctx.active]: (p) => ({ ...p, life: p.life - 1, aspect: p.aspect + 1 }),
        [e.with]: (p) => ({ ...p, life: p.life - 1, aspect: p.aspect + 1 })
      }),
      now: { ...ctx.now, traded: ctx.now.traded.map((t, i) => t || i === e.with) }
    }),
  SEIZE: (ctx, e) => {
    const q = quoteSeize(ctx, e.from, e.level, e.source);
    const own = e.source === 'own';
    const edits: Record<number, Edit> = {
      [ctx.active]: (p) => ({
        ...p,
        hand: p.hand - q.destroy - q.discard,
        destroyed: p.destroyed + q.destroy,
        discard: p.discard + q.discard,
        aspect: p.aspect + 1,
        life: own ? p.life - 1 : p.life
      })
    };
    if (!own) {
      edits[e.from] = (p) => (e.source === 'hand' ? { ...p, hand: p.hand - 1 } : { ...p, life: p.life - 1 });
    }
    const add = (list: number[], seat: number, by: number) => list.map((x, i) => (i === seat ? x + by : x));
    return settle({
      ...edit(ctx, edits),
      now: {
        ...ctx.now,
        seized: add(ctx.now.seized, e.from, 1),
        payback: add(ctx.now.payback, e.from, q.paybackDiscount)
      }
    });
  },
  RESOURCE: (ctx, e) => ({
    ...edit(ctx, {
      [ctx.active]: (p) => ({
        ...p,
        aspect: p.aspect - 1,
        resource: p.resource.map((v, i) => (i === e.level - 1 ? v + 1 : v)) as ByLevel
      })
    }),
    now: { ...ctx.now, placed: ctx.now.placed + 1 }
  }),
  SUMMON: (ctx, e) => edit(ctx, { [ctx.active]: (p) => ({ ...p, hand: p.hand - e.cards }) }),
  HIT_DISCARD: (ctx, e) => ({
    ...edit(ctx, {
      [e.target]: (p) => {
        const lost = Math.min(discardStackDamage(e.life), p.discard);
        return { ...p, discard: p.discard - lost, destroyed: p.destroyed + lost };
      }
    }),
    now: { ...ctx.now, defender: e.target }
  }),
  HIT_LIFE: (ctx, e) =>
    settle({
      ...edit(ctx, {
        [e.target]: (p) => {
          const lost = Math.min(lifeStackDamage(e.life), p.life);
          return { ...p, life: p.life - lost, discard: p.discard + lost };
        }
      }),
      now: { ...ctx.now, defender: e.target }
    }),
  DECAY: (ctx, e) =>
    settle({
      ...ctx,
      players: ctx.players.map((p, seat) => {
        const lost = Math.min(decayCards(e.unused[seat]), p.life);
        return lost ? { ...p, life: p.life - lost, destroyed: p.destroyed + lost } : p;
      }),
      now: { ...ctx.now, decayed: true }
    }),
  DEITY_POWER: (ctx, e) => edit(ctx, { [e.seat]: (p) => ({ ...p, power: 'spent' }) }),
  ADJUST: (ctx, e) =>
    settle(edit(ctx, { [e.seat]: (p) => withPile(p, e.pile, pileCount(p, e.pile) + e.delta) })),
  END_TURN: (ctx, e) => {
    let next =
      e.place === undefined ? ctx : tableChanges.RESOURCE!(ctx, { type: 'RESOURCE', level: e.place });
    if (e.unused !== undefined) next = tableChanges.DECAY!(next, { type: 'DECAY', unused: e.unused });
    // A Decay that ends the game ends it there: no next turn is drawn.
    return next.outcome ? next : endTurn(next);
  }
};

export function applyEvent(ctx: TwilightContext, event: TwilightEvent): TwilightContext {
  const change = tableChanges[event.type] as Apply<typeof event.type> | undefined;
  return change ? change(ctx, event as never) : ctx;
}

/** The deity draft is over when everyone holds 3; the build is over when everyone chose a Deity. */
export function deitiesDrafted(ctx: TwilightContext): boolean {
  return !!ctx.draft && deityDraftDone(ctx.draft.deities);
}

export function everyoneChose(ctx: TwilightContext): boolean {
  return !!ctx.draft && ctx.draft.chosen.every(Boolean);
}
