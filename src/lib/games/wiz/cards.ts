/**
 * WiZ cards and decks: the elements, every kind of card with its points and card value, and the
 * ready-made decks of the deck shoe with what each one leaves out. Pure data and small functions;
 * the hand check, the round calculator and the setup screen all read from here.
 */

export const ELEMENTS = ['fire', 'water', 'air', 'earth', 'light', 'dark'] as const;
export type Element = (typeof ELEMENTS)[number];

/** Our reading (rules: ruling-opposing-elements): Fire–Water, Air–Earth, Light–Dark. */
export const OPPOSING: Record<Element, Element> = {
  fire: 'water',
  water: 'fire',
  air: 'earth',
  earth: 'air',
  light: 'dark',
  dark: 'light'
};

export const ELEMENT_NAMES: Record<Element, string> = {
  fire: 'Fire',
  water: 'Water',
  air: 'Air',
  earth: 'Earth',
  light: 'Light',
  dark: 'Dark'
};

export const ACTIONS = [
  'abyss',
  'alignment',
  'portal',
  'search',
  'shield',
  'stun',
  'swap',
  'take-two',
  'timewarp',
  'trap',
  'vanish'
] as const;
export type ActionName = (typeof ACTIONS)[number];

const ACTION_NAMES: Record<ActionName, string> = {
  abyss: 'Abyss',
  alignment: 'Alignment',
  portal: 'Portal',
  search: 'Search',
  shield: 'Shield',
  stun: 'Stun',
  swap: 'Swap',
  'take-two': 'Take 2',
  timewarp: 'Timewarp',
  trap: 'Trap',
  vanish: 'Vanish'
};

/**
 * One card as the table names it. `wiz` is a WiZ card and `joker` any card played as the deck
 * joker: both are wild, so they carry no element or number of their own.
 */
export type Card =
  | { kind: 'number'; element: Element; value: number }
  | { kind: 'shard'; element: Element; level: number }
  | { kind: 'master'; element: Element }
  | { kind: 'wiz' }
  | { kind: 'joker' }
  | { kind: 'elemental'; element: Element }
  | { kind: 'titan'; element: Element }
  | { kind: 'character'; element: Element }
  | { kind: 'artifact'; element: Element }
  | { kind: 'action'; action: ActionName };

type CardKind = Card['kind'];

/** The rulebook's table of points (what a card counts in chaotic EP). */
export const POINTS: Record<Exclude<CardKind, 'number'>, number> = {
  shard: 10,
  master: 20,
  action: 15,
  wiz: 20,
  joker: 20,
  elemental: 30,
  titan: 100,
  character: 100,
  artifact: 30
};

/** The rulebook's table as the screens show it: card, points, card value. */
export const POINTS_TABLE: readonly { card: string; points: string; value: string }[] = [
  { card: 'Numbered card 1–9', points: '1–9', value: '1' },
  { card: 'Shard', points: '10', value: '1' },
  { card: 'Master element', points: '20', value: '3' },
  { card: 'Action card', points: '15', value: '–' },
  { card: 'WiZ card', points: '20', value: '1' },
  { card: 'Deck joker', points: '20', value: '1' },
  { card: 'Elemental', points: '30', value: '1, or 2 on its element' },
  { card: 'Titan', points: '100', value: '2, or 4 on its element' },
  { card: 'Character', points: '100', value: '5' },
  { card: 'Reen artifact', points: '30', value: '2, or 4 on its character’s element' }
];

/** Points of one card: a numbered card is worth its number. */
export function pointsOf(card: Card): number {
  return card.kind === 'number' ? card.value : POINTS[card.kind];
}

/**
 * The rulebook's table of card values. `same` is the value when the card matches the element it
 * joins (an elemental or titan on a hand of its element, an artifact on a character of its
 * element); null: the card never goes into a hand (action cards).
 */
export const CARD_VALUES: Record<CardKind, { base: number; same: number } | null> = {
  number: { base: 1, same: 1 },
  shard: { base: 1, same: 1 },
  master: { base: 3, same: 3 },
  wiz: { base: 1, same: 1 },
  joker: { base: 1, same: 1 },
  elemental: { base: 1, same: 2 },
  titan: { base: 2, same: 4 },
  character: { base: 5, same: 5 },
  artifact: { base: 2, same: 4 },
  action: null
};

/** "Fire 5", "Water shard 3", "Air master element", "WiZ", "Stun". */
export function cardLabel(card: Card): string {
  switch (card.kind) {
    case 'number':
      return `${ELEMENT_NAMES[card.element]} ${card.value}`;
    case 'shard':
      return `${ELEMENT_NAMES[card.element]} shard ${card.level}`;
    case 'master':
      return `${ELEMENT_NAMES[card.element]} master element`;
    case 'wiz':
      return 'WiZ';
    case 'joker':
      return 'Deck joker';
    case 'action':
      return ACTION_NAMES[card.action];
    default:
      return `${ELEMENT_NAMES[card.element]} ${card.kind}`;
  }
}

/** A key that is the same for two copies of one card, for counting copies. */
export function cardKey(card: Card): string {
  switch (card.kind) {
    case 'number':
      return `${card.element}:${card.value}`;
    case 'shard':
      return `${card.element}:shard${card.level}`;
    case 'wiz':
    case 'joker':
      return card.kind;
    case 'action':
      return `action:${card.action}`;
    default:
      return `${card.element}:${card.kind}`;
  }
}

/** Whether a value a person or an old log gave is a well-formed card (not whether the deck has it). */
export function isCard(value: unknown): value is Card {
  if (!value || typeof value !== 'object') return false;
  const c = value as Record<string, unknown>;
  const element = (ELEMENTS as readonly unknown[]).includes(c.element);
  const whole = (x: unknown, min: number, max: number) =>
    typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;
  switch (c.kind) {
    case 'number':
      return element && whole(c.value, 1, 9);
    case 'shard':
      return element && whole(c.level, 1, 5);
    case 'master':
    case 'elemental':
    case 'titan':
    case 'character':
    case 'artifact':
      return element;
    case 'wiz':
    case 'joker':
      return true;
    case 'action':
      return (ACTIONS as readonly unknown[]).includes(c.action);
  }
  return false;
}

// ---- Decks -------------------------------------------------------------------------------------

export type DeckId = 'solo-2' | 'solo-4r' | 'duo-2r' | 'trio-3' | 'quad-4' | 'quad-4s' | 'hexa-6';

interface DeckSpec {
  id: DeckId;
  title: string;
  elements: Element[];
  /** [R] decks: numbered cards 1 to 5 taken out. */
  lowRemoved: boolean;
  /** [S] decks: one copy of each numbered card and shard instead of two. */
  doublesRemoved: boolean;
  /** Solo decks leave the Swap action card out. */
  swap: boolean;
  wiz: number;
  /** Player counts the deck is made for (1 = solo). */
  players: number[];
}

const FOUR: Element[] = ['fire', 'water', 'air', 'earth'];

/**
 * The deck shoe. WiZ cards: one per two element sets, as the solo decks show; three element sets
 * round up to two (rules: ruling-deck-contents). The six-element deck for 5–6 players is our
 * reading of the book's Light and Dark note (rules: ruling-five-six-players).
 */
export const DECKS: Record<DeckId, DeckSpec> = {
  'solo-2': {
    id: 'solo-2',
    title: 'Solo 2',
    elements: ['fire', 'water'],
    lowRemoved: false,
    doublesRemoved: false,
    swap: false,
    wiz: 1,
    players: [1, 2]
  },
  'solo-4r': {
    id: 'solo-4r',
    title: 'Solo 4 [R]',
    elements: FOUR,
    lowRemoved: true,
    doublesRemoved: false,
    swap: false,
    wiz: 2,
    players: [1, 2]
  },
  'duo-2r': {
    id: 'duo-2r',
    title: '2 Player 2 Deck [R]',
    elements: ['fire', 'water'],
    lowRemoved: true,
    doublesRemoved: false,
    swap: true,
    wiz: 1,
    players: [2]
  },
  'trio-3': {
    id: 'trio-3',
    title: '3 Player 3 Deck',
    elements: ['fire', 'water', 'air'],
    lowRemoved: false,
    doublesRemoved: false,
    swap: true,
    wiz: 2,
    players: [2, 3]
  },
  'quad-4': {
    id: 'quad-4',
    title: '2-4 Players 4 Deck',
    elements: FOUR,
    lowRemoved: false,
    doublesRemoved: false,
    swap: true,
    wiz: 2,
    players: [2, 3, 4]
  },
  'quad-4s': {
    id: 'quad-4s',
    title: '2-4 Players 4 Deck [S]',
    elements: FOUR,
    lowRemoved: false,
    doublesRemoved: true,
    swap: true,
    wiz: 2,
    players: [2, 3, 4]
  },
  'hexa-6': {
    id: 'hexa-6',
    title: '5-6 Players 6 Deck',
    elements: [...FOUR, 'light', 'dark'],
    lowRemoved: false,
    doublesRemoved: false,
    swap: true,
    wiz: 3,
    players: [5, 6]
  }
};

export const DECK_IDS = Object.keys(DECKS) as DeckId[];
/** The rulebook's standard deck for 2–4 players. */
export const STANDARD_DECK: DeckId = 'quad-4';

/** The numbered cards a deck holds: 1–9, or 6–9 in [R] decks. */
export function deckNumbers(deck: DeckSpec): number[] {
  return deck.lowRemoved ? [6, 7, 8, 9] : [1, 2, 3, 4, 5, 6, 7, 8, 9];
}

/** Copies of each numbered card and each shard per element. */
export function copiesPerCard(deck: DeckSpec): number {
  return deck.doublesRemoved ? 1 : 2;
}

/** Two-element decks allow a set of a kind to repeat an element (5 Fire, 5 Fire, 5 Water). */
export function allowsRepeatedElements(deck: DeckSpec): boolean {
  return deck.elements.length === 2;
}

/** Characters exist for the four standard elements (one per element, drawn with a d4). */
export const CHARACTER_ELEMENTS: Element[] = FOUR;

/** What one game plays with: the deck and the optional cards added to it. */
export interface Table {
  deck: DeckSpec;
  titans: boolean;
  characters: boolean;
}

/**
 * A name for a kind of table, for the caches of what depends only on it (hand reads, ceilings).
 * Kept per Table object: a replay asks thousands of times, and building the string each time
 * was a tenth of a WiZ replay.
 */
export function tableKey(table: Table): string {
  let key = tableKeys.get(table);
  if (key === undefined) tableKeys.set(table, (key = `${table.deck.id}|${table.titans}|${table.characters}`));
  return key;
}
const tableKeys = new WeakMap<Table, string>();

/**
 * How many copies of a card the game's deck holds. Our reading (rules: ruling-deck-contents) for
 * what the book never counts: one elemental, titan, character and Reen artifact per element.
 */
export function copiesInDeck(card: Card, table: Table): number {
  const { deck } = table;
  const has = (e: Element) => deck.elements.includes(e);
  switch (card.kind) {
    case 'number':
      return has(card.element) && deckNumbers(deck).includes(card.value) ? copiesPerCard(deck) : 0;
    case 'shard':
      return has(card.element) ? copiesPerCard(deck) : 0;
    case 'master':
    case 'elemental':
      return has(card.element) ? 1 : 0;
    case 'wiz':
      return deck.wiz;
    case 'joker':
      // Every card of the deck joker's number or level, in every element.
      return deck.elements.length * copiesPerCard(deck);
    case 'titan':
      return table.titans && has(card.element) ? 1 : 0;
    case 'character':
      return table.characters && has(card.element) && CHARACTER_ELEMENTS.includes(card.element) ? 1 : 0;
    case 'artifact':
      return table.characters && has(card.element) ? 1 : 0;
    case 'action':
      if (card.action === 'take-two') return 2;
      if (card.action === 'swap') return deck.swap ? 1 : 0;
      if (card.action === 'portal') return table.characters ? 2 : 0;
      return 1;
  }
}

/** Every distinct card the game's deck holds, with its number of copies. */
export function deckContents(table: Table): { card: Card; copies: number }[] {
  const { deck } = table;
  const cards: Card[] = [];
  for (const element of deck.elements) {
    for (const value of deckNumbers(deck)) cards.push({ kind: 'number', element, value });
    for (let level = 1; level <= 5; level++) cards.push({ kind: 'shard', element, level });
    cards.push({ kind: 'master', element }, { kind: 'elemental', element });
    cards.push({ kind: 'titan', element }, { kind: 'character', element }, { kind: 'artifact', element });
  }
  cards.push({ kind: 'wiz' });
  for (const action of ACTIONS) cards.push({ kind: 'action', action });
  return cards.map((card) => ({ card, copies: copiesInDeck(card, table) })).filter((c) => c.copies > 0);
}

/**
 * The most chaotic EP the whole deck could make: every card's points except characters, titans
 * included (a loser may still hold them: only played ones are left out), with the deck joker's
 * number at its costliest (every card of that rank then counts 20). No loser, and no set of
 * losers together, can count more.
 */
export function chaoticCeiling(table: Table): number {
  const key = tableKey(table);
  let ceiling = ceilings.get(key);
  if (ceiling === undefined) ceilings.set(key, (ceiling = computeCeiling(table)));
  return ceiling;
}

const ceilings = new Map<string, number>();

function computeCeiling(table: Table): number {
  const contents = deckContents(table).filter(({ card }) => card.kind !== 'character');
  const total = contents.reduce((sum, { card, copies }) => sum + pointsOf(card) * copies, 0);
  const rankExtra = new Map<string, number>();
  for (const { card, copies } of contents) {
    if (card.kind !== 'number' && card.kind !== 'shard') continue;
    const rank = card.kind === 'number' ? `n${card.value}` : `s${card.level}`;
    rankExtra.set(rank, (rankExtra.get(rank) ?? 0) + (POINTS.joker - pointsOf(card)) * copies);
  }
  return total + Math.max(0, ...rankExtra.values());
}

/** "Fire and Water", "Air, Earth, Fire and Water". */
export function listElements(elements: readonly Element[]): string {
  const names = elements.map((e) => ELEMENT_NAMES[e]);
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What a deck is and what it leaves out, in a line: "Fire and Water · cards 1–5 taken out · no Swap". */
export function deckSummary(deck: DeckSpec): string {
  const parts = [listElements(deck.elements)];
  if (deck.lowRemoved) parts.push('cards 1–5 taken out');
  if (deck.doublesRemoved) parts.push('doubles taken out');
  if (!deck.swap) parts.push('no Swap');
  parts.push(`${deck.wiz} WiZ card${deck.wiz === 1 ? '' : 's'}`);
  return parts.join(' · ');
}
