/**
 * Theos: an optional draft, then rounds until a team ascends. Each round has a Start Phase (the
 * Ascension Die, a hand of 7), a Play Phase of 7 simultaneous turns (choose, reveal, Blanks out,
 * resolve fastest first) and an End Phase (win check, cleanup order, cleanup, Realm moves with two
 * Realms). The machine keeps each player's Followers, the god face up in each pair of each Realm,
 * the Blanks each hand must hold, the God Speeds the table has settled and the draft's picks.
 *
 * Two flows drive it. "Guide me" walks every step with NEXT. The quick flow never taps through a
 * reminder: Followers, god flips, the end of a turn (TURN_DONE, or END_PLAY after the last) are
 * accepted at any step of the Start and Play Phases and move the machine to the step they belong
 * to, and cleanup entries, Realm moves
 * and tie-break answers are accepted at any step of the End Phase. Pure: every number comes in an
 * event, and the draft's cards come from the setup.
 */
import { assign, setup } from 'xstate';
import { stepMeta } from './meta';
import { GOD_NAMES, cardById, cardLabel, type God } from '../games/theos/cards';
import { ascensionDie, tiedTeams, winningTeam } from '../games/theos/ascension';
import { DRAFT_PLANS, TWO_DRAFT, type DraftPlan } from '../games/theos/draft';
import { HAND_SIZE, realmName, type TheosSetup } from '../games/theos/format';
import { isFaster, type GodFact } from '../games/theos/speed';

/**
 * The Follower tokens in the box: one Supply for the whole table (every team, both Realms), and
 * an add takes from it, so the cards together never hold more (rules.md, ruling-supply).
 */
export const FOLLOWER_TOKENS = 60;
/** The only ceiling of a change saved before the box's tokens were counted (one without `tokens`). */
export const FOLLOWER_LIMIT = 999;

type DraftProgress =
  | { mode: 'two'; pool: string[]; first: string; second: string; picks: string[] }
  | { mode: 'pass'; plan: DraftPlan; made: number };

interface CleanupEntry {
  /** Resolved cards left in play: they keep their Followers and each costs a Blank next round. */
  keep: number;
  /** Followers that go back to the Supply with the cards returned to the deck. */
  back: number;
}

export interface TheosContext {
  players: string[];
  teams: string[][];
  realms: number;
  pairs: [God, God][];
  /** The god face up in each pair, per Realm: active[realm][pair]. */
  active: God[][];
  realmOf: Record<string, number>;
  followers: Record<string, number>;
  /** Blanks in each player's hand this round: the cards they kept in play at the last cleanup. */
  blanks: Record<string, number>;
  round: number;
  /** 1 to 7 during the Play Phase. */
  turn: number;
  /** God Speed answers the table has given ("Hades is faster than Demeter"). */
  answers: GodFact[];
  /** This End Phase: each tied player's final non-Blank card (null: none). */
  finalCards: Record<string, string | null>;
  /** This End Phase's cleanup entries. */
  cleanup: Record<string, CleanupEntry>;
  /** The team that ascended, once the game is over. */
  winner: number | null;
  draft: DraftProgress | null;
}

export type TheosEvent =
  | { type: 'NEXT' }
  | { type: 'PICK'; card: string }
  | { type: 'PICKED' }
  | { type: 'DRAFT_DONE' }
  /**
   * `tokens`: the box's Follower tokens (FOLLOWER_TOKENS) the change is counted against, sent by
   * every change since the Supply was counted; changes saved before lack it and keep their meaning.
   */
  | { type: 'FOLLOWERS'; player: string; delta: number; tokens?: number }
  | { type: 'GOD'; realm: number; god: God }
  | { type: 'TURN_DONE' }
  | { type: 'END_PLAY' }
  | { type: 'GOD_ORDER'; faster: God; slower: God }
  | { type: 'FINAL_CARD'; player: string; card: string | null }
  | { type: 'CLEANUP'; player: string; keep: number; back: number }
  | { type: 'MOVE_REALM'; player: string; realm: number }
  | { type: 'NEXT_ROUND' };

type Of<T extends TheosEvent['type']> = Extract<TheosEvent, { type: T }>;
type Name = (id: string) => string;

const isWhole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Followers per team, in team order. */
export function teamTotals(ctx: Pick<TheosContext, 'teams' | 'followers'>): number[] {
  return ctx.teams.map((team) => team.reduce((sum, id) => sum + (ctx.followers[id] ?? 0), 0));
}

/** Followers on every card of the table: the tokens out of the Supply. */
const followersOnCards = (ctx: Pick<TheosContext, 'followers'>): number =>
  Object.values(ctx.followers).reduce((sum, n) => sum + n, 0);

export const dieOf = (ctx: Pick<TheosContext, 'round'>) => ascensionDie(ctx.round);

function teamIndexOf(ctx: Pick<TheosContext, 'teams'>, id: string): number {
  return ctx.teams.findIndex((t) => t.includes(id));
}

/**
 * Every rule that can refuse an event, as a reason in plain words (undefined: allowed). The
 * machine's guards and the refusal messages both come from here, so they never disagree.
 */
export const theosChecks = {
  followers(ctx: TheosContext, e: Of<'FOLLOWERS'>, name: Name) {
    if (!(e.player in ctx.followers)) return 'That player is not in this game.';
    if (!isWhole(e.delta) || e.delta === 0) return 'The change must be a whole number other than 0.';
    const now = ctx.followers[e.player];
    const next = now + e.delta;
    if (next < 0) {
      return `${name(e.player)} has ${plural(now, 'Follower')}, so cannot lose ${-e.delta}. Followers never go below 0.`;
    }
    if (e.tokens === undefined)
      return next > FOLLOWER_LIMIT ? `Followers stop at ${FOLLOWER_LIMIT}.` : undefined;
    if (e.tokens !== FOLLOWER_TOKENS) return `A Theos box has ${FOLLOWER_TOKENS} Follower tokens.`;
    const others = followersOnCards(ctx) - now;
    const most = FOLLOWER_TOKENS - others;
    if (next > most) {
      const onOthers = others ? ` and ${others} are on other players’ cards` : '';
      return `${name(e.player)} cannot have ${next}: the box has ${FOLLOWER_TOKENS} Follower tokens${onOthers}, so ${name(e.player)} can hold ${most} at most.`;
    }
    return undefined;
  },
  god(ctx: TheosContext, e: Of<'GOD'>) {
    if (!isWhole(e.realm) || e.realm < 0 || e.realm >= ctx.realms) return 'There is no such Realm.';
    const pair = ctx.pairs.findIndex((p) => p.includes(e.god));
    if (pair < 0) return 'That god is not in this game.';
    if (ctx.active[e.realm][pair] === e.god) {
      const where = ctx.realms > 1 ? ` in ${realmName(e.realm)}` : '';
      return `${GOD_NAMES[e.god]} is already face up${where}.`;
    }
    return undefined;
  },
  godOrder(ctx: TheosContext, e: Of<'GOD_ORDER'>) {
    const gods = ctx.pairs.flat();
    if (!gods.includes(e.faster) || !gods.includes(e.slower)) return 'That god is not in this game.';
    if (e.faster === e.slower) return 'Name two different gods.';
    const known = isFaster(e.faster, e.slower, ctx.answers);
    if (known === true)
      return `It is already settled: ${GOD_NAMES[e.faster]} is faster than ${GOD_NAMES[e.slower]}.`;
    if (known === false) {
      return `It is already settled the other way: ${GOD_NAMES[e.slower]} is faster than ${GOD_NAMES[e.faster]}. Undo that answer to change it.`;
    }
    return undefined;
  },
  pick(ctx: TheosContext, e: Of<'PICK'>) {
    const draft = ctx.draft;
    if (draft?.mode !== 'two') return 'Cards are picked one by one only in a 2 player draft.';
    const card = cardById(e.card);
    if (!card || !draft.pool.includes(card.id)) return 'That card is not in the draft pool.';
    if (draft.picks.includes(card.id)) return `${cardLabel(card.id)} has already been picked.`;
    return undefined;
  },
  finalCard(ctx: TheosContext, e: Of<'FINAL_CARD'>, name: Name) {
    const team = teamIndexOf(ctx, e.player);
    if (team < 0) return 'That player is not in this game.';
    if (e.card !== null && !cardById(e.card)) return 'That is not a Theos card.';
    if (!tiedTeams(teamTotals(ctx)).includes(team)) {
      return `${name(e.player)}’s team is not tied on Followers, so its final card does not decide anything.`;
    }
    const id = e.card === null ? null : cardById(e.card)!.id;
    const holder = Object.entries(ctx.finalCards).find(([p, c]) => p !== e.player && c !== null && c === id);
    if (holder)
      return `${cardLabel(id!)} is already ${name(holder[0])}’s final card; each card is in play once.`;
    return undefined;
  },
  cleanup(ctx: TheosContext, e: Of<'CLEANUP'>, name: Name) {
    if (!(e.player in ctx.followers)) return 'That player is not in this game.';
    if (!isWhole(e.keep) || e.keep < 0) return 'The cards kept must be a whole number, 0 or more.';
    if (!isWhole(e.back) || e.back < 0) return 'The Followers going back must be a whole number, 0 or more.';
    const who = name(e.player);
    if (e.keep > HAND_SIZE) {
      const earlier = ctx.blanks[e.player];
      const detail = earlier
        ? ` (${earlier} kept from earlier rounds and ${HAND_SIZE - earlier} played this round)`
        : '';
      return `${who} has ${HAND_SIZE} resolved cards in play${detail}, so cannot keep ${e.keep}.`;
    }
    const has = ctx.followers[e.player];
    if (e.back > has) return `${who} has ${plural(has, 'Follower')}, so ${e.back} cannot go back.`;
    if (e.keep === 0 && e.back !== has) {
      return `Returning every card sends all of ${who}’s ${plural(has, 'Follower')} back to the Supply.`;
    }
    // Every resolved card is in play at cleanup (7: Blanks left, kept cards came back as Blanks),
    // and cards left in play keep their Followers: keeping them all sends none back.
    if (e.keep === HAND_SIZE && e.back > 0) {
      return `Keeping all ${HAND_SIZE} cards in play keeps every one of ${who}’s ${plural(has, 'Follower')}: none can go back. Return a card to send its Followers back.`;
    }
    return undefined;
  },
  move(ctx: TheosContext, e: Of<'MOVE_REALM'>, name: Name) {
    if (ctx.realms < 2) return 'Moving between Realms needs two Realms (5 or 6 players).';
    if (!(e.player in ctx.realmOf)) return 'That player is not in this game.';
    if (!isWhole(e.realm) || e.realm < 0 || e.realm >= ctx.realms) return 'There is no such Realm.';
    if (ctx.realmOf[e.player] === e.realm) return `${name(e.player)} already plays in ${realmName(e.realm)}.`;
    return undefined;
  },
  turnDone(ctx: TheosContext) {
    if (ctx.turn >= HAND_SIZE) {
      return `Turn ${HAND_SIZE} is the last of the round: every hand is empty, so end the Play Phase.`;
    }
    return undefined;
  },
  nextRound(ctx: TheosContext, name: Name) {
    const missing = ctx.players.filter((id) => !(id in ctx.cleanup));
    if (missing.length) {
      return `Enter the cleanup for ${missing.map(name).join(', ')} first: cards kept and Followers going back.`;
    }
    return undefined;
  }
};

const anyName: Name = (id) => id;

function initialContext(input: TheosSetup): TheosContext {
  const ids = input.players.map((p) => p.id);
  const zero = () => Object.fromEntries(ids.map((id) => [id, 0]));
  let draft: DraftProgress | null = null;
  if (input.decks.kind === 'draft') {
    const d = input.decks.draft;
    draft =
      d.mode === 'two'
        ? {
            mode: 'two',
            pool: d.pool.slice(),
            first: d.first,
            second: ids.find((id) => id !== d.first)!,
            picks: []
          }
        : { mode: 'pass', plan: DRAFT_PLANS[ids.length], made: 0 };
  }
  return {
    players: ids,
    teams: input.teams.map((t) => t.slice()),
    realms: input.faces.length,
    pairs: input.pairs.map((p) => [p[0], p[1]] as [God, God]),
    active: input.faces.map((f) => f.slice()),
    realmOf: { ...input.realmOf },
    followers: zero(),
    blanks: zero(),
    round: 1,
    turn: 1,
    answers: [],
    finalCards: {},
    cleanup: {},
    winner: null,
    draft
  };
}

export const theosMachine = setup({
  types: {
    context: {} as TheosContext,
    events: {} as TheosEvent,
    input: {} as TheosSetup
  },
  guards: {
    twoDraft: ({ context }) => context.draft?.mode === 'two',
    passDraft: ({ context }) => context.draft?.mode === 'pass',
    twoDraftDone: ({ context }) =>
      context.draft?.mode === 'two' && context.draft.picks.length >= TWO_DRAFT.picksEach * 2,
    passDraftDone: ({ context }) =>
      context.draft?.mode === 'pass' &&
      context.draft.made >= context.draft.plan.picks * context.draft.plan.rounds,
    validPick: ({ context, event }) =>
      event.type === 'PICK' && theosChecks.pick(context, event) === undefined,
    validFollowers: ({ context, event }) =>
      event.type === 'FOLLOWERS' && theosChecks.followers(context, event, anyName) === undefined,
    validGod: ({ context, event }) => event.type === 'GOD' && theosChecks.god(context, event) === undefined,
    validGodOrder: ({ context, event }) =>
      event.type === 'GOD_ORDER' && theosChecks.godOrder(context, event) === undefined,
    validFinalCard: ({ context, event }) =>
      event.type === 'FINAL_CARD' && theosChecks.finalCard(context, event, anyName) === undefined,
    validCleanup: ({ context, event }) =>
      event.type === 'CLEANUP' && theosChecks.cleanup(context, event, anyName) === undefined,
    validMove: ({ context, event }) =>
      event.type === 'MOVE_REALM' && theosChecks.move(context, event, anyName) === undefined,
    allCleanedUp: ({ context }) => theosChecks.nextRound(context, anyName) === undefined,
    moreTurns: ({ context }) => theosChecks.turnDone(context) === undefined,
    anyBlanks: ({ context }) => Object.values(context.blanks).some((n) => n > 0),
    twoRealms: ({ context }) => context.realms > 1,
    someoneWon: ({ context }) =>
      winningTeam(
        teamTotals(context),
        context.teams.map((t) => t.length),
        dieOf(context)
      ) !== null
  },
  actions: {
    pick: assign({
      draft: ({ context, event }) =>
        event.type === 'PICK' && context.draft?.mode === 'two'
          ? { ...context.draft, picks: [...context.draft.picks, cardById(event.card)!.id] }
          : context.draft
    }),
    picked: assign({
      draft: ({ context }) =>
        context.draft?.mode === 'pass' ? { ...context.draft, made: context.draft.made + 1 } : context.draft
    }),
    addFollowers: assign({
      followers: ({ context, event }) =>
        event.type === 'FOLLOWERS'
          ? { ...context.followers, [event.player]: context.followers[event.player] + event.delta }
          : context.followers
    }),
    setGod: assign({
      active: ({ context, event }) => {
        if (event.type !== 'GOD') return context.active;
        const pair = context.pairs.findIndex((p) => p.includes(event.god));
        return context.active.map((faces, r) =>
          r === event.realm ? faces.map((g, i) => (i === pair ? event.god : g)) : faces
        );
      }
    }),
    addAnswer: assign({
      answers: ({ context, event }) =>
        event.type === 'GOD_ORDER'
          ? [...context.answers, [event.faster, event.slower] as const]
          : context.answers
    }),
    nextTurn: assign({ turn: ({ context }) => Math.min(HAND_SIZE, context.turn + 1) }),
    declareWinner: assign({
      winner: ({ context }) =>
        winningTeam(
          teamTotals(context),
          context.teams.map((t) => t.length),
          dieOf(context)
        )
    }),
    setFinalCard: assign({
      finalCards: ({ context, event }) =>
        event.type === 'FINAL_CARD'
          ? { ...context.finalCards, [event.player]: event.card === null ? null : cardById(event.card)!.id }
          : context.finalCards
    }),
    setCleanup: assign({
      cleanup: ({ context, event }) =>
        event.type === 'CLEANUP'
          ? { ...context.cleanup, [event.player]: { keep: event.keep, back: event.back } }
          : context.cleanup
    }),
    moveRealm: assign({
      realmOf: ({ context, event }) =>
        event.type === 'MOVE_REALM' ? { ...context.realmOf, [event.player]: event.realm } : context.realmOf
    }),
    newRound: assign(({ context }) => ({
      round: context.round + 1,
      turn: 1,
      followers: Object.fromEntries(
        context.players.map((id) => [id, context.followers[id] - (context.cleanup[id]?.back ?? 0)])
      ),
      blanks: Object.fromEntries(context.players.map((id) => [id, context.cleanup[id]?.keep ?? 0])),
      cleanup: {},
      finalCards: {}
    }))
  }
}).createMachine({
  id: 'theos',
  context: ({ input }) => initialContext(input),
  output: ({ context }) => ({ winner: context.winner }),
  initial: 'begin',
  // A God Speed answer may come whenever the speed helper needs one.
  on: { GOD_ORDER: { guard: 'validGodOrder', actions: 'addAnswer' } },
  // Kept shallow on purpose: every level of nesting costs on each of the thousands of events a
  // replay goes through. A round is start → play → end; "round" itself is the context's number.
  states: {
    begin: {
      always: [
        { guard: 'twoDraft', target: 'draft.two' },
        { guard: 'passDraft', target: 'draft.pass' },
        { target: 'prepare' }
      ]
    },
    draft: {
      // Entered only through `begin`, which picks the kind of draft.
      initial: 'two',
      on: { DRAFT_DONE: '#theos.prepare' },
      states: {
        two: {
          meta: stepMeta(
            'Draft',
            'Take turns picking one card from the open pool until you each have 12. Picks are public.',
            ['draft-two']
          ),
          always: { guard: 'twoDraftDone', target: '#theos.prepare' },
          on: { PICK: { guard: 'validPick', actions: 'pick' } }
        },
        pass: {
          meta: stepMeta(
            'Draft',
            'Everyone picks a card from their packet face down, reveals it, and passes the rest on.',
            ['draft-picking']
          ),
          always: { guard: 'passDraftDone', target: '#theos.prepare' },
          on: { PICKED: { actions: 'picked' } }
        }
      }
    },
    prepare: {
      meta: stepMeta(
        'Take your seats',
        'Sit as your game type says, take your decks, set each god pair to its starting face, and put the Followers and Blanks within reach.',
        ['seating', 'opposing-pairs', 'decks']
      ),
      on: {
        NEXT: 'start',
        FOLLOWERS: { guard: 'validFollowers', target: 'play.resolve', actions: 'addFollowers' },
        // Before the first card, a flip corrects a starting face: it stays a setup step.
        GOD: { guard: 'validGod', actions: 'setGod' },
        TURN_DONE: { guard: 'moreTurns', target: 'play.choose', actions: 'nextTurn' },
        END_PLAY: 'end'
      }
    },
    start: {
      meta: stepMeta(
        'Start Phase',
        'Set the Ascension Die, then everyone builds a hand of 7 from their deck, Blanks included.',
        ['start-phase', 'ascension-die'],
        { stage: 'start', label: 'Set the die, build a hand of 7' }
      ),
      on: {
        NEXT: 'play',
        FOLLOWERS: { guard: 'validFollowers', target: 'play.resolve', actions: 'addFollowers' },
        GOD: { guard: 'validGod', target: 'play.resolve', actions: 'setGod' },
        TURN_DONE: { guard: 'moreTurns', target: 'play.choose', actions: 'nextTurn' },
        END_PLAY: 'end'
      }
    },
    play: {
      initial: 'choose',
      on: {
        FOLLOWERS: { guard: 'validFollowers', target: '.resolve', actions: 'addFollowers' },
        GOD: { guard: 'validGod', target: '.resolve', actions: 'setGod' },
        TURN_DONE: { guard: 'moreTurns', target: '.choose', actions: 'nextTurn' },
        // Hands are empty after turn 7; a card that changes that is the table's to call.
        END_PLAY: 'end'
      },
      states: {
        choose: {
          meta: stepMeta(
            'Choose',
            'Everyone chooses a card from their hand and lays it face down in their Realm.',
            ['turn-steps'],
            { stage: 'turn' }
          ),
          on: {
            NEXT: 'reveal',
            // The quick flow's usual turn: from one choose step straight to the next.
            TURN_DONE: { guard: 'moreTurns', actions: 'nextTurn' }
          }
        },
        reveal: {
          meta: stepMeta(
            'Reveal',
            'Everyone turns their card face up at the same moment.',
            ['turn-steps', 'unresolved'],
            { stage: 'turn' }
          ),
          on: { NEXT: [{ guard: 'anyBlanks', target: 'blanks' }, { target: 'resolve' }] }
        },
        blanks: {
          meta: stepMeta(
            'Blanks out',
            'Anyone who revealed a Blank takes it out of play; they resolve nothing this turn.',
            ['turn-steps', 'blank'],
            { stage: 'turn' }
          ),
          on: { NEXT: 'resolve' }
        },
        resolve: {
          meta: stepMeta(
            'Resolve',
            'The fastest card resolves first: accepted if its god is face up in its Realm, rejected otherwise. Then the next fastest.',
            ['card-speed', 'card-resolution'],
            { stage: 'turn' }
          ),
          // Already here: no need to leave and re-enter the step (cheaper on replay).
          on: {
            FOLLOWERS: { guard: 'validFollowers', actions: 'addFollowers' },
            GOD: { guard: 'validGod', actions: 'setGod' }
          }
        }
      }
    },
    end: {
      initial: 'check',
      on: {
        FINAL_CARD: { guard: 'validFinalCard', target: '.order', actions: 'setFinalCard' },
        CLEANUP: { guard: 'validCleanup', target: '.cleanup', actions: 'setCleanup' },
        MOVE_REALM: { guard: 'validMove', target: '.move', actions: 'moveRealm' },
        NEXT_ROUND: { guard: 'allCleanedUp', target: 'start', actions: 'newRound' }
      },
      states: {
        check: {
          always: [
            { guard: 'someoneWon', target: '#theos.over', actions: 'declareWinner' },
            { target: 'order' }
          ]
        },
        order: {
          meta: stepMeta(
            'Cleanup order',
            'Nobody ascends this round. Teams clean up from the most Followers down; a tie goes to the fastest final card.',
            ['win-check', 'win-ties', 'cleanup-order'],
            { stage: 'end' }
          ),
          on: {
            NEXT: 'cleanup',
            FINAL_CARD: { guard: 'validFinalCard', actions: 'setFinalCard' }
          }
        },
        cleanup: {
          meta: stepMeta(
            'Cleanup',
            'Each player returns resolved cards to their deck (their Followers go back) and keeps the rest in play, drawing a Blank for each card kept.',
            ['cleanup'],
            { stage: 'end' }
          ),
          on: {
            NEXT: { guard: 'twoRealms', target: 'move' },
            CLEANUP: { guard: 'validCleanup', actions: 'setCleanup' }
          }
        },
        move: {
          meta: stepMeta(
            'Change Realm',
            'Anyone may move their Demigod Card to the other Realm and play there from now on.',
            ['cleanup', 'two-realms'],
            { stage: 'end', when: 'twoRealms' }
          ),
          on: { MOVE_REALM: { guard: 'validMove', actions: 'moveRealm' } }
        }
      }
    },
    over: {
      type: 'final',
      meta: stepMeta('A team ascends', 'The game is over. Undo if a number was entered wrongly.', [
        'winning',
        'win-check'
      ])
    }
  }
});
