/** What playing the game adds to its setup screen: the rules logic and the play screen. */
import type { GamePlayModule } from '../types';
import type { TitansSetup } from './format';
import { titansLogic } from './logic';
import Play from './Play.svelte';

const module: GamePlayModule<TitansSetup> = { logic: titansLogic, Play };
export default module;
