import type { GameModule } from '../types';
import { setupFromCode } from '../module';
import { unnamedSeats } from '../players';
import type { WizSetup } from './format';
import { wizLogic } from './logic';
import { decodeSetupCode } from './share';
import Setup from './Setup.svelte';
import Play from './Play.svelte';

const module: GameModule<WizSetup> = {
  logic: wizLogic,
  Setup,
  Play,
  /**
   * A shared setup code carries the format, seats, deck, target, options and every draw; the
   * people at this table still type their own names, so those start empty.
   */
  decodeSetup: setupFromCode(decodeSetupCode, ({ seats, ...rest }) => ({
    ...rest,
    players: unnamedSeats(seats),
    seed: ''
  }))
};
export default module;
