import { defineGame } from '../define';

const FORMAT_NAMES: Record<string, string> = {
  sealed: 'Sealed Pack',
  'pack-war': 'Pack War',
  draft: 'Draft',
  designed: 'Designed deck'
};

/** Epic, as the registry sees it; the rest loads when the game is opened. */
export const epic = defineGame({
  id: 'epic',
  title: 'Epic',
  blurb:
    'Mojo for 2–8 gods, turn steps and actions, mulligans, matches — sealed, draft, Pack War or designed decks.',
  players: { min: 2, max: 8 },
  codePrefix: 'E',
  describeSetup(setup) {
    const format = FORMAT_NAMES[String(setup.format)] ?? 'Epic';
    const packs = setup.format === 'sealed' || setup.format === 'draft' ? ` ${Number(setup.packs)}` : '';
    const match = setup.match ? ' · match' : '';
    return `${format}${packs} · ${setup.players.length} players${match}`;
  },
  rulebook: () => import('./rulebook'),
  searchHint: 'mulligan, breakthrough, ambush',
  setup: () => import('./setup'),
  play: () => import('./module')
});
