/**
 * Every failure to open says so in words (#58): a browser that will not give Tableside a
 * database (private browsing), and code that will not load (the files an older page names gone
 * after a deploy; one page's, one game's or the database's own chunk missing). Each page says
 * what happened in plain words, offers Reload where a reload can mend it, and nothing is thrown
 * or rejected that the page did not handle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openTab, shot, visit } from './harness';
import { useBrowser } from './shared';
import { newGame } from './titans-play';

const shared = useBrowser();
const BUILD = resolve(import.meta.dirname, '../../build');

/**
 * Notes, in the page, every error thrown and every promise rejected that no handler took (one
 * that took it called preventDefault: looked at after every listener has run).
 */
const noteUncaught = () => {
  const w = window as unknown as { uncaught: string[] };
  w.uncaught = [];
  addEventListener('error', (e) => w.uncaught.push(`error: ${e.message}`));
  addEventListener('unhandledrejection', (e) =>
    setTimeout(
      () =>
        e.defaultPrevented || w.uncaught.push(`unhandled rejection: ${String(e.reason?.message ?? e.reason)}`)
    )
  );
};

/** A new tab of `context` and what went uncaught in it (Playwright's pageerror, and the page's own note). */
async function watchedPage(context: BrowserContext): Promise<{ page: Page; uncaught(): Promise<string[]> }> {
  const page = await context.newPage();
  const thrown: string[] = [];
  page.on('pageerror', (e) => thrown.push(`pageerror: ${e.message}`));
  return {
    page,
    uncaught: async () => [
      ...thrown,
      ...(await page.evaluate(() => (window as unknown as { uncaught?: string[] }).uncaught ?? []))
    ]
  };
}

/** Time for what a page does after it has drawn (the home screen's notes, idle loads) to fail too. */
const settle = (page: Page) => page.waitForTimeout(1500);

const NO_STORAGE = /This browser will not let Tableside store games/;

const noIndexedDb = () => Object.defineProperty(window, 'indexedDB', { value: undefined });
const refusingIndexedDb = () => {
  IDBFactory.prototype.open = function () {
    throw new DOMException('The user denied permission to access the database.', 'UnknownError');
  };
};

/** Every page that reads the games, without a database: the banner says why, once, and nothing throws. */
async function everyPageSaysSo(context: BrowserContext, gamePath: string, name: string) {
  const pages: [string, string][] = [
    ['/', 'Tableside'],
    [gamePath, 'This game cannot be shown'],
    ['/history', 'History'],
    ['/stats', 'Stats'],
    ['/players', 'Players'],
    ['/settings', 'Settings']
  ];
  for (const [path, heading] of pages) {
    const { page, uncaught } = await watchedPage(context);
    await visit(page, `${shared.server.url}${path}`);
    await page.getByRole('alert').filter({ hasText: NO_STORAGE }).first().waitFor();
    await settle(page);
    expect(await uncaught(), path).toEqual([]);
    // Said once: a page's own line does not repeat the banner above it.
    expect(await page.getByText(NO_STORAGE).count(), path).toBe(1);
    // Nothing left saying it is still reading, and the page itself is there.
    expect(await page.locator('[aria-busy="true"]').count(), path).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).innerText(), path).toBe(heading);
    if (path === '/') {
      expect(await page.getByRole('link', { name: 'New game' }).count()).toBe(5);
      await shot(page, `${name}-home`);
    }
    if (path === gamePath) await shot(page, `${name}-play`);
    await page.close();
  }
  // Start says it at the button, and gives the button back.
  const { page, uncaught } = await watchedPage(context);
  await visit(page, `${shared.server.url}/titans/new`);
  await page.getByPlaceholder('Player 1').fill('Ana');
  await page.getByPlaceholder('Player 2').fill('Ben');
  const start = page.getByRole('button', { name: 'Start the game' });
  await start.click();
  await page.locator('.start-box').getByRole('alert').filter({ hasText: NO_STORAGE }).waitFor();
  expect(await start.getAttribute('aria-disabled')).toBeNull();
  await settle(page);
  expect(page.url()).toMatch(/\/titans\/new$/);
  expect(await uncaught()).toEqual([]);
  await shot(page, `${name}-start`);
  await page.close();
}

describe('a browser without a database', () => {
  it('no IndexedDB at all (private browsing): every page says so, once, and nothing throws', async () => {
    const { context } = await openTab(shared.browser);
    await context.addInitScript(noteUncaught);
    await context.addInitScript(noIndexedDb);
    await everyPageSaysSo(context, '/play/abcdefghijkl', 'no-indexeddb');
    await context.close();
  });

  it('IndexedDB that refuses to open, with a game saved before: every page says so, and nothing throws', async () => {
    const { context, page } = await openTab(shared.browser);
    await newGame(shared.server.url, page);
    const gamePath = new URL(page.url()).pathname;
    await page.close();
    await context.addInitScript(noteUncaught);
    await context.addInitScript(refusingIndexedDb);
    await everyPageSaysSo(context, gamePath, 'refused-indexeddb');
    await context.close();
  });
});

/** A tab whose requests all reach `page.route` (no service worker answering them), with a game saved. */
async function tabWithGame() {
  const tab = await openTab(shared.browser, { serviceWorkers: 'block' });
  await tab.context.addInitScript(noteUncaught);
  await newGame(shared.server.url, tab.page);
  const gameUrl = tab.page.url();
  await tab.page.close();
  return { ...tab, gameUrl };
}

/** Answers 404 for the files `gone` picks, as a server that no longer has them. */
async function without(page: Page, gone: (path: string) => boolean): Promise<string[]> {
  const refused: string[] = [];
  await page.route('**/_app/immutable/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    if (!gone(path)) return route.continue();
    refused.push(path);
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
  });
  return refused;
}

/** The built chunk whose text holds `marker`. */
function chunkHolding(marker: string): string {
  const dir = resolve(BUILD, '_app/immutable/chunks');
  const found = readdirSync(dir).filter(
    (f) => f.endsWith('.js') && readFileSync(resolve(dir, f), 'utf8').includes(marker)
  );
  expect(found, marker).toHaveLength(1);
  return `/_app/immutable/chunks/${found[0]}`;
}

/** A game's play module, as the build's manifest names it. */
function gameModule(game: string): string {
  const manifest = JSON.parse(
    readFileSync(resolve(BUILD, '../.svelte-kit/output/client/.vite/manifest.json'), 'utf8')
  );
  return `/${manifest[`src/lib/games/${game}/module.ts`].file}`;
}

describe('code that will not load', () => {
  it('an old page after a deploy (none of the files it names are left): words and Reload, not a white page; Reload opens the game once the files are there', async () => {
    const { context, gameUrl } = await tabWithGame();
    for (const [address, name] of [
      [gameUrl, 'code-missing-play'],
      [shared.server.url, 'code-missing-home']
    ]) {
      const { page, uncaught } = await watchedPage(context);
      const refused = await without(page, () => true);
      await page.goto(address);
      const notice = page.getByRole('alert').filter({ hasText: 'Tableside could not start' });
      await notice.waitFor();
      expect(await notice.innerText()).toMatch(
        /Tableside could not load its code: it may have just been updated, or this phone is offline\.\s+Your games are safe on this phone\./
      );
      expect(refused.some((p) => p.includes('/entry/'))).toBe(true);
      // The page under it (home's prerendered list) is out of reach of taps and screen readers.
      expect(
        await page.evaluate(() =>
          [...document.querySelectorAll('h1')].filter((h) => !h.closest('[inert]')).map((h) => h.textContent)
        )
      ).toEqual(['Tableside could not start']);
      await settle(page);
      expect(await uncaught()).toEqual([]);
      await shot(page, name);
      if (address === gameUrl) {
        // The files are back (the new version's page): Reload starts the app.
        await page.unrouteAll();
        await notice.getByRole('button', { name: 'Reload' }).click();
        await page.getByRole('region', { name: 'Board' }).waitFor();
        expect(await notice.count()).toBe(0);
      }
      await page.close();
    }
    await context.close();
  });

  it('one page’s code, one game’s, or the database’s missing: that screen says so with Reload; the error page’s own file missing leaves the game playing', async () => {
    const { context, gameUrl } = await tabWithGame();

    // The play screen's own file (any route's but the layout's and the error page's).
    let tab = await watchedPage(context);
    await without(tab.page, (p) => /\/nodes\/(?!0\.|1\.)/.test(p));
    await tab.page.goto(gameUrl);
    await tab.page.getByRole('heading', { name: 'This page could not be shown' }).waitFor();
    expect(await tab.page.locator('main').innerText()).toMatch(
      /The code of this page could not be loaded: Tableside may have just been updated, or this phone is offline\. Your games are safe on this phone\./
    );
    expect(await tab.page.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    await settle(tab.page);
    expect(await tab.uncaught()).toEqual([]);
    await shot(tab.page, 'code-missing-page');
    await tab.page.close();

    // The game's own module.
    tab = await watchedPage(context);
    const titans = gameModule('titans');
    const refused = await without(tab.page, (p) => p === titans);
    await tab.page.goto(gameUrl);
    await tab.page.getByRole('heading', { name: 'This game cannot be shown' }).waitFor();
    expect(refused).toContain(titans);
    expect(await tab.page.getByRole('alert').innerText()).toBe(
      'Tableside could not load Titans of Eden: it may have just been updated, or this phone is offline. Your games are safe on this phone; nothing was changed. Reload to try again.'
    );
    expect(await tab.page.getByText('Opening your game…').count()).toBe(0);
    expect(await tab.page.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    await settle(tab.page);
    expect(await tab.uncaught()).toEqual([]);
    await shot(tab.page, 'code-missing-game');
    await tab.page.unrouteAll();
    await tab.page.getByRole('button', { name: 'Reload' }).click();
    await tab.page.getByRole('region', { name: 'Board' }).waitFor();
    await tab.page.close();

    // The database's code (Dexie's chunk): the banner says it, in words, on the play screen and home.
    const dexie = chunkHolding('Another Tableside tab is still using the old version');
    for (const address of [gameUrl, shared.server.url]) {
      tab = await watchedPage(context);
      await without(tab.page, (p) => p === dexie);
      await visit(tab.page, address);
      const banner = tab.page.getByRole('alert').filter({ hasText: 'Part of Tableside could not be loaded' });
      await banner.waitFor();
      expect(await banner.innerText()).toMatch(
        /it may have just been updated, or this phone is offline\. Your games are safe on this phone\. Reload to try again\./
      );
      expect(await banner.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
      await settle(tab.page);
      expect(await tab.page.getByText(/dynamically imported module/).count()).toBe(0);
      expect(
        await tab.page.getByText('Part of Tableside could not be loaded', { exact: false }).count()
      ).toBe(1);
      expect(await tab.uncaught(), address).toEqual([]);
      if (address === gameUrl) await shot(tab.page, 'code-missing-database');
      await tab.page.close();
    }

    // The error page's file alone: the app starts without it, and boot.js's words stay away.
    tab = await watchedPage(context);
    await without(tab.page, (p) => /\/nodes\/1\./.test(p));
    await tab.page.goto(gameUrl);
    await tab.page.getByRole('region', { name: 'Board' }).waitFor();
    await tab.page.waitForTimeout(3500);
    expect(await tab.page.getByText('Tableside could not start').count()).toBe(0);
    expect(await tab.uncaught()).toEqual([]);
    await tab.page.close();
    await context.close();
  });
});
