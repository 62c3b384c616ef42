/**
 * The table's shape: every player's stacks, the turn in progress and the events, with the
 * questions the checks, the changes and the screens ask of it (what a pile holds, whose side a
 * seat is on, what a Seize costs now). table-checks.ts says whether the cards allow an event,
 * table-changes.ts what it changes; table.ts gathers the three for the statechart and the screens.
 */
import { overLimit, type ByLevel } from './aspects';
import type { DeityId, Level } from './cards';
import { deityDraftDone, startDeityDraft, type ActionDraft, type DeityDraft } from './draft';
import { isMultiplayer, startingLifeStack, type TwilightSetup } from './format';
import { paybackFor, seizeQuote, type SeizeQuote, type SeizeSource } from './seize';

export type DeityPower = 'available' | 'spent' | 'lost';

export interface PlayerState {
  /** Cards in the deck this player brought: no pile of their own cards can hold more. */
  deck: number;
  life: number;
  hand: number;
  discard: number;
  destroyed: number;
  aspect: number;
  /** Aspects in the Resource Area by level; also the Creature Limit. */
  resource: ByLevel;
  /** Creatures on the Combat Field that count against the Creature Limit, by their Aspect. */
  creatures: ByLevel;
  /**
   * Other cards on the Combat Field: Fortifications, Intrigues, and Creatures whose card says
   * they do not count against the Creature Limit.
   */
  play: number;
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
  /**
   * The seats that dropped out, in the order they did; seats out at one moment share a group.
   * The result ranks by it. Optional: a state from before it was kept ranks by score.
   */
  knockouts?: number[][];
}

export type Pile =
  | 'life'
  | 'hand'
  | 'discard'
  | 'destroyed'
  | 'aspect'
  | 'resource1'
  | 'resource2'
  | 'resource3'
  | 'creature1'
  | 'creature2'
  | 'creature3'
  | 'play';
export const PILES: readonly Pile[] = [
  'life',
  'hand',
  'discard',
  'destroyed',
  'aspect',
  'resource1',
  'resource2',
  'resource3',
  'creature1',
  'creature2',
  'creature3',
  'play'
];

/** The piles that hold only the player's own cards: no deck can put more there than it has. */
export const OWN_PILES: readonly Pile[] = ['life', 'hand', 'discard', 'destroyed'];

/** Where cards go when Discarded or Destroyed (MOVE). */
export type Bin = 'discard' | 'destroyed';

/** A Creature's pile on the Combat Field, by its Aspect. */
export const creaturePile = (level: Level): Pile => `creature${level}` as Pile;
export const levelOfPile = (pile: Pile): Level | undefined =>
  pile.startsWith('creature') ? (Number(pile.slice(-1)) as Level) : undefined;

export const PILE_NAMES: Record<Pile, string> = {
  life: 'Life Stack',
  hand: 'Hand',
  discard: 'Discard Stack',
  destroyed: 'Destroyed Stack',
  aspect: 'Aspect Stack',
  resource1: 'Lesser Aspects (I) in play',
  resource2: 'Greater Aspects (II) in play',
  resource3: 'Exalted Aspects (III) in play',
  creature1: 'Lesser Creatures (I) in play',
  creature2: 'Greater Creatures (II) in play',
  creature3: 'Exalted Creatures (III) in play',
  play: 'Other cards in play'
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
  /**
   * Cards Summoned from the Hand. Without `card` (games saved before version 3) they only leave
   * the Hand. A Creature goes to the Combat Field against the Creature Limit; one over it says
   * what happens (`over`): a Creature of that Aspect is Discarded, or this one does not count
   * (its card says so). `other` is a Fortification or an Intrigue. Schemes are MOVEs to the
   * Discard Stack (why: 'scheme'): any player may play one whenever Active Effects are allowed.
   */
  | {
      type: 'SUMMON';
      cards: number;
      card?: 'creature' | 'other';
      level?: Level;
      over?: 'discard' | 'outside';
    }
  | { type: 'HIT_DISCARD'; target: number; life: number }
  | { type: 'HIT_LIFE'; target: number; life: number }
  /** Unused Aspects by level for every seat, all at once: Decay hits everyone together. */
  | { type: 'DECAY'; unused: ByLevel[] }
  | { type: 'DEITY_POWER'; seat: number }
  /**
   * A correction or a card effect on one pile. `bounded` (sent from version 3 on) also refuses a
   * count no deck at the table could reach; corrections saved before it replay as they were.
   */
  | { type: 'ADJUST'; seat: number; pile: Pile; delta: number; bounded?: boolean }
  /**
   * Cards Discarded or Destroyed from one of a player's piles: a resolved Scheme (from the Hand),
   * a Creature Slain, one over the Creature Limit, or any card effect that Discards or Destroys.
   */
  | { type: 'MOVE'; seat: number; from: Pile; to: Bin; cards: number; why?: MoveWhy }
  /**
   * Ends the turn. `place` carries the Resource Phase's Aspect when the table tells it only now,
   * and `unused` the End Phase's Decay (as DECAY would), so the end of a turn is still one tap
   * from its last decision and never skips the Decay.
   */
  | { type: 'END_TURN'; place?: Level; unused?: ByLevel[] };

export type MoveWhy = 'scheme' | 'slain' | 'limit';
export const MOVE_WHYS: readonly MoveWhy[] = ['scheme', 'slain', 'limit'];

export type EventOf<T extends TwilightEvent['type']> = Extract<TwilightEvent, { type: T }>;

/** Names a seat in messages; the machine's own guards use a neutral one. */
export type Namer = (seat: number) => string;
export const seatNamer: Namer = (seat) => `Player ${seat + 1}`;

const zeros = (n: number) => Array.from({ length: n }, () => 0);
const falses = (n: number) => Array.from({ length: n }, () => false);

export function freshTurn(n: number): TurnLog {
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
      deck: setup.decks[seat],
      life: startingLifeStack(setup.decks[seat]),
      hand: 7,
      discard: 0,
      destroyed: 0,
      aspect: 0,
      resource: [0, 0, 0],
      creatures: [0, 0, 0],
      play: 0,
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
    outcome: null,
    knockouts: []
  };
}

export function pileCount(p: PlayerState, pile: Pile): number {
  switch (pile) {
    case 'creature1':
      return p.creatures[0];
    case 'creature2':
      return p.creatures[1];
    case 'creature3':
      return p.creatures[2];
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

/**
 * The most cards a pile can hold: a pile of the player's own cards at most their deck; the
 * Aspect piles and the Combat Field, which take other players' cards too, at most every deck at
 * the table together.
 */
export function pileMax(ctx: TwilightContext, seat: number, pile: Pile): number {
  return OWN_PILES.includes(pile) ? ctx.players[seat].deck : ctx.players.reduce((sum, p) => sum + p.deck, 0);
}

/** Creatures over the Creature Limit at each level, now. */
export function overLimitNow(p: PlayerState): ByLevel {
  return overLimit(p.resource, p.creatures);
}

/** Whose side a seat is on: its team, or itself when every player is for themselves. */
export function sideOf(ctx: Pick<TwilightContext, 'teams'>, seat: number): number {
  return ctx.teams ? ctx.teams[seat] : seat;
}

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

/** The active player still owes the Resource Phase its Aspect. */
export function resourceOwed(ctx: TwilightContext): boolean {
  const me = ctx.players[ctx.active];
  return ctx.turn > 0 && !me.out && me.aspect > 0 && ctx.now.placed === 0;
}

/** The deity draft is over when everyone holds 3; the build is over when everyone chose a Deity. */
export function deitiesDrafted(ctx: TwilightContext): boolean {
  return !!ctx.draft && deityDraftDone(ctx.draft.deities);
}

export function everyoneChose(ctx: TwilightContext): boolean {
  return !!ctx.draft && ctx.draft.chosen.every(Boolean);
}
