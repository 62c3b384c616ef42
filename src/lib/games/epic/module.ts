/** What playing the game adds to its setup screen: the rules logic and the play screen. */
import type { GamePlayModule } from '../types';
import type { EpicSetup } from './format';
import { epicLogic } from './logic';
import Play from './Play.svelte';

const module: GamePlayModule<EpicSetup> = { logic: epicLogic, Play };
export default module;
