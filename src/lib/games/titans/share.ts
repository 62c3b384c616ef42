/**
 * Titans of Eden's setup codes ("T2-4F2K-9QXM-…"): the format, the mode and, in classic, every
 * ritual pile. The codec (src/lib/share/setup-code.ts) owns the letters and the check.
 *
 * Fields, in order: format (2 bits), mode (1), then per arena and pile slot the card's index among
 * the four cards of its element × species slot (2 each, classic only).
 */
import { FORMATS, type TitansFormat, type TitansMode } from './format';
import { SLOTS, cardsFor } from './cards';
import { pilesProblem, type PileLayout } from './piles';
import { setupCodec } from '../../share/setup-code';
import { titans } from './index';

const FORMAT_LIST: TitansFormat[] = ['duel', 'two-arenas', 'three-arenas'];

/** What a code carries. */
export interface SharedSetup {
  format: TitansFormat;
  mode: TitansMode;
  piles: PileLayout;
}

export const setupCode = setupCodec<SharedSetup>({
  game: titans,
  write({ format, mode, piles }, out) {
    out.int(FORMAT_LIST.indexOf(format), 2).flag(mode === 'constructed');
    if (mode !== 'classic') return;
    for (const arena of piles) {
      arena.forEach((id, slot) => {
        const { element, species } = SLOTS[slot];
        out.int(
          Math.max(
            0,
            cardsFor(element, species).findIndex((c) => c.id === id)
          ),
          2
        );
      });
    }
  },
  read(input) {
    const format = FORMAT_LIST[input.int(2)];
    if (!format) return 'The code names a format this app does not know.';
    const mode: TitansMode = input.flag() ? 'constructed' : 'classic';
    const arenas = FORMATS[format].arenas;
    const piles: PileLayout =
      mode === 'classic'
        ? Array.from({ length: arenas }, () =>
            SLOTS.map(({ element, species }) => cardsFor(element, species)[input.int(2)].id)
          )
        : [];
    return { format, mode, piles };
  },
  check: ({ format, mode, piles }) =>
    mode === 'classic' ? pilesProblem(piles, FORMATS[format].arenas) : undefined
});
