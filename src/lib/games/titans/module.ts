import type { GameModule } from '../types';
import type { TitansSetup } from './format';
import { titansLogic } from './logic';
import Setup from './Setup.svelte';
import Play from './Play.svelte';

const module: GameModule<TitansSetup> = { logic: titansLogic, Setup, Play };
export default module;
