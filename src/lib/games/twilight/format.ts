/**
 * Twilight of the Gods setups: two players (the standard game) or more (multiplayer, every player
 * for themselves or equal teams), 50-card decks or Extended ones, the optional draft, who goes
 * first. Pure data and checks; the machine, the setup screen and backups all use them.
 */
import type { BaseSetup } from '../kit';
import { isObject, playersProblem } from '../players';
import { rngFor, seedProblem } from '../../random/seeded';
import { DEITY_IDS, deityById, type DeityId } from './cards';

export const MIN_PLAYERS = 2;
/** The rulebook sets no ceiling; eight still fits every screen at 360 px with 40-character names. */
export const MAX_PLAYERS = 8;
export const STANDARD_DECK = 50;
export const EXTENDED_MIN = 51;
export const EXTENDED_MAX = 100;
const OPENING_HAND = 7;

/** How the first player was chosen, in the rulebook's order of preference. */
export type FirstBy = 'explainer' | 'youngest' | 'random';
export const FIRST_BY: readonly FirstBy[] = ['explainer', 'youngest', 'random'];

export interface TwilightSetup extends BaseSetup {
  /** Seats in clockwise order; turns pass from seat to seat + 1. */
  deities: (DeityId | null)[];
  /** Extended game: decks of 51 to 100 cards. Otherwise every deck is exactly 50. */
  extended: boolean;
  /** Deck size per seat. */
  decks: number[];
  /** Team number per seat, or null when every player is for themselves. */
  teams: number[] | null;
  /** The card-drafting variant: Deities and decks are drafted before the game (decks of 50). */
  draft: boolean;
  firstBy: FirstBy;
  /** The seat that takes the first turn. */
  first: number;
  /** The seats were drawn from the seed (shared in the setup code); the order above is the result. */
  randomSeats?: boolean;
}

export function isMultiplayer(setup: Pick<TwilightSetup, 'players'>): boolean {
  return setup.players.length > 2;
}

/** A Life Stack starts at the deck size less the opening Hand of 7; a mulligan does not change it. */
export function startingLifeStack(deckSize: number): number {
  return deckSize - OPENING_HAND;
}

/**
 * Cards drawn in a Draw Phase: 2, except the very first turn of a two-player game, where the
 * first player draws 1. In multiplayer the first player draws 2 like everyone else.
 */
export function drawCount(players: number, firstTurnOfGame: boolean): number {
  return firstTurnOfGame && players === 2 ? 1 : 2;
}

/** The numbers of equal teams a table of `players` can split into (teams of at least 2). */
export function teamCounts(players: number): number[] {
  const out: number[] = [];
  for (let teams = 2; teams <= players / 2; teams++) if (players % teams === 0) out.push(teams);
  return out;
}

/** The seat a random first player comes from: drawn from the seed, so a shared code agrees. */
export function randomFirst(seed: string, players: number): number {
  return rngFor(seed, 'first-player').int(0, players - 1);
}

/** A random seating: the order in which the entered players sit, drawn from the seed. */
export function randomSeats(seed: string, players: number): number[] {
  return rngFor(seed, 'seats').shuffle(Array.from({ length: players }, (_, i) => i));
}

/** Teams dealt round the table (1, 2, 1, 2…), so teammates never sit side by side. */
export function alternatingTeams(players: number, teams: number): number[] {
  return Array.from({ length: players }, (_, i) => i % teams);
}

/** Why a deck size does not fit the game, or undefined. */
function deckSizeProblem(size: unknown, extended: boolean): string | undefined {
  if (typeof size !== 'number' || !Number.isInteger(size)) return 'a deck size must be a whole number';
  if (!extended && size !== STANDARD_DECK) return `a standard deck is exactly ${STANDARD_DECK} cards`;
  if (extended && (size < EXTENDED_MIN || size > EXTENDED_MAX)) {
    return `an Extended deck has ${EXTENDED_MIN} to ${EXTENDED_MAX} cards`;
  }
  return undefined;
}

/** Why a setup cannot start (or reopen) a game, in plain words; undefined when it is sound. */
export function twilightSetupProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'the setup is missing';
  const s = value as Partial<TwilightSetup>;
  const game = 'Twilight of the Gods';
  const players = playersProblem(s.players, { min: MIN_PLAYERS, max: MAX_PLAYERS, game });
  if (players) return players;
  const n = s.players!.length;
  if (typeof s.seed !== 'string' || seedProblem(s.seed)) return 'the setup has no usable seed';
  if (typeof s.draft !== 'boolean') return 'the setup must say whether the Deities are drafted';
  if (typeof s.extended !== 'boolean') return 'the setup must say whether this is an Extended game';
  if (s.draft && s.extended) return 'a drafted deck is 50 cards, so a draft cannot be Extended';
  if (!Array.isArray(s.deities) || s.deities.length !== n) return 'every player needs a Deity';
  for (const [i, d] of s.deities.entries()) {
    if (s.draft ? d !== null : !deityById(d)) {
      return s.draft
        ? 'in a draft the Deities are chosen after drafting'
        : `${s.players?.[i]?.name ?? 'A player'} needs a Deity (one of ${DEITY_IDS.length})`;
    }
  }
  if (!Array.isArray(s.decks) || s.decks.length !== n) return 'every player needs a deck size';
  for (const size of s.decks) {
    const problem = deckSizeProblem(size, s.extended);
    if (problem) return problem;
  }
  if (s.teams !== null) {
    if (!Array.isArray(s.teams) || s.teams.length !== n) return 'every player needs a team';
    const count = new Set(s.teams).size;
    if (!teamCounts(n).includes(count)) {
      return teamCounts(n).length === 0
        ? `${n} players cannot split into equal teams of two or more`
        : `${n} players split into ${teamCounts(n).join(' or ')} equal teams`;
    }
    if (s.teams.some((t) => !Number.isInteger(t) || t < 0 || t >= count)) return 'teams are numbered from 1';
    const sizes = Array.from({ length: count }, (_, t) => s.teams!.filter((x) => x === t).length);
    if (sizes.some((size) => size !== n / count)) return 'teams must be the same size';
  }
  if (!FIRST_BY.includes(s.firstBy as FirstBy)) return 'the setup must say how the first player was chosen';
  if (!Number.isInteger(s.first) || s.first! < 0 || s.first! >= n)
    return 'the first player must be at the table';
  if (s.firstBy === 'random' && s.first !== randomFirst(s.seed, n)) {
    return 'a random first player comes from the seed';
  }
  return undefined;
}

/** A player's name by seat, or the fallback. */
export function seatName(
  setup: Pick<Partial<TwilightSetup>, 'players'>,
  seat: number,
  fallback = 'Someone'
): string {
  return setup.players?.[seat]?.name ?? fallback;
}

/** "Team 2 (Cy & Dee)". */
export function teamLabel(setup: Pick<TwilightSetup, 'players' | 'teams'>, team: number): string {
  const names = setup.players.filter((_, i) => setup.teams?.[i] === team).map((p) => p.name);
  return `Team ${team + 1} (${names.join(' & ')})`;
}
