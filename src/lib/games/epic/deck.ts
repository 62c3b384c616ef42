/**
 * The deck checker: a deck and a sideboard typed or pasted as "3 Thrust" per line, checked against
 * a format's limits. Every problem names the lines it comes from, and a line that cannot be read
 * is reported as such: nothing a person typed is ever dropped silently.
 */
import { parseWhole } from '../../util/numbers';
import { cardKey, isGift } from './gifts';
import { SIDEBOARD_SIZE, formatName, minimumDeck, sideboardAllowed, type EpicFormat } from './format';

type ListName = 'deck' | 'sideboard';

interface DeckLine {
  list: ListName;
  /** 1-based line number in what was typed. */
  line: number;
  count: number;
  /** The name as typed (trimmed). */
  name: string;
  /** The name as compared (see `cardKey`). */
  key: string;
}

interface UnreadableLine {
  list: ListName;
  line: number;
  text: string;
  reason: string;
}

interface LineRef {
  list: ListName;
  line: number;
}

interface DeckProblem {
  /** What is wrong, in plain words, naming the lines. */
  message: string;
  /** The lines involved (empty for a whole-list count such as the deck size). */
  lines: LineRef[];
}

/** The designed-deck limits. */
const MAX_COPIES = 3;
const MAX_RESTRICTED = 1;
const MAX_GIFTS = 9;
const MAX_FREE = 18;

interface DeckRules {
  format: EpicFormat;
  /** Packs per player, for the sealed formats' sideboard rule. */
  packs: number;
  /** Names the person marked as free cards (infinity symbol); they are remembered by the app. */
  free?: readonly string[];
  /** Editable lists, empty by default (none existed when the rulebook was printed). */
  restricted?: readonly string[];
  banned?: readonly string[];
}

interface DeckReport {
  ok: boolean;
  deck: number;
  sideboard: number;
  gifts: number;
  free: number;
  lines: DeckLine[];
  unreadable: UnreadableLine[];
  problems: DeckProblem[];
}

const LINE = /^(\S+)\s+(.*\S)$/;

/** Reads one list. Blank lines are spacing, not content; any other line is read or reported. */
export function readList(text: string, list: ListName): { lines: DeckLine[]; unreadable: UnreadableLine[] } {
  const lines: DeckLine[] = [];
  const unreadable: UnreadableLine[] = [];
  String(text ?? '')
    .split(/\r\n|\r|\n/)
    .forEach((raw, i) => {
      const text = raw.trim();
      if (!text) return;
      const line = i + 1;
      const m = LINE.exec(text);
      if (!m) {
        const reason = /^\S*\d/.test(text)
          ? 'it has no card name after the number'
          : `it has no number of copies (write “1 ${text}”)`;
        unreadable.push({ list, line, text, reason });
        return;
      }
      const countText = m[1].replace(/[x×]$/i, '');
      const count = parseWhole(countText, { min: 1, max: 999, name: 'The number of copies' });
      if (!count.ok) {
        const reason = /^-?\d+$/.test(countText)
          ? count.reason
          : `it does not start with a number of copies (write “1 ${text}”)`;
        unreadable.push({ list, line, text, reason });
        return;
      }
      // "3 x Thrust": the x belongs to the count when the count was written apart from it.
      const name = countText === m[1] ? m[2].replace(/^[x×]\s+/i, '') : m[2];
      lines.push({ list, line, count: count.value, name: name.trim(), key: cardKey(name) });
    });
  return { lines, unreadable };
}

/** "deck line 3", "deck lines 3 and 9, sideboard line 2". */
export function describeLines(refs: readonly LineRef[]): string {
  const part = (list: ListName) => {
    const nums = refs.filter((r) => r.list === list).map((r) => r.line);
    if (nums.length === 0) return '';
    const joined = nums.length === 1 ? `${nums[0]}` : `${nums.slice(0, -1).join(', ')} and ${nums.at(-1)}`;
    return `${list} line${nums.length > 1 ? 's' : ''} ${joined}`;
  };
  return [part('deck'), part('sideboard')].filter(Boolean).join(', ');
}

const total = (lines: readonly DeckLine[]) => lines.reduce((n, l) => n + l.count, 0);
const refs = (lines: readonly DeckLine[]): LineRef[] => lines.map(({ list, line }) => ({ list, line }));

/** Checks a deck and sideboard against a format. */
export function checkDeck(deckText: string, sideboardText: string, rules: DeckRules): DeckReport {
  const deck = readList(deckText, 'deck');
  const side = readList(sideboardText, 'sideboard');
  const all = [...deck.lines, ...side.lines];
  const unreadable = [...deck.unreadable, ...side.unreadable];
  const problems: DeckProblem[] = unreadable.map((u) => ({
    message: `${u.list === 'deck' ? 'Deck' : 'Sideboard'} line ${u.line} (“${u.text}”) cannot be read: ${u.reason}.`,
    lines: [{ list: u.list, line: u.line }]
  }));
  const deckCount = total(deck.lines);
  const sideCount = total(side.lines);
  const name = formatName(rules);
  const min = minimumDeck(rules.format);
  const cards = (n: number) => `${n} card${n === 1 ? '' : 's'}`;

  if (rules.format === 'pack-war') {
    if (deckCount !== min) {
      problems.push({
        message: `The deck has ${cards(deckCount)}; Pack War plays one pack of ${min} as it comes.`,
        lines: []
      });
    }
  } else if (deckCount < min) {
    problems.push({
      message: `The deck has ${cards(deckCount)}; ${rules.format === 'designed' ? 'a designed deck' : name} needs at least ${min}.`,
      lines: []
    });
  }
  if (sideCount > 0 && !sideboardAllowed(rules)) {
    problems.push({
      message: `${name} has no sideboard, but ${cards(sideCount)} are listed for one.`,
      lines: refs(side.lines)
    });
  } else if (sideCount !== 0 && sideCount !== SIDEBOARD_SIZE) {
    problems.push({
      message: `The sideboard has ${cards(sideCount)}; it must have none or exactly ${SIDEBOARD_SIZE}.`,
      lines: []
    });
  }

  const free = new Set((rules.free ?? []).map(cardKey));
  const gifts = all.filter((l) => isGift(l.name));
  const frees = all.filter((l) => free.has(l.key));
  if (rules.format === 'designed') {
    const restricted = new Set((rules.restricted ?? []).map(cardKey));
    const banned = new Set((rules.banned ?? []).map(cardKey));
    const byCard = new Map<string, DeckLine[]>();
    for (const l of all) byCard.set(l.key, [...(byCard.get(l.key) ?? []), l]);
    for (const [key, lines] of byCard) {
      const copies = total(lines);
      const shown = lines[0].name;
      const where = describeLines(refs(lines));
      if (banned.has(key)) {
        problems.push({ message: `${shown} is banned (${where}).`, lines: refs(lines) });
      } else if (restricted.has(key) && copies > MAX_RESTRICTED) {
        problems.push({
          message: `${shown} is restricted to ${MAX_RESTRICTED} copy across deck and sideboard; there are ${copies} (${where}).`,
          lines: refs(lines)
        });
      } else if (copies > MAX_COPIES) {
        problems.push({
          message: `${shown}: ${copies} copies across deck and sideboard (${where}); at most ${MAX_COPIES}.`,
          lines: refs(lines)
        });
      }
    }
    const giftCount = total(gifts);
    if (giftCount > MAX_GIFTS) {
      problems.push({
        message: `${giftCount} gift cards across deck and sideboard (${describeLines(refs(gifts))}); at most ${MAX_GIFTS}.`,
        lines: refs(gifts)
      });
    }
    const freeCount = total(frees);
    if (freeCount > MAX_FREE) {
      problems.push({
        message: `${freeCount} free cards across deck and sideboard (${describeLines(refs(frees))}); at most ${MAX_FREE}.`,
        lines: refs(frees)
      });
    }
  }
  return {
    ok: problems.length === 0,
    deck: deckCount,
    sideboard: sideCount,
    gifts: total(gifts),
    free: total(frees),
    lines: all,
    unreadable,
    problems
  };
}
