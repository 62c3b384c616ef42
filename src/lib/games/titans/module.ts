import type { GameModule } from '../types';
import { setupFromCode } from '../module';
import type { TitansSetup } from './format';
import { titansLogic } from './logic';
import { decodeSetupCode } from './share';
import Setup from './Setup.svelte';
import Play from './Play.svelte';

const module: GameModule<TitansSetup> = {
  logic: titansLogic,
  Setup,
  Play,
  /**
   * A shared setup code carries the format, mode and ritual piles; the people at this table
   * still enter their own names and seats, so those start empty.
   */
  decodeSetup: setupFromCode(decodeSetupCode, ({ format, mode, piles }) => ({
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
export default module;
