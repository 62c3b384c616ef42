/**
 * The draft guide: which pack is open, which way cards pass and how many go on after each pick.
 * Everyone picks at the same time, so one position describes the whole table.
 */
import { PACK_SIZE } from './format';

export interface DraftPosition {
  /** 1 for the first pack. */
  pack: number;
  /** 1 for the first pick from a freshly opened pack, up to 15. */
  pick: number;
}

type Direction = 'left' | 'right';

/** The first pack passes left, the second right, and so on, switching with each pack. */
export function passDirection(pack: number): Direction {
  return pack % 2 === 1 ? 'left' : 'right';
}

/** Cards in hand when making this pick: 15 from a fresh pack, one fewer each pick. */
export function cardsInHand(pick: number): number {
  return PACK_SIZE - pick + 1;
}

/** Cards passed on after this pick: 14, then 13, … and 0 after the last card. */
export function cardsPassed(pick: number): number {
  return PACK_SIZE - pick;
}

/** The next position, or null when this was the last pick of the last pack. */
export function nextPick(at: DraftPosition, packs: number): DraftPosition | null {
  if (at.pick < PACK_SIZE) return { pack: at.pack, pick: at.pick + 1 };
  if (at.pack < packs) return { pack: at.pack + 1, pick: 1 };
  return null;
}

/** Each player's cards once the draft is done. */
export function draftedCards(packs: number): number {
  return packs * PACK_SIZE;
}

/** One line for the table: "Pack 2 · pick 3 of 15: keep 1 of 13, shuffle the other 12 and pass them right". */
export function describePick(at: DraftPosition): string {
  const passed = cardsPassed(at.pick);
  // The rulebook shuffles what is passed, so nobody learns the order in which cards were left.
  const pass =
    passed === 0
      ? 'keep the last card'
      : `shuffle the other ${passed} and pass ${passed === 1 ? 'it' : 'them'} ${passDirection(at.pack)}`;
  return `Pack ${at.pack} · pick ${at.pick} of ${PACK_SIZE}: keep 1 of ${cardsInHand(at.pick)}, ${pass}`;
}
