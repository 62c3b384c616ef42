/**
 * What a phone downloads before the first paint, read from the built pages (sizes are exact, not
 * timed). `npm run bench` holds the same budgets over the whole precache.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGET, firstPaint, precache } from '../../scripts/bench-sizes';

const BUILD = resolve(import.meta.dirname, '../../build');
const html = (file: string) => readFileSync(resolve(BUILD, file), 'utf8');

describe('the home page first paint', () => {
  it('asks only for what its first screen needs: no play screen styles, few files, under 50 KB', () => {
    const home = html('index.html');
    // The games' play screens (module.*.css) and their shared parts load at idle, not before.
    expect(home).not.toMatch(/assets\/module\.[^"]+\.css/);
    const paint = firstPaint(BUILD);
    expect(paint.count).toBeLessThanOrEqual(BUDGET.firstPaintFiles);
    expect(paint.total).toBeLessThanOrEqual(BUDGET.firstPaint);
  });
});

describe('the precache', () => {
  it('holds each game’s rules text once, and stays under 600 KB', () => {
    const sw = html('sw.js');
    const urls = [...sw.matchAll(/"?url"?\s*:\s*"([^"]+)"/g)].map((m) => m[1]);
    // The rules pages' data (__data.json with the page's text) is gone: the pages, the help and
    // search read the game's sections.json.
    expect(urls.filter((u) => /^rules\/.+\/__data\.json$/.test(u))).toEqual([]);
    expect(urls.filter((u) => u.endsWith('/sections.json')).sort()).toEqual(
      ['epic', 'theos', 'titans', 'twilight', 'wiz'].map((g) => `rules/${g}/sections.json`)
    );
    // The search index holds words, not the text.
    const index = JSON.parse(html('rules/search-index.json'));
    expect(index.index.storedFields).toEqual({});
    // Nor does a prerendered rules page carry the game's text for its hydration.
    expect(html('rules/titans/turn.html')).not.toContain('data-sveltekit-fetched');
    expect(precache(BUILD).total).toBeLessThanOrEqual(BUDGET.precache);
  });
});
