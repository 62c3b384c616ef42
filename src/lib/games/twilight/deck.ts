/**
 * The deck check, from a list typed or pasted at the table. One card per line, a count first:
 *
 *     3 Youthful Troll (Aggression)
 *     2x Borderland Scout (red)
 *     1 Some Great Hero (Sanctuary, Epic)
 *
 * The rulebook prints no card list, so the Faction and the Epic keyword come from the tags in
 * brackets (a Faction's name or colour, and "Epic"). A legal deck: exactly 50 cards (51 to 100
 * in an Extended game), at most 3 copies of a card, at most 1 of each Epic card, and the
 * Deity's Faction Requirement. A drafted deck may break the copy limits; one that cannot meet the
 * requirement is still played, without Conviction or the Deity Power.
 */
import { DEITIES, FACTIONS, deityById, type DeityId, type FactionId, type Requirement } from './cards';
import { EXTENDED_MAX, EXTENDED_MIN, STANDARD_DECK } from './format';

const MAX_COPIES = 3;
const MAX_EPIC_COPIES = 1;

interface DeckLine {
  line: number;
  count: number;
  name: string;
  faction?: FactionId;
  epic: boolean;
}

interface DeckOptions {
  deity: DeityId;
  extended?: boolean;
  drafted?: boolean;
  /** The requirement printed on the Deity card; defaults to what the app knows (Mars only). */
  requirement?: Requirement | null;
}

interface DeckReport {
  /** True when the deck may be played as it is. */
  legal: boolean;
  /** Action cards in the deck (the Deity card is not counted). */
  total: number;
  byFaction: Record<FactionId, number>;
  /** Cards listed without a Faction tag. */
  untagged: number;
  /** What makes the deck illegal, each in plain words. */
  problems: string[];
  /** Worth knowing, but not illegal. */
  notes: string[];
  /** Whether the Faction Requirement is met (true when it is not known). */
  requirementMet: boolean;
  /** False in a draft when the requirement cannot be met: no Conviction, no Deity Power. */
  deityPower: boolean;
  cards: DeckLine[];
}

const TAGS = new Map<string, FactionId | 'epic'>([
  ...FACTIONS.flatMap((f) => [
    [f.id, f.id],
    [f.colour, f.id]
  ]),
  ['epic', 'epic']
] as [string, FactionId | 'epic'][]);

const LINE = /^(?:(\d{1,4})\s*[x×]?\s+)?(.+?)\s*(?:[([]([^()[\]]*)[)\]])?$/i;

const keyOf = (name: string) => name.toLowerCase().replace(/\s+/g, ' ').trim();

interface ParsedDeck {
  cards: DeckLine[];
  /** Deity cards named in the list. */
  deities: { line: number; deity: DeityId; count: number }[];
  problems: string[];
}

/** Reads a typed list; every line it cannot read is a problem naming the line. */
export function parseDeckList(text: string): ParsedDeck {
  const cards: DeckLine[] = [];
  const deities: ParsedDeck['deities'] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('//')) return;
    const m = LINE.exec(trimmed);
    if (!m || !m[2]) {
      problems.push(`Line ${line} cannot be read: write a count, then the card’s name.`);
      return;
    }
    const count = m[1] === undefined ? 1 : Number(m[1]);
    const name = m[2].trim();
    if (count === 0) {
      problems.push(`Line ${line}: a count of 0 lists no card.`);
      return;
    }
    const deity = DEITIES.find((d) => keyOf(d.name) === keyOf(name));
    if (deity) {
      deities.push({ line, deity: deity.id, count });
      return;
    }
    let faction: FactionId | undefined;
    let epic = false;
    for (const tag of (m[3] ?? '')
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean)) {
      const known = TAGS.get(tag);
      if (!known) {
        problems.push(`Line ${line}: “${tag}” is not a Faction, a Faction colour or Epic.`);
        return;
      }
      if (known === 'epic') epic = true;
      else if (faction && faction !== known) {
        problems.push(`Line ${line}: a card belongs to one Faction only.`);
        return;
      } else faction = known;
    }
    cards.push({ line, count, name, ...(faction ? { faction } : {}), epic });
  });
  return { cards, deities, problems };
}

export function checkDeck(text: string, options: DeckOptions): DeckReport {
  const parsed = parseDeckList(text);
  const problems = [...parsed.problems];
  const notes: string[] = [];
  const deity = deityById(options.deity);
  if (!deity) throw new RangeError(`Unknown Deity ${options.deity}`);
  const deityCards = parsed.deities.reduce((sum, d) => sum + d.count, 0);
  if (deityCards > 1) problems.push('A deck has exactly one Deity card.');
  const other = parsed.deities.find((d) => d.deity !== deity.id);
  if (other) problems.push(`The list names ${deityById(other.deity)!.name}, but the Deity is ${deity.name}.`);

  // The same card on several lines counts once, all its copies together.
  const byName = new Map<string, { name: string; count: number; epic: boolean; factions: Set<FactionId> }>();
  for (const c of parsed.cards) {
    const entry = byName.get(keyOf(c.name)) ?? { name: c.name, count: 0, epic: false, factions: new Set() };
    entry.count += c.count;
    entry.epic ||= c.epic;
    if (c.faction) entry.factions.add(c.faction);
    byName.set(keyOf(c.name), entry);
  }
  const total = parsed.cards.reduce((sum, c) => sum + c.count, 0);
  const byFaction = Object.fromEntries(FACTIONS.map((f) => [f.id, 0])) as Record<FactionId, number>;
  let untagged = 0;
  for (const card of byName.values()) {
    if (card.factions.size > 1) problems.push(`${card.name} is tagged with two Factions.`);
    const [faction] = card.factions;
    if (faction) byFaction[faction] += card.count;
    else untagged += card.count;
  }

  const drafted = options.drafted === true;
  const extended = options.extended === true && !drafted;
  if (extended) {
    if (total < EXTENDED_MIN || total > EXTENDED_MAX) {
      problems.push(`An Extended deck has ${EXTENDED_MIN} to ${EXTENDED_MAX} cards; this one has ${total}.`);
    }
  } else if (total !== STANDARD_DECK) {
    problems.push(`A deck has exactly ${STANDARD_DECK} cards; this one has ${total}.`);
  }

  if (!drafted) {
    for (const card of byName.values()) {
      if (card.epic && card.count > MAX_EPIC_COPIES) {
        problems.push(`${card.name} is Epic: at most ${MAX_EPIC_COPIES} copy, not ${card.count}.`);
      } else if (card.count > MAX_COPIES) {
        problems.push(`${card.name}: at most ${MAX_COPIES} copies, not ${card.count}.`);
      }
    }
  }

  const requirement = options.requirement === undefined ? deity.requirement : options.requirement;
  let requirementMet = true;
  if (!requirement) {
    notes.push(`Enter ${deity.name}’s Faction Requirement from the Deity card to check it.`);
  } else {
    const have = byFaction[requirement.faction];
    const factionName = FACTIONS.find((f) => f.id === requirement.faction)!.name;
    requirementMet = have >= requirement.min;
    if (!requirementMet) {
      const short = `${deity.name} needs at least ${requirement.min} ${factionName} cards; the list has ${have}.`;
      if (drafted)
        notes.push(`${short} In a draft the deck is still played, without Conviction or the Deity Power.`);
      else problems.push(short);
    }
    if (untagged > 0 && !requirementMet) {
      notes.push(`${untagged} card${untagged === 1 ? ' has' : 's have'} no Faction tag and did not count.`);
    }
  }
  if (drafted)
    notes.push('Drafted decks may hold more than 3 copies of a card and more than 1 of an Epic card.');

  return {
    legal: problems.length === 0,
    total,
    byFaction,
    untagged,
    problems,
    notes,
    requirementMet,
    deityPower: requirementMet || !drafted,
    cards: parsed.cards
  };
}
