/** What playing the game adds to its setup screen: the rules logic and the play screen. */
import type { GamePlayModule } from '../types';
import type { TwilightSetup } from './format';
import { twilightLogic } from './logic';
import Play from './Play.svelte';

const module: GamePlayModule<TwilightSetup> = { logic: twilightLogic, Play };
export default module;
