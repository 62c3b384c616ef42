import type { GameEntry } from '../types';
import { gameLoaders } from '../loaders';
import { seatsByTeamIds } from '../seats';

/** Titans of Eden, as the registry sees it; the rest loads when the game is opened. */
export const titans: GameEntry = {
  id: 'titans',
  title: 'Titans of Eden',
  blurb: 'Temples, surge tokens, the Avatar Mat, three ages and the battle — Duel, two or three arenas.',
  players: { min: 2, max: 6 },
  rules: 'titans',
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
  ...gameLoaders(
    () => import('./setup'),
    () => import('./module')
  )
};
