/**
 * Titans of Eden: one turn after another until a team has won. The statechart walks the table
 * through the start of the turn (Surge), three ages (start, play, Now abilities, awaken, end of
 * age), the battle, the end of the turn and the shuffle, and keeps the temples, surge tokens, the
 * Avatar Mat and the Ghost and Traveler supplies. Pure: every number comes in an event.
 *
 * Two ways through a turn, one machine. Guide me walks every step with NEXT. The quick flow
 * skips the reminders: a power entered at the start of the turn or in any age moves straight to
 * the battle, and NEXT_TURN ends the turn from its end (or from the shuffle). Both leave the
 * same state behind.
 */
import { assign, setup } from 'xstate';
import { stepMeta } from './meta';
import { gameWinner, resolveBattle, type BattleResult, type Mat } from '../games/titans/battle';
import { matsFor, type TitansFormat, type TitansMode, type TitansSetup } from '../games/titans/format';

export const GHOSTS_PER_ARENA = 12;
export const TRAVELERS_PER_ARENA = 8;
const SURGE_TOKENS = 2;
/** Power is a card total: whole numbers only, within a range no real total leaves. */
export const POWER_LIMIT = 999;

interface ArenaState {
  teams: [number, number];
  players: [string, string];
  ghosts: number;
  travelers: number;
  /** Power entered for each side in this turn's battle; null until entered. */
  power: [number | null, number | null];
}

export interface TitansContext {
  format: TitansFormat;
  mode: TitansMode;
  teamCount: number;
  arenas: ArenaState[];
  mats: Mat[];
  /** Surge tokens left, by player id. */
  surge: Record<string, number>;
  /** The team holding the Avatar Mat. */
  avatar: number;
  turn: number;
  age: 1 | 2 | 3;
  /** The last battle's outcome, shown until the next turn starts. */
  lastBattle: BattleResult | null;
  /** The winning team once the game is over. */
  winner: number | null;
}

export type TitansEvent =
  | { type: 'SURGE'; player: string }
  | { type: 'BEGIN_AGES' }
  | { type: 'NEXT' }
  | { type: 'POWER'; arena: number; side: 0 | 1; power: number }
  | { type: 'RESOLVE_BATTLE' }
  | { type: 'SUPPLY'; arena: number; pile: 'ghosts' | 'travelers'; delta: number }
  | { type: 'SPITE'; arena: number; side: 0 | 1 }
  /** `side` haunts: the player opposite gains `count` Ghosts (1, or 2 for Haunt 2: No Escape). */
  | { type: 'HAUNT'; arena: number; side: 0 | 1; count: 1 | 2 }
  | { type: 'NEXT_TURN' };

/**
 * Every rule that can refuse an event, as a reason in plain words (undefined: allowed). The
 * machine's guards and the refusal messages both come from here, so they never disagree.
 */
export const titansChecks = {
  surge(ctx: TitansContext, e: Extract<TitansEvent, { type: 'SURGE' }>, name: (id: string) => string) {
    if (!(e.player in ctx.surge)) return 'That player is not in this game.';
    if (ctx.surge[e.player] <= 0) return `${name(e.player)} has no surge tokens left.`;
    return undefined;
  },
  power(ctx: TitansContext, e: Extract<TitansEvent, { type: 'POWER' }>) {
    if (!ctx.arenas[e.arena] || (e.side !== 0 && e.side !== 1))
      return 'There is no such side to enter power for.';
    if (typeof e.power !== 'number' || !Number.isInteger(e.power)) {
      return `Power must be a whole number${typeof e.power === 'number' && Number.isFinite(e.power) ? ` (not ${e.power})` : ''}.`;
    }
    if (Math.abs(e.power) > POWER_LIMIT) return `Power must be between −${POWER_LIMIT} and ${POWER_LIMIT}.`;
    return undefined;
  },
  resolve(ctx: TitansContext, name: (id: string) => string) {
    for (const [i, a] of ctx.arenas.entries()) {
      const missing = a.power.findIndex((p) => p === null);
      if (missing >= 0) {
        const where = ctx.arenas.length > 1 ? `Arena ${i + 1}: ` : '';
        return `${where}enter ${name(a.players[missing])}’s power first.`;
      }
    }
    return undefined;
  },
  supply(ctx: TitansContext, e: Extract<TitansEvent, { type: 'SUPPLY' }>) {
    const arena = ctx.arenas[e.arena];
    if (!arena || (e.pile !== 'ghosts' && e.pile !== 'travelers')) return 'There is no such pile.';
    if (!Number.isInteger(e.delta) || e.delta === 0) return 'The change must be a whole number.';
    const max = e.pile === 'ghosts' ? GHOSTS_PER_ARENA : TRAVELERS_PER_ARENA;
    const next = arena[e.pile] + e.delta;
    const label = e.pile === 'ghosts' ? 'Ghosts' : 'Travelers';
    if (next < 0) return `There are only ${arena[e.pile]} ${label} left in ${arenaName(ctx, e.arena)}.`;
    if (next > max) return `${arenaName(ctx, e.arena)} started with ${max} ${label}; there cannot be more.`;
    return undefined;
  },
  haunt(ctx: TitansContext, e: Extract<TitansEvent, { type: 'HAUNT' }>) {
    const arena = ctx.arenas[e.arena];
    if (!arena || (e.side !== 0 && e.side !== 1)) return 'There is no such side.';
    if (e.count !== 1 && e.count !== 2) return 'Haunt gives 1 Ghost, or 2 with No Escape.';
    if (arena.ghosts === 0) return `${arenaName(ctx, e.arena)} has no Ghosts left to give.`;
    return undefined;
  },
  spite(ctx: TitansContext, e: Extract<TitansEvent, { type: 'SPITE' }>) {
    const arena = ctx.arenas[e.arena];
    if (!arena || (e.side !== 0 && e.side !== 1)) return 'There is no such side.';
    const team = arena.teams[e.side];
    const lostMats = ctx.lastBattle?.lost.map((i) => ctx.mats[i]) ?? [];
    const lost = lostMats.some((m) => m.team === team && (m.arena === null || m.arena === e.arena));
    if (!lost) return 'Spite gives Ghosts only when its owner lost a temple this turn.';
    if (arena.ghosts === 0) return `${arenaName(ctx, e.arena)} has no Ghosts left to give.`;
    return undefined;
  }
};

export function arenaName(ctx: Pick<TitansContext, 'arenas'>, arena: number): string {
  return ctx.arenas.length > 1 ? `Arena ${arena + 1}` : 'The arena';
}

const anyName = (id: string) => id;

/** The next holder of the Avatar Mat: the other team, or clockwise to the next of three teams. */
function nextAvatar(ctx: Pick<TitansContext, 'avatar' | 'teamCount'>): number {
  return (ctx.avatar + 1) % ctx.teamCount;
}

function initialContext(input: TitansSetup): TitansContext {
  return {
    format: input.format,
    mode: input.mode,
    teamCount: input.teams.length,
    arenas: input.arenas.map((a) => ({
      teams: [a.sides[0].team, a.sides[1].team],
      players: [a.sides[0].player, a.sides[1].player],
      ghosts: GHOSTS_PER_ARENA,
      travelers: TRAVELERS_PER_ARENA,
      power: [null, null]
    })),
    mats: matsFor(input),
    surge: Object.fromEntries(input.players.map((p) => [p.id, SURGE_TOKENS])),
    avatar: input.avatarTeam,
    turn: 1,
    age: 1,
    lastBattle: null,
    winner: null
  };
}

export const titansMachine = setup({
  types: {
    context: {} as TitansContext,
    events: {} as TitansEvent,
    input: {} as TitansSetup
  },
  guards: {
    canSurge: ({ context, event }) =>
      event.type === 'SURGE' && titansChecks.surge(context, event, anyName) === undefined,
    validPower: ({ context, event }) =>
      event.type === 'POWER' && titansChecks.power(context, event) === undefined,
    allPowersIn: ({ context }) => titansChecks.resolve(context, anyName) === undefined,
    validSupply: ({ context, event }) =>
      event.type === 'SUPPLY' && titansChecks.supply(context, event) === undefined,
    canSpite: ({ context, event }) =>
      event.type === 'SPITE' && titansChecks.spite(context, event) === undefined,
    canHaunt: ({ context, event }) =>
      event.type === 'HAUNT' && titansChecks.haunt(context, event) === undefined,
    moreAges: ({ context }) => context.age < 3,
    gameWon: ({ context }) => context.winner !== null
  },
  actions: {
    spendSurge: assign({
      surge: ({ context, event }) =>
        event.type === 'SURGE'
          ? { ...context.surge, [event.player]: context.surge[event.player] - 1 }
          : context.surge
    }),
    firstAge: assign({ age: 1 as const }),
    // The battle follows the third age, however the table got there.
    thirdAge: assign({ age: 3 as const }),
    nextAge: assign({ age: ({ context }) => Math.min(3, context.age + 1) as 1 | 2 | 3 }),
    setPower: assign({
      arenas: ({ context, event }) => {
        if (event.type !== 'POWER') return context.arenas;
        return context.arenas.map((a, i) => {
          if (i !== event.arena) return a;
          const power: [number | null, number | null] = [...a.power];
          power[event.side] = event.power;
          return { ...a, power };
        });
      }
    }),
    resolve: assign(({ context }) => {
      const powers = context.arenas.map((a) => [a.power[0] ?? 0, a.power[1] ?? 0] as [number, number]);
      const sides = context.arenas.map((a) => ({ teams: a.teams }));
      const result = resolveBattle(context.format, sides, powers, context.mats);
      const winner = gameWinner(context.format, sides, result.mats);
      return { mats: result.mats, lastBattle: result, winner: winner ?? null };
    }),
    adjustSupply: assign({
      arenas: ({ context, event }) => {
        if (event.type !== 'SUPPLY') return context.arenas;
        return context.arenas.map((a, i) =>
          i === event.arena ? { ...a, [event.pile]: a[event.pile] + event.delta } : a
        );
      }
    }),
    spite: assign({
      arenas: ({ context, event }) => {
        if (event.type !== 'SPITE') return context.arenas;
        return context.arenas.map((a, i) =>
          i === event.arena ? { ...a, ghosts: Math.max(0, a.ghosts - 2) } : a
        );
      }
    }),
    haunt: assign({
      arenas: ({ context, event }) => {
        if (event.type !== 'HAUNT') return context.arenas;
        return context.arenas.map((a, i) =>
          i === event.arena ? { ...a, ghosts: Math.max(0, a.ghosts - event.count) } : a
        );
      }
    }),
    newTurn: assign(({ context }) => ({
      turn: context.turn + 1,
      age: 1 as const,
      avatar: nextAvatar(context),
      lastBattle: null,
      arenas: context.arenas.map((a) => ({ ...a, power: [null, null] as [null, null] }))
    }))
  }
}).createMachine({
  id: 'titans',
  context: ({ input }) => initialContext(input),
  output: ({ context }) => ({ winner: context.winner }),
  initial: 'turn',
  states: {
    turn: {
      initial: 'start',
      on: {
        SUPPLY: { guard: 'validSupply', actions: 'adjustSupply' }
      },
      states: {
        start: {
          meta: stepMeta(
            'Start of the turn',
            'Anyone unhappy with their hand may Surge: spend a surge token, discard the hand and draw as many new cards. Others may answer with a Surge of their own.',
            ['turn-start', 'surge'],
            { stage: 'start', label: 'Surge (optional)' }
          ),
          on: {
            SURGE: { guard: 'canSurge', actions: 'spendSurge' },
            BEGIN_AGES: { target: 'age', actions: 'firstAge' },
            // Quick flow: the ages were played at the table; the first power starts the battle.
            POWER: { guard: 'validPower', target: 'battle', actions: ['thirdAge', 'setPower'] },
            HAUNT: { guard: 'canHaunt', actions: 'haunt' }
          }
        },
        age: {
          initial: 'opening',
          on: {
            POWER: { guard: 'validPower', target: 'battle', actions: ['thirdAge', 'setPower'] },
            HAUNT: { guard: 'canHaunt', actions: 'haunt' }
          },
          states: {
            opening: {
              meta: stepMeta(
                'Start of the age',
                'Start-of-age abilities: Draw, then Discard, then Sacrifice.',
                ['ages'],
                { stage: 'age' }
              ),
              on: { NEXT: 'play' }
            },
            play: {
              meta: stepMeta(
                'Play cards',
                'The Avatar Mat side picks a card from hand or the top of the deck and lays it face down, then the other side. Flip them together.',
                ['playing-cards', 'avatar-mat'],
                { stage: 'age' }
              ),
              on: { NEXT: 'now' }
            },
            now: {
              meta: stepMeta(
                'Now abilities',
                'Cards are face up: use their Now abilities in priority order; the Avatar Mat side decides first.',
                ['now-abilities'],
                { stage: 'age' }
              ),
              on: { NEXT: 'awaken' }
            },
            awaken: {
              meta: stepMeta(
                'Awaken',
                'Spend Energy in play to awaken one card from the ritual piles, Avatar Mat side first. Awakened cards go to the discard pile.',
                ['awakening'],
                { stage: 'age' }
              ),
              on: { NEXT: 'closing' }
            },
            closing: {
              meta: stepMeta(
                'End of the age',
                'End-of-age abilities (Night’s Fury), then on to the next age.',
                ['end-of-age'],
                { stage: 'age' }
              ),
              on: {
                NEXT: [
                  { guard: 'moreAges', target: 'opening', actions: 'nextAge' },
                  { target: '#titans.turn.battle' }
                ]
              }
            }
          }
        },
        battle: {
          meta: stepMeta(
            'Battle',
            'Add up each side’s power in play and enter it. A side wins its arena with 2 or more power over the other.',
            ['battle'],
            { stage: 'battle', label: 'Add up and enter each side’s power' }
          ),
          on: {
            POWER: { guard: 'validPower', actions: 'setPower' },
            RESOLVE_BATTLE: { guard: 'allPowersIn', target: 'resolved', actions: 'resolve' },
            HAUNT: { guard: 'canHaunt', actions: 'haunt' }
          }
        },
        resolved: {
          always: [{ guard: 'gameWon', target: '#titans.over' }, { target: 'endOfTurn' }]
        },
        endOfTurn: {
          meta: stepMeta(
            'End of the turn',
            'End-of-turn abilities: Rage, then Spite (a side that lost a temple gives its opponent 2 Ghosts).',
            ['end-of-turn', 'rage', 'spite'],
            { stage: 'end', label: 'Rage, then Spite' }
          ),
          on: {
            SPITE: { guard: 'canSpite', actions: 'spite' },
            NEXT: 'shuffle',
            NEXT_TURN: { target: 'start', actions: 'newTurn' }
          }
        },
        shuffle: {
          meta: stepMeta(
            'Shuffle and draw',
            'Keep or discard cards in hand, discard what is in play, shuffle deck and discard together, and draw up to your hand size.',
            ['shuffle'],
            { stage: 'end', label: 'Shuffle, draw, pass the Avatar Mat' }
          ),
          on: {
            NEXT: { target: 'start', actions: 'newTurn' },
            NEXT_TURN: { target: 'start', actions: 'newTurn' }
          }
        }
      }
    },
    over: {
      type: 'final',
      meta: stepMeta('Game over', 'The battle decided it. Undo if a power was entered wrongly.', ['winning'])
    }
  }
});
