/** The new-game screen of the game and its setup-code reader, loaded before the rest (index.ts). */
import type { GameSetupModule } from '../types';
import type { TheosSetup } from './format';
import { setupFromCode } from '../module';
import { setupCode } from './share';
import Setup from './Setup.svelte';

const setup: GameSetupModule<TheosSetup> = {
  Setup,
  /**
   * A shared setup code carries the game type, teams by seat, gods, Realms and decks (a draft by
   * its seed); the people at this table type their own names into those seats.
   */
  decodeSetup: setupFromCode(setupCode, (setup) => setup)
};
export default setup;
