/**
 * The fields a Titans of Eden setup and each of its events may have: a backup import refuses
 * any other (GameLogic.fields). The types make the compiler list every event and field.
 */
import type { EventFields, GameFields, SetupFields } from '../kit';
import type { TitansEvent } from '../../machines/titans';
import type { TitansSetup } from './format';

const setup: SetupFields<TitansSetup> = {
  format: true,
  mode: true,
  teams: true,
  arenas: { sides: { team: true, player: true } },
  piles: true,
  avatarTeam: true
};

const events: EventFields<TitansEvent> = {
  SURGE: { player: true },
  BEGIN_AGES: {},
  NEXT: {},
  POWER: { arena: true, side: true, power: true },
  RESOLVE_BATTLE: {},
  SUPPLY: { arena: true, pile: true, delta: true },
  SPITE: { arena: true, side: true },
  HAUNT: { arena: true, side: true, count: true },
  NEXT_TURN: {}
};

export const titansFields: GameFields = { setup, events };
