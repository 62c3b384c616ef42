/** The WiZ table picture: the seats clockwise, and who deals the first round. */
import { aroundOneTable, type TablePicture } from '../../picture/facts';
import type { WizSetup } from './format';

export function wizPicture(setup: WizSetup): TablePicture {
  const names = setup.players.map((p) => p.name);
  const dealer = names[setup.firstDealer];
  const solo = setup.format === 'solo';
  return aroundOneTable({
    title: solo ? 'Solo, two seats' : `${names.length} players`,
    names,
    marked: { seat: setup.firstDealer, mark: 'Deals first' },
    notes: [
      ...(dealer ? [`${dealer} deals the first round; the deal passes clockwise.`] : []),
      ...(solo ? ['One person plays both seats.'] : [])
    ]
  });
}
