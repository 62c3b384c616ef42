/**
 * Theos card data and the rulebook's ready-made decks and rosters: read from the rulebook itself
 * and compared card by card, with its list slips resolved as the rules text says.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CARDS,
  GODS,
  cardById,
  cardLabel,
  cardsOf,
  readListEntry,
  searchCards,
  typeForSpeed
} from '../../src/lib/games/theos/cards';
import { PREBUILT_GROUPS, ROSTER_SETS, rosterSet, type DeckGroup } from '../../src/lib/games/theos/decks';
import { KNOWN_GOD_SPEEDS } from '../../src/lib/games/theos/speed';
import { allRules } from '../../src/lib/rules/content';

const RULEBOOK = readFileSync(resolve(__dirname, '../../../shared/seeds/004_8a6704bfbb5de3c8.txt'), 'utf8');
const RULES_MD = readFileSync(resolve(__dirname, '../../src/lib/games/theos/rules.md'), 'utf8');

interface BookDeck {
  group: string;
  number: number;
  name: string;
  lines: { id: string; name: string }[];
}

/** The rulebook's deck and roster lists, as printed (Set 3 of Clash of the Gods runs on in a second column). */
function bookLists(): BookDeck[] {
  const lines = RULEBOOK.split('\n').map((l) => l.trim());
  const start = lines.indexOf('Prebuilt Decks');
  const groups = [...PREBUILT_GROUPS, ...ROSTER_SETS].map((g) => g.name);
  const decks: BookDeck[] = [];
  let group = '';
  let current: BookDeck | undefined;
  for (const line of lines.slice(start)) {
    if (groups.includes(line)) group = line;
    const head = /^(?:Deck|Set) (\d): (.+)$/.exec(line);
    if (head) decks.push((current = { group, number: +head[1], name: head[2], lines: [] }));
    const more = /^Set (\d) \(Continued\)$/.exec(line);
    if (more) current = decks.find((d) => d.group === group && d.number === +more[1]);
    const entry = /^- ([PGHD]\d+) (.+)$/.exec(line);
    if (entry && current) current.lines.push({ id: entry[1], name: entry[2] });
  }
  return decks;
}

const allGroups: DeckGroup[] = [...PREBUILT_GROUPS, ...ROSTER_SETS];

describe('Theos cards', () => {
  it('has 60 Prayer Cards: each god one card at every Speed 1 to 15, ids letter + Speed', () => {
    expect(CARDS).toHaveLength(60);
    expect(new Set(CARDS.map((c) => c.id)).size).toBe(60);
    expect(new Set(CARDS.map((c) => c.name)).size).toBe(60);
    for (const god of GODS) {
      expect(cardsOf(god).map((c) => c.speed)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    }
    for (const c of CARDS) expect(c.id).toBe(`${c.god[0].toUpperCase()}${c.speed}`);
  });

  it('types follow Speed: 1 Betrayal, 2 to 8 Offering, 9 to 15 Power', () => {
    expect([1, 2, 8, 9, 15].map(typeForSpeed)).toEqual([
      'betrayal',
      'offering',
      'offering',
      'power',
      'power'
    ]);
    for (const god of GODS) {
      expect(cardsOf(god, 'betrayal')).toHaveLength(1);
      expect(cardsOf(god, 'offering')).toHaveLength(7);
      expect(cardsOf(god, 'power')).toHaveLength(7);
    }
    expect(cardById('h10')).toMatchObject({ name: 'Cerberus', god: 'hades', speed: 10, type: 'power' });
    expect(cardById('X1')).toBeUndefined();
  });

  it('stores God Speed only where the rulebook gives it: War Fleet VII, Pallas X (ruling-god-speed)', () => {
    const known = CARDS.filter((c) => c.godSpeed !== undefined);
    expect(known.map((c) => [c.id, c.name, c.godSpeed])).toEqual([
      ['P4', 'War Fleet', 7],
      ['G4', 'Pallas', 10]
    ]);
    expect(KNOWN_GOD_SPEEDS).toEqual({ poseidon: 7, gaia: 10 });
  });

  it('finds cards by id or by words of the name', () => {
    expect(searchCards('g4').map((c) => c.id)).toEqual(['G4']);
    expect(searchCards('war').map((c) => c.id)).toEqual(['P4', 'G10']);
    expect(searchCards('triton')[0].name).toBe("Triton's Conch");
    expect(searchCards('p1').map((c) => c.id)).toEqual(['P1', 'P10', 'P11', 'P12', 'P13', 'P14', 'P15']);
    expect(searchCards('  ')).toEqual([]);
    expect(searchCards('of the giants').map((c) => c.id)).toEqual(['G10']);
    expect(cardLabel('G4')).toBe('Pallas (G4)');
  });
});

describe('Theos list slips, resolved as the rules text rules', () => {
  it('ruling-path-of-rebirth: "P4 Winds of Aeolus" is Winds of Aeolus, P3', () => {
    const read = readListEntry('P4', 'Winds of Aeolus')!;
    expect(read.card.id).toBe('P3');
    expect(read.slip).toMatch(/Winds of Aeolus \(P3\)/);
    // Everywhere else the book has P3 Winds of Aeolus and P4 War Fleet.
    expect(readListEntry('P3', 'Winds of Aeolus')).toEqual({ card: cardById('P3') });
    expect(readListEntry('P4', 'War Fleet')).toEqual({ card: cardById('P4') });
  });

  it('ruling-war-of-the-giants: "War of the Giant" is War of the Giants, G10', () => {
    const read = readListEntry('G10', 'War of the Giant')!;
    expect(read.card).toMatchObject({ id: 'G10', name: 'War of the Giants' });
    expect(read.slip).toBeDefined();
    expect(readListEntry('G10', 'War of the Giants')).toEqual({ card: cardById('G10') });
  });

  it('the rulebook has exactly those two slips in all its lists, where the rules text says', () => {
    const slips = bookLists().flatMap((d) =>
      d.lines.flatMap((l) => (readListEntry(l.id, l.name)?.slip ? [`${d.name}: ${l.id} ${l.name}`] : []))
    );
    expect(slips).toEqual(['Path of Rebirth: P4 Winds of Aeolus', 'Summer: G10 War of the Giant']);
  });

  it('every name in the rulebook’s lists is a card, and the lists name all 60', () => {
    const seen = new Set<string>();
    for (const d of bookLists()) {
      for (const l of d.lines) {
        const read = readListEntry(l.id, l.name);
        expect(read, `${d.name}: ${l.id} ${l.name}`).toBeDefined();
        seen.add(read!.card.id);
      }
    }
    expect(seen.size).toBe(60);
  });
});

describe('Theos prebuilt decks and rosters', () => {
  it('match the rulebook’s lists card by card, in the book’s order', () => {
    const book = bookLists();
    expect(book).toHaveLength(16); // 2 + 2 + 3 + 4 decks, 2 + 3 rosters
    for (const group of allGroups) {
      const printed = book.filter((d) => d.group === group.name).sort((a, b) => a.number - b.number);
      expect(
        printed.map((d) => d.name),
        group.name
      ).toEqual(group.decks.map((d) => d.name));
      printed.forEach((d, i) => {
        expect(
          d.lines.map((l) => readListEntry(l.id, l.name)!.card.id),
          d.name
        ).toEqual(group.decks[i].cards);
      });
    }
  });

  // Rulebook, Roster Sets, 3 Players (Clash of the Gods): "Set 3: Unlikely Allies" lists ten
  // Poseidon and Demeter cards, and "Set 3 (Continued)", after Set 2, ten Hades and Gaia cards
  // ending with G15 Hidden Knowledge. rules.md (ruling-unlikely-allies): the roster is all 20.
  it('Unlikely Allies holds the 20 cards of both parts of the book’s list, G15 included, as the ruling says', () => {
    const lines = RULEBOOK.split('\n').map((l) => l.trim());
    const listAfter = (heading: string) => {
      const at = lines.indexOf(heading);
      expect(at, heading).toBeGreaterThan(0);
      const list: string[] = [];
      for (const line of lines.slice(at + 1)) {
        const entry = /^- ([PGHD]\d+) /.exec(line);
        if (entry) list.push(entry[1]);
        else if (line !== '') break;
      }
      return list;
    };
    const first = listAfter('Set 3: Unlikely Allies');
    const continued = listAfter('Set 3 (Continued)');
    expect(first).toEqual(['P2', 'P8', 'P9', 'P11', 'P15', 'D1', 'D5', 'D8', 'D10', 'D12']);
    expect(continued).toEqual(['H3', 'H8', 'H10', 'H12', 'H15', 'G1', 'G3', 'G5', 'G10', 'G15']);
    const roster = rosterSet('clash-of-the-gods')!.decks.find((d) => d.name === 'Unlikely Allies')!;
    expect(roster.cards).toEqual([...first, ...continued]);
    expect(roster.cards).toHaveLength(20);
    expect(roster.cards).toContain('G15');
    // With G15 the three rosters share the Card Pool out exactly; no other roster holds it.
    const others = rosterSet('clash-of-the-gods')!.decks.filter((d) => d !== roster);
    expect(others.some((d) => d.cards.includes('G15'))).toBe(false);
    const ruling = allRules().theos.sections.find((s) => s.id === 'ruling-unlikely-allies');
    expect(ruling?.kind).toBe('ruling');
    expect(ruling!.text).toMatch(/holds all 20 cards of both parts, Hidden Knowledge \(G15\) included/);
  });

  it('decks have 12 cards, rosters 30 (2 players) or 20 (3 players); a group never shares a card', () => {
    for (const g of PREBUILT_GROUPS) {
      expect(g.decks).toHaveLength(g.players);
      for (const d of g.decks) expect(d.cards, d.name).toHaveLength(12);
    }
    for (const g of ROSTER_SETS) {
      expect(g.decks).toHaveLength(g.players);
      for (const d of g.decks) expect(d.cards, d.name).toHaveLength(60 / g.players);
      // Each roster set divides the whole Card Pool among its players.
      expect(new Set(g.decks.flatMap((d) => d.cards)).size).toBe(60);
    }
    for (const g of allGroups) {
      const all = g.decks.flatMap((d) => d.cards);
      expect(new Set(all).size, g.name).toBe(all.length);
      for (const id of all) expect(cardById(id), id).toBeDefined();
    }
  });

  it('the rules text lists the same cards for every deck and roster, with the right type counts', () => {
    const sections = allRules().theos.sections;
    for (const group of allGroups) {
      for (const deck of group.decks) {
        const heading = new RegExp(
          `^#### (?:Deck|Set) \\d: ${deck.name.replace(/'/g, "'")} \\{#([a-z-]+)\\}`,
          'm'
        );
        const id = heading.exec(RULES_MD)?.[1];
        expect(id, deck.name).toBeDefined();
        const text = sections.find((s) => s.id === id)!.text;
        const ids = [...text.matchAll(/\(([PGHD]\d+)/g)].map((m) => m[1]);
        expect(new Set(ids), deck.name).toEqual(new Set(deck.cards));
        const count = (t: string) => deck.cards.filter((c) => cardById(c)!.type === t).length;
        expect(text, deck.name).toContain(
          `${deck.cards.length} cards: ${count('betrayal')} Betrayal, ${count('offering')} Offering, ${count('power')} Power`
        );
      }
    }
  });

  it('the rules text’s card tables list every card with its name and type', () => {
    for (const c of CARDS) {
      const type = { betrayal: 'Betrayal', offering: 'Offering', power: 'Power' }[c.type];
      expect(RULES_MD, c.id).toContain(`| ${c.id} | ${c.name} | ${type} |`);
    }
  });
});
