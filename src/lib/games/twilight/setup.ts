/** The new-game screen of the game and its setup-code reader, loaded before the rest (index.ts). */
import type { GameSetupModule } from '../types';
import { setupFromCode } from '../module';
import { unnamedSeats } from '../players';
import type { TwilightSetup } from './format';
import { randomFirst } from './format';
import { setupCode } from './share';
import Setup from './Setup.svelte';

const setup: GameSetupModule<TwilightSetup> = {
  Setup,
  /**
   * A shared setup code carries the table's shape and the seed (first player, seats, the Deity
   * draft); the people at this table still enter their own names and Deities.
   */
  decodeSetup: setupFromCode(setupCode, ({ players, teams, extended, draft, firstBy, randomSeats, seed }) => {
    const seats = Array.from({ length: players }, (_, i) => i);
    return {
      seed,
      players: unnamedSeats(players),
      deities: seats.map(() => null),
      extended,
      decks: seats.map(() => (extended ? 60 : 50)),
      teams: teams ? seats.map((i) => i % teams) : null,
      draft,
      firstBy,
      first: firstBy === 'random' ? randomFirst(seed, players) : 0,
      randomSeats
    };
  })
};
export default setup;
