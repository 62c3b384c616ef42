/**
 * What every game's setup module does the same way with a shared setup code: read it with the
 * game's codec, pass a refusal on as it is, and make the setup this table starts from.
 */
import type { BaseSetup } from './kit';
import type { GameSetupModule } from './types';

type Decoded = { ok: true } | { ok: false; reason: string };

/** The shared parts a code carries, without the codec's `ok`. */
export type Shared<R extends Decoded> = Omit<Extract<R, { ok: true }>, 'ok'>;

/**
 * A setup module's decodeSetup from the game's code reader and how the shared parts become a
 * setup (the seats the code does not name start empty).
 */
export function setupFromCode<R extends Decoded, S extends BaseSetup>(
  decode: (code: string) => R,
  setupOf: (shared: Shared<R>) => S
): NonNullable<GameSetupModule<S>['decodeSetup']> {
  return (code) => {
    const decoded = decode(code);
    if (!decoded.ok) return decoded as Extract<R, { ok: false }>;
    const { ok: _ok, ...shared } = decoded as Extract<R, { ok: true }>;
    return { ok: true, setup: setupOf(shared as Shared<R>) };
  };
}
