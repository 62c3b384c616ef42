/**
 * The deck checker: every designed-deck limit, the sealed formats, the gift list, and lines it
 * cannot read (shown with their reason, never dropped).
 */
import { describe, expect, it } from 'vitest';
import { checkDeck, readList, describeLines } from '../../src/lib/games/epic/deck';
import { GIFT_CARDS, cardKey, isGift } from '../../src/lib/games/epic/gifts';

const designed = { format: 'designed' as const, packs: 0 };
/** n distinct non-gift cards, 3 copies each until the total is reached. */
function filler(total: number, prefix = 'Card'): string {
  const lines: string[] = [];
  for (let i = 0; total > 0; i++) {
    const n = Math.min(3, total);
    lines.push(`${n} ${prefix} ${i + 1}`);
    total -= n;
  }
  return lines.join('\n');
}

describe('Epic gift cards', () => {
  it('has the rulebook’s 38 gift cards, all different', () => {
    expect(GIFT_CARDS).toHaveLength(38);
    expect(new Set(GIFT_CARDS.map(cardKey)).size).toBe(38);
    expect(isGift('Thrust')).toBe(true);
    expect(isGift('walk it off')).toBe(true);
    expect(isGift('Nature’s Renewal')).toBe(true);
    expect(isGift('one eyed sidekick')).toBe(true);
    expect(isGift('You Were Saying?')).toBe(true);
    expect(isGift('Dragon')).toBe(false);
  });
});

describe('Epic deck lists', () => {
  it('reads “3 Thrust”, “3x Thrust” and “3 x Thrust”; blank lines are spacing', () => {
    const { lines, unreadable } = readList('3 Thrust\n\n2x Swarm\n1 x  Rescue  \n', 'deck');
    expect(unreadable).toEqual([]);
    expect(lines.map((l) => [l.line, l.count, l.name])).toEqual([
      [1, 3, 'Thrust'],
      [3, 2, 'Swarm'],
      [4, 1, 'Rescue']
    ]);
  });

  it('a line it cannot read is reported with its number and why', () => {
    const { unreadable } = readList('Thrust\n2.5 Swarm\n0 Rescue\n4\nChampions (20)', 'deck');
    expect(unreadable).toEqual([
      { list: 'deck', line: 1, text: 'Thrust', reason: 'it has no number of copies (write “1 Thrust”)' },
      {
        list: 'deck',
        line: 2,
        text: '2.5 Swarm',
        reason: 'it does not start with a number of copies (write “1 2.5 Swarm”)'
      },
      { list: 'deck', line: 3, text: '0 Rescue', reason: 'The number of copies cannot go below 1.' },
      { list: 'deck', line: 4, text: '4', reason: 'it has no card name after the number' },
      {
        list: 'deck',
        line: 5,
        text: 'Champions (20)',
        reason: 'it does not start with a number of copies (write “1 Champions (20)”)'
      }
    ]);
    const report = checkDeck('Thrust\n' + filler(60), '', designed);
    expect(report.ok).toBe(false);
    expect(report.problems[0].message).toBe(
      'Deck line 1 (“Thrust”) cannot be read: it has no number of copies (write “1 Thrust”).'
    );
  });

  it('names lines the way people read them', () => {
    expect(
      describeLines([
        { list: 'deck', line: 3 },
        { list: 'deck', line: 9 },
        { list: 'sideboard', line: 2 }
      ])
    ).toBe('deck lines 3 and 9, sideboard line 2');
  });
});

describe('Epic designed-deck checker', () => {
  it('a legal deck: 60 cards, a 15-card sideboard, limits met', () => {
    const report = checkDeck(filler(60), filler(15, 'Side'), designed);
    expect(report).toMatchObject({ ok: true, deck: 60, sideboard: 15, gifts: 0, free: 0, problems: [] });
  });

  it('at least 60 cards in the deck', () => {
    const report = checkDeck(filler(59), '', designed);
    expect(report.problems.map((p) => p.message)).toEqual([
      'The deck has 59 cards; a designed deck needs at least 60.'
    ]);
  });

  it('a sideboard of none or exactly 15', () => {
    expect(checkDeck(filler(60), '', designed).ok).toBe(true);
    expect(checkDeck(filler(60), filler(14, 'Side'), designed).problems.map((p) => p.message)).toEqual([
      'The sideboard has 14 cards; it must have none or exactly 15.'
    ]);
    expect(checkDeck(filler(60), filler(16, 'Side'), designed).ok).toBe(false);
  });

  it('at most 3 copies of a card across deck and sideboard, naming every line', () => {
    const report = checkDeck(`2 Dragon\n${filler(58)}`, `2 dragon\n${filler(13, 'Side')}`, designed);
    expect(report.problems.map((p) => p.message)).toEqual([
      'Dragon: 4 copies across deck and sideboard (deck line 1, sideboard line 1); at most 3.'
    ]);
    expect(report.problems[0].lines).toEqual([
      { list: 'deck', line: 1 },
      { list: 'sideboard', line: 1 }
    ]);
  });

  it('at most 9 gift cards in total, each still at most 3', () => {
    const ok = checkDeck(`3 Thrust\n3 Swarm\n3 Rescue\n${filler(51)}`, '', designed);
    expect(ok).toMatchObject({ ok: true, gifts: 9 });
    const over = checkDeck(
      `3 Thrust\n3 Swarm\n3 Rescue\n${filler(51)}`,
      `1 Shelter\n${filler(14, 'Side')}`,
      designed
    );
    expect(over.problems.map((p) => p.message)).toEqual([
      '10 gift cards across deck and sideboard (deck lines 1, 2 and 3, sideboard line 1); at most 9.'
    ]);
    expect(checkDeck(`4 Thrust\n${filler(56)}`, '', designed).problems.map((p) => p.message)).toEqual([
      'Thrust: 4 copies across deck and sideboard (deck line 1); at most 3.'
    ]);
  });

  it('at most 18 free cards (marked by the person); a free gift card counts toward both', () => {
    const free = ['Free 1', 'Free 2', 'Free 3', 'Free 4', 'Free 5', 'Free 6', 'Thrust'];
    const deck = `3 Free 1\n3 Free 2\n3 Free 3\n3 Free 4\n3 Free 5\n3 Thrust\n${filler(42)}`;
    expect(checkDeck(deck, '', { ...designed, free })).toMatchObject({ ok: true, free: 18, gifts: 3 });
    const over = checkDeck(`${deck}`, `1 Free 6\n${filler(14, 'Side')}`, { ...designed, free });
    expect(over.problems.map((p) => p.message)).toEqual([
      '19 free cards across deck and sideboard (deck lines 1, 2, 3, 4, 5 and 6, sideboard line 1); at most 18.'
    ]);
    // The rulebook-style example: 3 free gift cards + 6 other gifts = 9 gifts; 15 more free cards fit.
    const example = `3 Thrust\n3 Swarm\n3 Rescue\n3 Free 1\n3 Free 2\n3 Free 3\n3 Free 4\n3 Free 5\n${filler(36)}`;
    expect(checkDeck(example, '', { ...designed, free })).toMatchObject({ ok: true, gifts: 9, free: 18 });
  });

  it('restricted cards: 1 copy; banned cards: none; both lists empty by default', () => {
    const deck = `2 Dragon\n1 Lich\n${filler(57)}`;
    expect(checkDeck(deck, '', designed).ok).toBe(true);
    const report = checkDeck(deck, '', { ...designed, restricted: ['dragon'], banned: ['Lich'] });
    expect(report.problems.map((p) => p.message)).toEqual([
      'Dragon is restricted to 1 copy across deck and sideboard; there are 2 (deck line 1).',
      'Lich is banned (deck line 2).'
    ]);
  });
});

describe('Epic deck checker: sealed formats', () => {
  it('Sealed and Draft decks need at least 30 cards, with no copy limits', () => {
    expect(checkDeck('30 Dragon', '', { format: 'sealed', packs: 2 }).ok).toBe(true);
    expect(checkDeck('29 Dragon', '', { format: 'draft', packs: 3 }).problems.map((p) => p.message)).toEqual([
      'The deck has 29 cards; Draft 3 needs at least 30.'
    ]);
  });

  it('Sealed Pack 2 has no sideboard; Sealed Pack 3 may have exactly 15', () => {
    expect(
      checkDeck('30 Dragon', '15 Imp', { format: 'sealed', packs: 2 }).problems.map((p) => p.message)
    ).toEqual(['Sealed Pack 2 has no sideboard, but 15 cards are listed for one.']);
    expect(checkDeck('30 Dragon', '15 Imp', { format: 'sealed', packs: 3 }).ok).toBe(true);
    expect(checkDeck('30 Dragon', '10 Imp', { format: 'sealed', packs: 3 }).ok).toBe(false);
  });

  it('Pack War plays its one pack of 15 as it comes', () => {
    expect(checkDeck('15 Dragon', '', { format: 'pack-war', packs: 1 }).ok).toBe(true);
    expect(
      checkDeck('16 Dragon', '', { format: 'pack-war', packs: 1 }).problems.map((p) => p.message)
    ).toEqual(['The deck has 16 cards; Pack War plays one pack of 15 as it comes.']);
  });
});
