/**
 * Each game's rules text is stored once (sections.json: every section's own part), and the rules
 * pages and the in-game help put exactly what the markdown renders to back together from it.
 */
import { describe, expect, it } from 'vitest';
import { allRules } from '../../src/lib/rules/content';
import { pagesOf, rulesContents, rulesPage, rulesText, sectionHtml } from '../../src/lib/rules/text';

const games = Object.values(allRules());

describe('the rules text, stored once', () => {
  it('gives every page exactly the HTML its markdown renders to (a level up), with its contents', () => {
    for (const rules of games) {
      const text = rulesText(rules);
      expect(pagesOf(text).map((p) => p.id)).toEqual(rules.pages.map((p) => p.id));
      rules.pages.forEach((page, i) => {
        const shown = rulesPage(text, page.id)!;
        // Under the page's h1, its sections are h2s and h3s: the markdown's ### and ####.
        expect(shown.page.html).toBe(
          page.html.replace(/<(\/?)h([34])\b/g, (_, end, n) => `<${end}h${n - 1}`)
        );
        expect(shown.page.toc).toEqual(page.toc);
        expect(shown.previous?.id).toBe(rules.pages[i - 1]?.id);
        expect(shown.next?.id).toBe(rules.pages[i + 1]?.id);
      });
      expect(rulesContents(text).intro).toBe(rules.intro);
      expect(rulesPage(text, 'no-such-page')).toBeUndefined();
    }
  });

  it('gives every section, with everything under it, as the in-game help shows it', () => {
    for (const rules of games) {
      const text = rulesText(rules);
      for (const s of rules.sections) expect(sectionHtml(text, s.id)).toBe(s.html);
    }
  });

  it('holds each part once: far less than the pages and sections stored apart', () => {
    for (const rules of games) {
      const stored = JSON.stringify(rulesText(rules)).length;
      const pages = rules.pages.reduce((n, p) => n + p.html.length, 0);
      const sections = rules.sections.reduce((n, s) => n + s.html.length, 0);
      expect(stored).toBeLessThan(pages * 1.25);
      expect(stored).toBeLessThan((pages + sections) / 2);
    }
  });
});
