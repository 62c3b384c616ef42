/** What playing the game adds to its setup screen: the rules logic, the play screen, the table picture. */
import type { GamePlayModule } from '../types';
import type { TitansSetup } from './format';
import { titansLogic } from './logic';
import Play from './Play.svelte';
import { titansPicture } from './picture';

const module: GamePlayModule<TitansSetup> = { logic: titansLogic, Play, picture: titansPicture };
export default module;
