/**
 * The state of the table during an Epic game, as pure functions: Mojo changes and who is out,
 * who has won, whose turn is next, actions, mulligans and a match's games. The statechart
 * (src/lib/machines/epic.ts) keeps this context and calls these; nothing here knows about steps.
 */
import { MATCH_WINS, STARTING_MOJO, type EpicFormat } from './format';
import { nextPick, type DraftPosition } from './draft';
import { drawAmong } from './random';

export type MojoReason = 'attack' | 'card' | 'ability' | 'other';
export const MOJO_REASONS: readonly MojoReason[] = ['attack', 'card', 'ability', 'other'];
/** One change is a number typed at the table: anything larger is a typing slip. */
export const MOJO_CHANGE_LIMIT = 999;
/** Pack War: each card a player cannot draw costs every opponent this much. */
const PACK_WAR_PENALTY = 5;

export interface MojoChange {
  player: string;
  delta: number;
}

/** How a game ended. */
type GameEnd = 'knockout' | 'deck' | 'all-out' | 'deck-tie';

export interface GameRecord {
  game: number;
  first: string;
  /** Who won (several: a tie). */
  winners: string[];
  /** Players knocked out, in the order they went; players who went together share a group. */
  knockouts: string[][];
  how: GameEnd;
  turns: number;
  mojo: Record<string, number>;
}

export interface EpicContext {
  /** Player ids in seat order, clockwise. */
  players: string[];
  format: EpicFormat;
  packs: number;
  match: boolean;
  mojo: Record<string, number>;
  /** This game's knockouts, in order; players knocked out by one change share a group. */
  knockouts: string[][];
  /** True while a player's action for this turn is unspent. */
  action: Record<string, boolean>;
  /** Cards each player sent back in this game's mulligan (0: kept the hand); absent: not decided. */
  mulligans: Record<string, number>;
  /** Who takes the first turn of this game. */
  first: string;
  active: string;
  /** Turn of this game, from 1. */
  turn: number;
  /** Turns played in earlier games of the match. */
  turnsBefore: number;
  /** Game of the match, from 1. */
  game: number;
  /** The draft guide's position; null when there is no draft or it is done. */
  draft: DraftPosition | null;
  /** This game's winners once it is decided. */
  winners: string[] | null;
  how: GameEnd | null;
  /** Finished games of the match (a single game has one once it ends). */
  games: GameRecord[];
}

interface ContextInput {
  players: string[];
  format: EpicFormat;
  packs: number;
  match: boolean;
  first: number;
}

const everyone = <T>(ids: readonly string[], value: T): Record<string, T> =>
  Object.fromEntries(ids.map((id) => [id, value]));

export function initialContext(input: ContextInput): EpicContext {
  const first = input.players[input.first] ?? input.players[0];
  return {
    players: [...input.players],
    format: input.format,
    packs: input.packs,
    match: input.match,
    mojo: everyone(input.players, STARTING_MOJO),
    knockouts: [],
    action: everyone(input.players, true),
    mulligans: {},
    first,
    active: first,
    turn: 1,
    turnsBefore: 0,
    game: 1,
    draft: input.format === 'draft' ? { pack: 1, pick: 1 } : null,
    winners: null,
    how: null,
    games: []
  };
}

export function isOut(ctx: Pick<EpicContext, 'knockouts'>, id: string): boolean {
  return ctx.knockouts.some((group) => group.includes(id));
}

/** Players still in the game, in seat order. */
export function standing(ctx: Pick<EpicContext, 'players' | 'knockouts'>): string[] {
  return ctx.players.filter((id) => !isOut(ctx, id));
}

/** The next player clockwise from `from` who is still in the game (from itself if alone). */
export function nextStanding(ctx: Pick<EpicContext, 'players' | 'knockouts'>, from: string): string {
  const n = ctx.players.length;
  const at = ctx.players.indexOf(from);
  for (let step = 1; step <= n; step++) {
    const id = ctx.players[(at + step) % n];
    if (!isOut(ctx, id)) return id;
  }
  return from;
}

/** Seat order starting at `from`, clockwise. */
function clockwiseFrom(players: readonly string[], from: string): string[] {
  const at = Math.max(0, players.indexOf(from));
  return [...players.slice(at), ...players.slice(0, at)];
}

/**
 * Who has won, if anyone, once knockouts are counted: the last player standing, or (our reading)
 * when a single change knocks out everyone still standing, those players tie.
 */
function decide(ctx: EpicContext): EpicContext {
  if (ctx.winners) return ctx;
  const left = standing(ctx);
  if (left.length === 1) return { ...ctx, winners: left, how: 'knockout' };
  if (left.length === 0) return { ...ctx, winners: [...(ctx.knockouts.at(-1) ?? [])], how: 'all-out' };
  return ctx;
}

/** Changes applied together; players reaching 0 or below together go out together. */
export function applyMojo(ctx: EpicContext, changes: readonly MojoChange[]): EpicContext {
  const mojo = { ...ctx.mojo };
  for (const c of changes) mojo[c.player] += c.delta;
  const newlyOut = ctx.players.filter((id) => !isOut(ctx, id) && mojo[id] <= 0);
  const knockouts = newlyOut.length ? [...ctx.knockouts, newlyOut] : ctx.knockouts;
  return decide({ ...ctx, mojo, knockouts });
}

/** A card says a player loses the game (or a player concedes). */
export function loseGame(ctx: EpicContext, player: string): EpicContext {
  return decide({ ...ctx, knockouts: [...ctx.knockouts, [player]] });
}

/** Pack War: every opponent still in the game loses 5 Mojo per card the player could not draw. */
export function packWarChanges(ctx: EpicContext, player: string, cards: number): MojoChange[] {
  return standing(ctx)
    .filter((id) => id !== player)
    .map((id) => ({ player: id, delta: -PACK_WAR_PENALTY * cards }));
}

/** Decks ran out: those players win at once; several at the same moment tie. */
export function deckEmpty(ctx: EpicContext, players: readonly string[]): EpicContext {
  const winners = ctx.players.filter((id) => players.includes(id));
  return { ...ctx, winners, how: winners.length > 1 ? 'deck-tie' : 'deck' };
}

/** Whose mulligan decision is next: from the first player clockwise; undefined when all decided. */
export function nextToMulligan(
  ctx: Pick<EpicContext, 'players' | 'first' | 'mulligans'>
): string | undefined {
  return clockwiseFrom(ctx.players, ctx.first).find((id) => !(id in ctx.mulligans));
}

export function mulligan(ctx: EpicContext, player: string, cards: number): EpicContext {
  return {
    ...ctx,
    mulligans: { ...ctx.mulligans, [player]: cards },
    mojo: { ...ctx.mojo, [player]: ctx.mojo[player] - cards }
  };
}

/** Everyone who has not decided keeps their hand. */
export function keepRest(ctx: EpicContext): EpicContext {
  const mulligans = { ...ctx.mulligans };
  for (const id of ctx.players) if (!(id in mulligans)) mulligans[id] = 0;
  return { ...ctx, mulligans };
}

/** The turn ends: unspent actions go, the next player still in begins, everyone gains an action. */
export function endTurn(ctx: EpicContext): EpicContext {
  return {
    ...ctx,
    active: nextStanding(ctx, ctx.active),
    turn: ctx.turn + 1,
    action: everyone(standing(ctx), true)
  };
}

export function setAction(ctx: EpicContext, player: string, spent: boolean): EpicContext {
  return { ...ctx, action: { ...ctx.action, [player]: !spent } };
}

export function advanceDraft(ctx: EpicContext): EpicContext {
  return { ...ctx, draft: ctx.draft ? nextPick(ctx.draft, ctx.packs) : null };
}

/** Games won so far in the match, counting the game just decided before it is recorded. */
export function matchWins(
  ctx: Pick<EpicContext, 'players' | 'games' | 'winners' | 'game'>
): Record<string, number> {
  const wins = everyone(ctx.players, 0);
  const games = ctx.games.map((g) => g.winners);
  if (ctx.winners && ctx.games.at(-1)?.game !== ctx.game) games.push(ctx.winners);
  // Our reading (ruling-match-tie): a shared game counts for nobody.
  for (const winners of games) if (winners.length === 1) wins[winners[0]]++;
  return wins;
}

/** The match winner: the first to win two games. */
export function matchWinner(
  ctx: Pick<EpicContext, 'players' | 'games' | 'winners' | 'game'>
): string | undefined {
  const wins = matchWins(ctx);
  return ctx.players.find((id) => wins[id] >= MATCH_WINS);
}

export function recordGame(ctx: EpicContext): EpicContext {
  if (!ctx.winners || !ctx.how) return ctx;
  const record: GameRecord = {
    game: ctx.game,
    first: ctx.first,
    winners: ctx.winners,
    knockouts: ctx.knockouts,
    how: ctx.how,
    turns: ctx.turn,
    mojo: { ...ctx.mojo }
  };
  return { ...ctx, games: [...ctx.games, record] };
}

/**
 * Who chooses the first player of the next game: the loser of the last game; in multiplayer the
 * first to go out. Several players who lost at the same moment (or a game everybody shared) have
 * no single loser: then the app draws one of them with the seed (see `drawAmong`).
 */
export function nextChooser(record: GameRecord, players: readonly string[]): string[] {
  if (record.knockouts.length > 0) {
    const firstOut = record.knockouts[0].filter((id) => !record.winners.includes(id));
    if (firstOut.length > 0) return firstOut;
  }
  const losers = players.filter((id) => !record.winners.includes(id));
  return losers.length > 0 ? losers : [...players];
}

/** A new game of the match: everyone back to 30 Mojo and an action, a fresh mulligan. */
export function newGame(ctx: EpicContext, first: string): EpicContext {
  return {
    ...ctx,
    mojo: everyone(ctx.players, STARTING_MOJO),
    knockouts: [],
    action: everyone(ctx.players, true),
    mulligans: {},
    first,
    active: first,
    turnsBefore: ctx.turnsBefore + ctx.turn,
    turn: 1,
    game: ctx.game + 1,
    winners: null,
    how: null
  };
}

/**
 * The player who chooses the first player of the next game of a match: the single loser, or,
 * when several lost at the same moment, one of them drawn with the session's seed.
 */
export function chooserFor(
  ctx: Pick<EpicContext, 'games' | 'players' | 'game'>,
  seed: string
): { id: string; drawn: boolean } | undefined {
  const last = ctx.games.at(-1);
  if (!last) return undefined;
  const candidates = nextChooser(last, ctx.players);
  if (candidates.length === 1) return { id: candidates[0], drawn: false };
  return { id: drawAmong(seed, ctx.game + 1, candidates), drawn: true };
}
