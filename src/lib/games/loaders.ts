/**
 * How a registry entry loads its game (GameEntry.load and loadSetup) from its two modules:
 * setup.ts (the new-game screen) and module.ts (rules logic and play screen). The two are
 * separate imports, never one importing the other, so the bundler keeps the setup screen's chunk
 * free of the machine and XState (the new-game page paints from setup.ts alone), and the play
 * screen free of the setup screen (a game opened loads no setup kit, its scripts or its styles).
 */
import type { GameEntry, GamePlayModule, GameSetupModule } from './types';

export function gameLoaders(
  setup: () => Promise<{ default: GameSetupModule }>,
  play: () => Promise<{ default: GamePlayModule }>
): Pick<GameEntry, 'load' | 'loadSetup'> {
  return {
    loadSetup: () => setup().then((m) => m.default),
    load: () => play().then((m) => m.default)
  };
}
