/**
 * Whether the cards allow an event: a reason in plain words, or undefined. Each check looks only
 * at the numbers on the table; when in the turn an event belongs is the statechart's business.
 */
import { LEVELS, LEVEL_NAMES, aLevel, levelLabel, type Level } from './cards';
import { MAX_ATTACKER_LIFE } from './combat';
import { keepProblem } from './draft';
import { SEIZE_SOURCES } from './seize';
import { applyEvent } from './table-changes';
import {
  MAX_ADJUST,
  MOVE_WHYS,
  OWN_PILES,
  PILES,
  PILE_NAMES,
  levelOfPile,
  overLimitNow,
  pileCount,
  pileMax,
  quoteSeize,
  resourceOwed,
  sideOf,
  type EventOf,
  type Namer,
  type TwilightContext,
  type TwilightEvent
} from './table-state';

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

/** Whether the active player may still Seize from `target` this turn, as a reason if not. */
export function seizeBlocked(ctx: TwilightContext, target: number, name: Namer): string | undefined {
  if (!ctx.multiplayer && ctx.now.traded.some(Boolean)) {
    return `${name(ctx.active)} made a Trade this turn, so there is no Seize.`;
  }
  if (ctx.now.traded[target])
    return `${name(ctx.active)} traded with ${name(target)} this turn, so cannot Seize from them.`;
  return undefined;
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
    if (e.cards > hand) return `${name(ctx.active)} has ${hand} in Hand, so cannot play ${e.cards}.`;
    if (e.card === undefined)
      return e.level === undefined && e.over === undefined ? undefined : 'Say what was Summoned.';
    if (e.card === 'other')
      return e.level === undefined && e.over === undefined
        ? undefined
        : 'Only a Creature has an Aspect and a Creature Limit.';
    if (e.card !== 'creature')
      return 'Summon a Creature, a Fortification or an Intrigue; a Scheme goes to the Discard Stack.';
    if (!isLevel(e.level)) return 'Say whether the Creature is Lesser (I), Greater (II) or Exalted (III).';
    if (e.over === 'outside') return undefined;
    const over = limitWords(ctx, ctx.active, e.level, e.cards, name);
    if (e.over === undefined)
      return (
        over &&
        `${over} Say which goes: a ${LEVEL_NAMES[e.level].name} Creature is Discarded, or this one does not count against the limit.`
      );
    if (e.over !== 'discard') return 'Say what happens over the Creature Limit.';
    return over ? undefined : `${name(ctx.active)} is within the Creature Limit: nothing is Discarded.`;
  },
  MOVE(ctx, e, name) {
    const problem = inGame(ctx, e.seat, name);
    if (problem) return problem;
    if (!PILES.includes(e.from)) return 'There is no such pile.';
    if (e.to !== 'discard' && e.to !== 'destroyed')
      return 'Cards go to the Discard Stack or the Destroyed Stack.';
    if (e.from === e.to) return `The cards are in the ${PILE_NAMES[e.to]} already.`;
    const bad = wholeIn(e.cards, 1, MAX_ADJUST, 'Cards moved');
    if (bad) return bad;
    if (e.why !== undefined && !MOVE_WHYS.includes(e.why)) return 'There is no such reason.';
    const level = levelOfPile(e.from);
    if (e.why === 'scheme' && (e.from !== 'hand' || e.to !== 'discard'))
      return 'A Scheme goes from the Hand to the Discard Stack.';
    if (e.why === 'slain' && (e.to !== 'discard' || (level === undefined && e.from !== 'play')))
      return 'A Slain Creature goes from the Combat Field to the Discard Stack.';
    if (e.why === 'limit') {
      if (level === undefined || e.to !== 'discard')
        return 'Over the Creature Limit, a Creature is Discarded from the Combat Field.';
      const over = overLimitNow(ctx.players[e.seat])[level - 1];
      if (e.cards > over)
        return over === 0
          ? `${name(e.seat)} is within the Creature Limit for ${LEVEL_NAMES[level].name} Creatures.`
          : `${name(e.seat)} is ${over} over the limit for ${LEVEL_NAMES[level].name} Creatures, not ${e.cards}.`;
    }
    const have = pileCount(ctx.players[e.seat], e.from);
    if (e.cards > have) {
      return `${name(e.seat)}’s ${PILE_NAMES[e.from]} has ${have} card${have === 1 ? '' : 's'}, so ${e.cards} cannot go.`;
    }
    return undefined;
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
    if (e.bounded !== undefined && e.bounded !== true)
      return 'Say whether the change is checked against the decks.';
    const max = pileMax(ctx, e.seat, e.pile);
    if (e.bounded && have + e.delta > max) {
      const whose = OWN_PILES.includes(e.pile)
        ? `${name(e.seat)}’s deck has ${max} cards`
        : `the decks at the table have ${max} cards in all`;
      return `${name(e.seat)}’s ${PILE_NAMES[e.pile]} cannot hold ${have + e.delta}: ${whose}.`;
    }
    return undefined;
  }
};

function tradedAlready(ctx: TwilightContext, other: number, name: Namer): string {
  return ctx.multiplayer
    ? `${name(ctx.active)} has already traded with ${name(other)} this turn.`
    : `${name(ctx.active)} has already traded this turn: one Trade per Trade Phase.`;
}

/**
 * Over the Creature Limit if `cards` more Creatures of `level` came into play, in words; undefined
 * when they fit.
 */
function limitWords(
  ctx: TwilightContext,
  seat: number,
  level: Level,
  cards: number,
  name: Namer
): string | undefined {
  const p = ctx.players[seat];
  const limit = p.resource[level - 1];
  const after = p.creatures[level - 1] + cards;
  if (after <= limit) return undefined;
  const kind = LEVEL_NAMES[level].name;
  return `${name(seat)}’s Creature Limit allows ${limit} ${kind} Creature${limit === 1 ? '' : 's'} (${limit} ${kind} Aspect${limit === 1 ? '' : 's'} in play); this makes ${after}.`;
}

/** A teammate is never the defending player (see the rules' ruling on attacking a teammate). */
export function teammateProblem(ctx: TwilightContext, target: number, name: Namer): string | undefined {
  return target !== ctx.active && sideOf(ctx, target) === sideOf(ctx, ctx.active)
    ? `${name(target)} is on ${name(ctx.active)}’s team: attack a player of another team.`
    : undefined;
}

function hitProblem(
  ctx: TwilightContext,
  e: EventOf<'HIT_LIFE' | 'HIT_DISCARD'>,
  name: Namer
): string | undefined {
  const problem =
    activeInGame(ctx, name) ??
    opponentProblem(ctx, e.target, name, 'attack') ??
    teammateProblem(ctx, e.target, name);
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
