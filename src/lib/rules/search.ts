/**
 * Search across the rules of every game: MiniSearch, built once at build time into a JSON file
 * (/rules/search-index.json) and loaded in the browser only when search opens. The index holds
 * the words, not the text: a hit's title, place and snippet come from the games' own rules text
 * (text.ts, sections.json), so the precache stores each text once.
 */
import MiniSearch, { type Options, type SearchResult } from 'minisearch';
import type { GameRules } from './parse';
import type { RulesText, TextSection } from './text';

/** What is indexed: a section's title and its own words, by its place in all games' sections. */
export interface SearchDoc {
  id: number;
  title: string;
  text: string;
}

/**
 * Words too common to tell sections apart ("the" is in nearly every one): left out of the index,
 * where they took a fifth of its size, and out of a search, except the word still being typed
 * ("the" on its way to "theme").
 */
const COMMON = new Set(
  'a an and are as at be but by for from has have if in into is it its of on or s that the their them then there these they this to was were will with you your'.split(
    ' '
  )
);

export const SEARCH_OPTIONS: Options<SearchDoc> = {
  fields: ['title', 'text'],
  storeFields: [],
  processTerm: (term) => {
    const word = term.toLowerCase();
    return COMMON.has(word) ? null : word;
  },
  searchOptions: {
    prefix: true,
    fuzzy: (term) => (term.length > 3 ? 0.2 : false),
    boost: { title: 3 },
    combineWith: 'AND',
    processTerm: (term) => term.toLowerCase()
  }
};

/** The index file: each game and how many sections it has, in the order of the index's ids. */
export interface SearchIndexFile {
  games: [game: string, sections: number][];
  index: MiniSearch<SearchDoc>;
}

export function buildSearchIndex(all: readonly GameRules[]): SearchIndexFile {
  const index = new MiniSearch<SearchDoc>(SEARCH_OPTIONS);
  let id = 0;
  index.addAll(
    all.flatMap((rules) => rules.sections.map((s) => ({ id: id++, title: s.title, text: s.text })))
  );
  return { games: all.map((r) => [r.game, r.sections.length]), index };
}

/** A section found, with what a result row shows. */
export interface Doc extends TextSection {
  game: string;
  gameTitle: string;
  /** Its words, read from its HTML the first time it is shown. */
  text?: string;
}

export interface RulesSearch {
  index: MiniSearch<SearchDoc>;
  /** By index id; only the games whose text was given. */
  docs: (Doc | undefined)[];
}

/**
 * MiniSearch's own JSON, less what the browser can rebuild for nothing: the ids (every section's
 * id is its place, 0 to n-1) and the stored fields (none); the field lengths as one flat list.
 * About 6 KB less to precache, and no slower to load.
 */
export function searchIndexJson(file: SearchIndexFile): string {
  const {
    documentIds,
    fieldLength,
    storedFields: _none,
    dirtCount: _clean,
    nextId: _next,
    ...rest
  } = file.index.toJSON();
  const lengths: number[] = [];
  for (let id = 0; id < rest.documentCount; id++) {
    if (documentIds[id] !== id) throw new Error(`search index: section ${id} is not at its place`);
    lengths.push(...fieldLength[id]);
  }
  return JSON.stringify({ games: file.games, index: { ...rest, lengths } });
}

/** The packed index (searchIndexJson) as MiniSearch.loadJS takes it. */
function unpack(packed: { documentCount: number; lengths: number[]; fieldIds: Record<string, number> }) {
  const { documentCount, lengths, ...rest } = packed;
  const per = Object.keys(rest.fieldIds).length;
  const documentIds: Record<number, number> = {};
  const fieldLength: Record<number, number[]> = {};
  for (let id = 0; id < documentCount; id++) {
    documentIds[id] = id;
    fieldLength[id] = lengths.slice(id * per, id * per + per);
  }
  return {
    ...rest,
    documentCount,
    nextId: documentCount,
    documentIds,
    fieldLength,
    storedFields: {},
    dirtCount: 0
  };
}

/**
 * The index from its JSON, with the rules text of the games to search (all of them, or the one
 * whose pages are open). A text that does not match the index is refused: both come from one build.
 */
export function loadSearchIndex(json: string, texts: readonly RulesText[]): RulesSearch {
  const file = JSON.parse(json) as { games: [string, number][]; index: Parameters<typeof unpack>[0] };
  const index = MiniSearch.loadJS<SearchDoc>(unpack(file.index) as never, SEARCH_OPTIONS);
  const docs: (Doc | undefined)[] = [];
  let start = 0;
  for (const [game, count] of file.games) {
    const text = texts.find((t) => t.game === game);
    if (text) {
      if (text.sections.length !== count)
        throw new Error(`the search index does not match the rules of ${game}`);
      text.sections.forEach((s, i) => (docs[start + i] = { ...s, game, gameTitle: text.title }));
    }
    start += count;
  }
  return { index, docs };
}

/** A result row: where it is, what it is, and the words to mark in its snippet. */
export interface Hit {
  /** Its place in the index. */
  id: number;
  score: number;
  terms: string[];
  game: string;
  gameTitle: string;
  section: string;
  page: string;
  title: string;
  kind: TextSection['kind'];
  text: string;
}

/** Ranked hits for what was typed, in one game or all; glossary terms rank higher. */
export function searchRules({ index, docs }: RulesSearch, query: string, game?: string, limit = 30): Hit[] {
  const q = query.trim();
  if (q.length < 2) return [];
  const words = q.split(/\s+/);
  // A last word of one letter is a word just begun: like a box of one letter, it narrows nothing
  // yet ("life p" finds what "life" finds). As a prefix it matched a good part of the index: 4-7 ms
  // of a key, against under 1 for the word before it.
  if (words.length > 1 && /^\p{L}$/u.test(words.at(-1)!)) words.pop();
  // Common words are not in the index; the last one may be a word being typed.
  const kept = words.filter((w, i) => i === words.length - 1 || !COMMON.has(w.toLowerCase())).join(' ');
  const filter = (r: SearchResult) => {
    const doc = docs[r.id];
    return !!doc && (!game || doc.game === game);
  };
  const boostDocument = (id: number) => {
    const kind = docs[id]?.kind;
    return kind === 'term' ? 1.6 : kind === 'ruling' ? 1.2 : 1;
  };
  // Two letters alone begin hundreds of the text's words ("se": see, set, second, several…), so
  // every section matched and the list said nothing, at 1-2 ms a key on a fast phone. They look in
  // the titles first ("se": Seize, Search, Sealed pack…); the whole text answers only where no title
  // does. From the third letter on, the text is searched too.
  const titlesFirst = words.length === 1 && kept.length === 2;
  const titled = titlesFirst ? index.search(kept, { fields: ['title'], filter, boostDocument }) : [];
  const results = titled.length ? titled : index.search(kept, { filter, boostDocument });
  // AND finds nothing for a half-typed second word with a typo; fall back to OR then.
  const found = results.length ? results : index.search(kept, { combineWith: 'OR', filter, boostDocument });
  // A hit found only through a near-miss of a word comes after every hit with the words as typed
  // (or words they begin): MiniSearch weighs a near-miss above a word's beginning, so while "mulli"
  // was being typed, rules about "multi" came in among the mulligans. Near-misses stay, below: a
  // typo ("mulligen"), or "surges" finding what says "surge".
  // The query's words as the index reads them (MiniSearch's own tokenizer), one pass over the hits.
  const typed = MiniSearch.getDefault('tokenize')(kept).map((w: string) => w.toLowerCase());
  const asTyped: SearchResult[] = [];
  const nearMisses: SearchResult[] = [];
  for (const r of found)
    (typed.every((w: string) => r.terms.some((t) => t.startsWith(w))) ? asTyped : nearMisses).push(r);
  const hits = asTyped.concat(nearMisses);
  return hits.slice(0, limit).map((r) => {
    const doc = docs[r.id]!;
    doc.text ??= plainText(doc.html);
    return {
      id: r.id,
      score: r.score,
      terms: r.terms,
      game: doc.game,
      gameTitle: doc.gameTitle,
      section: doc.id,
      page: doc.page,
      title: doc.title,
      kind: doc.kind,
      text: doc.text
    };
  });
}

export interface SnippetPart {
  text: string;
  mark: boolean;
}

/**
 * A short piece of the text around the first match, split into marked and plain parts: `before`
 * characters ahead of the match and about `length` in all (three lines on a phone, so a screen shows
 * more results and a key has less text to draw), cut between words. Drawn on every key for the
 * first rows, so it reads the text once, with one pattern for all the terms.
 */
export function snippet(text: string, terms: readonly string[], before = 30, length = 120): SnippetPart[] {
  // Longest first: where "surge" and "surges" both match, the whole word is marked.
  const pattern = terms.length
    ? new RegExp(
        `(${[...terms]
          .sort((a, b) => b.length - a.length)
          .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('|')})`,
        'gi'
      )
    : undefined;
  const found = pattern?.exec(text);
  const at = found?.index ?? 0;
  const matchEnd = found ? at + found[0].length : 0;
  // A match within the first `length` characters: the piece is the text's start.
  let start = matchEnd <= length ? 0 : Math.max(0, at - before);
  // Never half a word at either end: the cut moves to the nearest space inside the piece.
  if (start > 0 && !/\s/.test(text[start - 1])) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < at ? space + 1 : start;
  }
  let end = Math.min(text.length, Math.max(start + length, matchEnd));
  if (end < text.length && !/\s/.test(text[end])) {
    const space = text.lastIndexOf(' ', end);
    end = space > matchEnd ? space : end;
  }
  // The ellipses hold on to their words (a no-break space): never alone on a last line.
  const piece =
    (start > 0 ? '…\u00a0' : '') + text.slice(start, end).trim() + (end < text.length ? '\u00a0…' : '');
  if (!pattern) return [{ text: piece, mark: false }];
  // split() with one capturing group puts the matches at the odd places.
  return piece
    .split(pattern)
    .map((part, i) => ({ text: part, mark: i % 2 === 1 }))
    .filter((part) => part.text !== '');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/**
 * The words of a part's HTML, for search snippets: tags dropped, entities read, spaces folded. A
 * table reads row by row, its cells apart ("Duel · exactly 1 temple · destroy; Two arenas · …"),
 * and ends in a full stop: run together, its cells read as one sentence that makes no sense.
 * Here, not in text.ts: the first screens load that, and only search reads this. The result is
 * only ever put on screen as text (RulesSearch's text nodes and <mark>s), never as HTML.
 */
export function plainText(html: string): string {
  return (
    html
      // An empty cell (a table's corner) would leave a separator with nothing on one side.
      .replace(/<t([dh])\b[^>]*>\s*<\/t\1>\s*/g, '')
      .replace(/<\/t[dh]>\s*<t[dh]\b[^>]*>/g, ' · ')
      .replace(/(?:<\/t[dh]>\s*)?<\/tr>(?:\s*<\/?(?:thead|tbody)\b[^>]*>)*\s*<tr\b[^>]*>/g, '; ')
      .replace(/<\/table>/g, '\u2029')
      // A block's edge is a space; an inline tag (a link, a bold word) is not: "See Surge." stays so.
      .replace(/<\/?(?:p|li|ul|ol|h[1-6]|td|th|tr|table|thead|tbody|blockquote|br|pre|div|hr)\b[^>]*>/g, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&(amp|lt|gt|quot|#39|#(\d+));/g, (_, e: string, code?: string) =>
        code ? String.fromCharCode(Number(code)) : ENTITIES[e]
      )
      // The table's end (marked above with a character no text has): a stop, unless it has one.
      .replace(/([.!?])?\s*\u2029/g, (_, stop?: string) => `${stop ?? '.'} `)
      .replace(/\s+/g, ' ')
      .trim()
  );
}
