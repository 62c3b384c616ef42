/** What playing the game adds to its setup screen: the rules logic and the play screen. */
import type { GamePlayModule } from '../types';
import type { WizSetup } from './format';
import { wizLogic } from './logic';
import Play from './Play.svelte';

const module: GamePlayModule<WizSetup> = { logic: wizLogic, Play };
export default module;
