/**
 * Search across the rules of every game: MiniSearch, built once at build time into a JSON file
 * (/rules/search-index.json) and loaded in the browser only when search opens.
 */
import MiniSearch, { type Options, type SearchResult } from 'minisearch';
import type { GameRules } from './parse';

export interface SearchDoc {
  id: string;
  game: string;
  gameTitle: string;
  section: string;
  page: string;
  title: string;
  kind: string;
  text: string;
}

export const SEARCH_OPTIONS: Options<SearchDoc> = {
  fields: ['title', 'text'],
  storeFields: ['game', 'gameTitle', 'section', 'page', 'title', 'kind', 'text'],
  searchOptions: {
    prefix: true,
    fuzzy: (term) => (term.length > 3 ? 0.2 : false),
    boost: { title: 3 },
    combineWith: 'AND'
  }
};

export function searchDocs(all: readonly GameRules[]): SearchDoc[] {
  return all.flatMap((rules) =>
    rules.sections.map((s) => ({
      id: `${rules.game}/${s.id}`,
      game: rules.game,
      gameTitle: rules.title,
      section: s.id,
      page: s.page,
      title: s.title,
      kind: s.kind,
      text: s.text
    }))
  );
}

export function buildSearchIndex(all: readonly GameRules[]): MiniSearch<SearchDoc> {
  const index = new MiniSearch<SearchDoc>(SEARCH_OPTIONS);
  index.addAll(searchDocs(all));
  return index;
}

export function loadSearchIndex(json: string): MiniSearch<SearchDoc> {
  return MiniSearch.loadJSON<SearchDoc>(json, SEARCH_OPTIONS);
}

export type Hit = SearchResult & Omit<SearchDoc, 'id'>;

/** Ranked hits for what was typed, in one game or all; glossary terms rank higher. */
export function searchRules(index: MiniSearch<SearchDoc>, query: string, game?: string, limit = 30): Hit[] {
  const q = query.trim();
  if (q.length < 2) return [];
  const results = index.search(q, {
    filter: game ? (r) => r.game === game : undefined,
    boostDocument: (_id, _term, stored) =>
      stored?.kind === 'term' ? 1.6 : stored?.kind === 'ruling' ? 1.2 : 1
  });
  // AND finds nothing for a half-typed second word with a typo; fall back to OR then.
  const hits = results.length
    ? results
    : index.search(q, { combineWith: 'OR', filter: game ? (r) => r.game === game : undefined });
  return hits.slice(0, limit) as Hit[];
}

export interface SnippetPart {
  text: string;
  mark: boolean;
}

/**
 * A short piece of the text around the first match, split into marked and plain parts. Drawn on
 * every key for the first rows, so it reads the text once, with one pattern for all the terms.
 */
export function snippet(text: string, terms: readonly string[], radius = 70): SnippetPart[] {
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
  const start = found ? Math.max(0, found.index - radius) : 0;
  const end = Math.min(text.length, (found ? found.index + found[0].length : 0) + radius * 2);
  const piece = (start > 0 ? '…' : '') + text.slice(start, end) + (end < text.length ? '…' : '');
  if (!pattern) return [{ text: piece, mark: false }];
  // split() with one capturing group puts the matches at the odd places.
  return piece
    .split(pattern)
    .map((part, i) => ({ text: part, mark: i % 2 === 1 }))
    .filter((part) => part.text !== '');
}
