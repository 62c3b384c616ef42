/**
 * Table pictures: each game's facts from its setup (the rulebooks' seating: Titans' Duel, two
 * arenas in a square, three arenas in a ring of teams; Theos' teams side by side and its Realms),
 * the words a screen reader hears, and the layout: every seat inside the drawing, no two cards
 * on top of each other, no label wider than its card.
 */
import { describe, expect, it } from 'vitest';
import { pictureWords, type TablePicture } from '../../src/lib/picture/facts';
import { FONT, PLACE, WIDTH, fitText, layoutPicture, textWidth } from '../../src/lib/picture/layout';
import { titansPicture } from '../../src/lib/games/titans/picture';
import { theosPicture } from '../../src/lib/games/theos/picture';
import { epicPicture } from '../../src/lib/games/epic/picture';
import { twilightPicture } from '../../src/lib/games/twilight/picture';
import { wizPicture } from '../../src/lib/games/wiz/picture';
import { titansSetup } from '../fixtures/titans';
import { theosSetup } from '../fixtures/theos';
import { epicSetup } from '../fixtures/epic';
import { twilightSetup } from '../fixtures/twilight';
import { wizSetup } from '../fixtures/wiz';
import { LONG_NAMES } from '../fixtures/long-names';

const names = (p: TablePicture) => p.seats.map((s) => s.name);
const seat = (p: TablePicture, name: string) => p.seats.find((s) => s.name === name)!;
const arenas = (p: TablePicture, name: string) => seat(p, name).places.map((i) => p.places[i]);

/** The layout's promises, for any picture. */
function checkLayout(p: TablePicture) {
  const l = layoutPicture(p);
  expect(l.width).toBe(WIDTH);
  expect(l.seats).toHaveLength(p.seats.length);
  for (const s of l.seats) {
    expect(s.x - l.chip.width / 2).toBeGreaterThanOrEqual(0);
    expect(s.x + l.chip.width / 2).toBeLessThanOrEqual(l.width);
    expect(s.y - l.chip.height / 2).toBeGreaterThanOrEqual(0);
    expect(s.y + l.chip.height / 2).toBeLessThanOrEqual(l.height);
    expect(14 * (s.lines.length + 1)).toBeLessThanOrEqual(l.chip.height);
    expect(textWidth(s.name, FONT.name, true)).toBeLessThanOrEqual(l.chip.width - 12);
    for (const line of s.lines)
      expect(textWidth(line.text, FONT.line, line.mark)).toBeLessThanOrEqual(l.chip.width - 12);
  }
  for (const [i, a] of l.seats.entries())
    for (const b of l.seats.slice(i + 1)) {
      const apart = Math.abs(a.x - b.x) >= l.chip.width || Math.abs(a.y - b.y) >= l.chip.height;
      expect(apart, `${a.name} and ${b.name} overlap`).toBe(true);
    }
  for (const [i, place] of l.places.entries()) {
    for (const other of l.places.slice(i + 1))
      expect(
        Math.abs(place.x - other.x) >= PLACE.width || Math.abs(place.y - other.y) >= PLACE.height,
        `${place.label} on ${other.label}`
      ).toBe(true);
    expect(textWidth(place.label, FONT.place, true)).toBeLessThanOrEqual(PLACE.width - 12);
    for (const s of l.seats) {
      const apart =
        Math.abs(place.x - s.x) >= (l.chip.width + PLACE.width) / 2 ||
        Math.abs(place.y - s.y) >= (l.chip.height + PLACE.height) / 2;
      expect(apart, `${place.label} under ${s.name}`).toBe(true);
    }
  }
  return l;
}

describe('Titans table picture (the rulebook’s seating)', () => {
  it('Duel: two players across one arena; the Avatar Mat holder is marked and named', () => {
    const p = titansPicture(titansSetup('duel', 2, { avatarTeam: 1 }));
    expect(names(p)).toEqual(['Ana', 'Ben']);
    expect(p.places).toEqual(['Arena']);
    expect(seat(p, 'Ben').marks).toEqual(['Avatar Mat']);
    expect(seat(p, 'Ana').marks).toEqual([]);
    expect(p.notes[0]).toMatch(/^Ben starts with the Avatar Mat/);
    checkLayout(p);
  });

  it('Two arenas, 4 players: a square, each arena between a player and their opponent, teammates side by side', () => {
    const p = titansPicture(titansSetup('two-arenas', 4));
    // Clockwise: Team 1 in Arena 1 and Arena 2, then Team 2 back from Arena 2 to Arena 1.
    expect(names(p)).toEqual(['Ana', 'Ben', 'Dee', 'Cy']);
    expect(arenas(p, 'Ana')).toEqual(['Arena 1']);
    expect(arenas(p, 'Cy')).toEqual(['Arena 1']);
    expect(arenas(p, 'Ben')).toEqual(['Arena 2']);
    expect(arenas(p, 'Dee')).toEqual(['Arena 2']);
    const l = checkLayout(p);
    // Teammates on one side (the bottom), the other team across (the top).
    expect(l.seats[0].y).toBe(l.seats[1].y);
    expect(l.seats[2].y).toBeLessThan(l.table.cy);
    expect(l.seats[0].y).toBeGreaterThan(l.table.cy);
    // Arena 1 lies between Ana and Cy, on their side of the table.
    expect(Math.sign(l.places[0].x - l.table.cx)).toBe(Math.sign(l.seats[0].x - l.table.cx));
  });

  it('Two arenas, 3 players: the player alone sits once and plays both arenas', () => {
    const p = titansPicture(titansSetup('two-arenas', 3));
    expect(names(p)).toHaveLength(3);
    expect(new Set(names(p)).size).toBe(3);
    expect(arenas(p, 'Ana')).toEqual(['Arena 1', 'Arena 2']);
    expect(pictureWords(p).seats).toContain('Ana: Team 1, Arena 1 and Arena 2, Avatar Mat');
    checkLayout(p);
  });

  it('the Avatar Mat reads whole on its card, under the team', () => {
    const l = layoutPicture(titansPicture(titansSetup('three-arenas', 6)));
    expect(l.seats[0].lines.map((x) => x.text)).toEqual(['Team 1', 'Avatar Mat']);
  });

  it('Three arenas, 6 players: each player named once, a ring of teams, the book’s arena pairs', () => {
    const setup = titansSetup('three-arenas', 6, { avatarTeam: 2 });
    const p = titansPicture(setup);
    expect([...names(p)].sort()).toEqual(['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay']);
    expect(p.places).toEqual(['Arena 1', 'Arena 2', 'Arena 3']);
    // Round the table: Team 1, Team 2, Team 3, each pair together.
    expect(p.seats.map((s) => s.team)).toEqual([0, 0, 1, 1, 2, 2]);
    // Arena 1 is Team 1 v Team 3, Arena 2 Team 1 v Team 2, Arena 3 Team 2 v Team 3.
    const words = pictureWords(p);
    expect(words.places).toEqual([
      'Arena 1: Ana (Team 1) v Eli (Team 3)',
      'Arena 2: Ben (Team 1) v Cy (Team 2)',
      'Arena 3: Dee (Team 2) v Fay (Team 3)'
    ]);
    // Neighbours of different teams face each other across the arena between them.
    for (let i = 0; i < 6; i++) {
      const a = p.seats[i];
      const b = p.seats[(i + 1) % 6];
      if (a.team !== b.team) expect(a.places.some((x) => b.places.includes(x))).toBe(true);
    }
    expect(p.seats.filter((s) => s.marks.includes('Avatar Mat')).map((s) => s.name)).toEqual(['Fay', 'Eli']);
    expect(p.notes[0]).toBe(
      'Team 3 (Eli & Fay) starts with the Avatar Mat and awakens first. It passes clockwise to the next team at the end of each turn.'
    );
    checkLayout(p);
  });

  it('Three arenas, 5 and 3 players: a team of one plays both its arenas from one seat', () => {
    const five = titansPicture(titansSetup('three-arenas', 5));
    expect(five.seats).toHaveLength(5);
    const alone = five.seats.filter((s) => s.places.length === 2);
    expect(alone).toHaveLength(1);
    expect(arenas(five, alone[0].name)).toEqual(['Arena 1', 'Arena 2']);
    checkLayout(five);
    const three = titansPicture(titansSetup('three-arenas', 3));
    expect(three.seats.every((s) => s.places.length === 2)).toBe(true);
    checkLayout(three);
  });
});

describe('Theos table picture', () => {
  it('2v2: teammates side by side, across from the other team, round one Realm', () => {
    const p = theosPicture(theosSetup('2v2', 4));
    expect(p.seats.map((s) => s.team)).toEqual([0, 0, 1, 1]);
    expect(p.places).toEqual(['Realm']);
    const l = checkLayout(p);
    expect(l.seats[0].y).toBe(l.seats[1].y);
    expect(l.seats[2].y).toBe(l.seats[3].y);
    expect(l.links).toEqual([]);
    expect(p.notes).toContain('Everyone plays a card at once each turn: nobody goes first.');
  });

  it('5 and 6 players: two Realms, each player linked to the Realm they start in (as drawn)', () => {
    for (const [format, n] of [
      ['ffa', 5],
      ['3v3', 6],
      ['2v2v2', 6],
      ['ffa', 6]
    ] as const) {
      const setup = theosSetup(format, n);
      const p = theosPicture(setup);
      expect(p.places).toEqual(['Realm 1', 'Realm 2']);
      for (const s of p.seats) {
        const id = setup.players.find((q) => q.name === s.name)!.id;
        expect(s.places).toEqual([setup.realmOf[id]]);
      }
      const l = checkLayout(p);
      expect(l.links).toHaveLength(n);
      const words = pictureWords(p).places.join(' ');
      for (const name of names(p)) expect(words).toContain(name);
    }
  });

  it('2v2v2: each team together; a draft names who picks first', () => {
    const p = theosPicture(theosSetup('2v2v2', 6));
    expect(p.seats.map((s) => s.team)).toEqual([0, 0, 1, 1, 2, 2]);
    const draft = theosPicture(theosSetup('1v1', 2, 'draft'));
    expect(draft.seats.filter((s) => s.marks.includes('Picks first'))).toHaveLength(1);
    expect(draft.notes.join(' ')).toMatch(/picks first in the draft/);
  });
});

describe('Epic, Twilight and WiZ table pictures', () => {
  it('Epic: the seats clockwise and who starts', () => {
    const p = epicPicture(epicSetup(4, { first: 2 }));
    expect(names(p)).toEqual(['Ana', 'Ben', 'Cy', 'Dee']);
    expect(seat(p, 'Cy').marks).toEqual(['Starts']);
    expect(p.notes[0]).toBe('Cy takes the first turn.');
    checkLayout(p);
  });

  it('Twilight in teams: each seat’s team in the drawing’s line and in words', () => {
    const p = twilightPicture(twilightSetup(6, { teams: [0, 1, 2, 0, 1, 2], first: 1 }));
    expect(p.seats.map((s) => s.team)).toEqual([0, 1, 2, 0, 1, 2]);
    expect(pictureWords(p).seats[1]).toBe('Ben: Team 2, Starts');
    expect(p.notes).toContain('Team 1: Ana & Dee.');
    const l = checkLayout(p);
    expect(l.seats[0].lines.map((x) => x.text)).toEqual(['Team 1']);
    expect(l.seats[1].lines).toEqual([
      { text: 'Team 2', mark: false },
      { text: 'Starts', mark: true }
    ]);
  });

  it('WiZ: who deals first; solo is one person at both seats', () => {
    const p = wizPicture(wizSetup('standard', 3, { firstDealer: 1 }));
    expect(seat(p, 'Ben').marks).toEqual(['Deals first']);
    expect(p.notes).toContain('Cy, on the dealer’s left, gets 13 cards and plays first.');
    const solo = wizPicture(wizSetup('solo'));
    expect(solo.notes).toContain('One person plays both seats.');
    checkLayout(solo);
  });
});

describe('names in the drawing and in words', () => {
  it('a long name is shortened with an ellipsis in the drawing, whole in the words', () => {
    const setup = titansSetup('three-arenas', 6);
    setup.players = setup.players.map((q, i) => ({ ...q, name: LONG_NAMES[i] }));
    const p = titansPicture(setup);
    const l = checkLayout(p);
    for (const [i, s] of l.seats.entries()) {
      expect(s.name.endsWith('…')).toBe(true);
      expect(p.seats[i].name.startsWith(s.name.slice(0, -1))).toBe(true);
    }
    const words = pictureWords(p);
    for (const name of LONG_NAMES) expect(words.seats.some((w) => w.startsWith(`${name}:`))).toBe(true);
  });

  it('fitText keeps a name that fits, and cuts one that does not to fit', () => {
    expect(fitText('Ana', 14, 92)).toBe('Ana');
    const cut = fitText('WWWWWWWWWWWWWWWW', 14, 92);
    expect(cut.endsWith('…')).toBe(true);
    expect(textWidth(cut, 14)).toBeLessThanOrEqual(92);
    expect(fitText('W', 14, 1)).toBe('…');
  });
});
