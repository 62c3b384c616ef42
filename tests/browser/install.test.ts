/**
 * Installed like an app (#34): the offer with the browser's prompt (a synthetic
 * `beforeinstallprompt`, as Chromium sends it) after a game and in Settings, never in a game,
 * never twice in a week after "Not now", never when installed; the iPhone hint under an iOS Safari
 * user agent; the manifest's new fields; and the changelog line when an update is taken. (A game
 * file shared to Tableside: game-files.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { PHONE, foreign, openTab, serve, shot, visit, waitForServiceWorker } from './harness';
import { accessibilityProblems, finishedInStorage, structureProblems } from './checks';
import { useBrowser } from './shared';
import { newestChange } from '../../scripts/build/changelog';
import { SNOOZED_KEY, SNOOZE_MS } from '../../src/lib/install/detect';

const shared = useBrowser();

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** The service worker is registered: sw-start.ts has run, so the install prompt is listened for. */
async function started(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())))
    .toBe(true);
}

/**
 * Chromium's `beforeinstallprompt`, as it sends it: cancelable, with prompt() and userChoice. The
 * page counts prompt() calls in window.__prompted; the person's answer is `outcome`.
 */
async function offerPrompt(page: Page, outcome: 'accepted' | 'dismissed' = 'dismissed'): Promise<void> {
  await started(page);
  // Sent until the app takes it (its listener cancels the event). A service worker registered on
  // an earlier visit says nothing about this page: sent before sw-start.ts ran here, one event
  // went unheard and the offer never came (once in CI).
  await expect
    .poll(() =>
      page.evaluate((outcome) => {
        const w = window as unknown as { __prompted?: number };
        const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
          prompt(): Promise<void>;
          userChoice: Promise<{ outcome: string }>;
        };
        event.prompt = async () => void (w.__prompted = (w.__prompted ?? 0) + 1);
        event.userChoice = Promise.resolve({ outcome });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      }, outcome)
    )
    .toBe(true);
}

const offer = (page: Page) => page.getByRole('region', { name: 'Tableside as an app' });
const hint = (page: Page) => page.getByRole('region', { name: 'Add Tableside to your Home Screen' });

/** A Titans game started and archived ("saved for later"): the moment the home screen offers. */
async function playAndArchive(page: Page, url: string, prompt = true): Promise<void> {
  await visit(page, `${url}/titans/new`);
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  await page.getByRole('button', { name: 'Resolve the battle' }).waitFor();
  // Mid-game: the browser's prompt arrives, and nothing is offered on the play screen.
  if (prompt) await offerPrompt(page);
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await page.getByRole('status').filter({ hasText: 'This game was archived' }).waitFor();
  expect(await offer(page).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Install Tableside' }).count()).toBe(0);
}

/** Shows the display mode an installed app has (matchMedia answers standalone). */
async function asInstalled(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const real = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      /display-mode:\s*standalone/.test(query)
        ? ({ ...real(query), matches: true, media: query } as MediaQueryList)
        : real(query);
  });
}

describe('the install offer (Chromium)', () => {
  it('comes on the home screen after a game, installs with the browser’s prompt, and keeps away a week after “Not now”', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    const url = shared.server.url;
    // No game yet: the prompt alone offers nothing on the home screen.
    await visit(page, url);
    await offerPrompt(page);
    await page.getByRole('heading', { name: 'New game' }).waitFor();
    await page.waitForFunction(() => document.readyState === 'complete');
    expect(await offer(page).count()).toBe(0);

    await playAndArchive(page, url);
    await visit(page, url);
    await offerPrompt(page);
    await offer(page).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(await structureProblems(page)).toEqual([]);
    await shot(page, 'install-offer-light');
    await offer(page).getByRole('button', { name: 'Install Tableside' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __prompted?: number }).__prompted))
      .toBe(1);
    // Dismissed in the browser's own dialog: that is a "Not now" too.
    await expect.poll(() => offer(page).count()).toBe(0);
    const laterAt = Number(await page.evaluate((key) => localStorage.getItem(key), SNOOZED_KEY));
    expect(laterAt).toBeGreaterThan(Date.now() - 60_000);

    // Within the week: not offered again on the home screen.
    await visit(page, url);
    await offerPrompt(page);
    await page.getByRole('heading', { name: 'Archived (1)' }).waitFor();
    await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
    expect(await offer(page).count()).toBe(0);

    // A week and a day later it comes back; "Not now" sends it away again.
    await page.evaluate(({ key, at }) => localStorage.setItem(key, String(at)), {
      key: SNOOZED_KEY,
      at: Date.now() - SNOOZE_MS - 86_400_000
    });
    await visit(page, url);
    await offerPrompt(page);
    await offer(page).waitFor();
    await offer(page).getByRole('button', { name: 'Not now' }).click();
    await expect.poll(() => offer(page).count()).toBe(0);
    expect(foreign(requests, url)).toEqual([]);
    await context.close();
  });

  it('an accepted install is not offered again, and an installed app is never offered it', async () => {
    const { page, context } = await openTab(shared.browser, { dark: true });
    const url = shared.server.url;
    await playAndArchive(page, url);
    await visit(page, url);
    await offerPrompt(page, 'accepted');
    await offer(page).waitFor();
    await shot(page, 'install-offer-dark');
    await offer(page).getByRole('button', { name: 'Install Tableside' }).click();
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect.poll(() => offer(page).count()).toBe(0);

    // Opened as the installed app: neither the home screen nor Settings offers it.
    await asInstalled(context);
    await visit(page, url);
    await offerPrompt(page);
    await page.getByRole('heading', { name: 'Archived (1)' }).waitFor();
    await visit(page, `${url}/settings`);
    await page.getByRole('heading', { name: 'Storage' }).waitFor();
    await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
    expect(await offer(page).count()).toBe(0);
    await visit(page, url);
    await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
    expect(await offer(page).count()).toBe(0);
    await context.close();
  });

  it('Settings offers it while not installed: in plain words, then with the browser’s prompt', async () => {
    const { page, context } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/settings`);
    await offer(page).waitFor();
    await expect.poll(() => offer(page).textContent()).toMatch(/Install app.*Add to Home screen/);
    expect(await offer(page).getByRole('button').count()).toBe(0);
    await offerPrompt(page);
    await offer(page).getByRole('button', { name: 'Install Tableside' }).waitFor();
    // Settings has no "Not now": it is where the person goes to find it.
    expect(await offer(page).getByRole('button', { name: 'Not now' }).count()).toBe(0);
    await context.close();
  });
});

describe('iPhone and iPad', () => {
  for (const dark of [false, true]) {
    it(`Safari on an iPhone sees how to add Tableside to the Home Screen, and why (${dark ? 'dark' : 'light'})`, async () => {
      const context = await shared.browser.newContext({
        viewport: PHONE,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        colorScheme: dark ? 'dark' : 'light',
        userAgent: IPHONE_SAFARI
      });
      const page = await context.newPage();
      const url = shared.server.url;
      await visit(page, url);
      await page.getByRole('heading', { name: 'New game' }).waitFor();
      await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
      expect(await hint(page).count()).toBe(0);
      await playAndArchive(page, url, false);
      expect(await hint(page).count()).toBe(0);
      await visit(page, url);
      await hint(page).waitFor();
      const text = (await hint(page).textContent()) ?? '';
      expect(text).toContain('Add to Home Screen');
      expect(text).toMatch(/Safari clears .* after 7 days unused/);
      expect(await hint(page).getByRole('img', { name: '(the Share icon)' }).count()).toBe(1);
      // Safari has no install prompt: no button pretends to install.
      expect(await hint(page).getByRole('button', { name: 'Install Tableside' }).count()).toBe(0);
      expect(await accessibilityProblems(page)).toEqual([]);
      await shot(page, `install-ios-hint-${dark ? 'dark' : 'light'}`);
      await hint(page).getByRole('button', { name: 'Not now' }).click();
      await expect.poll(() => hint(page).count()).toBe(0);
      // Settings keeps it while not on the Home Screen.
      await visit(page, `${url}/settings`);
      await hint(page).waitFor();
      await context.close();
    });
  }
});

describe('storage kept', () => {
  /** Counts the page's calls to navigator.storage.persist() in window.__persistAsked. */
  async function countPersist(context: BrowserContext): Promise<void> {
    await context.addInitScript(() => {
      const storage = navigator.storage;
      const real = storage.persist.bind(storage);
      const w = window as unknown as { __persistAsked: number };
      w.__persistAsked = 0;
      storage.persist = () => (w.__persistAsked++, real());
    });
  }
  const asked = (page: Page) =>
    page.evaluate(() => (window as unknown as { __persistAsked: number }).__persistAsked);

  it('is asked for after install and after the first finished game; Settings says whether it is, and how much is used', async () => {
    const { page, context } = await openTab(shared.browser);
    await countPersist(context);
    const url = shared.server.url;
    await visit(page, url);
    await started(page);
    expect(await asked(page)).toBe(0);
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect.poll(() => asked(page)).toBe(1);

    // The first finished game, back on the home screen.
    await visit(page, `${url}/titans/new`);
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.waitForURL(/\/play\//);
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'End game now' }).click();
    await page.getByRole('button', { name: 'End game' }).click();
    await finishedInStorage(page);
    await visit(page, url);
    await expect.poll(() => asked(page)).toBeGreaterThan(0);

    await visit(page, `${url}/settings`);
    const storage = page.getByRole('heading', { name: 'Storage' }).locator('..');
    await expect.poll(() => page.getByTestId('storage-used').textContent()).toMatch(/\d+(\.\d)? (B|KB|MB)/);
    await expect.poll(() => storage.textContent()).toMatch(/(Persistent|Not persistent): the browser/);
    await context.close();
  });
});

describe('the manifest', () => {
  it('has screenshots narrow and wide with labels (not precached), shortcuts, launch_handler, file_handlers and share_target', async () => {
    const { page, context } = await openTab(shared.browser);
    const url = shared.server.url;
    await visit(page, url);
    const manifest = await (await page.request.get(`${url}/manifest.webmanifest`)).json();

    const forms = manifest.screenshots.map((s: { form_factor: string }) => s.form_factor);
    expect(forms).toContain('narrow');
    expect(forms).toContain('wide');
    for (const s of manifest.screenshots) {
      expect(s.label.length).toBeGreaterThan(10);
      expect(s.type).toBe('image/webp');
      const size = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return `${img.naturalWidth}x${img.naturalHeight}`;
      }, s.src);
      expect(size).toBe(s.sizes);
      const bytes = (await (await page.request.get(`${url}${s.src}`)).body()).length;
      expect(bytes).toBeLessThan(60 * 1024);
    }
    const sw = readFileSync(resolve(import.meta.dirname, '../../build/sw.js'), 'utf8');
    expect(sw).not.toContain('screenshots/');

    expect(manifest.shortcuts.map((s: { name: string }) => s.name)).toEqual([
      'Resume the last game',
      'New game',
      'Rules'
    ]);
    expect(manifest.launch_handler).toEqual({ client_mode: ['navigate-existing', 'auto'] });
    expect(manifest.file_handlers).toEqual([
      { action: '/open', accept: { 'application/vnd.tableside.game+json': ['.json'] } }
    ]);
    expect(manifest.share_target).toMatchObject({
      action: '/share-target',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: {
        files: [{ name: 'file', accept: expect.arrayContaining(['application/vnd.tableside.game+json']) }]
      }
    });

    // Each shortcut lands where it says: the new-game list, the rules, and the last game (home
    // when there is none).
    await visit(page, `${url}/#new-game`);
    expect(await page.locator('#new-game').getByRole('heading', { name: 'New game' }).count()).toBe(1);
    await visit(page, `${url}/rules`);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Rules');
    await visit(page, `${url}/resume`);
    await page.waitForURL(`${url}/`);
    await visit(page, `${url}/titans/new`);
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.waitForURL(/\/play\//);
    const game = page.url();
    await visit(page, `${url}/resume`);
    await page.waitForURL(game);
    await context.close();
  });
});

describe('updates', () => {
  it('an update taken says what changed, in one line from the changelog', async () => {
    let version = 1;
    const local = await serve({
      transform: (path, body) =>
        path === '/sw.js' ? Buffer.concat([body, Buffer.from(`\n// deploy ${version}\n`)]) : body
    });
    const { page, context } = await openTab(shared.browser);
    await visit(page, local.url);
    await waitForServiceWorker(page);
    await page.reload();
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    const line = newestChange(readFileSync(resolve(import.meta.dirname, '../../CHANGELOG.md'), 'utf8'));
    expect(await page.getByText(line).count()).toBe(0);

    version = 2;
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('status').filter({ hasText: 'Update available' });
    await prompt.getByRole('button', { name: 'Update' }).click({ timeout: 15_000 });
    await expect.poll(() => page.getByText(line).count(), { timeout: 15_000 }).toBe(1);
    await shot(page, 'update-changelog-line');
    // Said once: the next start is quiet.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
    await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
    expect(await page.getByText(line).count()).toBe(0);
    await context.close();
    await local.close();
  });
});
