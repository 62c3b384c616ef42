import type { GameModule } from '../types';
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
  decodeSetup(code) {
    const decoded = decodeSetupCode(code);
    if (!decoded.ok) return decoded;
    const { ok: _ok, seats, ...rest } = decoded;
    const players = Array.from({ length: seats }, (_, i) => ({ id: `p${i + 1}`, name: '' }));
    return { ok: true, setup: { ...rest, players, seed: '' } };
  }
};
export default module;
