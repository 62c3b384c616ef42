/** The new-game screen of the game and its setup-code reader, loaded before the rest (index.ts). */
import type { GameSetupModule } from '../types';
import { setupFromCode } from '../module';
import { unnamedSeats } from '../players';
import type { WizSetup } from './format';
import { setupCode } from './share';
import Setup from './Setup.svelte';

const setup: GameSetupModule<WizSetup> = {
  Setup,
  /**
   * A shared setup code carries the format, seats, deck, target, options and every draw; the
   * people at this table still type their own names, so those start empty.
   */
  decodeSetup: setupFromCode(setupCode, ({ seats, ...rest }) => ({
    ...rest,
    players: unnamedSeats(seats),
    seed: ''
  }))
};
export default setup;
