/**
 * What an event changes on the table: each change returns a new context and mutates nothing, so
 * a replay is a fold. Whether the event is allowed is table-checks.ts's business.
 */
import { decayCards, type ByLevel } from './aspects';
import { discardStackDamage, lifeStackDamage } from './combat';
import { finishPile, keepDeity, nextPick } from './draft';
import { drawCount } from './format';
import {
  creaturePile,
  freshTurn,
  overLimitNow,
  pileCount,
  quoteSeize,
  sideOf,
  type EventOf,
  type Pile,
  type PlayerState,
  type TwilightContext,
  type TwilightEvent
} from './table-state';

function withPile(p: PlayerState, pile: Pile, value: number): PlayerState {
  for (const group of ['resource', 'creatures'] as const) {
    if (pile.startsWith(group === 'resource' ? 'resource' : 'creature')) {
      const i = Number(pile.slice(-1)) - 1;
      return { ...p, [group]: p[group].map((v, j) => (j === i ? value : v)) as ByLevel };
    }
  }
  return { ...p, [pile]: value };
}

/** Moves `cards` from one pile to another (no more than the pile holds). */
function movePile(p: PlayerState, from: Pile, to: Pile, cards: number): PlayerState {
  const moved = Math.min(cards, pileCount(p, from));
  const taken = withPile(p, from, pileCount(p, from) - moved);
  return withPile(taken, to, pileCount(taken, to) + moved);
}

/**
 * Cards Summoned from the Hand (see the SUMMON event): a Creature to the Combat Field, where one
 * over the Creature Limit is Discarded at once unless the card says it does not count.
 */
function summon(p: PlayerState, e: EventOf<'SUMMON'>): PlayerState {
  const hand = { ...p, hand: p.hand - e.cards };
  if (e.card === 'other' || (e.card === 'creature' && e.over === 'outside'))
    return { ...hand, play: hand.play + e.cards };
  if (e.card !== 'creature' || !e.level) return hand;
  const pile = creaturePile(e.level);
  const placed = withPile(hand, pile, pileCount(hand, pile) + e.cards);
  const excess = e.over === 'discard' ? overLimitNow(placed)[e.level - 1] : 0;
  return excess ? movePile(placed, pile, 'discard', excess) : placed;
}

type Edit = (p: PlayerState) => PlayerState;

function edit(ctx: TwilightContext, edits: Record<number, Edit>): TwilightContext {
  return { ...ctx, players: ctx.players.map((p, seat) => (edits[seat] ? edits[seat](p) : p)) };
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
  const group = goingOut.flatMap((g, seat) => (g ? [seat] : []));
  const next = { ...ctx, players, knockouts: [...(ctx.knockouts ?? []), group] };
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

/**
 * An attacker's damage to the defender: up to `damage` cards go from one of their stacks to the
 * next (Life to Discard, Discard to Destroyed), no more than the stack holds; the defender is set
 * for the rest of this Combat Phase.
 */
function hit(
  ctx: TwilightContext,
  target: number,
  from: 'life' | 'discard',
  to: 'discard' | 'destroyed',
  damage: number
): TwilightContext {
  return settle({
    ...edit(ctx, {
      [target]: (p) => {
        const lost = Math.min(damage, p[from]);
        return { ...p, [from]: p[from] - lost, [to]: p[to] + lost };
      }
    }),
    now: { ...ctx.now, defender: target }
  });
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
  SUMMON: (ctx, e) => edit(ctx, { [ctx.active]: (p) => summon(p, e) }),
  MOVE: (ctx, e) => settle(edit(ctx, { [e.seat]: (p) => movePile(p, e.from, e.to, e.cards) })),
  HIT_DISCARD: (ctx, e) => hit(ctx, e.target, 'discard', 'destroyed', discardStackDamage(e.life)),
  HIT_LIFE: (ctx, e) => hit(ctx, e.target, 'life', 'discard', lifeStackDamage(e.life)),
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
