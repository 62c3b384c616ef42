import type { GameModule } from '../types';
import { setupFromCode } from '../module';
import type { EpicSetup } from './format';
import { epicLogic } from './logic';
import { blankSetup, decodeSetupCode } from './share';
import Setup from './Setup.svelte';
import Play from './Play.svelte';

const module: GameModule<EpicSetup> = {
  logic: epicLogic,
  Setup,
  Play,
  /**
   * A shared code carries the format, packs, match, player count, first seat and seed (so the
   * drawn seats come out the same); each table types its own names into the numbered seats.
   */
  decodeSetup: setupFromCode(decodeSetupCode, blankSetup)
};
export default module;
