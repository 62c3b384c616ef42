import { defineGame } from '../define';
import { seatsByTeamNumbers } from '../seats';

/** Twilight of the Gods, as the registry sees it; the rest loads when the game is opened. */
export const twilight = defineGame({
  id: 'twilight',
  title: 'Twilight of the Gods',
  blurb:
    'Life Stacks, the eight phases and combat, Aspects, Seize costs and Decay — 2 players or more, or a draft.',
  players: { min: 2, max: 8 },
  codePrefix: 'TW',
  describeSetup(setup) {
    const players = Array.isArray(setup.players) ? setup.players.length : 0;
    const teams = Array.isArray(setup.teams) ? new Set(setup.teams).size : 0;
    const table =
      players <= 2
        ? 'Two players'
        : teams > 1
          ? `${players} players in ${teams} teams`
          : `${players} players`;
    const decks = setup.draft === true ? 'draft' : setup.extended === true ? 'Extended' : '50-card decks';
    return `${table} · ${decks}`;
  },
  seats: (setup) => seatsByTeamNumbers(setup, setup.teams),
  rulebook: () => import('./rulebook'),
  searchHint: 'seize, decay, aspect',
  setup: () => import('./setup'),
  play: () => import('./module')
});
