/**
 * The round EP calculator: the winner's uncountered hands (each typed as a card value or built
 * from its cards), their multipliers, the losers' chaotic EP, titan and character EP and the
 * one-element bonus, worked out line by line so the table can check every step.
 */
import {
  CHARACTER_ELEMENTS,
  ELEMENT_NAMES,
  chaoticCeiling,
  copiesPerCard,
  deckNumbers,
  isCard,
  type Card,
  type Element,
  type Table,
  tableKey
} from './cards';
import { checkHand, deckProblem, handCardValue, type ValuePart } from './hands';

/** The rulebook's multipliers by card value: 3–5 ×1, 6–8 ×2, 9–11 ×3, 12 and more ×5. */
export function multiplierFor(cardValue: number): 0 | 1 | 2 | 3 | 5 {
  if (cardValue >= 12) return 5;
  if (cardValue >= 9) return 3;
  if (cardValue >= 6) return 2;
  if (cardValue >= 3) return 1;
  return 0;
}

/** A hand the winner lists as typed: its card value and what is attached to it. */
export interface TypedHand {
  value: number;
  /** Titans attached to the hand. */
  titans?: number;
  /** True when the hand is the winner's character (on the table through a Portal). */
  character?: boolean;
  element?: Element | null;
}

/** A hand the winner lists by its cards; its value is worked out from them. */
interface BuiltHand {
  cards: Card[];
}

export type HandEntry = TypedHand | BuiltHand;

/** A listed hand, read and checked: what the calculation uses. */
export interface ScoredHand {
  value: number;
  multiplier: number;
  titans: number;
  character: boolean;
  /** The hand's element when known; null for a mixed set. */
  element: Element | null | undefined;
  /** Present for a hand built from cards: how its value adds up, and what it is. */
  parts?: ValuePart[];
  what?: string;
}

export const isBuilt = (h: HandEntry): h is BuiltHand => Array.isArray((h as BuiltHand).cards);

/**
 * The highest card value one hand can reach with this game's cards: a master element with every
 * card of its element, every WiZ card and every other card of the deck joker's rank, plus the
 * best set of elementals and titans (opposing ones cancel), or a character with every artifact;
 * plus the Air character's +2. Worked out once per kind of table.
 */
export function maxHandValue(table: Table): number {
  const key = tableKey(table);
  let best = maxCache.get(key);
  if (best !== undefined) return best;
  const { deck } = table;
  const copies = copiesPerCard(deck);
  const elementCards = (deckNumbers(deck).length + 5) * copies;
  const jokersElsewhere = (deck.elements.length - 1) * copies;
  best = 0;
  for (const element of deck.elements) {
    const master: Card = { kind: 'master', element };
    best = Math.max(best, elementCards + deck.wiz + jokersElsewhere + bestWithAttachments([master], table));
    if (table.characters && CHARACTER_ELEMENTS.includes(element)) {
      const artifacts = deck.elements.map((e): Card => ({ kind: 'artifact', element: e }));
      best = Math.max(best, bestWithAttachments([{ kind: 'character', element }, ...artifacts], table));
    }
  }
  best += table.characters ? 2 : 0;
  maxCache.set(key, best);
  return best;
}

const maxCache = new Map<string, number>();

/** The best card value of `base` with any choice of the deck's elementals and titans on it. */
function bestWithAttachments(base: Card[], table: Table): number {
  const options: Card[] = table.deck.elements.flatMap((element): Card[] =>
    table.titans
      ? [
          { kind: 'elemental', element },
          { kind: 'titan', element }
        ]
      : [{ kind: 'elemental', element }]
  );
  let best = 0;
  for (let mask = 0; mask < 1 << options.length; mask++) {
    const chosen = options.filter((_, i) => mask & (1 << i));
    best = Math.max(best, handCardValue([...base, ...chosen]).value);
  }
  return best;
}

const MAX_HANDS = 20;

type HandRead = { ok: true; hand: ScoredHand } | { ok: false; reason: string };

/**
 * Reads already made, by entry object and kind of table. Entries travel inside events and the
 * machine's context and are never changed once made, so a replay reads each one once, not at
 * every guard that looks at it.
 */
const reads = new WeakMap<object, Map<string, HandRead>>();

/** Reads one listed hand, or says in plain words why it cannot be one of this game's hands. */
export function readHand(entry: unknown, table: Table): HandRead {
  if (!entry || typeof entry !== 'object') return { ok: false, reason: 'The hand is missing.' };
  const key = tableKey(table);
  let byTable = reads.get(entry);
  const known = byTable?.get(key);
  if (known) return known;
  const read = readFresh(entry, table);
  if (!byTable) reads.set(entry, (byTable = new Map()));
  byTable.set(key, read);
  return read;
}

function readFresh(entry: object, table: Table): HandRead {
  if (isBuilt(entry as HandEntry)) {
    const cards = (entry as BuiltHand).cards;
    if (!cards.every(isCard)) return { ok: false, reason: 'One of the cards is not a WiZ card.' };
    const check = checkHand(cards, table);
    if (!check.ok) return check;
    return {
      ok: true,
      hand: {
        value: check.cardValue,
        multiplier: multiplierFor(check.cardValue),
        titans: cards.filter((c) => c.kind === 'titan').length,
        character: check.kind === 'character',
        element: check.element,
        parts: check.parts,
        what: check.what
      }
    };
  }
  const typed = entry as TypedHand;
  const titans = typed.titans ?? 0;
  const character = typed.character ?? false;
  const { value, element } = typed;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    return { ok: false, reason: 'A card value is a whole number.' };
  }
  if (!Number.isInteger(titans) || titans < 0)
    return { ok: false, reason: 'The number of titans is a whole number.' };
  if (titans > 0 && !table.titans) return { ok: false, reason: 'This game is played without titans.' };
  if (titans > table.deck.elements.length) {
    return { ok: false, reason: `This deck has only ${table.deck.elements.length} titans.` };
  }
  if (typeof character !== 'boolean') return { ok: false, reason: 'Say whether the hand is a character.' };
  if (character && !table.characters) return { ok: false, reason: 'This game is played without characters.' };
  if (element !== undefined && element !== null && !table.deck.elements.includes(element)) {
    return { ok: false, reason: `This deck has no ${ELEMENT_NAMES[element] ?? String(element)} cards.` };
  }
  const least = (character ? 5 : 3) + 2 * titans;
  if (value < least) {
    const why = character
      ? 'a character alone is 5'
      : 'every hand has 3 cards or a master element, each worth at least 3';
    const attached = titans > 0 ? `, and each titan adds at least 2` : '';
    return {
      ok: false,
      reason: `A card value of ${value} is too low: ${why}${attached}, so at least ${least}.`
    };
  }
  const most = maxHandValue(table);
  if (value > most) {
    return {
      ok: false,
      reason: `No hand can reach a card value of ${value} with these cards: ${most} is the most one hand can have.`
    };
  }
  return { ok: true, hand: { value, multiplier: multiplierFor(value), titans, character, element } };
}

/** Reads every hand the winner lists, and checks them together (one character; cards the deck has). */
export function readHands(
  entries: readonly HandEntry[],
  table: Table
): { ok: true; hands: ScoredHand[] } | { ok: false; reason: string; index?: number } {
  if (entries.length > MAX_HANDS) return { ok: false, reason: `No player has more than ${MAX_HANDS} hands.` };
  const hands: ScoredHand[] = [];
  for (const [index, entry] of entries.entries()) {
    const read = readHand(entry, table);
    if (!read.ok) return { ok: false, reason: `Hand ${index + 1}: ${read.reason}`, index };
    hands.push(read.hand);
  }
  if (hands.filter((h) => h.character).length > 1) {
    return { ok: false, reason: 'Only one of the hands can be the character: each player has one.' };
  }
  // Each built hand was checked against the deck alone; two or more can still ask for more
  // copies of a card than the deck holds.
  const built = entries.filter(isBuilt);
  const shared =
    built.length > 1
      ? deckProblem(
          built.flatMap((h) => h.cards),
          table
        )
      : undefined;
  if (shared) return { ok: false, reason: `Together, the hands do not fit the deck: ${shared}` };
  return { ok: true, hands };
}

/** Why a loser's chaotic EP is impossible, or undefined. */
export function chaoticProblem(ep: unknown, table: Table, name = 'Chaotic EP'): string | undefined {
  if (typeof ep !== 'number' || !Number.isInteger(ep)) return `${name} is a whole number of points.`;
  if (ep < 0) return `${name} cannot be negative: it counts the points of cards.`;
  const ceiling = chaoticCeiling(table);
  if (ep > ceiling) return `${name} of ${ep} is more than the whole deck holds (${ceiling} points).`;
  return undefined;
}

/** ×2 when all the winner's hands share one element; ×3 with the triple-EP character power. */
export type Bonus = 1 | 2 | 3;

/** What the one-element bonus is checked against, besides the hands nobody countered. */
interface BonusCheck {
  /** The winner's countered hands: "all hands of the same element" counts them too. */
  countered?: readonly ScoredHand[];
  /**
   * The claim was made by an app that lists every hand (countered ones too) and asks each hand's
   * element: a hand without one then cannot show the bonus is earned. Claims kept in older saved
   * games lack it and are checked as they were made (elements only where known).
   */
  everyHand?: boolean;
  /** Scoring now: every hand must have its element; before that, only conflicts are refused. */
  complete?: boolean;
}

/** Why the one-element bonus cannot apply to these hands, or undefined. */
export function bonusProblem(
  bonus: unknown,
  hands: readonly ScoredHand[],
  table: Table,
  check: BonusCheck = {}
): string | undefined {
  if (bonus !== 1 && bonus !== 2 && bonus !== 3) return 'The bonus is ×1, ×2 or ×3.';
  if (bonus === 3 && !table.characters) {
    return 'Triple EP is a character power, and this game is played without characters.';
  }
  if (bonus === 1) return undefined;
  const all = [
    ...hands.map((h, i) => ({ label: `hand ${i + 1}`, element: h.element })),
    ...(check.countered ?? []).map((h, i) => ({ label: `countered hand ${i + 1}`, element: h.element }))
  ];
  const cap = (label: string) => label[0].toUpperCase() + label.slice(1);
  const mixed = all.find((h) => h.element === null);
  if (mixed) return `${cap(mixed.label)} mixes elements, so the hands are not all one element.`;
  const known = all.filter((h): h is { label: string; element: Element } => Boolean(h.element));
  const other = known.find((k) => k.element !== known[0].element);
  if (other) {
    return `${cap(known[0].label)} is ${ELEMENT_NAMES[known[0].element]} and ${other.label} is ${ELEMENT_NAMES[other.element]}, so the hands are not all one element.`;
  }
  // Every hand at fault by name, not just the first: the table fixes them all in one go.
  const unknown = check.everyHand && check.complete ? all.filter((h) => h.element === undefined) : [];
  if (unknown.length) {
    const labels = unknown.map((h) => h.label);
    const list = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
    const have = unknown.length === 1 ? 'has' : 'have';
    const each = unknown.length === 1 ? 'tap it' : 'tap each';
    return `${cap(list)} ${have} no element yet: ${each} and choose one. The ×${bonus} bonus needs the element of every hand, countered ones too.`;
  }
  return undefined;
}

export interface RoundCalc {
  hands: { value: number; multiplier: number; bonusCards: number; bonusEp: number }[];
  multiplierSum: number;
  chaotic: number[];
  chaoticTotal: number;
  /** multiplierSum × chaoticTotal */
  base: number;
  /** 100 × the multiplier of each hand, for every titan on it and for the character. */
  bonusEp: number;
  bonus: Bonus;
  total: number;
}

/**
 * The round's EP: (sum of the uncountered hands' multipliers) × (the losers' total chaotic EP),
 * plus 100 × a hand's multiplier for each titan on it and for the character, all ×2 when every
 * hand of the winner is one element. No uncountered hand: the multiplier is 0.
 */
export function roundEp(
  hands: readonly ScoredHand[],
  chaotic: readonly number[],
  bonus: Bonus = 1
): RoundCalc {
  const rows = hands.map((h) => {
    const bonusCards = h.titans + (h.character ? 1 : 0);
    return { value: h.value, multiplier: h.multiplier, bonusCards, bonusEp: 100 * h.multiplier * bonusCards };
  });
  const multiplierSum = rows.reduce((s, r) => s + r.multiplier, 0);
  const chaoticTotal = chaotic.reduce((s, c) => s + c, 0);
  const base = multiplierSum * chaoticTotal;
  const bonusEp = rows.reduce((s, r) => s + r.bonusEp, 0);
  return {
    hands: rows,
    multiplierSum,
    chaotic: chaotic.slice(),
    chaoticTotal,
    base,
    bonusEp,
    bonus,
    total: (base + bonusEp) * bonus
  };
}

/** Thousands with a comma, the same on every device: 1,020. */
export function formatEp(n: number): string {
  const sign = n < 0 ? '−' : '';
  return sign + String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * The calculation as lines the table reads top to bottom, e.g.
 * "Hand 1: card value 4 → ×1", "Multipliers: 1 + 2 = 3", "Chaotic EP: Ben 59", "3 × 59 = 177".
 */
export function calcLines(
  calc: RoundCalc,
  loserNames: readonly string[],
  /** Losers whose chaotic EP is not entered yet: shown as "—", and no total until they are. */
  pending: readonly boolean[] = [],
  /** What the game plays with, so the lines name only titans or only characters when so. */
  table: Pick<Table, 'titans' | 'characters'> = { titans: true, characters: true }
): string[] {
  const lines: string[] = [];
  const one = table.characters ? (table.titans ? 'titan or character' : 'character') : 'titan';
  const many = table.characters ? (table.titans ? 'titans or characters' : 'characters') : 'titans';
  const waiting = calc.hands.length > 0 && pending.some(Boolean);
  if (calc.hands.length === 0) {
    lines.push('Every hand was countered: the multiplier is 0.');
  }
  calc.hands.forEach((h, i) => {
    const extra =
      h.bonusCards > 0
        ? `; ${h.bonusCards === 1 ? one : `${h.bonusCards} ${many}`} +${formatEp(h.bonusEp)} EP`
        : '';
    lines.push(`Hand ${i + 1}: card value ${h.value} → ×${h.multiplier}${extra}`);
  });
  if (calc.hands.length > 1) {
    lines.push(`Multipliers: ${calc.hands.map((h) => h.multiplier).join(' + ')} = ${calc.multiplierSum}`);
  }
  if (calc.chaotic.length > 0) {
    const each = calc.chaotic.map(
      (c, i) => `${loserNames[i] ?? `Loser ${i + 1}`} ${waiting && pending[i] ? '—' : formatEp(c)}`
    );
    const sum = calc.chaotic.length > 1 && !waiting ? ` = ${formatEp(calc.chaoticTotal)}` : '';
    lines.push(`Chaotic EP: ${each.join(' + ')}${sum}`);
  }
  if (waiting) {
    lines.push('Round EP: once every loser’s chaotic EP is in');
    return lines;
  }
  lines.push(`${calc.multiplierSum} × ${formatEp(calc.chaoticTotal)} = ${formatEp(calc.base)}`);
  if (calc.bonusEp > 0) {
    const heading = table.characters ? (table.titans ? 'Titans and characters' : 'Character') : 'Titans';
    lines.push(`${heading}: +${formatEp(calc.bonusEp)} = ${formatEp(calc.base + calc.bonusEp)}`);
  }
  if (calc.bonus > 1) {
    lines.push(`All one element: ×${calc.bonus} = ${formatEp(calc.total)}`);
  }
  lines.push(`Round EP: ${formatEp(calc.total)}`);
  return lines;
}
