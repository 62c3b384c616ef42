/**
 * The app shell in a real browser: installable (manifest, icons, service worker), works offline
 * after the first visit, keeps settings, reports a broken backup, offers updates without ever
 * reloading by itself, and never talks to anything but its own origin.
 */
import { describe, expect, it } from 'vitest';
import { foreign, openTab, serve, shot, visit, waitForServiceWorker } from './harness';
import { useBrowser } from './shared';
import { newGame } from './titans-play';
import { storedSettings } from './checks';

const shared = useBrowser();
const allRequests: string[] = [];

/** PNG width and height from its header. */
function pngSize(buf: Buffer): [number, number] {
  return [buf.readUInt32BE(16), buf.readUInt32BE(20)];
}

describe('installable and offline', () => {
  it('first load installs the service worker and the manifest is valid', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    await visit(page, shared.server.url);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Tableside');
    const sw = await waitForServiceWorker(page);
    expect(sw).toBe(`${shared.server.url}/sw.js`);

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const res = await page.request.get(new URL(href!, shared.server.url).toString());
    expect(res.ok()).toBe(true);
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: expect.stringContaining('Tableside'),
      short_name: 'Tableside',
      display: 'standalone',
      start_url: '/',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/)
    });
    expect(manifest.description.length).toBeGreaterThan(20);
    const sizes: Record<string, string> = {};
    for (const icon of manifest.icons) {
      const png = await page.request.get(new URL(icon.src, shared.server.url).toString());
      expect(png.headers()['content-type']).toBe('image/png');
      const [w, h] = pngSize(Buffer.from(await png.body()));
      expect(`${w}x${h}`).toBe(icon.sizes);
      sizes[icon.purpose] = (sizes[icon.purpose] ?? '') + icon.sizes + ' ';
    }
    expect(sizes.any).toContain('192x192');
    expect(sizes.any).toContain('512x512');
    expect(sizes.maskable).toContain('512x512');

    // The service worker was registered from a file; the page has no inline script without a hash.
    const csp = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/unsafe-inline[^;]*script|script-src[^;]*unsafe-inline/);
    await shot(page, 'home-light');
    allRequests.push(...requests);
    await context.close();
  });

  it('a first visit to a deep link (a shared setup) installs the same service worker for the whole app', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/titans/new?code=T1-0`);
    expect(await waitForServiceWorker(page)).toBe(`${shared.server.url}/sw.js`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
    expect(scope).toBe(`${shared.server.url}/`);
    allRequests.push(...requests);
    await context.close();
  });

  it('with the network gone, a reload still starts the app (home, rules and a saved game)', async () => {
    const local = await serve();
    const { page, context, requests } = await openTab(shared.browser);
    await visit(page, local.url);
    await waitForServiceWorker(page);
    // A game to come back to while offline.
    await visit(page, `${local.url}/titans/new`);
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.waitForURL(/\/play\//);
    const gameUrl = page.url();
    await expect.poll(() => page.getByRole('button', { name: 'Resolve the battle' }).isVisible()).toBe(true);

    await local.close(); // the server is gone: nothing can come from the network now
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Resolve the battle' }).isVisible()).toBe(true);
    await visit(page, local.url);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Tableside');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rules' }).click();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Rules');
    // A rules page opened directly (a bookmark, a link from the game) renders from precached data.
    await visit(page, `${local.url}/rules/titans/turn`);
    await expect.poll(() => page.locator('h1').first().textContent()).toMatch(/turn/i);
    expect(await page.locator('#battle').count()).toBe(1);
    await visit(page, gameUrl);
    await expect.poll(() => page.getByText('Titans of Eden').first().isVisible()).toBe(true);
    allRequests.push(...requests);
    await context.close();
  });
});

describe('settings and backups', () => {
  it('settings survive a reload', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/settings`);
    await page.getByLabel('Dark').check();
    await page.getByLabel('Larger').check();
    await page.getByLabel('Vibrate briefly on every change').uncheck();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // The change shows at once; its write lands a moment later. A reload inside that moment
    // would test the browser dropping a pending transaction, not the app (CI hit that race).
    await expect
      .poll(() => storedSettings(page))
      .toMatchObject({ theme: 'dark', textSize: 'larger', haptics: false });
    await page.reload();
    await expect.poll(() => page.getByLabel('Dark').isChecked()).toBe(true);
    expect(await page.getByLabel('Larger').isChecked()).toBe(true);
    expect(await page.getByLabel('Vibrate briefly on every change').isChecked()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.dataset.textSize)).toBe('larger');
    await shot(page, 'settings-dark');
    allRequests.push(...requests);
    await context.close();
  });

  it('importing a broken backup shows its error and changes nothing', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/settings`);
    const broken = JSON.stringify({
      format: 'tableside-backup',
      formatVersion: 1,
      appVersion: '0.1.0',
      schemaVersion: 1,
      exportedAt: Date.UTC(2026, 10, 22),
      sessions: [],
      events: [{ sessionId: 'abc', seq: 'one', kind: 'event', time: Date.UTC(2026, 10, 22), label: 'x' }],
      settings: [],
      profiles: []
    });
    await page
      .getByLabel('Import backup…')
      .setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(broken) });
    const alert = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
    await expect.poll(() => alert.textContent()).toContain('events[0].seq: expected a number');
    await shot(page, 'settings-import-error');

    await page.getByLabel('Import backup…').setInputFiles({
      name: 'cut.json',
      mimeType: 'application/json',
      buffer: Buffer.from(broken.slice(0, 60))
    });
    await expect.poll(() => alert.textContent()).toContain('cut off');
    allRequests.push(...requests);
    await context.close();
  });

  it('an exported backup downloads as one JSON file', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/settings`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export backup' }).click()
    ]);
    expect(download.suggestedFilename()).toMatch(/^tableside-backup-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await (await download.createReadStream()).toArray();
    const backup = JSON.parse(Buffer.concat(text).toString('utf8'));
    expect(backup).toMatchObject({ format: 'tableside-backup', formatVersion: 1, schemaVersion: 1 });
    allRequests.push(...requests);
    await context.close();
  });
});

describe('wrong links', () => {
  it('a page that does not exist says so and leads back, and a missing game is named', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/no-such-page`);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('There is no such page');
    await page.getByRole('link', { name: 'Your games' }).click();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Tableside');
    await visit(page, `${shared.server.url}/play/gone`);
    await expect
      .poll(() => page.getByText('There is no saved game with the id “gone”').isVisible())
      .toBe(true);
    allRequests.push(...requests);
    await context.close();
  });
});

describe('the home list', () => {
  it('a game in progress opens without fetching code: it loaded while the list was read', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    await newGame(shared.server.url, page);
    const game = new URL(page.url()).pathname;
    await visit(page, shared.server.url);
    const link = page.locator(`a[href="${game}"]`);
    await link.waitFor();
    // The warm-up waits for the page to be idle, at most 2 s; then its fetches settle.
    await page.waitForTimeout(2500);
    await page.waitForLoadState('networkidle');
    const before = requests.length;
    await link.click();
    await page.getByRole('region', { name: 'Board' }).waitFor();
    expect(requests.slice(before).filter((url) => /\.js(\?|$)/.test(url))).toEqual([]);
    allRequests.push(...requests);
    await context.close();
  });
});

describe('updates', () => {
  it('a new version is offered quietly and taken only when the person accepts', async () => {
    let version = 1;
    const local = await serve({
      // Each deploy changes the service worker; here a comment stands for the new build.
      transform: (path, body) =>
        path === '/sw.js' ? Buffer.concat([body, Buffer.from(`\n// deploy ${version}\n`)]) : body
    });
    const { page, context, requests } = await openTab(shared.browser);
    await visit(page, local.url);
    await waitForServiceWorker(page);
    await page.reload(); // the second visit: now the service worker controls the page
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    // In a game: the offer must not cover the bar's Back, ?, Undo and ⋯ (#53).
    await visit(page, `${local.url}/titans/new`);
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.getByRole('region', { name: 'Board' }).waitFor();
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'));

    version = 2;
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('status').filter({ hasText: 'Update available' });
    await expect.poll(() => prompt.isVisible(), { timeout: 15_000 }).toBe(true);
    await page.waitForTimeout(1500);
    // No reload happened by itself.
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still here');
    await shot(page, 'update-available');
    const covered = await page.evaluate(() =>
      ['Back to your games', 'Rules for this step', 'Nothing to undo', 'More'].filter((name) => {
        const el = document.querySelector(`[aria-label="${name}"]`);
        if (!el) return true;
        const box = el.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return !el.contains(top);
      })
    );
    expect(covered).toEqual([]);

    await prompt.getByRole('button', { name: 'Update' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { marker?: string }).marker ?? 'reloaded'), {
        timeout: 15_000
      })
      .toBe('reloaded');
    allRequests.push(...requests);
    await context.close();
    await local.close();
  });
});

describe('privacy', () => {
  it('no request leaves the local origin', () => {
    expect(allRequests.length).toBeGreaterThan(10);
    const origins = new Set(allRequests.filter((u) => u.startsWith('http')).map((u) => new URL(u).hostname));
    expect([...origins]).toEqual(['localhost']);
    expect(foreign(allRequests, 'http://localhost:')).toEqual([]);
    expect(allRequests.filter((u) => u.startsWith('pageerror:'))).toEqual([]);
  });
});
