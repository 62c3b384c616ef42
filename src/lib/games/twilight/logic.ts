/**
 * Twilight of the Gods for the session runtime: the machine plus plain-words refusals, history
 * lines that name the change, the home-list summary, the step banner adapted to the game in
 * progress, standings (cards left in each Life Stack) and the result.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { GameLogic, StepMeta } from '../kit';
import { buildResult } from '../kit';
import { gameLogic, type Refused } from '../logic';
import { twilightFields } from './fields';
import { stepOf, turnProblem, twilightMachine } from '../../machines/twilight';
import { decayCards, type ByLevel } from './aspects';
import { aLevel, deityById, LEVEL_NAMES } from './cards';
import { discardStackDamage } from './combat';
import { actionDraftView, waitingSeats } from './draft';
import { seizePriceWords } from './seize';
import { drawCount, seatName, teamLabel, twilightSetupProblem, type TwilightSetup } from './format';
import {
  levelOfPile,
  pileCount,
  quoteSeize,
  seizeBlocked,
  tableProblem,
  PILE_NAMES,
  type EventOf,
  type TwilightContext,
  type TwilightEvent
} from './table';

const ctxOf = (s: AnyMachineSnapshot) => s.context as TwilightContext;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const signed = (n: number) => (n > 0 ? `+${n}` : `−${-n}`);

/** Names joined for a line: "Ana", "Ana and Ben", "Ana, Ben and Cy". */
function names(setup: TwilightSetup, seats: number[]): string {
  const list = seats.map((s) => seatName(setup, s));
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

/** Who won, in words: a player or a team; or a draw, naming those who went out together. */
export function outcomeLine(setup: TwilightSetup, ctx: TwilightContext): string {
  const o = ctx.outcome;
  if (!o) return '';
  if (o.team !== null) return `${teamLabel(setup, o.team)} wins`;
  if (o.winners.length === 1) return `${seatName(setup, o.winners[0])} wins`;
  return `A draw: ${names(setup, o.together)} went out together`;
}

/** What changed besides the event itself: players who dropped out, and the end of the game. */
function aftermath(setup: TwilightSetup, before: TwilightContext, after: TwilightContext): string {
  const gone = after.players.flatMap((p, seat) => (p.out && !before.players[seat].out ? [seat] : []));
  const parts = gone.length ? [`${names(setup, gone)} ${gone.length === 1 ? 'is' : 'are'} out`] : [];
  if (after.outcome && !before.outcome) parts.push(outcomeLine(setup, after));
  return parts.map((p) => ` · ${p}`).join('');
}

/** "Ana draws 2 (Life Stack 41)" for the turn that just began. */
function drawLine(setup: TwilightSetup, before: TwilightContext, after: TwilightContext): string {
  const lines: string[] = [];
  // Everyone who drew: the new active player, and anyone passed over because drawing emptied them.
  after.players.forEach((p, seat) => {
    const drawn = before.players[seat].life - p.life;
    if (p.turns > before.players[seat].turns) {
      lines.push(`${seatName(setup, seat)} draws ${drawn} (Life Stack ${p.life})`);
    }
  });
  return lines.join('; ');
}

function describeEvent(
  e: TwilightEvent,
  before: TwilightContext,
  after: TwilightContext,
  setup: TwilightSetup,
  next: AnyMachineSnapshot
): string {
  const name = (seat: number) => seatName(setup, seat);
  const me = name(before.active);
  switch (e.type) {
    case 'DRAFT_KEEP':
      return `${name(e.seat)} keeps ${deityById(e.deity)?.name}`;
    case 'DRAFT_PICK': {
      const v = actionDraftView(after.draft!.actions);
      return v.done ? 'The Action draft is done' : `Pile ${v.pile}: pick ${v.pick} of 20`;
    }
    case 'PILE_DONE': {
      const v = actionDraftView(after.draft!.actions);
      return v.done
        ? 'The Action draft is done'
        : `Pile ${v.pile - 1} done; pile ${v.pile} passes ${v.direction}`;
    }
    case 'CHOOSE_DEITY':
      return `${name(e.seat)} plays ${deityById(e.deity)?.name}${e.conviction ? '' : ' without Conviction or Deity Power'}`;
    case 'MULLIGAN':
      return `${name(e.seat)} takes a mulligan (Life Stack stays ${after.players[e.seat].life})`;
    case 'BEGIN':
      return `Turn 1: ${drawLine(setup, before, after)}`;
    case 'NEXT':
    case 'NO_ATTACK': {
      const step = stepOf(next.value);
      const title = step ? stepMetaTitle(next) : 'next step';
      return e.type === 'NO_ATTACK' ? `${me} does not attack` : `${me}: ${title}`;
    }
    case 'TRADE': {
      const p = after.players;
      return `${me} trades with ${name(e.with)}: gives ${e.give}, gets ${e.get} (Aspect Stacks ${p[before.active].aspect} · ${p[e.with].aspect})`;
    }
    case 'FORCED_TRADE': {
      const p = after.players;
      return `${me} forces a Trade with ${name(e.with)}: top cards swapped (Life Stacks ${p[before.active].life} · ${p[e.with].life})`;
    }
    case 'SEIZE': {
      const q = quoteSeize(before, e.from, e.level, e.source);
      const where = {
        hand: `${name(e.from)}’s Hand`,
        life: `${name(e.from)}’s Life Stack`,
        own: 'own Life Stack'
      }[e.source];
      const discount = q.stackDiscount + q.paybackDiscount;
      return `${me} seizes ${aLevel(e.level)} from ${where}: destroys 1, discards ${q.discard}${discount ? ` (${discount} off)` : ''}${e.source === 'own' ? `; ${me} −1 Life Stack` : e.source === 'life' ? `; ${name(e.from)} −1 Life Stack` : ''}`;
    }
    case 'RESOURCE': {
      const r = after.players[before.active].resource;
      return `${me} puts ${aLevel(e.level)} into the Resource Area (I ${r[0]} · II ${r[1]} · III ${r[2]})`;
    }
    case 'SUMMON':
      return summonLine(e, before, after, me);
    case 'MOVE':
      return moveLine(e, before, after, name(e.seat));
    case 'HIT_LIFE': {
      const lost = before.players[e.target].life - after.players[e.target].life;
      return `${name(e.target)} −${lost} Life Stack, unblocked attacker of Life ${e.life} (${after.players[e.target].life} left)`;
    }
    case 'HIT_DISCARD': {
      const lost = before.players[e.target].discard - after.players[e.target].discard;
      const short = lost < discardStackDamage(e.life) ? `, all there was` : '';
      return `${name(e.target)} −${lost} Discard Stack, Destroyed by an attacker of Life ${e.life}${short}`;
    }
    case 'DECAY':
      return decayLine(e.unused, before, setup);
    case 'DEITY_POWER': {
      const deity = deityById(before.players[e.seat].deity)?.name ?? 'the Deity';
      return `${name(e.seat)} spends ${deity}’s Deity Power`;
    }
    case 'ADJUST': {
      const pile = PILE_NAMES[e.pile];
      return `${name(e.seat)} ${signed(e.delta)} ${pile}, card effect`;
    }
    case 'END_TURN': {
      const placed = e.place ? `${me} puts ${aLevel(e.place)} into the Resource Area` : '';
      if (e.unused === undefined) {
        const ends = placed ? `${placed} and ends the turn` : `${me} ends the turn`;
        return `${ends} · Turn ${after.turn}: ${drawLine(setup, before, after)}`;
      }
      const decay = decayLine(e.unused, before, setup);
      // A Decay that ended the game drew no next turn.
      const ends = after.outcome
        ? ''
        : `${me} ends the turn · Turn ${after.turn}: ${drawLine(setup, before, after)}`;
      return [placed, decay, ends].filter(Boolean).join(' · ');
    }
  }
}

/** "Ana Summons a Lesser Creature (Creatures I 2 of 2; 4 in Hand)", with what the limit did. */
function summonLine(
  e: EventOf<'SUMMON'>,
  before: TwilightContext,
  after: TwilightContext,
  me: string
): string {
  const p = after.players[before.active];
  const hand = `${p.hand} in Hand`;
  if (e.card === undefined) return `${me} plays ${plural(e.cards, 'card')} from Hand (${p.hand} left)`;
  if (e.card === 'other')
    return `${me} Summons ${e.cards === 1 ? 'a Fortification or an Intrigue' : `${e.cards} Fortifications or Intrigues`} (${hand})`;
  const level = e.level!;
  const kind = `${e.cards === 1 ? 'a ' : `${e.cards} `}${LEVEL_NAMES[level].name} Creature${e.cards === 1 ? '' : 's'}`;
  if (e.over === 'outside') return `${me} Summons ${kind}, outside the Creature Limit (${hand})`;
  const limit = `Creatures ${LEVEL_NAMES[level].numeral} ${p.creatures[level - 1]} of ${p.resource[level - 1]}`;
  const gone = p.discard - before.players[before.active].discard;
  const discarded = gone
    ? `; over the Creature Limit, ${plural(gone, `${LEVEL_NAMES[level].name} Creature`)} Discarded (Discard Stack ${p.discard})`
    : '';
  return `${me} Summons ${kind} (${limit}; ${hand})${discarded}`;
}

/** "Ben’s Lesser Creature is Slain (Discard Stack 3)", "Ana plays a Scheme (Discard Stack 1)". */
function moveLine(e: EventOf<'MOVE'>, before: TwilightContext, after: TwilightContext, who: string): string {
  const p = after.players[e.seat];
  const moved = pileCount(before.players[e.seat], e.from) - pileCount(p, e.from);
  const bin = e.to === 'discard' ? `Discard Stack ${p.discard}` : `Destroyed Stack ${p.destroyed}`;
  const level = levelOfPile(e.from);
  const creature = level ? `${LEVEL_NAMES[level].name} Creature` : 'card';
  if (e.why === 'scheme')
    return `${who} plays ${moved === 1 ? 'a Scheme' : `${moved} Schemes`}; resolved, to the Discard Stack (${bin})`;
  if (e.why === 'slain')
    return `${who}’s ${moved === 1 ? creature : plural(moved, creature)} ${moved === 1 ? 'is' : 'are'} Slain (${bin})`;
  if (e.why === 'limit') return `${who} Discards ${plural(moved, creature)} over the Creature Limit (${bin})`;
  const verb = e.to === 'discard' ? 'Discards' : 'Destroys';
  return `${who} ${verb} ${plural(moved, 'card')} from the ${PILE_NAMES[e.from]}, card effect (${bin})`;
}

/** "Decay: Ana −2 Life Stack (II×1 unused)", or that nobody left Power unspent. */
function decayLine(unused: ByLevel[], before: TwilightContext, setup: TwilightSetup): string {
  const parts = unused.flatMap((u, seat) => {
    if (decayCards(u) === 0) return [];
    // Decay takes what is there; End turn's draw for the next player may follow in the same event.
    const lost = Math.min(decayCards(u), before.players[seat].life);
    const levels = u.flatMap((n, i) => (n ? [`${LEVEL_NAMES[(i + 1) as 1 | 2 | 3].numeral}×${n}`] : []));
    return [`${seatName(setup, seat)} −${lost} Life Stack (${levels.join(', ')} unused)`];
  });
  return parts.length ? `Decay: ${parts.join('; ')}` : 'Decay: no Power left unspent';
}

function stepMetaTitle(snapshot: AnyMachineSnapshot): string {
  const meta = Object.values(snapshot.getMeta() as Record<string, StepMeta | undefined>).at(-1);
  return meta?.title ?? 'next step';
}

/** Refusals outside a turn: the draft and the opening hands. */
function setupStageProblem(
  snapshot: AnyMachineSnapshot,
  e: TwilightEvent,
  setup: TwilightSetup
): string | undefined {
  const ctx = ctxOf(snapshot);
  const name = (seat: number) => seatName(setup, seat);
  const draftEvents = ['DRAFT_KEEP', 'DRAFT_PICK', 'PILE_DONE', 'CHOOSE_DEITY'];
  if (snapshot.matches('opening')) {
    if (e.type === 'MULLIGAN') return tableProblem(ctx, e, name);
    if (draftEvents.includes(e.type))
      return ctx.draft ? 'The draft is over.' : 'There is no draft in this game.';
    return 'The game has not begun: keep the opening hands (or mulligan), then begin.';
  }
  const stage = snapshot.matches({ draft: 'deities' })
    ? 'DRAFT_KEEP'
    : snapshot.matches({ draft: 'build' })
      ? 'CHOOSE_DEITY'
      : null;
  if (e.type === stage) return tableProblem(ctx, e, name);
  if (e.type === 'DRAFT_KEEP') return 'The Deities are drafted.';
  if (e.type === 'CHOOSE_DEITY') return 'First draft the Deities and the Action cards.';
  if (e.type === 'DRAFT_PICK' || e.type === 'PILE_DONE')
    return 'The Action cards are drafted in their own step.';
  return 'The game has not begun: finish the draft first.';
}

/** Why an event is refused where the game is: a turn's step, the draft or the opening. */
function stepProblem({
  snapshot,
  ctx,
  event,
  setup
}: Refused<TwilightSetup, TwilightContext, TwilightEvent>) {
  const step = stepOf(snapshot.value);
  if (step) return turnProblem(ctx, event, step, (seat) => seatName(setup, seat));
  return setupStageProblem(snapshot, event, setup);
}

export const twilightLogic: GameLogic<TwilightSetup> = gameLogic<
  TwilightSetup,
  TwilightContext,
  TwilightEvent
>({
  machine: twilightMachine,
  // 2: the outcome names who went out together (a draw); END_TURN may carry the Decay.
  // 3: each player's deck size, Creatures by Aspect and other cards in play (the Combat Field).
  version: 3,
  fields: twilightFields,
  setupProblem: twilightSetupProblem,

  // Twilight names players by seat (seatName), not by id.
  // Most of a turn's events are taken in every step, their windows kept by the guards, which
  // ask turnProblem itself: a refusal in a step that takes the event is that same answer.
  refusal: stepProblem,
  // Outside its steps (the draft, the opening, another phase) an event is worded by where the
  // game is, the same way for every type.
  notNow: {
    DRAFT_KEEP: stepProblem,
    DRAFT_PICK: stepProblem,
    PILE_DONE: stepProblem,
    CHOOSE_DEITY: stepProblem,
    MULLIGAN: stepProblem,
    BEGIN: stepProblem,
    NEXT: stepProblem,
    NO_ATTACK: stepProblem,
    TRADE: stepProblem,
    FORCED_TRADE: stepProblem,
    SEIZE: stepProblem,
    RESOURCE: stepProblem,
    SUMMON: stepProblem,
    HIT_DISCARD: stepProblem,
    HIT_LIFE: stepProblem,
    DECAY: stepProblem,
    DEITY_POWER: stepProblem,
    ADJUST: stepProblem,
    MOVE: stepProblem,
    END_TURN: stepProblem
  },

  describe({ event, after, prev, ctx, setup }) {
    return describeEvent(event, prev, ctx, setup, after) + aftermath(setup, prev, ctx);
  },

  summarize(snapshot, setup) {
    const ctx = ctxOf(snapshot);
    const stacks = ctx.players
      .map((p, seat) => `${seatName(setup, seat)} ${p.out ? 'out' : p.life}`)
      .join(' · ');
    if (ctx.outcome) return `${outcomeLine(setup, ctx).replace(/ wins$/, ' won')} · ${stacks}`;
    if (snapshot.matches('draft')) {
      if (snapshot.matches({ draft: 'actions' })) {
        const v = actionDraftView(ctx.draft!.actions);
        return `Draft · pile ${v.pile} of 3, pick ${v.pick} of 20`;
      }
      return snapshot.matches({ draft: 'deities' }) ? 'Draft · Deities' : 'Draft · building decks';
    }
    if (snapshot.matches('opening')) return `Opening hands · ${stacks}`;
    // The step is on screen (the checklist, or Guide me's banner); the quick flow takes a Trade
    // while the machine still stands at Refresh, so naming the step here would contradict it.
    return `Turn ${ctx.turn} · ${seatName(setup, ctx.active)}’s turn · ${stacks}`;
  },

  stepEvents: ['NEXT', 'NO_ATTACK', 'DRAFT_PICK', 'PILE_DONE'],

  outcomes: ['SEIZE', 'TRADE', 'FORCED_TRADE', 'DECAY', 'DEITY_POWER'],
  scoring: { unit: 'cards in Life Stack', highestWins: true, noPoints: true },

  period: (snapshot) => ({ unit: 'turn', number: Math.max(1, ctxOf(snapshot).turn) }),
  // Before the first turn (the draft) nobody's clock runs.
  activePlayer: (snapshot, setup) =>
    ctxOf(snapshot).turn > 0 ? setup.players[ctxOf(snapshot).active]?.id : undefined,

  standing(snapshot, setup) {
    const ctx = ctxOf(snapshot);
    const scores: Record<string, number> = {};
    setup.players.forEach((p, seat) => {
      const team = setup.teams?.[seat];
      scores[p.id] =
        team === undefined
          ? ctx.players[seat].life
          : ctx.players.reduce((sum, q, i) => sum + (setup.teams![i] === team ? q.life : 0), 0);
    });
    return { scores };
  },

  result(snapshot, setup) {
    const ctx = ctxOf(snapshot);
    const { scores } = twilightLogic.standing(snapshot, setup);
    const o = ctx.outcome;
    return buildResult({
      finished: snapshot.status === 'done' && o !== null,
      players: setup.players.map((p, seat) => ({
        id: p.id,
        name: p.name,
        score: scores[p.id],
        ...(setup.teams ? { team: setup.teams[seat] } : {})
      })),
      winners: o ? o.winners.map((seat) => setup.players[seat].id) : [],
      ...(o && o.team !== null ? { winningTeam: o.team } : {}),
      // Players drop out one by one: a player out earlier ranks below one out later. In teams a
      // team wins or loses together: its players share the team's rank.
      ...(ctx.knockouts && !setup.teams
        ? { knockouts: ctx.knockouts.map((group) => group.map((seat) => setup.players[seat].id)) }
        : {}),
      started: [setup.players[setup.first].id],
      length: { unit: 'turn', number: Math.max(1, ctx.turn) }
    });
  },

  describeStep(snapshot, setup, meta) {
    const ctx = ctxOf(snapshot);
    const name = (seat: number) => seatName(setup, seat);
    if (snapshot.matches({ draft: 'deities' })) {
      const d = ctx.draft!.deities;
      return {
        ...meta,
        now: `${meta.now} Still choosing: ${names(setup, waitingSeats(d))}. Pass left; pick ${d.round + 1} of 2.`
      };
    }
    if (snapshot.matches({ draft: 'actions' })) {
      const v = actionDraftView(ctx.draft!.actions);
      return {
        ...meta,
        title: `Draft · Pile ${v.pile} of 3`,
        now: `Pass ${v.direction}. Pick ${v.pick} of 20: ${plural(v.picksLeft, 'card')} in the pile you hold.`
      };
    }
    if (snapshot.matches({ draft: 'build' })) {
      const waiting = ctx.draft!.chosen.flatMap((c, seat) => (c ? [] : [seat]));
      return { ...meta, now: `${meta.now} Still choosing: ${names(setup, waiting)}.` };
    }
    if (snapshot.matches('opening')) {
      const why = {
        explainer: 'explains the rules',
        youngest: 'is the youngest',
        random: 'was drawn at random'
      }[setup.firstBy];
      return { ...meta, now: `${meta.now} ${name(setup.first)} goes first (${why}).` };
    }
    const step = stepOf(snapshot.value);
    if (!step) return meta;
    const me = name(ctx.active);
    let now = meta.now;
    const player = ctx.players[ctx.active];
    if (step === 'draw') {
      const n = drawCount(ctx.players.length, ctx.turn === 1);
      if (n === 1)
        now = `${me} draws just 1 card: the first player’s first turn in a two-player game. The app has counted it.`;
      else if (ctx.turn === 1)
        now = `${me} draws 2 cards: in multiplayer the first player draws 2 too. The app has counted them.`;
    }
    if (step === 'trade' && !ctx.multiplayer && ctx.now.traded.some(Boolean))
      now = `${me} has traded: one Trade per turn.`;
    if (step === 'seize') {
      const open = ctx.players.flatMap((p, seat) =>
        seat !== ctx.active && !p.out && !seizeBlocked(ctx, seat, name) ? [seat] : []
      );
      if (open.length === 0) now = `${me} traded this turn, so there is no Seize. No Active Effects.`;
      else {
        const costs = open.map((seat) => {
          return `a Lesser from ${name(seat)}: ${seizePriceWords(quoteSeize(ctx, seat, 1))}`;
        });
        now = `${now} Now ${costs.join('; ')} (${player.hand} in Hand).`;
      }
    }
    if (step === 'resource' && player.aspect === 0)
      now = `${me}’s Aspect Stack is empty: nothing to put into play. Active Effects allowed.`;
    if (step === 'summoning') {
      const r = player.resource;
      const c = player.creatures;
      now = `${now} Creatures in play: ${c[0]} Lesser, ${c[1]} Greater, ${c[2]} Exalted. Creature Limit: ${r[0]} Lesser, ${r[1]} Greater, ${r[2]} Exalted.`;
    }
    if (step.startsWith('combat.') && ctx.now.defender !== null) {
      const them = ctx.players[ctx.now.defender];
      now = `${now} Defending: ${name(ctx.now.defender)} (Life Stack ${them.life}, Discard Stack ${them.discard}).`;
    }
    if (step === 'end.decay') {
      // Only players with Aspects in play can decay; name them with what they hold.
      const holding = ctx.players.flatMap((p, seat) =>
        !p.out && p.resource.some((n) => n > 0)
          ? [`${name(seat)} I ${p.resource[0]} · II ${p.resource[1]} · III ${p.resource[2]}`]
          : []
      );
      now = holding.length
        ? `${now} In play: ${holding.join('; ')}.`
        : `${now} Nobody has Aspects in play yet.`;
    }
    return { ...meta, title: `${me} · ${meta.title}`, now };
  }
});
