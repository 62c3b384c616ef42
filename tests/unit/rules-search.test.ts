/**
 * Rules search over the whole corpus: prefix and typo tolerant, ranked with glossary terms first,
 * filtered to one game on request, with snippets that mark the match; the index survives the
 * JSON round trip the app makes (built at build time, loaded when search opens).
 */
import { describe, expect, it } from 'vitest';
import MiniSearch from 'minisearch';
import { allRules } from '../../src/lib/rules/content';
import {
  buildSearchIndex,
  loadSearchIndex,
  plainText,
  SEARCH_OPTIONS,
  searchIndexJson,
  searchRules,
  snippet
} from '../../src/lib/rules/search';
import { rulesText, sectionHtml } from '../../src/lib/rules/text';

const built = buildSearchIndex(Object.values(allRules()));
const index = built.index;
const json = searchIndexJson(built);
const texts = Object.values(allRules()).map(rulesText);
const loaded = loadSearchIndex(json, texts);

describe('rules search', () => {
  it('indexes every section of all five games', () => {
    const sections = Object.values(allRules()).reduce((n, r) => n + r.sections.length, 0);
    expect(Object.keys(allRules()).sort()).toEqual(['epic', 'theos', 'titans', 'twilight', 'wiz']);
    expect(index.documentCount).toBe(sections);
  });

  it('the packed index file loads to what MiniSearch’s own JSON loads to: the same results, scores and all', () => {
    expect(json.length).toBeLessThan(JSON.stringify(built).length);
    const whole = MiniSearch.loadJSON(JSON.stringify(built.index), SEARCH_OPTIONS);
    for (const q of ['surge', 'mulligen', 'life pool', 'se', 'ascension die', 'temple'])
      expect(loaded.index.search(q)).toEqual(whole.search(q));
    expect(loaded.index.toJSON()).toEqual(whole.toJSON());
  });

  it('finds a word from its first letters, as you type', () => {
    const hits = searchRules(loaded, 'captur');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]).toMatchObject({ game: 'titans', kind: 'term' });
    expect(hits[0].title.toLowerCase()).toContain('capture');
  });

  it('forgives a typo', () => {
    const hits = searchRules(loaded, 'mulligen');
    expect(hits.some((h) => h.title.toLowerCase().includes('mulligan'))).toBe(true);
    // Two words, the second with a typo: the typo is forgiven in either word.
    expect(searchRules(loaded, 'temple destroyd').length).toBeGreaterThan(0);
  });

  it('while a word is typed, lists what has the word before its near-misses', () => {
    // "mulli" is one letter from "multi": multiplayer rules must not come in among the mulligans.
    for (const [typed, word] of [
      ['mulli', 'mulligan'],
      ['seiz', 'seize'],
      ['mull', 'mulligan']
    ]) {
      const hits = searchRules(loaded, typed);
      const asTyped = hits.map((h) => h.terms.some((t) => t.startsWith(typed)));
      expect(asTyped.indexOf(false), `${typed}: ${hits.map((h) => h.terms.join('/')).join(' ')}`).toBe(
        asTyped.includes(false) ? asTyped.lastIndexOf(true) + 1 : -1
      );
      expect(
        hits[0].terms.some((t) => t.startsWith(word)),
        typed
      ).toBe(true);
    }
    // The near-misses are still there, below: "mulli" finds "multi" after the last mulligan.
    expect(searchRules(loaded, 'mulli').at(-1)!.terms).toContain('multi');
    // A word with an ending the rules do not use finds the word itself, after what has it as typed.
    const surges = searchRules(loaded, 'surges');
    expect(surges[0].terms).toContain('surges');
    expect(surges.length).toBe(searchRules(loaded, 'surg').length);
  });

  it('ranks the glossary entry above sections that only mention the word', () => {
    const hits = searchRules(loaded, 'mulligan', 'epic');
    expect(hits[0]).toMatchObject({ kind: 'term', section: 'term-mulligan' });
  });

  it('searches one game when asked, all games otherwise', () => {
    expect(searchRules(loaded, 'seize', 'twilight').every((h) => h.game === 'twilight')).toBe(true);
    const games = new Set(searchRules(loaded, 'setup', undefined, 100).map((h) => h.game));
    expect(games.size).toBe(5);
    expect(searchRules(loaded, 'seize', 'wiz').some((h) => h.game !== 'wiz')).toBe(false);
  });

  it('returns nothing for one letter or nonsense, without throwing', () => {
    expect(searchRules(loaded, 'a')).toEqual([]);
    expect(searchRules(loaded, 'qqzzxxy')).toEqual([]);
    expect(searchRules(loaded, '((*[')).toEqual([]);
  });

  it('waits for two letters of a last word too: one letter narrows nothing yet', () => {
    const ids = (q: string) => searchRules(loaded, q).map((h) => h.id);
    expect(ids('life p')).toEqual(ids('life'));
    expect(ids('ascension d')).toEqual(ids('ascension'));
    // Two letters do narrow: "life po" ranks the Life Pool first, where "life" does not.
    expect(ids('life po')).not.toEqual(ids('life'));
    expect(searchRules(loaded, 'life po')[0].terms.some((t) => t.startsWith('po'))).toBe(true);
    // A number alone is a word (a die's face), and a single letter alone is still nothing.
    expect(ids('ascension 6')).not.toEqual(ids('ascension'));
    expect(searchRules(loaded, 'p')).toEqual([]);
  });

  it('with two letters alone, looks in the titles first, and in the text where no title answers', () => {
    // "se" begins hundreds of the text's words (see, set, second…): the titles say more.
    const titled = searchRules(loaded, 'se', undefined, 1000);
    expect(titled.length).toBeGreaterThan(0);
    const begins = (title: string, prefix: string) =>
      title
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .some((w) => w.startsWith(prefix));
    expect(titled.every((h) => begins(h.title, 'se'))).toBe(true);
    expect(titled.length).toBeLessThan(index.search('se').length);
    expect(titled.map((h) => h.title)).toEqual(expect.arrayContaining(['Seize', 'Sealed pack']));
    // No title has a word beginning "ja" (the examples' players do: Jane…): the text answers then.
    const inText = searchRules(loaded, 'ja', undefined, 1000);
    expect(inText.length).toBe(index.search('ja').length);
    expect(inText.some((h) => !begins(h.title, 'ja'))).toBe(true);
    // A third letter searches the text too: "sei" finds sections that only mention seizing.
    expect(searchRules(loaded, 'sei', undefined, 1000).some((h) => !begins(h.title, 'sei'))).toBe(true);
  });

  it('gives the same hits from the loaded JSON as from the built index', () => {
    for (const q of ['temple', 'life pool', 'ascension die', 'decay']) {
      expect(searchRules(loaded, q).map((h) => h.id)).toEqual(
        searchRules({ index, docs: loaded.docs }, q).map((h) => h.id)
      );
    }
  });

  it('stores no text of its own: a hit is told from the rules text the pages read', () => {
    // The index holds the words; a snippet's text is the section's own part, read from its HTML.
    expect(JSON.parse(json).index.storedFields).toBeUndefined();
    expect(loaded.index.toJSON().storedFields).toEqual({});
    expect(json.length < JSON.stringify(texts).length).toBe(true);
    const hit = searchRules(loaded, 'capture', 'titans')[0];
    const text = texts.find((t) => t.game === 'titans')!;
    const section = text.sections.find((s) => s.id === hit.section)!;
    expect(hit).toMatchObject({ title: section.title, page: section.page, kind: section.kind });
    expect(hit.text).toBe(plainText(section.html));
    expect(sectionHtml(text, hit.section)).toContain(section.html);
  });

  it('searches one game with only that game’s text loaded', () => {
    const titans = loadSearchIndex(json, [texts.find((t) => t.game === 'titans')!]);
    const hits = searchRules(titans, 'temple', 'titans');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.map((h) => h.id)).toEqual(searchRules(loaded, 'temple', 'titans').map((h) => h.id));
  });

  it('leaves out common words, but not the one still being typed', () => {
    expect(searchRules(loaded, 'the temple', 'titans').map((h) => h.id)).toEqual(
      searchRules(loaded, 'temple', 'titans').map((h) => h.id)
    );
    // "the" on its way to "theos", "them", "then"…: prefix matches still show.
    expect(searchRules(loaded, 'the').length).toBeGreaterThan(0);
  });

  it('refuses a rules text that does not match the index', () => {
    const short = { ...texts[0], sections: texts[0].sections.slice(1) };
    expect(() => loadSearchIndex(json, [short])).toThrow(/does not match/);
  });
});

describe('snippets', () => {
  it('shows the text around the match with the match marked', () => {
    const text = `${'word '.repeat(40)}you capture a temple here ${'more '.repeat(40)}`;
    const parts = snippet(text, ['capture'], 20);
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(['capture']);
    const joined = parts.map((p) => p.text).join('');
    expect(joined.startsWith('…')).toBe(true);
    expect(joined.endsWith('…')).toBe(true);
    expect(joined).toContain('you capture a temple');
  });
  it('marks every matched term, whatever its case, and copes with regex characters', () => {
    const parts = snippet('Haunt and HAUNT (x+1)', ['haunt', 'x+1']);
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(['Haunt', 'HAUNT', 'x+1']);
  });
  it('marks a whole word where a shorter term is its start, and centres on the first match', () => {
    const text = `${'word '.repeat(40)}Ben surges, then surge again ${'more '.repeat(40)}`;
    const parts = snippet(text, ['surge', 'surges'], 10);
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(['surges', 'surge']);
    expect(parts.map((p) => p.text).join('')).toMatch(/^…\u00a0word Ben surges/);
  });
  it('is about three phone lines, cut between words, the match whole however far in it is', () => {
    const text = `${'alpha beta gamma delta '.repeat(20)}the Ascension Die rises ${'epsilon zeta eta '.repeat(20)}`;
    const joined = snippet(text, ['ascension'])
      .map((p) => p.text)
      .join('');
    // The ellipses hold on to their words (a no-break space), never alone on a line.
    expect(joined).toMatch(/^…\u00a0(alpha|beta|gamma|delta) /);
    expect(joined).toMatch(/ (epsilon|zeta|eta)\u00a0…$/);
    expect(joined).toContain('the Ascension Die rises');
    expect(joined.length).toBeLessThanOrEqual(120 + 4);
    // A match past `length` characters into its piece is still shown whole.
    const long = snippet(`${'x'.repeat(300)} supercalifragilistic`, ['supercalifragilistic'], 30, 10);
    expect(long.filter((p) => p.mark).map((p) => p.text)).toEqual(['supercalifragilistic']);
    // A match near the start: the piece starts with the text.
    expect(snippet(`Take an Aspect. See Seize Phase. ${'more words '.repeat(30)}`, ['seize'])[0].text).toBe(
      'Take an Aspect. See '
    );
    // The whole text when it is short: no ellipsis.
    expect(snippet('Haunt: a Ghost comes into play.', ['haunt']).map((p) => p.text)).toEqual([
      'Haunt',
      ': a Ghost comes into play.'
    ]);
  });
  it('without terms, gives the start of the text unmarked', () => {
    expect(snippet('short text', [])).toEqual([{ text: 'short text', mark: false }]);
  });
});

describe('the words a snippet is cut from', () => {
  it('reads a part’s words for search snippets: tags dropped, entities read', () => {
    expect(plainText('<p>Gain <strong>2</strong> &amp; keep&#39;s <a href="/x">it</a></p>\n')).toBe(
      "Gain 2 & keep's it"
    );
    // A link is part of its sentence ("See Surge.", no space before the stop); blocks stand apart.
    expect(
      plainText('<p>See <a href="/rules/titans/turn#surge">Surge</a>.</p>\n<ul>\n<li>One</li>\n<li>Two</li>')
    ).toBe('See Surge. One Two');
  });

  it('reads a table in a snippet row by row, its cells apart, ending in a stop', () => {
    const html = [
      '<table>\n<thead>\n<tr>\n<th>Format</th>\n<th>You capture when you have</th>\n</tr>\n</thead>',
      '<tbody>\n<tr>\n<td>Duel</td>\n<td>exactly 1 temple</td>\n</tr>',
      '<tr>\n<td>Two arenas</td>\n<td>exactly 1 temple (team)</td>\n</tr>\n</tbody>\n</table>',
      '<p>Destroying removes the token.</p>'
    ].join('\n');
    expect(plainText(html)).toBe(
      'Format · You capture when you have; Duel · exactly 1 temple; Two arenas · exactly 1 temple (team). Destroying removes the token.'
    );
    // An empty corner cell leaves no separator behind.
    expect(
      plainText('<table><tr><th></th><th>Duel</th></tr><tr><td>Players</td><td>2</td></tr></table>')
    ).toBe('Duel; Players · 2.');
    // A last cell that ends a sentence keeps its own stop.
    expect(plainText('<table><tr><td>Ward</td><td>Blocks 1 damage.</td></tr></table><p>Next.</p>')).toBe(
      'Ward · Blocks 1 damage. Next.'
    );
  });
});
