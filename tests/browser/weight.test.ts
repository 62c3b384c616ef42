/**
 * What a phone downloads before the first paint, read from the built pages. The budgets in bytes
 * and files are the bench's (`npm run bench`: scripts/bench/bench-sizes.ts exits 1 past them), as
 * every measure of speed and size is. What is checked here is what must hold in every build: what
 * the first paint holds and names, and what each page loads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstPaint, precache } from '../../scripts/bench/bench-sizes';
import { openTab, visit } from './harness';
import { useBrowser } from './shared';
import { newGame } from './titans-play';

const shared = useBrowser();
const BUILD = resolve(import.meta.dirname, '../../build');
const html = (file: string) => readFileSync(resolve(BUILD, file), 'utf8');

/** Strings only the game engine's modules have: XState's own error text, the session's replay. */
const ENGINE = [
  'root actor cannot be stopped directly',
  'Spawning actors is not possible while replaying a log'
];

/**
 * A tab with no service worker (so every script is a response seen here) that notes the scripts
 * it loads; `loaded(marker)`: those of them, so far, whose text holds the marker.
 */
async function scriptsTab() {
  const tab = await openTab(shared.browser);
  await tab.context.route('**/sw.js', (r) => r.abort());
  const scripts: string[] = [];
  tab.page.on('response', (r) => {
    if (r.url().endsWith('.js')) scripts.push(r.url());
  });
  const loaded = async (marker: string) => {
    const urls = [...scripts];
    const bodies = await Promise.all(urls.map((u) => fetch(u).then((r) => r.text())));
    return urls.filter((_, i) => bodies[i].includes(marker));
  };
  return { ...tab, loaded };
}

/**
 * Words only modules of later screens have: the journal's messages, the remembered players, the
 * dice, the seeded random source, and a game's own seating picture.
 */
const LATER = [
  'saved data while Tableside was open',
  'Choose two different players to merge.',
  'or the coin.',
  'The seed is too long',
  'Turns pass clockwise.'
];

describe('the home page first paint', () => {
  it('asks only for what its first screen needs: no play screen styles', () => {
    const home = html('index.html');
    // The games' play screens (module.*.css) and their shared parts load at idle, not before.
    expect(home).not.toMatch(/assets\/module\.[^"]+\.css/);
    expect(firstPaint(BUILD).count).toBeGreaterThan(0);
  });

  it('names in the HTML every script it imports, so none is fetched a round trip late', () => {
    const paint = firstPaint(BUILD);
    expect(paint.count).toBeGreaterThan(3);
    expect(paint.unlisted).toEqual([]);
  });

  it('holds no module of the screens after it (the pictures, the dice, the journal)', () => {
    const scripts = firstPaint(BUILD).files.filter((f) => f.endsWith('.js'));
    for (const marker of LATER)
      expect(
        scripts.filter((f) => html(f).includes(marker)),
        marker
      ).toEqual([]);
  });
});

describe('the home page first load', () => {
  it('with no game saved, loads no game engine: not XState, not the session code', async () => {
    const { page, context, loaded } = await scriptsTab();
    await visit(page, shared.server.url);
    await page.waitForLoadState('networkidle');
    for (const marker of ENGINE) expect(await loaded(marker)).toEqual([]);
    await context.close();
  });

  it('on a first visit, opens no database and starts no journal; a game started in another tab still shows', async () => {
    const { page, context } = await openTab(shared.browser);
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    await visit(page, shared.server.url);
    await page.waitForLoadState('networkidle');
    const scripts = urls.filter((u) => u.endsWith('.js'));
    const bodies = await Promise.all(
      scripts.map((u) => page.evaluate((u) => fetch(u).then((r) => r.text()), u))
    );
    // Dexie's own message for a browser without IndexedDB: only its code has it.
    expect(scripts.filter((_, i) => bodies[i].includes('IndexedDB API missing'))).toEqual([]);
    expect(urls.filter((u) => /journal\.worker/.test(u))).toEqual([]);
    expect(await page.evaluate(() => indexedDB.databases().then((d) => d.map((x) => x.name)))).toEqual([]);

    // The first game, started in a second tab, shows up in the first tab's list.
    const other = await context.newPage();
    await newGame(shared.server.url, other);
    await expect
      .poll(() => page.getByRole('list', { name: 'Games in progress' }).getByRole('link').count())
      .toBe(1);
    await context.close();
  });
});

describe('the new-game page', () => {
  it('paints its setup form with no game engine; the rest loads once the table starts on it; a first visit opens no database', async () => {
    const { page, context, loaded } = await scriptsTab();
    await visit(page, `${shared.server.url}/titans/new`);
    await page.locator('form.setup').waitFor();
    await page.waitForLoadState('networkidle');
    for (const marker of ENGINE) expect(await loaded(marker)).toEqual([]);
    // Nobody is remembered yet: the seats offer no names, and the database is never opened.
    expect(await page.evaluate(() => indexedDB.databases().then((d) => d.map((x) => x.name)))).toEqual([]);

    // The first touch on the form brings the rest, ready for Start.
    await page.getByRole('textbox', { name: 'Name of player 1' }).focus();
    for (const marker of ENGINE) await expect.poll(() => loaded(marker).then((u) => u.length)).toBe(1);
    await context.close();
  });
});

describe('the precache', () => {
  it('holds each game’s rules text once', () => {
    const sw = html('sw.js');
    const urls = [...sw.matchAll(/"?url"?\s*:\s*"([^"]+)"/g)].map((m) => m[1]);
    // The rules pages' data (__data.json with the page's text) is gone: the pages, the help and
    // search read the game's sections.json.
    expect(urls.filter((u) => /^rules\/.+\/__data\.json$/.test(u))).toEqual([]);
    expect(urls.filter((u) => u.endsWith('/sections.json')).sort()).toEqual(
      ['epic', 'theos', 'titans', 'twilight', 'wiz'].map((g) => `rules/${g}/sections.json`)
    );
    // The search index holds words, not the text (and no stored fields at all).
    const index = JSON.parse(html('rules/search-index.json'));
    expect(Object.keys(index.index).sort()).toEqual([
      'averageFieldLength',
      'documentCount',
      'fieldIds',
      'index',
      'lengths',
      'serializationVersion'
    ]);
    // Nor does a prerendered rules page carry the game's text for its hydration.
    expect(html('rules/titans/turn.html')).not.toContain('data-sveltekit-fetched');
    expect(precache(BUILD).total).toBeGreaterThan(0);
  });
});

describe('the scripts', () => {
  it('each start with the compile hint, so the browser compiles them off the main thread as they arrive', () => {
    const dir = resolve(BUILD, '_app/immutable');
    const scripts = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
      // The journal's worker is built on its own and runs off the main thread anyway.
      (f) => f.endsWith('.js') && !f.startsWith('workers')
    );
    expect(scripts.length).toBeGreaterThan(20);
    const without = scripts.filter(
      (f) => !readFileSync(resolve(dir, f), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n')
    );
    expect(without).toEqual([]);
  });
});
