/**
 * The fields an Epic setup and each of its events may have: a backup import refuses any other
 * (GameLogic.fields). The types make the compiler list every event and field.
 */
import type { EventFields, GameFields, SetupFields } from '../kit';
import type { EpicEvent } from '../../machines/epic';
import type { EpicSetup } from './format';

const setup: SetupFields<EpicSetup> = {
  format: true,
  packs: true,
  match: true,
  first: true,
  shuffledSeats: true
};

const events: EventFields<EpicEvent> = {
  PICK: {},
  DECKS_READY: {},
  MULLIGAN: { player: true, cards: true },
  BEGIN: {},
  NEXT: {},
  ATTACK: {},
  MOJO: { changes: { player: true, delta: true }, reason: true, inBattle: true },
  ACTION: { player: true, spent: true },
  CANNOT_DRAW: { player: true, cards: true },
  DECK_EMPTY: { players: true },
  LOSE: { player: true },
  NEXT_TURN: {},
  NEXT_GAME: { first: true }
};

export const epicFields: GameFields = { setup, events };
