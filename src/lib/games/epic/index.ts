import type { GameEntry } from '../types';
import { gameLoaders } from '../loaders';

const FORMAT_NAMES: Record<string, string> = {
  sealed: 'Sealed Pack',
  'pack-war': 'Pack War',
  draft: 'Draft',
  designed: 'Designed deck'
};

/** Epic, as the registry sees it; the rest loads when the game is opened. */
export const epic: GameEntry = {
  id: 'epic',
  title: 'Epic',
  blurb:
    'Mojo for 2–8 gods, turn steps and actions, mulligans, matches — sealed, draft, Pack War or designed decks.',
  players: { min: 2, max: 8 },
  rules: 'epic',
  codePrefix: 'E',
  describeSetup(setup) {
    const format = FORMAT_NAMES[String(setup.format)] ?? 'Epic';
    const packs = setup.format === 'sealed' || setup.format === 'draft' ? ` ${Number(setup.packs)}` : '';
    const match = setup.match ? ' · match' : '';
    return `${format}${packs} · ${setup.players.length} players${match}`;
  },
  ...gameLoaders(
    () => import('./setup'),
    () => import('./module')
  )
};
