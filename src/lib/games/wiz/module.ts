/** What playing the game adds to its setup screen: the rules logic, the play screen, the table picture. */
import type { GamePlayModule } from '../types';
import type { WizSetup } from './format';
import { wizLogic } from './logic';
import Play from './Play.svelte';
import { wizPicture } from './picture';

const module: GamePlayModule<WizSetup> = { logic: wizLogic, Play, picture: wizPicture };
export default module;
