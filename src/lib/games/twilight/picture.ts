/** The Twilight table picture: the players clockwise as seated, their teams, and who goes first. */
import { aroundOneTable, teamLabel, type TablePicture } from '../../picture/facts';
import type { TwilightSetup } from './format';

export function twilightPicture(setup: TwilightSetup): TablePicture {
  const names = setup.players.map((p) => p.name);
  const first = names[setup.first];
  const teams = Array.isArray(setup.teams) ? setup.teams : null;
  const teamCount = teams ? new Set(teams).size : 0;
  return aroundOneTable({
    title: `${names.length} players${teams ? `, ${teamCount} teams` : ''}`,
    names,
    teams,
    marked: { seat: setup.first, mark: 'Starts' },
    notes: [
      ...(first ? [`${first} takes the first turn.`] : []),
      'Turns pass clockwise.',
      ...(teams
        ? [...new Set(teams)]
            .sort((a, b) => a - b)
            .map((t) => `${teamLabel(t)}: ${names.filter((_, i) => teams[i] === t).join(' & ')}.`)
        : [])
    ]
  });
}
