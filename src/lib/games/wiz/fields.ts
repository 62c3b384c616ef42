/**
 * The fields a WiZ setup and each of its events may have: a backup import refuses any other
 * (GameLogic.fields). The types make the compiler list every event and field.
 */
import type { EventFields, GameFields, SetupFields } from '../kit';
import type { WizEvent } from '../../machines/wiz';
import type { WizSetup } from './format';

const setup: SetupFields<WizSetup> = {
  format: true,
  deck: true,
  target: true,
  titans: true,
  characters: true,
  lifePool: { die: true, firstRoll: true },
  firstDealer: true,
  dealerBy: true
};

/** A hand as typed (value, titans, character, element) or listed by its cards (any kind of card). */
const hand = {
  value: true,
  titans: true,
  character: true,
  element: true,
  cards: { kind: true, element: true, value: true, level: true, action: true }
} as const;

const events: EventFields<WizEvent> = {
  NEXT: {},
  END_TURN: {},
  GO_OUT: { player: true, fresh: true },
  STUN: { player: true },
  WRONG_JOKER: { player: true },
  HAND: { index: true, hand, countered: true },
  DROP_HAND: { index: true, countered: true },
  CHAOTIC: { player: true, ep: true },
  BONUS: { bonus: true, everyHand: true },
  SCORE: { poolRoll: true },
  POOL_WON: { player: true, from: true },
  ATTACK: { player: true, ep: true }
};

export const wizFields: GameFields = { setup, events };
