/**
 * The fields a Twilight of the Gods setup and each of its events may have: a backup import
 * refuses any other (GameLogic.fields). The types make the compiler list every event and field.
 */
import type { EventFields, GameFields, SetupFields } from '../kit';
import type { TwilightEvent } from './table';
import type { TwilightSetup } from './format';

const setup: SetupFields<TwilightSetup> = {
  deities: true,
  extended: true,
  decks: true,
  teams: true,
  draft: true,
  firstBy: true,
  first: true,
  randomSeats: true
};

const events: EventFields<TwilightEvent> = {
  DRAFT_KEEP: { seat: true, deity: true },
  DRAFT_PICK: {},
  PILE_DONE: {},
  CHOOSE_DEITY: { seat: true, deity: true, conviction: true },
  MULLIGAN: { seat: true },
  BEGIN: {},
  NEXT: {},
  NO_ATTACK: {},
  TRADE: { with: true, give: true, get: true },
  FORCED_TRADE: { with: true },
  SEIZE: { from: true, level: true, source: true },
  RESOURCE: { level: true },
  SUMMON: { cards: true, card: true, level: true, over: true },
  HIT_DISCARD: { target: true, life: true },
  HIT_LIFE: { target: true, life: true },
  DECAY: { unused: true },
  DEITY_POWER: { seat: true },
  ADJUST: { seat: true, pile: true, delta: true, bounded: true },
  MOVE: { seat: true, from: true, to: true, cards: true, why: true },
  END_TURN: { place: true, unused: true }
};

export const twilightFields: GameFields = { setup, events };
