/** The new-game screen of the game and its setup-code reader, loaded before the rest (index.ts). */
import type { GameSetupModule } from '../types';
import { setupFromCode } from '../module';
import type { EpicSetup } from './format';
import { blankSetup, setupCode } from './share';
import Setup from './Setup.svelte';

const setup: GameSetupModule<EpicSetup> = {
  Setup,
  /**
   * A shared code carries the format, packs, match, player count, first seat and seed (so the
   * drawn seats come out the same); each table types its own names into the numbered seats.
   */
  decodeSetup: setupFromCode(setupCode, blankSetup)
};
export default setup;
