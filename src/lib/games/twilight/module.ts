/** What playing the game adds to its setup screen: the rules logic, the play screen, the table picture. */
import type { GamePlayModule } from '../types';
import type { TwilightSetup } from './format';
import { twilightLogic } from './logic';
import Play from './Play.svelte';
import { twilightPicture } from './picture';

const module: GamePlayModule<TwilightSetup> = { logic: twilightLogic, Play, picture: twilightPicture };
export default module;
