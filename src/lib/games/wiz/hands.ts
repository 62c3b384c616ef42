/**
 * WiZ hands: what a set of cards on the table is worth (card value, with the same-element
 * bonuses), whether it is a legal hand by the rulebook's list, and whether it can open a round as
 * a 30+ hand, with the reason in plain words when it cannot. Pure functions over card lists.
 */
import {
  CARD_VALUES,
  ELEMENT_NAMES,
  OPPOSING,
  allowsRepeatedElements,
  cardKey,
  cardLabel,
  copiesInDeck,
  copiesPerCard,
  deckNumbers,
  listElements,
  pointsOf,
  type Card,
  type Element,
  type Table
} from './cards';

/** One line of a hand's card value, so the table can check it: "Fire elemental, same element: +2". */
export interface ValuePart {
  label: string;
  value: number;
}

interface HandValue {
  value: number;
  /** The hand's element; null when its cards mix elements; undefined when only wild cards say. */
  element: Element | null | undefined;
  parts: ValuePart[];
}

type Natural = Extract<Card, { kind: 'number' | 'shard' | 'master' }>;
const isNatural = (c: Card): c is Natural => c.kind === 'number' || c.kind === 'shard' || c.kind === 'master';
const isWild = (c: Card) => c.kind === 'wiz' || c.kind === 'joker';
const isCore = (c: Card) => isNatural(c) || isWild(c);

/** The element a hand counts as: its character's, else the one all its element cards share. */
function handElement(cards: readonly Card[]): Element | null | undefined {
  const character = cards.find((c) => c.kind === 'character');
  if (character && 'element' in character) return character.element;
  const elements = new Set(cards.filter(isNatural).map((c) => c.element));
  if (elements.size === 0) return undefined;
  return elements.size === 1 ? [...elements][0] : null;
}

/**
 * Indexes of elementals that give no bonus: two opposing elementals on one hand cancel each other,
 * and a titan of the opposing element cancels one elemental (rules: ruling-elemental-cancel).
 */
function cancelledElementals(cards: readonly Card[]): Set<number> {
  const cancelled = new Set<number>();
  const elementals = cards.flatMap((c, i) => (c.kind === 'elemental' ? [{ i, e: c.element }] : []));
  for (const a of elementals) {
    if (cancelled.has(a.i)) continue;
    const b = elementals.find((x) => !cancelled.has(x.i) && x.i !== a.i && x.e === OPPOSING[a.e]);
    if (b) cancelled.add(a.i).add(b.i);
  }
  for (const titan of cards) {
    if (titan.kind !== 'titan') continue;
    const victim = elementals.find((x) => !cancelled.has(x.i) && x.e === OPPOSING[titan.element]);
    if (victim) cancelled.add(victim.i);
  }
  return cancelled;
}

/**
 * A hand's card value from its cards, by the rulebook's table: 1 per numbered card, shard, WiZ or
 * deck joker, 3 for the master element, 5 for a character; an elemental +1 (+2 on its own
 * element), a titan +2 (+4), an artifact +2 (+4 on a character of its element).
 */
export function handCardValue(cards: readonly Card[]): HandValue {
  const element = handElement(cards);
  const parts: ValuePart[] = [];
  const plain = cards.filter((c) => c.kind !== 'master' && isCore(c)).length;
  if (plain > 0) parts.push({ label: `${plain} card${plain === 1 ? '' : 's'} at 1 each`, value: plain });
  const cancelled = cancelledElementals(cards);
  cards.forEach((card, i) => {
    const table = CARD_VALUES[card.kind];
    if (!table || (isCore(card) && card.kind !== 'master')) return;
    if (card.kind === 'master' || card.kind === 'character') {
      parts.push({ label: cardLabel(card), value: table.base });
      return;
    }
    if (card.kind === 'elemental' && cancelled.has(i)) {
      parts.push({ label: `${cardLabel(card)}, cancelled by its opposite`, value: 0 });
      return;
    }
    const same = 'element' in card && card.element === element;
    const note = card.kind === 'artifact' ? 'same element as the character' : 'same element as the hand';
    parts.push({
      label: same ? `${cardLabel(card)}, ${note}` : cardLabel(card),
      value: same ? table.same : table.base
    });
  });
  return { value: parts.reduce((s, p) => s + p.value, 0), element, parts };
}

/** Whether an elemental on this hand still protects it: one that no opposing card cancelled. */
export function elementalProtects(cards: readonly Card[]): boolean {
  const cancelled = cancelledElementals(cards);
  return cards.some((c, i) => c.kind === 'elemental' && !cancelled.has(i));
}

/**
 * Points a hand left on a loser's table counts in chaotic EP: titans and characters played on
 * the table never do (the rulebook's scoring: "if a titan or character has been played").
 */
export function chaoticPoints(cards: readonly Card[]): number {
  return cards
    .filter((c) => c.kind !== 'titan' && c.kind !== 'character')
    .reduce((s, c) => s + pointsOf(c), 0);
}

// ---- The deck: can these cards exist together? ----------------------------------------------------

/** Why these cards cannot all come from the game's deck, or undefined when they can. */
export function deckProblem(cards: readonly Card[], table: Table): string | undefined {
  const counts = new Map<string, { card: Card; n: number }>();
  for (const card of cards) {
    const k = cardKey(card);
    counts.set(k, { card, n: (counts.get(k)?.n ?? 0) + 1 });
  }
  for (const { card, n } of counts.values()) {
    const copies = copiesInDeck(card, table);
    if (copies === 0) return missingReason(card, table);
    if (n > copies) {
      return card.kind === 'wiz'
        ? `There are ${n} WiZ cards here, but the deck holds only ${copies}.`
        : `${cardLabel(card)} is here ${n} times, but the deck holds only ${copies}.`;
    }
  }
  return undefined;
}

function missingReason(card: Card, table: Table): string {
  const { deck } = table;
  if ('element' in card && !deck.elements.includes(card.element)) {
    return `This deck has no ${ELEMENT_NAMES[card.element]} cards; it holds ${listElements(deck.elements)}.`;
  }
  switch (card.kind) {
    case 'number':
      return `This deck has no ${card.value}s: [R] decks take out the numbered cards 1 to 5.`;
    case 'titan':
      return 'This game is played without titans.';
    case 'character':
      return table.characters
        ? `There is no ${ELEMENT_NAMES[card.element]} character: characters are Fire, Water, Air and Earth.`
        : 'This game is played without characters.';
    case 'artifact':
      return 'Reen artifacts come with the characters, and this game is played without them.';
    case 'action':
      if (card.action === 'swap') return 'Solo decks have no Swap card.';
      return 'Portal is only in the deck when you play with characters.';
  }
  return `${cardLabel(card)} is not in this deck.`;
}

// ---- Legal hands and 30+ hands ----------------------------------------------------------------

type HandKind = 'run' | 'shard-run' | 'set' | 'shard-set' | 'master' | 'character';
type OpeningWay = 'shard-run' | 'shard-set' | 'master' | 'run';

type Opening = { ok: true; way: OpeningWay; points: number } | { ok: false; reason: string };

export type HandCheck =
  | {
      ok: true;
      kind: HandKind;
      /** In words: "a run of Fire 6 to 9", "a set of 5s in three elements". */
      what: string;
      element: Element | null | undefined;
      cardValue: number;
      parts: ValuePart[];
      /** Points the hand counts in chaotic EP if it is left on a loser's table. */
      chaoticPoints: number;
      /** Whether it can be the round's first hand, a 30+ hand, and why not. */
      opening: Opening;
    }
  | { ok: false; reason: string };

export const OPENING_NAMES: Record<OpeningWay, string> = {
  'shard-run': 'three or more linked shards of one element',
  'shard-set': 'shards of one level in three different elements',
  master: 'a master element with 10 or more points of its element',
  run: 'a run of 4 or more cards of one element adding up to 30 or more'
};

interface Shape {
  kind: HandKind;
  what: string;
  opening: Opening;
}

/**
 * Checks a set of cards as one hand on the table. WiZ cards and deck jokers stand in for whatever
 * card the hand needs; for the 30+ check they count as the card they stand for (rules:
 * ruling-wild-points), placed where they give the most points.
 */
export function checkHand(cards: readonly Card[], table: Table): HandCheck {
  if (cards.length === 0) return { ok: false, reason: 'Pick the cards of the hand first.' };
  const missing = deckProblem(cards, table);
  if (missing) return { ok: false, reason: missing };
  const action = cards.find((c) => c.kind === 'action');
  if (action) {
    return {
      ok: false,
      reason: `${cardLabel(action)} is an action card: action cards are played, never laid in a hand.`
    };
  }
  const shape = shapeOf(cards, table);
  if ('reason' in shape) return { ok: false, reason: shape.reason };
  const { value, element, parts } = handCardValue(cards);
  return { ok: true, ...shape, element, cardValue: value, parts, chaoticPoints: chaoticPoints(cards) };
}

function shapeOf(cards: readonly Card[], table: Table): Shape | { reason: string } {
  const characters = cards.filter((c) => c.kind === 'character');
  const core = cards.filter(isCore);
  if (characters.length > 1) return { reason: 'A hand holds one character at most.' };
  if (characters.length === 1) {
    if (core.length > 0) {
      return {
        reason:
          'A character on the table is a hand of its own: it takes artifacts and elementals, not element cards.'
      };
    }
    return {
      kind: 'character',
      what: `${cardLabel(characters[0])} on the table`,
      opening: {
        ok: false,
        reason: 'A character cannot open the round: the 30+ hand is made of element cards.'
      }
    };
  }
  if (cards.some((c) => c.kind === 'artifact')) {
    return { reason: 'A Reen artifact goes on a character, so this hand needs one.' };
  }
  if (core.length === 0)
    return { reason: 'Elementals and titans are attached to a hand; they are not a hand alone.' };
  const masters = core.filter((c) => c.kind === 'master');
  if (masters.length > 1) return { reason: 'A hand holds one master element at most.' };
  if (masters.length === 1) return masterShape(masters[0].element, core);
  if (core.length < 3) return { reason: 'A hand needs at least 3 cards, or a master element.' };
  return runOrSet(core, table);
}

function masterShape(element: Element, core: Card[]): Shape | { reason: string } {
  const stranger = core.find((c) => isNatural(c) && c.element !== element);
  const name = ELEMENT_NAMES[element];
  if (stranger) {
    return {
      reason: `${cardLabel(stranger)} is not ${name}: a master element hand takes only cards of its own element.`
    };
  }
  // A wild card counts as the best card it could stand for here: a shard (10 points).
  const others = core.filter((c) => c.kind !== 'master');
  const points = others.reduce((s, c) => s + (isWild(c) ? 10 : pointsOf(c)), 0);
  const opening: Opening =
    points >= 10
      ? { ok: true, way: 'master', points: 20 + points }
      : {
          ok: false,
          reason:
            others.length === 0
              ? `The ${name} master element alone is 20 points; a 30+ hand needs 10 or more ${name} points with it.`
              : `The cards with the ${name} master element add up to ${points}; a 30+ hand needs 10 or more.`
        };
  const what =
    others.length === 0
      ? `the ${name} master element alone`
      : `the ${name} master element with ${others.length} more`;
  return { kind: 'master', what, opening };
}

function runOrSet(core: Card[], table: Table): Shape | { reason: string } {
  const naturals = core.filter(
    (c): c is Extract<Card, { kind: 'number' | 'shard' }> => c.kind === 'number' || c.kind === 'shard'
  );
  const wilds = core.length - naturals.length;
  const kinds = new Set(naturals.map((c) => c.kind));
  if (kinds.size > 1) {
    return {
      reason:
        'Numbered cards and shards do not link or match: without a master element, a hand is all numbers or all shards.'
    };
  }
  const shards = kinds.has('shard');
  const rankOf = (c: (typeof naturals)[number]) => (c.kind === 'number' ? c.value : c.level);
  const ranks = naturals.map(rankOf);
  const elements = new Set(naturals.map((c) => c.element));
  const sameElement = elements.size <= 1;
  const sameRank = new Set(ranks).size <= 1;
  const numbers = deckNumbers(table.deck);
  const [lo, hi] = shards ? [1, 5] : [numbers[0], numbers.at(-1)!];
  const shapes: Shape[] = [];
  let reason = '';

  if (sameElement) {
    const run = fitRun(ranks, wilds, lo, hi, shards);
    if ('reason' in run) reason = run.reason;
    else shapes.push(runShape(run.ranks, naturals[0]?.element, shards));
  }
  if (sameRank) {
    const set = fitSet(naturals, wilds, table, shards);
    if ('reason' in set) reason ||= set.reason;
    else shapes.push(setShape(ranks[0], naturals, wilds, table, shards));
  }
  if (shapes.length === 0) {
    if (!sameElement && !sameRank) {
      reason = shards
        ? 'These shards are neither linked levels of one element nor one level in different elements.'
        : 'These cards are neither a run (one element, numbers in a row) nor a set of a kind (one number, different elements).';
    }
    return { reason };
  }
  return shapes.find((s) => s.opening.ok) ?? shapes[0];
}

/** The ranks a run ends up with: wild cards fill the gaps, then extend it upwards, then down. */
function fitRun(
  ranks: number[],
  wilds: number,
  lo: number,
  hi: number,
  shards: boolean
): { ranks: number[] } | { reason: string } {
  const noun = shards ? 'level' : 'number';
  const sorted = ranks.slice().sort((a, b) => a - b);
  const twice = sorted.find((r, i) => i > 0 && sorted[i - 1] === r);
  if (twice !== undefined)
    return { reason: `The ${noun} ${twice} is here twice: a run holds each ${noun} once.` };
  const length = sorted.length + wilds;
  if (length > hi - lo + 1) {
    return {
      reason: `A run ${shards ? 'of shards ' : 'in this deck '}holds at most ${hi - lo + 1} cards (${lo} to ${hi}).`
    };
  }
  if (sorted.length === 0) return { ranks: range(hi - wilds + 1, hi) };
  const [min, max] = [sorted[0], sorted.at(-1)!];
  const gaps = range(min, max).filter((r) => !sorted.includes(r));
  if (gaps.length > wilds) {
    const fill =
      wilds === 0
        ? 'no WiZ card or deck joker'
        : `only ${wilds} WiZ card${wilds === 1 ? '' : 's'} or deck joker${wilds === 1 ? '' : 's'}`;
    return {
      reason: `The run is missing ${gaps.length === 1 ? `the ${noun}` : `the ${noun}s`} ${gaps.join(', ')}, with ${fill} to fill ${gaps.length === 1 ? 'it' : 'them'}.`
    };
  }
  const extra = wilds - gaps.length;
  const up = Math.min(extra, hi - max);
  const down = extra - up;
  return { ranks: range(min - down, max + up) };
}

function fitSet(
  naturals: Extract<Card, { kind: 'number' | 'shard' }>[],
  wilds: number,
  table: Table,
  shards: boolean
): { ok: true } | { reason: string } {
  const repeats = allowsRepeatedElements(table.deck);
  const seen = new Set<Element>();
  for (const c of naturals) {
    if (seen.has(c.element) && !repeats) {
      return {
        reason: `${cardLabel(c)} is here twice: a set of a kind needs a different element for each card (only two-element decks allow repeats).`
      };
    }
    seen.add(c.element);
  }
  const max = table.deck.elements.length * (repeats ? copiesPerCard(table.deck) : 1);
  if (naturals.length + wilds > max) {
    return {
      reason: `A set of a kind ${shards ? 'of shards ' : ''}in this deck holds at most ${max} cards.`
    };
  }
  return { ok: true };
}

function runShape(ranks: number[], element: Element | undefined, shards: boolean): Shape {
  const name = element ? `${ELEMENT_NAMES[element]} ` : '';
  const span = `${ranks[0]} to ${ranks.at(-1)}`;
  if (shards) {
    return {
      kind: 'shard-run',
      what: `a run of ${name}shards, levels ${span}`,
      opening: { ok: true, way: 'shard-run', points: 10 * ranks.length }
    };
  }
  const points = ranks.reduce((s, r) => s + r, 0);
  let opening: Opening;
  if (ranks.length < 4) {
    opening = {
      ok: false,
      reason: `A run of 3 numbered cards cannot open: a 30+ run needs 4 or more cards adding up to 30.`
    };
  } else if (points < 30) {
    opening = { ok: false, reason: `This run adds up to ${points} points; a 30+ run needs 30 or more.` };
  } else opening = { ok: true, way: 'run', points };
  return { kind: 'run', what: `a run of ${name}${span}`, opening };
}

function setShape(
  rank: number | undefined,
  naturals: Extract<Card, { kind: 'number' | 'shard' }>[],
  wilds: number,
  table: Table,
  shards: boolean
): Shape {
  const size = naturals.length + wilds;
  const label = rank === undefined ? 'one value' : shards ? `level ${rank} shards` : `${rank}s`;
  const what = `a set of ${size} ${label}`;
  if (!shards) {
    return {
      kind: 'set',
      what,
      opening: {
        ok: false,
        reason:
          'A set of numbered cards cannot open; of the sets, only shards of one level in three elements can.'
      }
    };
  }
  const distinct = new Set(naturals.map((c) => c.element)).size;
  // Wild cards take elements not yet in the set, as far as the deck has them.
  const elements = Math.min(table.deck.elements.length, distinct + wilds);
  const opening: Opening =
    table.deck.elements.length < 3
      ? {
          ok: false,
          reason: 'This deck has only two elements, so shards of one level cannot make a 30+ hand.'
        }
      : elements >= 3 && distinct === naturals.length
        ? { ok: true, way: 'shard-set', points: 10 * size }
        : { ok: false, reason: 'Shards of one level open only in three different elements.' };
  return { kind: 'shard-set', what, opening };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
