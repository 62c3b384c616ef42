/**
 * The rules reference, checked against the rulebooks in ../shared/seeds/:
 * written in our own words (no run of 12 words shared with any rulebook), every rulebook heading
 * mapped to a section, the required sections present, every link and id sound.
 */
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRules } from '../../src/lib/rules/parse';
import { loadRulebooks, rulebookHeadings, sharedRuns, cleanHeading } from '../../src/lib/rules/verify';

const SEEDS = resolve(__dirname, '../../../shared/seeds');
const BOOKS = await loadRulebooks();
const GAMES = Object.keys(BOOKS);
const REQUIRED_PAGES = ['overview', 'setup', 'turn', 'winning', 'variants', 'glossary', 'examples'];

const rulebook = (game: string) => readFileSync(resolve(SEEDS, BOOKS[game].file), 'utf8');
const markdown = (game: string) =>
  readFileSync(resolve(__dirname, `../../src/lib/games/${game}/rules.md`), 'utf8');
const coverage = (game: string): Record<string, string | string[]> =>
  JSON.parse(readFileSync(resolve(__dirname, `../../src/lib/games/${game}/rules-coverage.json`), 'utf8'));

describe.each(GAMES)('rules reference: %s', (game) => {
  it('exists with its coverage map', () => {
    expect(existsSync(resolve(__dirname, `../../src/lib/games/${game}/rules.md`))).toBe(true);
    expect(existsSync(resolve(__dirname, `../../src/lib/games/${game}/rules-coverage.json`))).toBe(true);
  });

  it('parses, with the required pages and a real glossary', () => {
    const rules = parseRules(game, markdown(game));
    const pages = rules.pages.map((p) => p.id);
    for (const id of REQUIRED_PAGES) expect(pages, `page ${id}`).toContain(id);
    const terms = rules.sections.filter((s) => s.kind === 'term');
    expect(terms.length).toBeGreaterThanOrEqual(10);
    for (const s of rules.sections) {
      if (s.level > 2 || s.kind !== 'section') expect(s.text.length, `text of ${s.id}`).toBeGreaterThan(0);
    }
  });

  it('shares no run of 12 or more words with any rulebook', () => {
    const ours = markdown(game);
    for (const other of GAMES) {
      const runs = sharedRuns(ours, rulebook(other), 12);
      expect(runs, `runs shared with the ${other} rulebook`).toEqual([]);
    }
  });

  it('maps every rulebook heading to an existing section', () => {
    const rules = parseRules(game, markdown(game));
    const ids = new Set(rules.sections.map((s) => s.id));
    const map = coverage(game);
    const headings = rulebookHeadings(BOOKS[game].headings, rulebook(game));
    const unmapped = headings.filter((h) => !(h in map));
    expect(unmapped, 'rulebook headings without a section').toEqual([]);
    const stale = Object.keys(map).filter((k) => !headings.includes(cleanHeading(k)));
    expect(stale, 'map entries that are not rulebook headings').toEqual([]);
    for (const [heading, target] of Object.entries(map)) {
      for (const id of [target].flat()) expect(ids.has(id), `${heading} -> #${id}`).toBe(true);
    }
  });
});

describe('rules parser', () => {
  it('rejects headings without ids, duplicate ids, broken links, raw HTML and outside links', () => {
    expect(() => parseRules('t', '# T\n\n## A\n')).toThrow(/needs an id/);
    expect(() => parseRules('t', '# T\n\n## A {#a}\n\n## B {#a}\n')).toThrow(/used twice/);
    expect(() => parseRules('t', '# T\n\n## A {#a}\n\nSee [b](#b).\n')).toThrow(/does not exist/);
    expect(() => parseRules('t', '# T\n\n## A {#a}\n\n<script>x</script>\n')).toThrow(/raw HTML/);
    expect(() => parseRules('t', '# T\n\n## A {#a}\n\n[x](https://example.com)\n')).toThrow(/leaves the app/);
    expect(() => parseRules('t', 'no title\n\n## A {#a}\n')).toThrow(/# Title/);
    // Whatever the scheme, a link out is refused: the HTML is rendered with {@html}.
    for (const href of ['vbscript:x', 'JavaScript:alert(1)', 'other-page', '/rules/x', '//evil.example']) {
      expect(() => parseRules('t', `# T\n\n## A {#a}\n\n[x](${href})\n`), href).toThrow(/leaves the app/);
    }
    expect(() => parseRules('t', '# T\n\n## A {#a}\n\n![i](x.png)\n')).toThrow(/images/);
    expect(() => parseRules('t', '# T\n\n## A {#a}\n\n<img src=x onerror=alert(1)>\n')).toThrow(/raw HTML/);
    expect(() => parseRules('t', '# T\n\n## A {#a}\n\nText <b onclick=x>bold</b>.\n')).toThrow(/raw HTML/);
    expect(() => parseRules('t', '# T\n\n## A {#a}\n\nSee <https://example.com>.\n')).toThrow(
      /leaves the app/
    );
  });

  it('renders pages with heading ids, kinds and in-app links', () => {
    const rules = parseRules(
      't',
      '# Test\n\nIntro.\n\n## One {#one}\n\nSee [two](#two-b).\n\n### Ruling {#r .ruling}\n\nWe decide.\n\n## Two {#two}\n\n### B {#two-b .term}\n\nA term.\n'
    );
    expect(rules.title).toBe('Test');
    expect(rules.pages.map((p) => p.id)).toEqual(['one', 'two']);
    expect(rules.pages[0].html).toContain('href="/rules/t/two#two-b"');
    expect(rules.pages[0].html).toContain('<h3 id="r" class="ruling">Ruling</h3>');
    expect(rules.sections.find((s) => s.id === 'two-b')).toMatchObject({
      kind: 'term',
      page: 'two',
      text: 'A term.'
    });
  });

  it('finds a copied sentence', () => {
    const source = 'The quick brown fox jumps over the lazy dog while the cat sleeps on the warm mat today.';
    expect(
      sharedRuns('We say: the quick brown fox jumps over the lazy dog while the cat sleeps on it.', source)
    ).toEqual(['the quick brown fox jumps over the lazy dog while the cat sleeps on']);
    expect(sharedRuns('A fox, quick and brown, jumped over a dog.', source)).toEqual([]);
  });
});
