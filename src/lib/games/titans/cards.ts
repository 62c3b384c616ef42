/**
 * The 64 elemental cards of Titans of Eden, by element and species.
 *
 * The rulebook lists each element's 16 cards in a two-column list without species. Read row by row,
 * the list runs in blocks of four (warriors, beasts, dragons, titans), which the names bear out
 * (Great Stone Dragon, Boulder Bear, Glorious Phoenix); see the rules ruling `ruling-species`.
 * The book gives no costs or abilities, so none are stored.
 */
export const ELEMENTS = ['storm', 'fire', 'ice', 'rock'] as const;
export const SPECIES = ['warrior', 'beast', 'dragon', 'titan'] as const;

export type Element = (typeof ELEMENTS)[number];
type Species = (typeof SPECIES)[number];

interface Card {
  id: string;
  name: string;
  element: Element;
  species: Species;
}

/** Names per element, four per species in SPECIES order (the rulebook's list read row by row). */
const NAMES: Record<Element, string[]> = {
  storm: [
    'Ava, Aeuronaut',
    'Luna, The Radiant',
    'Nikolai, The Cursed',
    "Skylar, Sun's Chosen",
    'Bloodlust',
    'Dawn of Flight',
    "Storm's Roar",
    "Wind's Howl",
    'Aurora Draco',
    "Soldier's Bane",
    'Thunderbringer',
    'Year of Rain',
    'Merciless Winds',
    'Madness of A Thousand Stars',
    'The Storm',
    'Total Eclipse'
  ],
  fire: [
    'Caiden, Fire Lord',
    'Kovu, Shadow Expeller',
    'Zephyr, The Unforgiving',
    'Zodiac, The Eternal',
    "Devil's Horns",
    'Glorious Phoenix',
    'Living Volcano',
    'Stampeding Flame',
    'Beast Eater',
    'Metalwing',
    'Smoldering Dragon',
    'World Ignited',
    'Eternal Vigil',
    'Face of the False God',
    'Final Judgment',
    'Inferno'
  ],
  ice: [
    'Aria, Queen of Winter',
    'Crystal, Kingbreaker',
    "Jace, Winter's Firstborn",
    'Erik, Revered Watchman',
    "Blizzard's Scream",
    "Frost's Bite",
    'Shipwrecker',
    'Return of the Frost Giants',
    'Frostbreath',
    'Keeper Of The Dead',
    "Snow's Herald",
    'Squall Seeker',
    'Army of You',
    'The Death Of Summer',
    'Hell, Frozen Over',
    "Winter's Return"
  ],
  rock: [
    'Akari, Timeless Fighter',
    'Kanna, Soldier Of Gaia',
    'Riku, Warrior Supreme',
    'Terra, Grave Robber',
    'Beacon of Knowledge',
    'Boulder Bear',
    'Spine Splitter',
    'Stone Eagle',
    'The Alpha',
    "Cavern's Defender",
    'Great Stone Dragon',
    'God Killer',
    "Civilization's Collapse",
    'He The Earth Quakes For',
    'Meteoric Fall',
    'What Lies Beneath'
  ]
};

/** A stable id from a name: "Hell, Frozen Over" -> "hell-frozen-over". */
const cardId = (name: string) =>
  name
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const CARDS: readonly Card[] = ELEMENTS.flatMap((element) =>
  NAMES[element].map((name, i) => ({ id: cardId(name), name, element, species: SPECIES[Math.floor(i / 4)] }))
);

/** The 16 element × species slots of a ritual-pile layout, element by element, species within. */
export const SLOTS: readonly { element: Element; species: Species }[] = ELEMENTS.flatMap((element) =>
  SPECIES.map((species) => ({ element, species }))
);

const BY_ID = new Map(CARDS.map((c) => [c.id, c]));

export const cardById = (id: string | undefined): Card | undefined => (id ? BY_ID.get(id) : undefined);

/** The four cards that can fill one slot, in the rulebook's order. */
export const cardsFor = (element: Element, species: Species): Card[] =>
  CARDS.filter((c) => c.element === element && c.species === species);
