/**
 * Paint first, commit right after, in a real browser: a page that dies between the two comes back
 * showing exactly what was stored (the tap in flight may be lost, never half-applied), and a
 * page killed at random moments after taps never loses a tap it had already stored.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openTab } from './harness';
import { useBrowser } from './shared';
import { startDuel as duel } from './titans-play';
import { tapAfterLooking } from './checks';

const shared = useBrowser();

const board = (page: Page) => page.getByRole('region', { name: 'Board' }).innerText();
const surges = (page: Page) => page.getByRole('button', { name: /: Surge/ });

const startDuel = (page: Page) => duel(shared.server.url, page);

/** Kills the renderer at once, as a phone killing the browser would: no unload, no flush. */
async function crash(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const crashed = new Promise((resolve) => page.once('crash', resolve));
  void cdp.send('Page.crash').catch(() => {});
  await crashed;
}

/** Surge tokens spent so far, as the screen shows them. */
async function spent(page: Page): Promise<number> {
  return (
    (await page.getByLabel('0 of 2 surge tokens left').count()) * 2 +
    (await page.getByLabel('1 of 2 surge tokens left').count())
  );
}

describe('a tap painted but not yet stored', () => {
  it('a page stopped between the paint and the write comes back as exactly the stored log', async () => {
    const { page, context } = await openTab(shared.browser);
    const game = await startDuel(page);
    await surges(page).first().click();
    await expect.poll(() => page.getByLabel('1 of 2 surge tokens left').count()).toBe(1);
    await page.waitForTimeout(300); // that surge is stored
    const stored = await board(page);
    expect(await spent(page)).toBe(1);
    // Hold back the next write: the page paints the tap, then dies before the commit runs.
    await page.evaluate(() => {
      const later = window.setTimeout;
      window.setTimeout = ((fn: () => void, ms?: number) =>
        later(fn, (ms ?? 0) + 60_000)) as typeof setTimeout;
    });
    await tapAfterLooking(surges(page).nth(1));
    await expect.poll(() => page.getByLabel('1 of 2 surge tokens left').count()).toBe(2);
    expect(await spent(page)).toBe(2);
    await crash(page);

    const again = await context.newPage();
    await again.goto(game);
    await again.getByRole('region', { name: 'Board' }).waitFor();
    expect(await board(again)).toBe(stored);
    expect(await spent(again)).toBe(1);
    await context.close();
  });

  it('killed 0-36 ms after taps, a game never loses a stored tap and never shows more than it stored', async () => {
    const { page, context } = await openTab(shared.browser);
    const game = await startDuel(page);
    let current = page;
    let stored = 0;
    for (let run = 0; run < 4; run++) {
      expect(await spent(current)).toBe(stored);
      await tapAfterLooking(surges(current).nth(run % 2));
      await current.waitForTimeout(run * 12); // 0 to 36 ms after the tap
      await crash(current);
      current = await context.newPage();
      await current.goto(game);
      await current.getByRole('region', { name: 'Board' }).waitFor();
      // Either the tap made it to storage or it did not: nothing in between, nothing lost before it.
      const now = await spent(current);
      expect([stored, stored + 1]).toContain(now);
      stored = now;
    }
    await context.close();
  });
});
