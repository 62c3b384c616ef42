/** What playing the game adds to its setup screen: the rules logic, the play screen, the table picture. */
import type { GamePlayModule } from '../types';
import type { EpicSetup } from './format';
import { epicLogic } from './logic';
import Play from './Play.svelte';
import { epicPicture } from './picture';

const module: GamePlayModule<EpicSetup> = { logic: epicLogic, Play, picture: epicPicture };
export default module;
