/** What playing the game adds to its setup screen: the rules logic, the play screen, the table picture. */
import type { GamePlayModule } from '../types';
import type { TheosSetup } from './format';
import { theosLogic } from './logic';
import Play from './Play.svelte';
import { theosPicture } from './picture';

const module: GamePlayModule<TheosSetup> = { logic: theosLogic, Play, picture: theosPicture };
export default module;
