/** The WiZ table picture: the seats clockwise, who deals the first round and who plays first. */
import { aroundOneTable, type TablePicture } from '../../picture/facts';
import { leftOf, type WizSetup } from './format';

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
      ...(dealer && names.length > 1
        ? [
            `${names[leftOf(setup.firstDealer, names.length)]}, on the dealer’s left, gets 13 cards and plays first.`
          ]
        : []),
      ...(solo ? ['One person plays both seats.'] : [])
    ]
  });
}
