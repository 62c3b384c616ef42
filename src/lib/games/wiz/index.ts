import { defineGame } from '../define';

/** WiZ, as the registry sees it; the rest loads when the game is opened. */
export const wiz = defineGame({
  id: 'wiz',
  title: 'WiZ',
  blurb:
    'The EP race to a target: rounds and the deal, the round EP calculator line by line, the Life Pool — solo to 6 players.',
  players: { min: 1, max: 6 },
  codePrefix: 'W',
  describeSetup(setup) {
    const who = setup.format === 'solo' ? 'Solo' : `${setup.players.length} players`;
    const target = String(setup.target).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return `${who} · to ${target} EP`;
  },
  // Solo is one person at both seats: nobody to choose.
  seats: (setup) => (setup.format === 'solo' ? [] : setup.players.map((p) => ({ name: p.name }))),
  rulebook: () => import('./rulebook'),
  searchHint: 'life pool, shard, multiplier',
  setup: () => import('./setup'),
  play: () => import('./module')
});
