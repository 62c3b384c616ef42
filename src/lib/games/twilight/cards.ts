/**
 * Twilight of the Gods card data: the four Factions, the four starter Deities, the three Aspect
 * levels, and the handful of cards the rulebook names with their numbers (its examples use them).
 * The rulebook prints no full card list, so nothing here pretends to be one.
 */

export type FactionId = 'aggression' | 'negotiation' | 'mysticism' | 'sanctuary';
export type DeityId = 'mars' | 'hera' | 'reader' | 'enlil';
/** Aspect levels: 1 Lesser (I), 2 Greater (II), 3 Exalted (III). */
export type Level = 1 | 2 | 3;

interface Faction {
  id: FactionId;
  name: string;
  colour: 'red' | 'blue' | 'green' | 'brown';
}

export const FACTIONS: readonly Faction[] = [
  { id: 'aggression', name: 'Aggression', colour: 'red' },
  { id: 'negotiation', name: 'Negotiation', colour: 'blue' },
  { id: 'mysticism', name: 'Mysticism', colour: 'green' },
  { id: 'sanctuary', name: 'Sanctuary', colour: 'brown' }
];

/** A Deity's Faction Requirement: at least `min` cards of `faction` in the deck. */
export interface Requirement {
  faction: FactionId;
  min: number;
}

interface Deity {
  id: DeityId;
  name: string;
  faction: FactionId;
  /** Where the god comes from, as the rulebook introduces them. */
  pantheon: string;
  /**
   * The Faction Requirement printed on the card, where the rulebook states it. Only Mars's is
   * given (Aggression 10); the others are read off the card at the table (see deck.ts).
   */
  requirement: Requirement | null;
}

export const DEITIES: readonly Deity[] = [
  {
    id: 'mars',
    name: 'Mars',
    faction: 'aggression',
    pantheon: 'Roman',
    requirement: { faction: 'aggression', min: 10 }
  },
  { id: 'hera', name: 'Hera', faction: 'negotiation', pantheon: 'Greek', requirement: null },
  {
    id: 'reader',
    name: 'Reader of the Portents',
    faction: 'mysticism',
    pantheon: 'Druidic',
    requirement: null
  },
  { id: 'enlil', name: 'Enlil', faction: 'sanctuary', pantheon: 'Mesopotamian', requirement: null }
];

export const DEITY_IDS = DEITIES.map((d) => d.id);

export function deityById(id: unknown): Deity | undefined {
  return DEITIES.find((d) => d.id === id);
}

export const LEVELS: readonly Level[] = [1, 2, 3];

export const LEVEL_NAMES: Record<Level, { name: string; numeral: string }> = {
  1: { name: 'Lesser', numeral: 'I' },
  2: { name: 'Greater', numeral: 'II' },
  3: { name: 'Exalted', numeral: 'III' }
};

/** "Greater (II)". */
export function levelLabel(level: Level): string {
  return `${LEVEL_NAMES[level].name} (${LEVEL_NAMES[level].numeral})`;
}

/** "a Greater (II)", "an Exalted (III)". */
export function aLevel(level: Level): string {
  return `${level === 3 ? 'an' : 'a'} ${levelLabel(level)}`;
}

/** A Creature as the combat rules see it: its printed Fight and Life, and any Armor. */
export interface CreatureStats {
  name: string;
  fight: number;
  life: number;
  armor?: number;
  faction?: FactionId;
}

/**
 * The Creatures the rulebook's examples name, with the numbers it gives. Factions only where the
 * book says (the Terracotta Warrior makes "Brown" copies of itself, so it is Sanctuary).
 */
export const EXAMPLE_CREATURES = {
  youthfulTroll: { name: 'Youthful Troll', fight: 3, life: 3 },
  borderlandScout: { name: 'Borderland Scout', fight: 1, life: 1 },
  corruptTribune: { name: 'Corrupt Tribune', fight: 1, life: 2 },
  mischievousNymph: { name: 'Mischievous Nymph', fight: 0, life: 4 },
  terracottaWarrior: { name: 'Terracotta Warrior', fight: 1, life: 1, faction: 'sanctuary' },
  praetorianGuard: { name: 'Praetorian Guard', fight: 4, life: 4, armor: 2 },
  stoicLegionnaires: { name: 'Stoic Legionnaires', fight: 2, life: 1 },
  stormchaserOracle: { name: 'Stormchaser Oracle', fight: 4, life: 4, armor: 1 }
} satisfies Record<string, CreatureStats>;
