/**
 * What every game's setup module does the same way with a shared setup code: read it with the
 * game's codec, pass a refusal on as it is, and make the setup this table starts from.
 */
import type { BaseSetup } from './kit';
import type { GameSetupModule } from './types';
import type { SetupCodec } from '../share/setup-code';

/**
 * A setup module's decodeSetup from the game's codec and how what a code carries becomes a setup
 * (the seats the code does not name start empty).
 */
export function setupFromCode<T, S extends BaseSetup>(
  codec: Pick<SetupCodec<T, never>, 'decode'>,
  setupOf: (shared: T) => S
): NonNullable<GameSetupModule<S>['decodeSetup']> {
  return (code) => {
    const decoded = codec.decode(code);
    return decoded.ok ? { ok: true, setup: setupOf(decoded.value) } : decoded;
  };
}
