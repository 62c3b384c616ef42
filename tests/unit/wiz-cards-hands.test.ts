/**
 * WiZ cards, decks and hands: the rulebook's table of points and card values, the deck shoe,
 * card values with the same-element bonuses, and the hand check (30+ openings and other hands).
 */
import { describe, expect, it } from 'vitest';
import {
  CARD_VALUES,
  DECKS,
  POINTS,
  POINTS_TABLE,
  DECK_IDS,
  chaoticCeiling,
  copiesInDeck,
  deckContents,
  deckSummary,
  pointsOf,
  type Card,
  type Table
} from '../../src/lib/games/wiz/cards';
import { checkHand, handCardValue, type HandCheck } from '../../src/lib/games/wiz/hands';
import { maxHandValue } from '../../src/lib/games/wiz/scoring';
import { cards } from '../fixtures/wiz';

const table = (deck: keyof typeof DECKS = 'quad-4', titans = false, characters = false): Table => ({
  deck: DECKS[deck],
  titans,
  characters
});
const valueOf = (text: string) => handCardValue(cards(text)).value;
const ok = (check: HandCheck) => {
  if (!check.ok) throw new Error(`expected a legal hand: ${check.reason}`);
  return check;
};
const reasonOf = (check: HandCheck) => (check.ok ? '(legal)' : check.reason);
const openingOf = (text: string, t = table()) => ok(checkHand(cards(text), t)).opening;

describe('WiZ: the table of points and card values', () => {
  it('numbered cards 1–9: points = face value, card value 1', () => {
    for (let v = 1; v <= 9; v++) {
      const card: Card = { kind: 'number', element: 'fire', value: v };
      expect(pointsOf(card)).toBe(v);
      expect(handCardValue([card]).value).toBe(1);
    }
  });
  it('shard 10/1, master element 20/3, action 15/–, WiZ and deck joker 20/1', () => {
    expect([pointsOf(cards('fire:s1')[0]), valueOf('fire:s1')]).toEqual([10, 1]);
    expect([pointsOf(cards('fire:master')[0]), valueOf('fire:master')]).toEqual([20, 3]);
    expect(pointsOf(cards('stun')[0])).toBe(15);
    expect(CARD_VALUES.action).toBeNull();
    expect([pointsOf(cards('wiz')[0]), valueOf('wiz')]).toEqual([20, 1]);
    expect([pointsOf(cards('joker')[0]), valueOf('joker')]).toEqual([20, 1]);
  });
  it('elemental 30/1–2, titan 100/2–4, character 100/5, artifact 30/2–4', () => {
    expect(pointsOf(cards('fire:elemental')[0])).toBe(30);
    expect(valueOf('fire:5 fire:6 fire:7 water:elemental') - 3).toBe(1);
    expect(valueOf('fire:5 fire:6 fire:7 fire:elemental') - 3).toBe(2);
    expect(pointsOf(cards('fire:titan')[0])).toBe(100);
    expect(valueOf('fire:5 fire:6 fire:7 air:titan') - 3).toBe(2);
    expect(valueOf('fire:5 fire:6 fire:7 fire:titan') - 3).toBe(4);
    expect(pointsOf(cards('air:character')[0])).toBe(100);
    expect(valueOf('air:character')).toBe(5);
    expect(pointsOf(cards('air:artifact')[0])).toBe(30);
    expect(valueOf('air:character fire:artifact')).toBe(7);
    expect(valueOf('air:character air:artifact')).toBe(9);
  });
});

describe('WiZ: the table as the screens show it', () => {
  it('matches the points and card values the calculator uses', () => {
    const byName = Object.fromEntries(POINTS_TABLE.map((r) => [r.card, r]));
    const kinds = [
      ['Shard', 'shard'],
      ['Master element', 'master'],
      ['Action card', 'action'],
      ['WiZ card', 'wiz'],
      ['Deck joker', 'joker'],
      ['Elemental', 'elemental'],
      ['Titan', 'titan'],
      ['Character', 'character'],
      ['Reen artifact', 'artifact']
    ] as const;
    for (const [name, kind] of kinds) {
      expect(byName[name].points, name).toBe(String(POINTS[kind]));
      const v = CARD_VALUES[kind];
      expect(byName[name].value.startsWith(v ? String(v.base) : '–'), name).toBe(true);
      if (v && v.same !== v.base) expect(byName[name].value, name).toContain(`or ${v.same}`);
    }
    expect(POINTS_TABLE).toHaveLength(10);
  });
});

describe('WiZ: card value of a hand (worked example)', () => {
  it('Fire 5-6-7-8 is 4; with a Fire elemental it is 6', () => {
    expect(valueOf('fire:5 fire:6 fire:7 fire:8')).toBe(4);
    expect(valueOf('fire:5 fire:6 fire:7 fire:8 fire:elemental')).toBe(6);
  });
  it('shows how the value adds up, line by line', () => {
    expect(handCardValue(cards('fire:5 fire:6 fire:7 fire:8 fire:elemental')).parts).toEqual([
      { label: '4 cards at 1 each', value: 4 },
      { label: 'Fire elemental, same element as the hand', value: 2 }
    ]);
  });
  it('a master element counts 3, and the hand takes its element', () => {
    const v = handCardValue(cards('water:master water:4 water:6 water:elemental'));
    expect(v).toMatchObject({ value: 3 + 2 + 2, element: 'water' });
  });
  it('a mixed set of a kind has no element, so elementals and titans give their base bonus', () => {
    const v = handCardValue(cards('fire:5 water:5 air:5 fire:elemental fire:titan'));
    expect(v).toMatchObject({ value: 3 + 1 + 2, element: null });
  });
  it('opposing elementals cancel each other; an opposing titan cancels an elemental but keeps its own bonus', () => {
    expect(valueOf('fire:5 fire:6 fire:7 fire:8 fire:elemental water:elemental')).toBe(4);
    expect(valueOf('fire:5 fire:6 fire:7 fire:8 fire:elemental water:titan')).toBe(4 + 2);
    expect(valueOf('fire:5 fire:6 fire:7 fire:8 fire:elemental air:elemental')).toBe(4 + 2 + 1);
  });
});

describe('WiZ: the deck shoe', () => {
  it('each deck has its elements and what it leaves out', () => {
    expect(deckSummary(DECKS['solo-2'])).toBe('Fire and Water · no Swap · 1 WiZ card');
    expect(deckSummary(DECKS['solo-4r'])).toBe(
      'Fire, Water, Air and Earth · cards 1–5 taken out · no Swap · 2 WiZ cards'
    );
    expect(deckSummary(DECKS['duo-2r'])).toBe('Fire and Water · cards 1–5 taken out · 1 WiZ card');
    expect(deckSummary(DECKS['trio-3'])).toBe('Fire, Water and Air · 2 WiZ cards');
    expect(deckSummary(DECKS['quad-4'])).toBe('Fire, Water, Air and Earth · 2 WiZ cards');
    expect(deckSummary(DECKS['quad-4s'])).toBe(
      'Fire, Water, Air and Earth · doubles taken out · 2 WiZ cards'
    );
    expect(deckSummary(DECKS['hexa-6'])).toBe('Fire, Water, Air, Earth, Light and Dark · 3 WiZ cards');
  });
  it('an element set is 2 × (1–9), 2 × five shards and one master element: 29 cards', () => {
    const elementCards = deckContents(table('quad-4'))
      .filter(
        ({ card }) =>
          ['number', 'shard', 'master'].includes(card.kind) && 'element' in card && card.element === 'fire'
      )
      .reduce((s, c) => s + c.copies, 0);
    expect(elementCards).toBe(29);
    const s = deckContents(table('quad-4s'))
      .filter(
        ({ card }) =>
          ['number', 'shard', 'master'].includes(card.kind) && 'element' in card && card.element === 'fire'
      )
      .reduce((sum, c) => sum + c.copies, 0);
    expect(s).toBe(15);
    const r = deckContents(table('duo-2r'))
      .filter(
        ({ card }) =>
          ['number', 'shard', 'master'].includes(card.kind) && 'element' in card && card.element === 'fire'
      )
      .reduce((sum, c) => sum + c.copies, 0);
    expect(r).toBe(8 + 10 + 1);
  });
  it('Swap is out of the solo decks; Take 2 is the only action card twice; Portal comes with characters', () => {
    for (const id of DECK_IDS) {
      const swap = copiesInDeck({ kind: 'action', action: 'swap' }, table(id));
      expect(swap, id).toBe(id.startsWith('solo') ? 0 : 1);
      expect(copiesInDeck({ kind: 'action', action: 'take-two' }, table(id))).toBe(2);
      expect(copiesInDeck({ kind: 'action', action: 'stun' }, table(id))).toBe(1);
    }
    expect(copiesInDeck({ kind: 'action', action: 'portal' }, table('quad-4'))).toBe(0);
    expect(copiesInDeck({ kind: 'action', action: 'portal' }, table('quad-4', false, true))).toBe(2);
  });
  it('titans, characters and artifacts are only there when the game uses them', () => {
    expect(copiesInDeck({ kind: 'titan', element: 'fire' }, table('quad-4'))).toBe(0);
    expect(copiesInDeck({ kind: 'titan', element: 'fire' }, table('quad-4', true))).toBe(1);
    expect(copiesInDeck({ kind: 'artifact', element: 'air' }, table('quad-4', false, true))).toBe(1);
    expect(copiesInDeck({ kind: 'character', element: 'light' }, table('hexa-6', false, true))).toBe(0);
  });
  it('the most chaotic EP a deck can hold: every card but characters (titans held count), deck joker at its costliest', () => {
    // Four element sets: 2 × 45 + 100 + 20 + an elemental 30 = 240 each; 2 WiZ 40; 11 actions 165;
    // the deck joker on the 1s makes eight cards count 20 instead of 1: +152.
    expect(chaoticCeiling(table('quad-4'))).toBe(4 * 240 + 40 + 165 + 152);
    // With titans and characters: the 4 titans (100 each, a loser may hold them), 2 more actions
    // and the 4 artifacts; characters never count.
    expect(chaoticCeiling(table('quad-4', true, true))).toBe(
      4 * 240 + 40 + 165 + 152 + 4 * 100 + 2 * 15 + 4 * 30
    );
  });
});

describe('WiZ: 30+ opening hands (worked examples)', () => {
  it('6-7-8-9 of one element', () => {
    expect(openingOf('fire:6 fire:7 fire:8 fire:9')).toEqual({ ok: true, way: 'run', points: 30 });
  });
  it('a master element with a 10 of its element (a shard, or numbers adding up to 10)', () => {
    expect(openingOf('water:master water:s2')).toEqual({ ok: true, way: 'master', points: 30 });
    expect(openingOf('water:master water:4 water:6')).toEqual({ ok: true, way: 'master', points: 30 });
  });
  it('three linked shards of one element', () => {
    expect(openingOf('earth:s1 earth:s2 earth:s3')).toEqual({ ok: true, way: 'shard-run', points: 30 });
  });
  it('three shards of one level in different elements (2–4 players)', () => {
    expect(openingOf('air:s1 earth:s1 water:s1')).toEqual({ ok: true, way: 'shard-set', points: 30 });
  });
  it('and why not, in plain words, when a hand cannot open', () => {
    expect(openingOf('fire:1 fire:2 fire:3 fire:4')).toEqual({
      ok: false,
      reason: 'This run adds up to 10 points; a 30+ run needs 30 or more.'
    });
    expect(openingOf('fire:7 fire:8 fire:9')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/4 or more cards/)
    });
    expect(openingOf('water:master')).toEqual({
      ok: false,
      reason: 'The Water master element alone is 20 points; a 30+ hand needs 10 or more Water points with it.'
    });
    expect(openingOf('water:master water:9')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/add up to 9/)
    });
    expect(openingOf('fire:5 water:5 air:5')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/set of numbered cards/)
    });
    expect(openingOf('fire:s1 water:s1 fire:s1', table('solo-2'))).toEqual({
      ok: false,
      reason: 'This deck has only two elements, so shards of one level cannot make a 30+ hand.'
    });
    expect(openingOf('air:character', table('quad-4', false, true))).toMatchObject({ ok: false });
  });
  it('our reading: a WiZ card counts as the card it stands for, at its best place', () => {
    expect(openingOf('fire:6 fire:7 fire:8 wiz')).toEqual({ ok: true, way: 'run', points: 30 });
    expect(openingOf('fire:7 fire:8 fire:9 joker', table('duo-2r'))).toEqual({
      ok: true,
      way: 'run',
      points: 30
    });
    expect(openingOf('water:master wiz')).toEqual({ ok: true, way: 'master', points: 30 });
    expect(openingOf('fire:s4 fire:s5 wiz')).toEqual({ ok: true, way: 'shard-run', points: 30 });
    expect(openingOf('fire:1 fire:2 fire:3 wiz').ok).toBe(false);
  });
  it('our reading: four or more same-element cards open only as a run', () => {
    const check = checkHand(cards('fire:2 fire:6 fire:9 fire:9'), table());
    expect(check.ok).toBe(false);
  });
});

describe('WiZ: other hands', () => {
  it('a run of 3+ linked cards of one element, a master element with or without more, a set of a kind', () => {
    expect(ok(checkHand(cards('fire:5 fire:6 fire:7 fire:8'), table())).what).toBe('a run of Fire 5 to 8');
    expect(ok(checkHand(cards('air:master'), table())).what).toBe('the Air master element alone');
    expect(ok(checkHand(cards('air:master air:2 air:9'), table())).kind).toBe('master');
    expect(ok(checkHand(cards('earth:5 fire:5 water:5'), table())).what).toBe('a set of 3 5s');
  });
  it('two-element decks allow repeated elements in a set of a kind; others do not', () => {
    expect(ok(checkHand(cards('fire:5 fire:5 water:5'), table('solo-2'))).kind).toBe('set');
    expect(reasonOf(checkHand(cards('fire:5 fire:5 water:5'), table('quad-4')))).toBe(
      'Fire 5 is here twice: a set of a kind needs a different element for each card (only two-element decks allow repeats).'
    );
  });
  it('WiZ cards and deck jokers fill gaps in a run', () => {
    expect(ok(checkHand(cards('fire:5 wiz fire:7'), table())).what).toBe('a run of Fire 5 to 7');
    expect(ok(checkHand(cards('fire:5 joker wiz fire:8'), table())).cardValue).toBe(4);
    expect(reasonOf(checkHand(cards('fire:5 fire:7 fire:9'), table()))).toBe(
      'The run is missing the numbers 6, 8, with no WiZ card or deck joker to fill them.'
    );
  });
  it('impossible hands are refused with the reason', () => {
    const reasons: [string, string, Table?][] = [
      ['', 'Pick the cards of the hand first.'],
      ['fire:5 fire:6', 'A hand needs at least 3 cards, or a master element.'],
      [
        'fire:5 fire:s1 fire:6',
        'Numbered cards and shards do not link or match: without a master element, a hand is all numbers or all shards.'
      ],
      ['fire:master water:master', 'A hand holds one master element at most.'],
      [
        'fire:master water:3',
        'Water 3 is not Fire: a master element hand takes only cards of its own element.'
      ],
      ['fire:5 fire:6 stun', 'Stun is an action card: action cards are played, never laid in a hand.'],
      ['fire:5 fire:5 fire:6', 'The number 5 is here twice: a run holds each number once.'],
      [
        'fire:5 water:6 air:7',
        'These cards are neither a run (one element, numbers in a row) nor a set of a kind (one number, different elements).'
      ],
      ['fire:elemental', 'Elementals and titans are attached to a hand; they are not a hand alone.'],
      [
        'fire:5 fire:6 fire:7 earth:1',
        'This deck has no Earth cards; it holds Fire and Water.',
        table('solo-2')
      ],
      [
        'fire:3 fire:4 fire:5',
        'This deck has no 3s: [R] decks take out the numbered cards 1 to 5.',
        table('duo-2r')
      ],
      ['fire:5 fire:6 fire:7 fire:titan', 'This game is played without titans.'],
      ['air:character', 'This game is played without characters.'],
      [
        'fire:5 fire:6 fire:7 fire:artifact',
        'Reen artifacts come with the characters, and this game is played without them.'
      ],
      [
        'fire:5 fire:6 fire:7 fire:artifact',
        'A Reen artifact goes on a character, so this hand needs one.',
        table('quad-4', false, true)
      ],
      [
        'air:character fire:5',
        'A character on the table is a hand of its own: it takes artifacts and elementals, not element cards.',
        table('quad-4', false, true)
      ],
      ['fire:5 water:5 air:5 wiz wiz wiz', 'There are 3 WiZ cards here, but the deck holds only 2.'],
      ['fire:5 water:5 air:5 earth:5 wiz', 'A set of a kind in this deck holds at most 4 cards.'],
      [
        'fire:6 fire:7 fire:8 fire:9 wiz',
        'A run in this deck holds at most 4 cards (6 to 9).',
        table('duo-2r')
      ]
    ];
    for (const [text, reason, t] of reasons) {
      expect(reasonOf(checkHand(text ? cards(text) : [], t ?? table())), text).toBe(reason);
    }
  });
  it('the hand’s chaotic points leave titans and characters out', () => {
    expect(
      ok(checkHand(cards('fire:5 fire:6 fire:7 fire:titan fire:elemental'), table('quad-4', true)))
        .chaoticPoints
    ).toBe(18 + 30);
  });
});

describe('WiZ: the highest card value a hand can reach', () => {
  it('is what a master element hand with every card it can hold adds up to', () => {
    // Fire master, every Fire number and shard, both WiZ cards, the six non-Fire cards of the deck
    // joker's rank, and the Fire and Air elementals (Water's would cancel Fire's, Earth's Air's).
    const fire = Array.from({ length: 9 }, (_, i) => `fire:${i + 1} fire:${i + 1}`).join(' ');
    const shards = Array.from({ length: 5 }, (_, i) => `fire:s${i + 1} fire:s${i + 1}`).join(' ');
    const all = cards(
      `fire:master ${fire} ${shards} wiz wiz joker joker joker joker joker joker fire:elemental air:elemental`
    );
    const check = ok(checkHand(all, table()));
    expect(check.cardValue).toBe(maxHandValue(table()));
    expect(maxHandValue(table())).toBe(3 + 28 + 2 + 6 + 2 + 1);
  });
  it('grows with titans and characters', () => {
    // Every titan on: Fire 4, the others 2 each, and each cancels the elemental it opposes.
    expect(maxHandValue(table('quad-4', true))).toBe(3 + 28 + 2 + 6 + 4 + 2 + 2 + 2);
    expect(
      valueOf('fire:master fire:elemental air:elemental fire:titan air:titan earth:titan water:titan')
    ).toBe(3 + 10);
    expect(maxHandValue(table('quad-4', false, true))).toBe(maxHandValue(table()) + 2);
  });
});
