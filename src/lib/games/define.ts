/**
 * A game as one manifest: everything the app knows of a game outside its own folder is what its
 * index.ts hands to `defineGame`. The registry lists the manifests, and the home list, the router,
 * the rules pages and their search, the rulebook checks and the tests loop over them; nothing
 * else names a game.
 *
 * The manifest is the light part (no machine, no UI): its two loaders bring the rest, each a
 * separate import so the bundler keeps them apart. `setup` is the new-game screen and its code
 * reader (setup.ts); `play` is the rules logic (machine, checks, fields, words) and the play
 * screen (module.ts). A game opened loads no setup screen, and the new-game page paints without
 * the machine or XState.
 */
import type { GameEntry, GamePlayModule, GameSetupModule } from './types';

type GameManifest = Omit<GameEntry, 'rules' | 'load' | 'loadSetup'> & {
  /** The id of its rules reference, when not the game's own id. */
  rules?: string;
  setup: () => Promise<{ default: GameSetupModule }>;
  play: () => Promise<{ default: GamePlayModule }>;
};

export function defineGame(manifest: GameManifest): GameEntry {
  const { setup, play, ...entry } = manifest;
  return {
    ...entry,
    rules: manifest.rules ?? manifest.id,
    loadSetup: () => setup().then((m) => m.default),
    load: () => play().then((m) => m.default)
  };
}
