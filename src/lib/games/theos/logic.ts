/**
 * Theos for the session runtime: the machine plus plain-words refusals, history lines, the
 * home-list summary, the step banner adapted to the round and the game, and the result.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { GameLogic, StepMeta } from '../kit';
import { buildResult } from '../kit';
import { gameLogic } from '../logic';
import { theosFields } from './fields';
import {
  dieOf,
  teamTotals,
  theosChecks,
  theosMachine,
  type TheosContext,
  type TheosEvent
} from '../../machines/theos';
import { GOD_NAMES, cardLabel } from './cards';
import { cleanupOrder, followersNeeded, winCheck } from './ascension';
import { passPickStatus, twoPickStatus } from './draft';
import { prebuiltGroup, rosterSet } from './decks';
import {
  HAND_SIZE,
  deckSize,
  playerName,
  playsInTeams,
  realmName,
  teamName,
  theosSetupProblem,
  type TheosSetup
} from './format';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const signed = (n: number) => (n > 0 ? `+${n}` : `−${-n}`);

/** Where a snapshot stands, in the coarse terms the refusals and banners need. */
function phase(snapshot: AnyMachineSnapshot): 'draft' | 'prepare' | 'start' | 'play' | 'end' | 'over' {
  if (snapshot.matches('draft')) return 'draft';
  if (snapshot.matches('over')) return 'over';
  if (snapshot.matches('prepare')) return 'prepare';
  if (snapshot.matches('start')) return 'start';
  if (snapshot.matches('play')) return 'play';
  return 'end';
}

/** Followers by team, named: "Ana & Ben 12 – Cy & Dee 9" (two teams) or "Ana 5 · Ben 4 · Cy 2". */
function followerLine(setup: TheosSetup, ctx: TheosContext): string {
  const totals = teamTotals(ctx);
  const parts = setup.teams.map((_, t) => `${teamName(setup, t)} ${totals[t]}`);
  return parts.join(setup.teams.length === 2 ? ' – ' : ' · ');
}

/** The step's title and what to do, adapted to the round, the game type and the decks. */
function adapt(snapshot: AnyMachineSnapshot, setup: TheosSetup, meta: StepMeta): StepMeta {
  const ctx = snapshot.context as TheosContext;
  const name = (id: string) => playerName(setup, id);
  const where = phase(snapshot);
  const twoRealms = ctx.realms > 1;
  if (where === 'draft') return draftStep(setup, ctx, meta);
  if (where === 'prepare') return prepareStep(setup, meta, twoRealms);
  if (where === 'over') {
    const winner = ctx.winner ?? 0;
    return {
      ...meta,
      title: `${teamName(setup, winner)} ${setup.teams[winner].length > 1 ? 'ascend' : 'ascends'}`,
      now: `Round ${ctx.round}, Ascension Die ${dieOf(ctx)}: ${followerLine(setup, ctx)} Followers. ${meta.now}`
    };
  }
  const round = `Round ${ctx.round}`;
  if (where === 'start') {
    const die = dieOf(ctx);
    const sizes = new Set(setup.teams.map((t) => t.length));
    const target = [...sizes].map((n) => followersNeeded(die, n)).join('/');
    const withBlanks = ctx.players.filter((id) => ctx.blanks[id] > 0);
    const hands = withBlanks.length
      ? ` Blanks in hand: ${withBlanks.map((id) => `${name(id)} ${ctx.blanks[id]}`).join(', ')}.`
      : '';
    return {
      title: `${round} · Start Phase`,
      now: `The Ascension Die shows ${die}: a team needs ${target} Followers and more than any other team. Everyone builds a hand of ${HAND_SIZE} from their deck.${hands}`,
      rules: withBlanks.length ? [...meta.rules, 'blank'] : meta.rules
    };
  }
  if (where === 'play') {
    const rules =
      twoRealms && meta.rules.includes('card-speed') ? [...meta.rules, 'ruling-two-realm-order'] : meta.rules;
    return { title: `${round} · Turn ${ctx.turn} of ${HAND_SIZE} · ${meta.title}`, now: meta.now, rules };
  }
  return { ...endStep(snapshot, setup, ctx, meta), title: `${round} · End Phase · ${meta.title}` };
}

function draftStep(setup: TheosSetup, ctx: TheosContext, meta: StepMeta): StepMeta {
  const name = (id: string) => playerName(setup, id);
  const draft = ctx.draft!;
  if (draft.mode === 'two') {
    const status = twoPickStatus(draft.first, draft.second, draft.picks.length);
    const left = Object.entries(status.left).map(([id, n]) => `${name(id)} ${n}`);
    return {
      ...meta,
      title: `Draft · ${name(status.picker ?? draft.first)}’s pick`,
      now: `${meta.now} Picks left: ${left.join(', ')}. The last 4 cards leave the game.`
    };
  }
  const status = passPickStatus(draft.plan, draft.made);
  const rounds = draft.plan.rounds > 1 ? ` of ${draft.plan.rounds}` : '';
  const unused =
    status.unused === 1
      ? ' The last card of each packet leaves the game.'
      : status.unused
        ? ` The last ${status.unused} cards of each packet leave the game.`
        : '';
  return {
    ...meta,
    title: `Draft · Packet ${status.packet}${rounds} · Pick ${status.pick} of ${draft.plan.picks}`,
    now: `${meta.now} Pass ${status.direction} (${status.direction === 'left' ? 'clockwise' : 'counter-clockwise'}). ${plural(status.leftInPacket, 'pick')} left from this packet.${unused}`
  };
}

function prepareStep(setup: TheosSetup, meta: StepMeta, twoRealms: boolean): StepMeta {
  const d = setup.decks;
  const size = deckSize(setup.players.length);
  let decks: string;
  const rules = [...meta.rules];
  if (d.kind === 'prebuilt' || d.kind === 'roster') {
    const group = d.kind === 'prebuilt' ? prebuiltGroup(d.group)! : rosterSet(d.set)!;
    const each = setup.players.map((p) => `${p.name}: ${group.decks[d.deckOf[p.id]].name}`).join(', ');
    decks =
      d.kind === 'prebuilt'
        ? `Decks from ${group.name}: ${each}.`
        : `Rosters from ${group.name}: ${each}. Build ${size} cards from your roster in secret.`;
    rules.push(d.kind === 'prebuilt' ? 'prebuilt' : 'roster');
  } else if (d.kind === 'draft') {
    decks = 'Your drafted decks go face down; you may look at your own, never anyone else’s.';
    rules.push('draft');
  } else {
    decks = `Everyone plays a ${size}-card deck of their own from this game’s Card Pool.`;
    rules.push('custom-prebuilt');
  }
  const seats = setup.format === 'ffa' ? 'seating-free-for-all' : 'seating-team-battle';
  const realms = twoRealms ? ' Place the Demigod Cards by the Realms you start in.' : '';
  return {
    ...meta,
    now: `${meta.now} ${decks}${realms}`,
    rules: [...rules, seats, ...(twoRealms ? ['two-realms', 'demigod-cards'] : [])]
  };
}

function endStep(
  snapshot: AnyMachineSnapshot,
  setup: TheosSetup,
  ctx: TheosContext,
  meta: StepMeta
): StepMeta {
  const name = (id: string) => playerName(setup, id);
  if (snapshot.matches({ end: 'order' })) {
    const order = cleanupOrder(teamTotals(ctx), ctx.teams, ctx.finalCards, ctx.answers);
    const line = order.groups.map((g) => g.map((t) => teamName(setup, t)).join(' = ')).join(', then ');
    let tie = '';
    if (order.needCards.length) {
      tie = ` Tied: name the final card of ${order.needCards.map(name).join(', ')}.`;
    } else if (order.ask) {
      tie = ` Tied: which is faster, ${GOD_NAMES[order.ask[0]]} or ${GOD_NAMES[order.ask[1]]}?`;
    }
    return { ...meta, now: `${meta.now} Order: ${line}.${tie}` };
  }
  if (snapshot.matches({ end: 'cleanup' })) {
    const missing = ctx.players.filter((id) => !(id in ctx.cleanup)).map(name);
    const waiting = missing.length ? ` Still to enter: ${missing.join(', ')}.` : ' Everyone has cleaned up.';
    return { ...meta, now: `${meta.now}${waiting}` };
  }
  const realms = [0, 1]
    .map(
      (r) =>
        `${realmName(r)}: ${
          ctx.players
            .filter((id) => ctx.realmOf[id] === r)
            .map(name)
            .join(', ') || 'nobody'
        }`
    )
    .join('; ');
  return { ...meta, now: `${meta.now} ${realms}.` };
}

const END_PHASE = `That comes in the End Phase, after turn ${HAND_SIZE}.`;

function playPhaseOver({ snapshot }: { snapshot: AnyMachineSnapshot }): string {
  return phase(snapshot) === 'draft'
    ? 'Finish the draft first.'
    : 'The Play Phase is over: clean up, then start the next round.';
}

export const theosLogic: GameLogic<TheosSetup> = gameLogic<TheosSetup, TheosContext, TheosEvent>({
  machine: theosMachine,
  version: 1,
  fields: theosFields,
  setupProblem: theosSetupProblem,

  // Asked only of a step that takes the event: what is wrong with it, never when.
  refusal({ snapshot, ctx, event: e, name }) {
    switch (e.type) {
      case 'PICK':
        return theosChecks.pick(ctx, e);
      case 'FOLLOWERS':
        return theosChecks.followers(ctx, e, name);
      case 'GOD':
        return theosChecks.god(ctx, e);
      case 'TURN_DONE':
        return theosChecks.turnDone(ctx);
      case 'GOD_ORDER':
        return theosChecks.godOrder(ctx, e);
      case 'FINAL_CARD':
        return theosChecks.finalCard(ctx, e, name);
      case 'CLEANUP':
        return theosChecks.cleanup(ctx, e, name);
      case 'MOVE_REALM':
        return theosChecks.move(ctx, e, name);
      case 'NEXT_ROUND':
        return theosChecks.nextRound(ctx, name);
      case 'NEXT':
        return phase(snapshot) === 'end' ? 'Start the next round once everyone has cleaned up.' : undefined;
    }
    return undefined;
  },

  notNow: {
    PICK: ({ snapshot, ctx, event }) =>
      phase(snapshot) === 'draft' ? theosChecks.pick(ctx, event) : 'The draft is over.',
    PICKED: ({ snapshot }) =>
      phase(snapshot) === 'draft'
        ? 'Picks here are one card at a time: tap the card picked.'
        : 'The draft is over.',
    DRAFT_DONE: 'There is no draft going on.',
    FOLLOWERS: ({ snapshot }) =>
      phase(snapshot) === 'draft'
        ? 'Finish the draft first.'
        : 'Followers change while cards resolve. At cleanup, enter the Followers that go back with the cards returned.',
    GOD: ({ snapshot }) =>
      phase(snapshot) === 'draft'
        ? 'Finish the draft first.'
        : 'Gods flip while cards resolve, in the Play Phase.',
    TURN_DONE: playPhaseOver,
    END_PLAY: playPhaseOver,
    GOD_ORDER: undefined,
    FINAL_CARD: END_PHASE,
    CLEANUP: END_PHASE,
    MOVE_REALM: END_PHASE,
    NEXT_ROUND: END_PHASE,
    NEXT: ({ snapshot }) =>
      snapshot.matches({ play: 'resolve' })
        ? 'When every card has resolved, end the turn.'
        : phase(snapshot) === 'end'
          ? 'Start the next round once everyone has cleaned up.'
          : phase(snapshot) === 'draft'
            ? 'The draft moves on with each pick.'
            : undefined
  },

  describe(accepted) {
    const { event: e, after, ctx, prev, setup, name } = accepted;
    switch (e.type) {
      case 'PICK': {
        const draft = prev.draft;
        const picker =
          draft?.mode === 'two'
            ? twoPickStatus(draft.first, draft.second, draft.picks.length).picker
            : undefined;
        const done = after.matches('prepare') ? '. The draft is done; the last 4 cards leave the game' : '';
        return `${picker ? name(picker) : 'Someone'} picks ${cardLabel(e.card)}${done}`;
      }
      case 'PICKED': {
        const draft = prev.draft;
        if (draft?.mode !== 'pass') return 'Pick made';
        const status = passPickStatus(draft.plan, draft.made);
        const done = after.matches('prepare') ? '. The draft is done' : '';
        return `Draft: packet ${status.packet}, pick ${status.pick} made, cards passed ${status.direction}${done}`;
      }
      case 'DRAFT_DONE':
        return 'The draft is finished at the table';
      case 'FOLLOWERS': {
        const now = ctx.followers[e.player];
        return `${name(e.player)} ${signed(e.delta)} Follower${Math.abs(e.delta) === 1 ? '' : 's'} (${now})`;
      }
      case 'GOD': {
        const pair = ctx.pairs.find((p) => p.includes(e.god))!;
        const other = pair[0] === e.god ? pair[1] : pair[0];
        const where = ctx.realms > 1 ? `${realmName(e.realm)}: ` : '';
        return `${where}${GOD_NAMES[e.god]} face up, ${GOD_NAMES[other]} face down`;
      }
      case 'TURN_DONE':
        return `Round ${ctx.round}, turn ${prev.turn} done`;
      case 'END_PLAY': {
        // Only Guide me counts turns; the quick flow ends the Play Phase from turn 1's count.
        const early = prev.turn > 1 && prev.turn < HAND_SIZE ? ` after turn ${prev.turn}` : '';
        return `Round ${ctx.round}: the Play Phase ends${early}. ${winLine(setup, ctx)}`;
      }
      case 'GOD_ORDER':
        return `God Speed: ${GOD_NAMES[e.faster]} is faster than ${GOD_NAMES[e.slower]}`;
      case 'FINAL_CARD':
        return `${name(e.player)}’s final card: ${e.card === null ? 'none' : cardLabel(e.card)}`;
      case 'CLEANUP': {
        const returned = HAND_SIZE - e.keep;
        const stay = ctx.followers[e.player] - e.back;
        return `${name(e.player)} keeps ${plural(e.keep, 'card')} (${plural(stay, 'Follower')} stay), returns ${returned} (${plural(e.back, 'Follower')} back)`;
      }
      case 'MOVE_REALM':
        return `${name(e.player)} moves to ${realmName(e.realm)}`;
      case 'NEXT_ROUND':
        // Filed under the round that ends (the history groups by the round an event starts in).
        return `End of round ${prev.round}: the Ascension Die goes to ${dieOf(ctx)} for round ${ctx.round}`;
      case 'NEXT': {
        const meta = theosLogic.describeStep!(after, setup, deepestMeta(after));
        return meta.title;
      }
    }
    return accepted.event.type;
  },

  summarize(snapshot, setup) {
    const ctx = snapshot.context as TheosContext;
    const where = phase(snapshot);
    if (where === 'over' && ctx.winner !== null) {
      return `${teamName(setup, ctx.winner)} ascended in round ${ctx.round} · ${followerLine(setup, ctx)} Followers`;
    }
    if (where === 'draft') {
      const d = ctx.draft!;
      if (d.mode === 'two') return `Draft · pick ${Math.min(d.picks.length + 1, 24)} of 24`;
      const s = passPickStatus(d.plan, d.made);
      return `Draft · packet ${s.packet}, pick ${s.pick} of ${d.plan.picks}`;
    }
    return `Round ${ctx.round} · Die ${dieOf(ctx)} · ${followerLine(setup, ctx)} Followers`;
  },

  describeStep: adapt,

  stepEvents: ['NEXT', 'TURN_DONE'],

  outcomes: ['END_PLAY', 'NEXT_ROUND'],
  scoring: { unit: 'Followers', highestWins: true, noPoints: false },

  period: (snapshot) => ({ unit: 'round', number: (snapshot.context as TheosContext).round }),

  standing(snapshot, setup) {
    const ctx = snapshot.context as TheosContext;
    const totals = teamTotals(ctx);
    const scores: Record<string, number> = {};
    setup.teams.forEach((team, t) => team.forEach((id) => (scores[id] = totals[t])));
    // Every team in a game has the same size, so one line serves all.
    return { scores, target: followersNeeded(dieOf(ctx), setup.teams[0].length) };
  },

  result(snapshot, setup) {
    const ctx = snapshot.context as TheosContext;
    const { scores } = theosLogic.standing(snapshot, setup);
    const teams = playsInTeams(setup);
    const teamOf = (id: string) => setup.teams.findIndex((t) => t.includes(id));
    const won = snapshot.status === 'done' && ctx.winner !== null;
    return buildResult({
      finished: won,
      players: setup.players.map((p) => ({
        id: p.id,
        name: p.name,
        score: scores[p.id],
        ...(teams ? { team: teamOf(p.id) } : {})
      })),
      winners: won ? setup.teams[ctx.winner!] : [],
      ...(won && teams ? { winningTeam: ctx.winner! } : {}),
      // Everyone plays every turn at the same moment: nobody goes first.
      started: [],
      length: { unit: 'round', number: ctx.round }
    });
  }
});

/** "Die 7: Ana & Ben 14/14, Cy & Dee 9/14: Ana & Ben ascend" or "... nobody ascends". */
export function winLine(setup: TheosSetup, ctx: TheosContext): string {
  const checks = winCheck(
    teamTotals(ctx),
    setup.teams.map((t) => t.length),
    dieOf(ctx)
  );
  const parts = checks.map((c) => `${teamName(setup, c.team)} ${c.followers}/${c.needed}`).join(', ');
  const winner = checks.find((c) => c.enough && c.most);
  if (winner)
    return `Die ${dieOf(ctx)}: ${parts}. ${teamName(setup, winner.team)} ascend${setup.teams[winner.team].length > 1 ? '' : 's'}`;
  const best = Math.max(...checks.map((c) => c.followers));
  const tiedEnough = checks.filter((c) => c.enough && c.followers === best).length > 1;
  return `Die ${dieOf(ctx)}: ${parts}. ${tiedEnough ? 'A tie for the most: nobody ascends' : 'Nobody ascends'}`;
}

/** The deepest state's meta (the step the table is on). */
export function deepestMeta(snapshot: AnyMachineSnapshot): StepMeta {
  return Object.values(snapshot.getMeta() as Record<string, StepMeta | undefined>)
    .filter((m): m is StepMeta => !!m?.title)
    .at(-1)!;
}
