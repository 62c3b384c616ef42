/**
 * The ritual-pile randomizer: for each arena one random card per element × species slot, never the
 * same card in two arenas. Pure functions of (seed, purpose), so a seed always rebuilds its piles.
 */
import { rngFor } from '../../random/seeded';
import { SLOTS, cardById, cardsFor } from './cards';

/** Card ids per arena, 16 per arena in SLOTS order. */
export type PileLayout = string[][];

/** Fresh piles for every arena. Each slot deals distinct cards to the arenas (4 cards, at most 3 arenas). */
export function randomPiles(seed: string, arenas: number): PileLayout {
  const rng = rngFor(seed, 'ritual-piles');
  const layout: PileLayout = Array.from({ length: arenas }, () => []);
  for (const { element, species } of SLOTS) {
    const cards = rng.shuffle(cardsFor(element, species));
    for (let a = 0; a < arenas; a++) layout[a].push(cards[a].id);
  }
  return layout;
}

/** The cards a slot may take in one arena: its four cards minus those the other arenas use there. */
function choicesFor(layout: PileLayout, arena: number, slot: number): string[] {
  const { element, species } = SLOTS[slot];
  const taken = new Set(layout.filter((_, a) => a !== arena).map((piles) => piles[slot]));
  return cardsFor(element, species)
    .map((c) => c.id)
    .filter((id) => !taken.has(id) && id !== layout[arena][slot]);
}

/**
 * Re-rolls one pile to a different card not used in another arena. The nonce (a count of re-rolls
 * so far) keeps each re-roll a fresh draw while staying reproducible from the seed.
 */
export function rerollPile(
  layout: PileLayout,
  arena: number,
  slot: number,
  seed: string,
  nonce: number
): PileLayout {
  const choices = choicesFor(layout, arena, slot);
  if (choices.length === 0) return layout;
  const pick = rngFor(seed, `reroll|${nonce}|${arena}|${slot}`).pick(choices);
  return layout.map((piles, a) => (a === arena ? piles.map((id, s) => (s === slot ? pick : id)) : piles));
}

/**
 * Re-rolls every pile not in `locked` (keys "arena:slot"). Unlocked piles are drawn afresh from the
 * cards the locked piles leave free, so the result still has no card in two arenas.
 */
export function rerollAll(
  layout: PileLayout,
  locked: ReadonlySet<string>,
  seed: string,
  nonce: number
): PileLayout {
  const rng = rngFor(seed, `reroll-all|${nonce}`);
  const next = layout.map((piles) => piles.slice());
  SLOTS.forEach(({ element, species }, slot) => {
    const open = next.map((_, a) => a).filter((a) => !locked.has(`${a}:${slot}`));
    const kept = new Set(next.filter((_, a) => !open.includes(a)).map((piles) => piles[slot]));
    const free = rng.shuffle(cardsFor(element, species).filter((c) => !kept.has(c.id)));
    open.forEach((a, i) => (next[a][slot] = free[i].id));
  });
  return next;
}

/** Why a layout is not a valid set of ritual piles for `arenas` arenas; undefined when it is. */
export function pilesProblem(layout: unknown, arenas: number): string | undefined {
  if (!Array.isArray(layout) || layout.length !== arenas) {
    return `classic games need ritual piles for ${arenas} arena${arenas > 1 ? 's' : ''}`;
  }
  for (const [a, piles] of layout.entries()) {
    if (!Array.isArray(piles) || piles.length !== SLOTS.length) return `Arena ${a + 1} needs 16 ritual piles`;
    for (const [slot, id] of piles.entries()) {
      const card = cardById(typeof id === 'string' ? id : undefined);
      const { element, species } = SLOTS[slot];
      if (!card) return `Arena ${a + 1}: “${String(id)}” is not a Titans of Eden card`;
      if (card.element !== element || card.species !== species) {
        return `Arena ${a + 1}: ${card.name} is not a ${element} ${species}`;
      }
    }
  }
  for (let slot = 0; slot < SLOTS.length; slot++) {
    const ids: string[] = layout.map((piles: string[]) => piles[slot]);
    const twice = ids.find((id, i) => ids.indexOf(id) !== i);
    if (twice) return `${cardById(twice)?.name} is a ritual pile in two arenas`;
  }
  return undefined;
}
