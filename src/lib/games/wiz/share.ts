/**
 * WiZ's setup codes ("W2-8K2M-…"): format, seats, deck, target, options and every random draw
 * (first dealer, characters, the Life Pool's first roll), so another table gets the very same
 * setup. The names stay with each table. The codec (src/lib/share/setup-code.ts) owns the letters
 * and the check.
 *
 * Fields, in order: format (2 bits), seats (3), deck (3), target (17), titans (1), characters (1),
 * Life Pool (1), its die (1: d6 or d4), its first roll (3), dealer chosen by die or seat (1), first
 * dealer (3), then 2 bits per seat for its character when characters are on.
 */
import { setupCodec } from '../../share/setup-code';
import { wiz } from './index';
import { CHARACTER_ELEMENTS, DECK_IDS, type DeckId, type Element } from './cards';
import { MAX_TARGET, wizSetupProblem, type LifePoolSetup, type WizFormat, type WizSetup } from './format';

const FORMAT_LIST: WizFormat[] = ['solo', 'standard', 'large'];

/** The part of a setup a code carries: everything but the names and the seed. */
export type SharedSetup = Omit<WizSetup, 'players' | 'seed'> & { seats: number };

/** Codes are made from a whole setup (the screen's), and read back as the part they carry. */
export const setupCode = setupCodec<SharedSetup, WizSetup>({
  game: wiz,
  carried: ({ players, seed: _seed, ...rest }) => ({ ...rest, seats: players.length }),
  write(s, out) {
    out
      .int(FORMAT_LIST.indexOf(s.format), 2)
      .int(s.seats, 3)
      .int(DECK_IDS.indexOf(s.deck), 3)
      .int(s.target, 17)
      .flag(s.titans)
      .flag(s.characters !== null)
      .flag(s.lifePool !== null)
      .flag(s.lifePool?.die === 4)
      .int(s.lifePool?.firstRoll ?? 0, 3)
      .flag(s.dealerBy === 'seat')
      .int(s.firstDealer, 3);
    for (const e of s.characters ?? []) out.int(CHARACTER_ELEMENTS.indexOf(e), 2);
  },
  read(input) {
    const format = FORMAT_LIST[input.int(2)];
    const seats = input.int(3);
    const deck = DECK_IDS[input.int(3)] as DeckId | undefined;
    const target = input.int(17);
    const titans = input.flag();
    const withCharacters = input.flag();
    const withPool = input.flag();
    const die = input.flag() ? 4 : 6;
    const firstRoll = input.int(3);
    const dealerBy = input.flag() ? 'seat' : 'die';
    const firstDealer = input.int(3);
    const characters: Element[] | null = withCharacters
      ? Array.from({ length: seats }, () => CHARACTER_ELEMENTS[input.int(2)])
      : null;
    if (!format || !deck || target > MAX_TARGET) return 'The code names a setup this app does not know.';
    const lifePool: LifePoolSetup | null = withPool ? { die, firstRoll } : null;
    return { format, seats, deck, target, titans, characters, lifePool, firstDealer, dealerBy };
  },
  // Checked as a whole setup with stand-in names: a code must never start an impossible game.
  check: ({ seats, ...rest }) =>
    wizSetupProblem({
      ...rest,
      players: Array.from({ length: seats }, (_, i) => ({ id: `p${i + 1}`, name: `Player ${i + 1}` })),
      seed: ''
    })
});
