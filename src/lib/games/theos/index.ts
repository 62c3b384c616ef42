import { defineGame } from '../define';
import { seatsByTeamIds } from '../seats';

const TYPES: Record<string, string> = {
  '1v1': 'Team Battle 1v1',
  '2v2': 'Team Battle 2v2',
  '3v3': 'Team Battle 3v3',
  '2v2v2': 'Team Battle 2v2v2',
  ffa: 'Free-For-All'
};
const DECKS: Record<string, string> = {
  prebuilt: 'prebuilt',
  roster: 'roster',
  draft: 'draft',
  own: 'own decks'
};

/** Theos, as the registry sees it; the rest loads when the game is opened. */
export const theos = defineGame({
  id: 'theos',
  title: 'Theos',
  blurb: 'The Ascension Die, Followers per team, the gods face up in each Realm, drafts and prebuilt decks.',
  players: { min: 2, max: 6 },
  codePrefix: 'TH',
  describeSetup(setup) {
    const type = TYPES[String(setup.format)] ?? 'Theos';
    const decks = (setup.decks as { kind?: string } | undefined)?.kind;
    const players = setup.format === 'ffa' ? ` · ${setup.players.length} players` : '';
    return `${type}${players}${decks && DECKS[decks] ? ` · ${DECKS[decks]}` : ''}`;
  },
  seats: (setup) => seatsByTeamIds(setup, setup.teams),
  rulebook: () => import('./rulebook'),
  searchHint: 'ascension die, blank, cleanup',
  setup: () => import('./setup'),
  play: () => import('./module')
});
