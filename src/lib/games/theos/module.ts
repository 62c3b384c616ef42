import type { GameModule } from '../types';
import type { TheosSetup } from './format';
import { theosLogic } from './logic';
import { decodeSetupCode } from './share';
import Setup from './Setup.svelte';
import Play from './Play.svelte';

const module: GameModule<TheosSetup> = {
  logic: theosLogic,
  Setup,
  Play,
  /**
   * A shared setup code carries the game type, teams by seat, gods, Realms and decks (a draft by
   * its seed); the people at this table type their own names into those seats.
   */
  decodeSetup: decodeSetupCode
};
export default module;
