/**
 * The Theos table picture, by the rulebook's seating: in a Team Battle teammates sit side by side
 * across from the other team (2v2v2: each team together); in a Free-For-All everyone round the
 * table. With 5 or 6 players there are two Realms and each player starts in one. Everyone plays a
 * card at once, so nobody starts.
 */
import type { TablePicture } from '../../picture/facts';
import { FORMATS, playsInTeams, realmCount, realmName, type TheosSetup } from './format';

export function theosPicture(setup: TheosSetup): TablePicture {
  const teams = playsInTeams(setup);
  const realms = realmCount(setup.players.length);
  // Teams sit together: the seats run team by team (a Free-For-All's teams are one player each).
  const order = setup.teams.flat().filter((id) => setup.players.some((p) => p.id === id));
  for (const p of setup.players) if (!order.includes(p.id)) order.push(p.id);
  const teamOf = (id: string) => setup.teams.findIndex((t) => t.includes(id));
  const draft = setup.decks.kind === 'draft' ? setup.decks.draft : undefined;
  const picker = draft && 'first' in draft ? setup.players.find((p) => p.id === draft.first) : undefined;
  return {
    title: `${FORMATS[setup.format].title}, ${setup.players.length} players`,
    seats: order.map((id) => {
      const realm = setup.realmOf[id];
      return {
        name: setup.players.find((p) => p.id === id)?.name ?? 'Someone',
        team: teams && teamOf(id) >= 0 ? teamOf(id) : undefined,
        places: Number.isInteger(realm) && realm >= 0 && realm < realms ? [realm] : [],
        marks: picker?.id === id ? ['Picks first'] : []
      };
    }),
    places: realms > 1 ? [realmName(0), realmName(1)] : ['Realm'],
    placing: 'middle',
    notes: [
      'Everyone plays a card at once each turn: nobody goes first.',
      ...(picker ? [`${picker.name} picks first in the draft.`] : [])
    ]
  };
}
