/**
 * Epic's setup codes ("E2-2F9K-…"): format, packs, match, player count, first seat and the seed
 * (and with it the drawn seat order). Names stay with each table. The codec
 * (src/lib/share/setup-code.ts) owns the letters and the check.
 *
 * Fields, in order: format (2 bits), packs (4), match (1), seats drawn (1), players − 2 (3), first
 * seat (3), seed length − 1 (5), then 5 bits per seed character.
 */
import { setupCodec } from '../../share/setup-code';
import { epic } from './index';
import { seedProblem, normalizeCode } from '../../random/seeded';
import { MAX_PLAYERS, MIN_PLAYERS, epicSetupProblem, type EpicFormat, type EpicSetup } from './format';

const FORMAT_LIST: EpicFormat[] = ['sealed', 'pack-war', 'draft', 'designed'];

/** What a code carries: everything in a setup except the names. */
export type SharedSetup = Pick<
  EpicSetup,
  'format' | 'packs' | 'match' | 'shuffledSeats' | 'first' | 'seed'
> & {
  playerCount: number;
};

export const setupCode = setupCodec<SharedSetup>({
  game: epic,
  write(s, out) {
    const seed = normalizeCode(s.seed);
    out
      .int(FORMAT_LIST.indexOf(s.format), 2)
      .int(s.packs, 4)
      .flag(s.match)
      .flag(s.shuffledSeats)
      .int(s.playerCount - MIN_PLAYERS, 3)
      .int(s.first, 3)
      .int(seed.length - 1, 5)
      .letters(seed);
  },
  read(input) {
    const format = FORMAT_LIST[input.int(2)];
    const packs = input.int(4);
    const match = input.flag();
    const shuffledSeats = input.flag();
    const playerCount = input.int(3) + MIN_PLAYERS;
    const first = input.int(3);
    const seed = input.letters(input.int(5) + 1);
    if (playerCount > MAX_PLAYERS) return 'The code names more players than Epic has seats for.';
    return { format, packs, match, shuffledSeats, playerCount, first, seed };
  },
  check: (s) => seedProblem(s.seed) ?? epicSetupProblem(blankSetup(s))
});

/** A setup from a code, with numbered seats for the table to name. */
export function blankSetup(s: SharedSetup): EpicSetup {
  return {
    format: s.format,
    packs: s.packs,
    match: s.match,
    shuffledSeats: s.shuffledSeats,
    first: s.first,
    seed: s.seed,
    players: Array.from({ length: s.playerCount }, (_, i) => ({ id: `p${i + 1}`, name: `Player ${i + 1}` }))
  };
}
