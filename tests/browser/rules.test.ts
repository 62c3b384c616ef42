/**
 * The rules reference in a real browser: every page of every game fits a 360 px phone without
 * sideways scrolling, in the largest text size too; search loads its index only when opened and
 * marks its matches; a glossary link lands on its entry; the play screen's help opens the
 * current step's sections and leads straight back to the game.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openTab, visit } from './harness';
import { useBrowser } from './shared';

const shared = useBrowser();

async function rulesPages(page: Page): Promise<string[]> {
  await visit(page, `${shared.server.url}/rules`);
  const games = await page
    .locator('main a[href^="/rules/"]')
    .evaluateAll((as) =>
      [...new Set(as.map((a) => (a as HTMLAnchorElement).pathname))].filter((p) => p.split('/').length === 3)
    );
  const pages: string[] = [];
  for (const game of games) {
    await visit(page, `${shared.server.url}${game}`);
    const links = await page
      .locator(`a[href^="${game}/"]`)
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
    pages.push(game, ...new Set(links));
  }
  return [...new Set(pages)];
}

/** Goes to `path` as a tapped link does, and waits for the frame that shows it. */
async function follow(page: Page, path: string): Promise<void> {
  await page.evaluate(async (path) => {
    if (location.pathname === path) return;
    const a = Object.assign(document.createElement('a'), { href: path });
    document.body.append(a);
    a.click();
    a.remove();
    // The router sets the address, then draws the page in the same run of microtasks.
    for (let tries = 0; location.pathname !== path; tries++) {
      if (tries > 500) throw new Error(`the router did not go to ${path}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, path);
}

describe('rules reference', () => {
  it('no page scrolls sideways at 360 px, with the largest text size', async () => {
    const { page, context } = await openTab(shared.browser);
    await page.setViewportSize({ width: 360, height: 740 });
    const pages = await rulesPages(page);
    expect(pages.length).toBeGreaterThan(5 * 8);
    await page.evaluate(() => localStorage.setItem('tableside:textSize', 'larger'));
    const wide: string[] = [];
    // One full load (the stored text size is read at start), then the pages one after another as a
    // tapped link moves between them: the app's router, no reload (a load each took about 29 s in all).
    await visit(page, `${shared.server.url}${pages[0]}`);
    for (const path of pages) {
      await follow(page, path);
      const { scroll, text, at } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        text: document.documentElement.dataset.textSize,
        at: location.pathname
      }));
      expect(at).toBe(path);
      expect(text).toBe('larger');
      if (scroll > 360) wide.push(`${path} (${scroll} px)`);
    }
    expect(wide).toEqual([]);
    await context.close();
  });

  it('search loads its index only when opened, then finds and marks matches as you type', async () => {
    const { page, context } = await openTab(shared.browser);
    // The page's own requests only: on a first visit the service worker precaches the index too,
    // and that download is not the page loading it.
    const fromPage: string[] = [];
    page.on('request', (r) => {
      if (!r.serviceWorker()) fromPage.push(r.url());
    });
    await visit(page, `${shared.server.url}/rules`);
    await page.waitForLoadState('networkidle');
    expect(fromPage.some((u) => u.includes('search-index.json'))).toBe(false);
    const box = page.getByRole('searchbox');
    await box.click();
    await box.pressSequentially('mullig');
    await expect.poll(() => page.locator('#search-results li').count()).toBeGreaterThan(0);
    expect(fromPage.some((u) => u.includes('search-index.json'))).toBe(true);
    const first = page.locator('#search-results li').first();
    const mark = first.locator('mark').first();
    expect((await mark.innerText()).toLowerCase()).toContain('mullig');
    // The marks are made outside the template, so a scoped style would miss them: the soft
    // highlight (not the browser's own bright yellow) shows it reached them.
    expect(await mark.evaluate((m) => getComputedStyle(m).borderTopLeftRadius)).toBe('3px');
    await first.locator('a').first().click();
    await page.waitForURL(/\/rules\/(epic|twilight)\//);
    const hash = new URL(page.url()).hash.slice(1);
    expect(hash.length).toBeGreaterThan(0);
    expect(await page.locator(`[id="${hash}"]`).count()).toBe(1);
    await context.close();
  });

  it('search rows kept from key to key show exactly the last key’s results', async () => {
    const { page, context } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/rules`);
    const box = page.getByRole('searchbox');
    const rows = page.locator('#search-results li');
    /** What the list shows once settled: every visible row's place, title, snippet and link. */
    const read = async () => {
      const visible = await rows.evaluateAll((lis) =>
        lis
          .filter((li) => li.checkVisibility())
          .map((li) => `${li.textContent} → ${li.querySelector('a')!.getAttribute('href')}`)
      );
      const count = await page.getByRole('status').innerText();
      const stale = await page.locator('#search-results ol.stale').count();
      return { count, visible, stale };
    };
    // Settled: the index has loaded (the count is a number, not "Loading search…"), no list is
    // waiting to be filled, and one read of rows and count agree. Reading them before the index
    // arrived once saw no rows and then "30 matches".
    const settled = async () => {
      let last = await read();
      await expect
        .poll(async () => {
          last = await read();
          const n = last.count.match(/^(\d+) match/);
          return last.stale === 0 && n !== null && Number(n[1]) === last.visible.length;
        })
        .toBe(true);
      return { count: last.count, visible: last.visible };
    };
    await box.click();
    await box.pressSequentially('seize');
    const seize = await settled();
    expect(seize.visible.length).toBe(Number(seize.count.match(/^(\d+) match/)![1]));
    expect(seize.visible.length).toBeGreaterThan(5);
    // Other results in the same rows, then the first word again, typed key by key.
    await box.fill('');
    await box.pressSequentially('mulligan');
    const mulligan = await settled();
    expect(mulligan.visible).not.toEqual(seize.visible);
    expect(mulligan.visible.every((row) => /mulligan/i.test(row))).toBe(true);
    await box.fill('');
    await box.pressSequentially('seize');
    expect(await settled()).toEqual(seize);

    // "surg" and "surge" find the same places with the same words marked: the "e" must not
    // touch the list at all (no row rewritten, no list hidden and shown again).
    await box.fill('');
    await box.pressSequentially('surg');
    const surg = await settled();
    await page.evaluate(() => {
      const seen: string[] = [];
      new MutationObserver((records) => seen.push(...records.map((r) => r.type))).observe(
        document.querySelector('#search-results')!.parentElement!,
        { subtree: true, childList: true, attributes: true, characterData: true }
      );
      (window as unknown as { __mutations: string[] }).__mutations = seen;
    });
    await box.press('e');
    const surge = await settled();
    expect(surge).toEqual(surg);
    expect(await page.evaluate(() => (window as unknown as { __mutations: string[] }).__mutations)).toEqual(
      []
    );
    // "su" finds more places, and redraws.
    for (let i = 0; i < 3; i++) await box.press('Backspace');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __mutations: string[] }).__mutations.length))
      .toBeGreaterThan(0);
    await context.close();
  });

  it('an emptied box hides its results, and the next word is drawn in the rows already there', async () => {
    const { page, context } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/rules`);
    const box = page.getByRole('searchbox');
    const results = page.locator('#search-results');
    await box.click();
    await box.pressSequentially('seize');
    await expect.poll(() => page.getByRole('status').innerText()).toMatch(/^\d+ match/);
    await box.fill('');
    // Nothing of the last search shows, is announced or is pointed at.
    await expect.poll(() => results.evaluate((el) => el.checkVisibility())).toBe(false);
    expect(await page.getByRole('status').count()).toBe(0);
    expect(await box.getAttribute('aria-controls')).toBeNull();
    await page.evaluate(() => {
      const made: string[] = [];
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if (n.nodeName === 'LI') made.push('li');
      }).observe(document.querySelector('#search-results')!, { subtree: true, childList: true });
      (window as unknown as { __made: string[] }).__made = made;
    });
    await box.pressSequentially('mu');
    await expect.poll(() => page.getByRole('status').innerText()).toMatch(/^\d+ match/);
    await expect.poll(() => results.evaluate((el) => el.checkVisibility())).toBe(true);
    expect(await box.getAttribute('aria-controls')).toBe('search-results');
    const first = await page.locator('#search-results li').first().innerText();
    expect(first.toLowerCase()).toContain('mu');
    // "seize" found more places than "mu" has titles: its rows held every one of the new results.
    expect(await page.evaluate(() => (window as unknown as { __made: string[] }).__made)).toEqual([]);

    // The same word again finds what it found: the list shows again, but in the key's own frame
    // only its first three rows (the rest wait a frame, as after any key).
    await box.fill('');
    await box.press('m');
    await page.evaluate(() => {
      const w = window as unknown as { __restInKeyFrame?: string };
      document.querySelector('input[type="search"]')!.addEventListener(
        'input',
        () =>
          requestAnimationFrame(() => {
            const rest = document.querySelector('#search-results ol.rest')!;
            w.__restInKeyFrame = rest.classList.contains('stale') ? 'waiting' : 'drawn';
          }),
        { once: true }
      );
    });
    await box.press('u');
    const inKeyFrame = await page.waitForFunction(
      () => (window as unknown as { __restInKeyFrame?: string }).__restInKeyFrame
    );
    expect(await inKeyFrame.jsonValue()).toBe('waiting');
    await expect.poll(() => page.locator('#search-results ol.stale').count()).toBe(0);
    await context.close();
  });

  it('a key leaves the rows below the first three standing until their words are drawn: the page does not jump', async () => {
    const { page, context } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/rules`);
    const box = page.getByRole('searchbox');
    await box.click();
    await box.pressSequentially('mull');
    await expect.poll(() => page.getByRole('status').innerText()).toBe('30 matches');
    await page.waitForTimeout(300);
    const before = await page.locator('#search-results').evaluate((el) => el.getBoundingClientRect().height);
    // The list's height in the key's own frame, before the rest of the rows are drawn.
    await page.evaluate(() => {
      const w = window as unknown as { __inKeyFrame?: number };
      document
        .querySelector('input[type="search"]')!
        .addEventListener(
          'input',
          () =>
            requestAnimationFrame(
              () =>
                (w.__inKeyFrame = document.querySelector('#search-results')!.getBoundingClientRect().height)
            ),
          { once: true }
        );
    });
    await box.press('i');
    const inKeyFrame = await page.waitForFunction(
      () => (window as unknown as { __inKeyFrame?: number }).__inKeyFrame
    );
    // Taken down (display: none), the rows left three results' height for a frame, and the page
    // below them (and a scrolled-down reader) jumped up and back.
    expect(Number(await inKeyFrame.jsonValue())).toBeGreaterThan(before * 0.9);
    await expect.poll(() => page.getByRole('status').innerText()).toMatch(/^\d+ match/);
    await context.close();
  });

  it('a glossary link lands on its entry', async () => {
    const { page, context } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/rules/titans/turn`);
    const link = page.locator('a[href*="/rules/titans/glossary#"]').first();
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL(/glossary#/);
    const id = href!.split('#')[1];
    await expect.poll(() => page.locator(`[id="${id}"]`).isVisible()).toBe(true);
    await context.close();
  });

  it('the play screen’s help shows the step’s rules and goes straight back to the game', async () => {
    const { page, context } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/titans/new`);
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.waitForURL(/\/play\//);
    const game = page.url();
    await page.getByRole('button', { name: 'Rules for this step' }).first().click();
    const help = page.getByRole('dialog');
    await expect.poll(() => help.getByRole('heading').count()).toBeGreaterThan(1);
    expect(await help.innerText()).toMatch(/Surge/);
    await help.getByRole('button', { name: /Back to the game/ }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(page.url()).toBe(game);
    expect(await page.getByRole('button', { name: /Surge/ }).first().isVisible()).toBe(true);
    await context.close();
  });
});
