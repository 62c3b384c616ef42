/**
 * The fields a Theos setup and each of its events may have: a backup import refuses any other
 * (GameLogic.fields). The types make the compiler list every event and field.
 */
import type { EventFields, GameFields, SetupFields } from '../kit';
import type { TheosEvent } from '../../machines/theos';
import type { TheosSetup } from './format';

const setup: SetupFields<TheosSetup> = {
  format: true,
  teams: true,
  pairs: true,
  faces: true,
  // Keyed by player id: the setup check reads every entry.
  realmOf: true,
  decks: {
    kind: true,
    group: true,
    set: true,
    // Keyed by player id, like realmOf.
    deckOf: true,
    draft: { mode: true, pool: true, first: true, setAside: true, packets: true }
  }
};

const events: EventFields<TheosEvent> = {
  NEXT: {},
  PICK: { card: true },
  PICKED: {},
  DRAFT_DONE: {},
  FOLLOWERS: { player: true, delta: true, tokens: true },
  GOD: { realm: true, god: true },
  TURN_DONE: {},
  END_PLAY: {},
  GOD_ORDER: { faster: true, slower: true },
  FINAL_CARD: { player: true, card: true },
  CLEANUP: { player: true, keep: true, back: true },
  MOVE_REALM: { player: true, realm: true },
  NEXT_ROUND: {}
};

export const theosFields: GameFields = { setup, events };
