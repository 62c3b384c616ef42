/**
 * The 60 Prayer Cards of Theos: four gods with one card at every Speed from 1 to 15. A card's id
 * is its god's letter and its Speed ("P4"), and its type follows from the Speed (1 Betrayal, 2-8
 * Offering, 9-15 Power). Names are gathered from the rulebook's deck and roster lists; where a list
 * misprints a card (see `readListEntry`), the app's reading is written in the rules text.
 */

export type God = 'poseidon' | 'gaia' | 'hades' | 'demeter';
export type CardType = 'betrayal' | 'offering' | 'power';

/** The base game's gods, in the order the app lists them (the first-game pairs side by side). */
export const GODS: readonly God[] = ['poseidon', 'gaia', 'hades', 'demeter'];

export const GOD_NAMES: Record<God, string> = {
  poseidon: 'Poseidon',
  gaia: 'Gaia',
  hades: 'Hades',
  demeter: 'Demeter'
};

const LETTERS: Record<God, string> = { poseidon: 'P', gaia: 'G', hades: 'H', demeter: 'D' };

export const TYPE_NAMES: Record<CardType, string> = {
  betrayal: 'Betrayal',
  offering: 'Offering',
  power: 'Power'
};

export interface PrayerCard {
  id: string;
  god: God;
  /** 1 (fastest) to 15 (slowest); the number in the id. */
  speed: number;
  name: string;
  type: CardType;
  /**
   * The God Speed numeral as a number, where the rulebook states it. It does so for two cards
   * only (War Fleet VII, Pallas X); the table settles the rest (see speed.ts).
   */
  godSpeed?: number;
}

export function typeForSpeed(speed: number): CardType {
  return speed === 1 ? 'betrayal' : speed <= 8 ? 'offering' : 'power';
}

/** Names by god, Speed 1 first. */
const NAMES: Record<God, readonly string[]> = {
  poseidon: [
    'Spring of Salt',
    'Sunken Treasure',
    'Winds of Aeolus',
    'War Fleet',
    'Gift of the Nereid',
    'Scylla',
    'Siren Cove',
    'Cetus',
    'Flood',
    "Triton's Conch",
    'Messenger',
    'Charybdis',
    'Hurricane',
    'Unseen Agent',
    'Atlantis'
  ],
  gaia: [
    'Thwarted Prophecy',
    'Fortress',
    'Servant of Atlas',
    'Pallas',
    'Bound Titan',
    'Cyclops',
    'Oracle',
    'Typhon',
    'Earthquake',
    'War of the Giants',
    'Landslide',
    'Ichor of Ouranos',
    'Priestess',
    'Test of Time',
    'Hidden Knowledge'
  ],
  hades: [
    'Hymn of Orpheus',
    "Apollo's Arrow",
    'Lamia',
    'Eurynomos',
    'River Styx',
    'Blight',
    'Necropolis',
    'Charon',
    'Fate Weaver',
    'Cerberus',
    'Downfall',
    'Ruin',
    'Borrowed Soul',
    'Tartarus',
    'Plague'
  ],
  demeter: [
    'Forbidden Feast',
    'Rite of Renewal',
    'Ambrosia',
    'Pilgrimage',
    'Elysium',
    'Orchard',
    'Granary',
    'Sacred Way',
    'Seed Festival',
    'Blossom',
    "Demeter's Staff",
    'Nourish',
    'Harvest',
    "Persephone's Return",
    'Resurrect'
  ]
};

/** The only God Speeds the rulebook states (its Card Speed example). */
const KNOWN_GOD_SPEEDS: Record<string, number> = { P4: 7, G4: 10 };

export const CARDS: readonly PrayerCard[] = GODS.flatMap((god) =>
  NAMES[god].map((name, i): PrayerCard => {
    const speed = i + 1;
    const id = `${LETTERS[god]}${speed}`;
    const card: PrayerCard = { id, god, speed, name, type: typeForSpeed(speed) };
    if (id in KNOWN_GOD_SPEEDS) card.godSpeed = KNOWN_GOD_SPEEDS[id];
    return card;
  })
);

const BY_ID = new Map(CARDS.map((c) => [c.id, c]));

export function cardById(id: string | undefined | null): PrayerCard | undefined {
  return typeof id === 'string' ? BY_ID.get(id.trim().toUpperCase()) : undefined;
}

export function cardsOf(god: God, type?: CardType): PrayerCard[] {
  return CARDS.filter((c) => c.god === god && (!type || c.type === type));
}

/** "Pallas (G4)". */
export function cardLabel(id: string): string {
  const card = cardById(id);
  return card ? `${card.name} (${card.id})` : id;
}

const normal = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[^a-z0-9' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Names the rulebook prints differently in one list. "War of the Giant" (the Four Seasons Summer
 * deck) is G10, printed "War of the Giants" in both roster sets: the same card.
 */
const NAME_SLIPS: Record<string, string> = { 'war of the giant': 'G10' };

const BY_NAME = new Map<string, PrayerCard>([
  ...CARDS.map((c) => [normal(c.name), c] as const),
  ...Object.entries(NAME_SLIPS).map(([name, id]) => [name, BY_ID.get(id)!] as const)
]);

interface ListEntry {
  card: PrayerCard;
  /** Set when the list's id or name is not the card's own: what the app read it as, and why. */
  slip?: string;
}

/**
 * Reads one line of a rulebook list ("P4 War Fleet"). Where the id and the name disagree, the name
 * wins: "P4 Winds of Aeolus" in the Path of Rebirth deck is Winds of Aeolus (P3), since every other
 * list has P3 Winds of Aeolus and P4 War Fleet, and a name is harder to misprint than a digit.
 */
export function readListEntry(id: string, name: string): ListEntry | undefined {
  const byName = BY_NAME.get(normal(name));
  const byId = cardById(id);
  if (!byName) return undefined;
  if (byName.name !== name.trim()) {
    return { card: byName, slip: `“${name.trim()}” is read as ${byName.name} (${byName.id})` };
  }
  if (byId !== byName) {
    return { card: byName, slip: `“${id} ${name.trim()}” is read as ${byName.name} (${byName.id})` };
  }
  return { card: byName };
}

/**
 * Cards matching what someone typed: an id ("h10", "G4") first, then names with a word starting
 * with each word typed, then ids starting with it ("p1": P10 to P15), in card order. Empty text
 * finds nothing.
 */
export function searchCards(text: string, among: readonly PrayerCard[] = CARDS): PrayerCard[] {
  const query = normal(text);
  if (!query) return [];
  const exact = among.filter((c) => c.id.toLowerCase() === query.replace(/\s/g, ''));
  const words = query.split(' ');
  // Each word typed starts a word of the name: "war" finds War Fleet, not Thwarted Prophecy.
  const startsWords = (c: PrayerCard) => {
    const parts = normal(c.name).split(' ');
    return words.every((w) => parts.some((p) => p.startsWith(w)));
  };
  const byName = among.filter((c) => !exact.includes(c) && startsWords(c));
  const byIdStart = /^[pghd]\d*$/.test(query)
    ? among.filter((c) => !exact.includes(c) && !byName.includes(c) && c.id.toLowerCase().startsWith(query))
    : [];
  return [...exact, ...byName, ...byIdStart];
}
