/**
 * The card-drafting variant, as a guide: the Deity pool dealt from the seed (3 per player, keep
 * one and pass left twice, keep the last), then three piles of 20 Action cards per player passed
 * right, left, right. The app deals Deities by name; Action cards are physical, so for them it
 * keeps the count: which pile, which way it goes, how many picks are left.
 */
import { rngFor } from '../../random/seeded';
import { DEITY_IDS, type DeityId } from './cards';

export const DEITIES_PER_PLAYER = 3;
export const PILES = 3;
export const PILE_SIZE = 20;

/** Passing left is clockwise (to the next seat); right is counter-clockwise. */
type Direction = 'left' | 'right';
const PILE_DIRECTIONS: readonly Direction[] = ['right', 'left', 'right'];

/**
 * The Deity pool, 3 cards per player, shuffled and dealt one at a time round the table. The app
 * knows the four starter Deities, so a pool larger than four repeats them as evenly as it can
 * (each Deity at most once more than any other): the table needs that many Deity cards.
 */
export function dealDeities(seed: string, players: number): DeityId[][] {
  const rng = rngFor(seed, 'draft-deities');
  const size = players * DEITIES_PER_PLAYER;
  const pool: DeityId[] = [];
  while (pool.length < size) pool.push(...rng.shuffle(DEITY_IDS));
  const deck = rng.shuffle(pool.slice(0, size));
  const hands: DeityId[][] = Array.from({ length: players }, () => []);
  deck.forEach((d, i) => hands[i % players].push(d));
  return hands;
}

/** The seat a pile or Deity hand goes to from `seat`. */
export function passTo(seat: number, players: number, direction: Direction): number {
  return direction === 'left' ? (seat + 1) % players : (seat + players - 1) % players;
}

export interface DeityDraft {
  /** Deities each seat holds and has not kept yet. */
  hands: DeityId[][];
  /** Deities each seat has kept. */
  kept: DeityId[][];
  /** 0 for the first pick (from 3), 1 for the second (from 2). */
  round: number;
}

export function startDeityDraft(seed: string, players: number): DeityDraft {
  return { hands: dealDeities(seed, players), kept: Array.from({ length: players }, () => []), round: 0 };
}

/** Seats still to keep a Deity this round. */
export function waitingSeats(draft: DeityDraft): number[] {
  return draft.kept.map((k, seat) => (k.length > draft.round ? -1 : seat)).filter((s) => s >= 0);
}

export function deityDraftDone(draft: DeityDraft): boolean {
  return draft.kept.every((k) => k.length === DEITIES_PER_PLAYER);
}

/** Why a seat cannot keep that Deity now, or undefined. */
export function keepProblem(
  draft: DeityDraft,
  seat: number,
  deity: DeityId,
  name: string
): string | undefined {
  if (deityDraftDone(draft)) return 'Every Deity has been drafted.';
  if (!draft.hands[seat]) return 'That player is not at the table.';
  if (draft.kept[seat].length > draft.round) {
    return `${name} has kept a Deity this round; the others are still choosing.`;
  }
  if (!draft.hands[seat].includes(deity)) return `${name} does not hold that Deity now.`;
  return undefined;
}

/**
 * One seat keeps a Deity. When everyone has kept one, the rest pass left; after the second pass
 * the single Deity each seat receives is simply kept.
 */
export function keepDeity(draft: DeityDraft, seat: number, deity: DeityId): DeityDraft {
  const hands = draft.hands.map((h) => h.slice());
  const kept = draft.kept.map((k) => k.slice());
  hands[seat].splice(hands[seat].indexOf(deity), 1);
  kept[seat].push(deity);
  if (kept.some((k) => k.length <= draft.round)) return { hands, kept, round: draft.round };
  const n = hands.length;
  const passed = hands.map((_, seat) => hands[passTo(seat, n, 'right')]);
  if (draft.round + 1 >= DEITIES_PER_PLAYER - 1) {
    passed.forEach((h, seat) => kept[seat].push(...h));
    return { hands: passed.map(() => []), kept, round: DEITIES_PER_PLAYER };
  }
  return { hands: passed, kept, round: draft.round + 1 };
}

export interface ActionDraft {
  /** 0, 1, 2; 3 once all three piles are drafted. */
  pile: number;
  /** Picks made from the current pile (0 to 19). */
  picks: number;
}

interface ActionDraftView {
  pile: number;
  direction: Direction;
  /** The pick being made now, from 1. */
  pick: number;
  picksLeft: number;
  /** Cards in the pile in hand now: 20 at the first pick. */
  cardsInPile: number;
  done: boolean;
}

export function actionDraftView(d: ActionDraft): ActionDraftView {
  const done = d.pile >= PILES;
  return {
    pile: Math.min(d.pile, PILES - 1) + 1,
    direction: PILE_DIRECTIONS[Math.min(d.pile, PILES - 1)],
    pick: done ? PILE_SIZE : d.picks + 1,
    picksLeft: done ? 0 : PILE_SIZE - d.picks,
    cardsInPile: done ? 0 : PILE_SIZE - d.picks,
    done
  };
}

/** Everyone has kept a card and passed the rest: the next pick, or the next pile after the 20th. */
export function nextPick(d: ActionDraft): ActionDraft {
  if (d.pile >= PILES) return d;
  return d.picks + 1 >= PILE_SIZE ? { pile: d.pile + 1, picks: 0 } : { pile: d.pile, picks: d.picks + 1 };
}

/** The table finished the pile without tapping every pick. */
export function finishPile(d: ActionDraft): ActionDraft {
  return d.pile >= PILES ? d : { pile: d.pile + 1, picks: 0 };
}

/** Action cards each player ends the draft with. */
export const DRAFTED_CARDS = PILES * PILE_SIZE;
