/** The new-game screen of the game and its setup-code reader, loaded before the rest (index.ts). */
import type { GameSetupModule } from '../types';
import { setupFromCode } from '../module';
import type { TitansSetup } from './format';
import { setupCode } from './share';
import Setup from './Setup.svelte';

const setup: GameSetupModule<TitansSetup> = {
  Setup,
  /**
   * A shared setup code carries the format, mode and ritual piles; the people at this table
   * still enter their own names and seats, so those start empty.
   */
  decodeSetup: setupFromCode(setupCode, ({ format, mode, piles }) => ({
    format,
    mode,
    piles,
    seed: '',
    players: [],
    teams: [],
    arenas: [],
    avatarTeam: 0
  }))
};
export default setup;
