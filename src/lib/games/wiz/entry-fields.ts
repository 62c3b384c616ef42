import type { Element } from './cards';

/** What the play screen's number sheet is typing: a hand's card value, a loser's chaotic EP, an attack. */
export type Field =
  | { kind: 'hand'; index: number; countered?: boolean }
  | { kind: 'chaotic'; player: string }
  | { kind: 'attack'; player: string };

/** Titans, character and element for the hand being typed. */
export type HandFlags = { titans: number; character: boolean; element?: Element };
