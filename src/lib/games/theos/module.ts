/** What playing the game adds to its setup screen: the rules logic and the play screen. */
import type { GamePlayModule } from '../types';
import type { TheosSetup } from './format';
import { theosLogic } from './logic';
import Play from './Play.svelte';

const module: GamePlayModule<TheosSetup> = { logic: theosLogic, Play };
export default module;
