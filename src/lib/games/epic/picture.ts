/** The Epic table picture: the players clockwise as seated, and who takes the first turn. */
import { aroundOneTable, type TablePicture } from '../../picture/facts';
import { formatName, type EpicSetup } from './format';

export function epicPicture(setup: EpicSetup): TablePicture {
  const names = setup.players.map((p) => p.name);
  const first = names[setup.first];
  return aroundOneTable({
    title: `${formatName(setup)}, ${names.length} players`,
    names,
    marked: { seat: setup.first, mark: 'Starts' },
    notes: [
      ...(first ? [`${first} takes the first turn${setup.match ? ' of the first game' : ''}.`] : []),
      'Turns pass clockwise.'
    ]
  });
}
