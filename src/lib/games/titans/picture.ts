/**
 * The Titans table picture: the rulebook's seating. A Duel faces across one arena. Two arenas sit
 * in a square, each arena between a player and their opponent, teammates side by side. Three
 * arenas sit in a ring of three teams, each team's two players together, each facing the
 * neighbouring team's player across the arena between them (Arena 1 Team 1 v Team 3, Arena 2
 * Team 1 v Team 2, Arena 3 Team 2 v Team 3); a team of one plays both its arenas from one seat.
 */
import type { TablePicture } from '../../picture/facts';
import { FORMATS, playerName, teamName, type TitansSetup } from './format';

/** A team's arenas in the order its seats run clockwise: the one shared with the team before first. */
function arenasOf(setup: TitansSetup, team: number): number[] {
  const mine = setup.arenas.flatMap((a, i) => (a.sides.some((s) => s.team === team) ? [i] : []));
  if (setup.format === 'two-arenas') return team === 0 ? mine : [...mine].reverse();
  if (setup.format !== 'three-arenas') return mine;
  const before = (team + 2) % 3;
  const shares = (arena: number, other: number) => setup.arenas[arena].sides.some((s) => s.team === other);
  return [...mine].sort((a, b) => Number(shares(b, before)) - Number(shares(a, before)));
}

export function titansPicture(setup: TitansSetup): TablePicture {
  const duel = setup.format === 'duel';
  const seated: string[] = [];
  for (const [t] of setup.teams.entries()) {
    for (const arena of arenasOf(setup, t)) {
      const id = setup.arenas[arena].sides.find((s) => s.team === t)?.player;
      if (id !== undefined && !seated.includes(id)) seated.push(id);
    }
  }
  // A player the arenas do not seat yet (a setup being changed) is still named.
  for (const p of setup.players) if (!seated.includes(p.id)) seated.push(p.id);
  const teamOf = (id: string) => setup.teams.findIndex((t) => t.includes(id));
  const holder = setup.teams[setup.avatarTeam] ? setup.avatarTeam : -1;
  const mat = duel ? playerName(setup, setup.teams[holder]?.[0] ?? '') : teamName(setup, holder);
  const passes =
    setup.format === 'three-arenas'
      ? 'It passes clockwise to the next team at the end of each turn.'
      : `It passes to the other ${duel ? 'player' : 'team'} at the end of each turn.`;
  return {
    title: duel ? 'Duel' : `${FORMATS[setup.format].title}, ${setup.players.length} players`,
    seats: seated.map((id) => {
      const team = teamOf(id);
      return {
        name: playerName(setup, id),
        team: duel || team < 0 ? undefined : team,
        places: setup.arenas.flatMap((a, i) => (a.sides.some((s) => s.player === id) ? [i] : [])),
        marks: team === holder ? ['Avatar Mat'] : []
      };
    }),
    places: setup.arenas.map((_, i) => (setup.arenas.length > 1 ? `Arena ${i + 1}` : 'Arena')),
    placing: 'between',
    notes: holder < 0 ? [] : [`${mat} starts with the Avatar Mat and awakens first. ${passes}`]
  };
}
