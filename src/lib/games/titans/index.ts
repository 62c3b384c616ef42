import { defineGame } from '../define';
import { seatsByTeamIds } from '../seats';

/** Titans of Eden, as the registry sees it; the rest loads when the game is opened. */
export const titans = defineGame({
  id: 'titans',
  title: 'Titans of Eden',
  blurb: 'Temples, surge tokens, the Avatar Mat, three ages and the battle — Duel, two or three arenas.',
  players: { min: 2, max: 6 },
  codePrefix: 'T',
  describeSetup(setup) {
    const format = { duel: 'Duel', 'two-arenas': 'Two arenas', 'three-arenas': 'Three arenas' }[
      String(setup.format)
    ];
    const mode = setup.mode === 'constructed' ? 'constructed' : 'classic';
    const players = setup.format === 'duel' ? '' : ` · ${setup.players.length} players`;
    return `${format ?? 'Titans'} · ${mode}${players}`;
  },
  seats: (setup) => seatsByTeamIds(setup, setup.teams),
  rulebook: () => import('./rulebook'),
  searchHint: 'capture, surge, haunt',
  setup: () => import('./setup'),
  play: () => import('./module')
});
