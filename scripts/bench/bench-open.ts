/**
 * Opening a very long game in Chromium (no CPU slowdown: "this machine"): a 100,000-event Theos
 * game put in through the settings page's import, opened once (no snapshot cache: a full replay,
 * after which the open caches its state) and then opened again (from that cache): by a tap on it
 * in the home list (the app running, as people open games), and as a page load of its address
 * (the app started afresh on the game).
 *
 * Times are taken in the page: from the tap (or the start of the page load) to the frame that
 * shows the game's board, so Playwright's own polling adds nothing.
 *
 *   npm run build && npx tsx scripts/bench/bench-open.ts [events] [--root <another build>]
 */
import type { Page } from 'playwright-core';
import { launch, openTab } from '../../tests/browser/harness';
import { startServer } from '../serve.mjs';
import { longBackup, LONG_GAME_ID } from '../../tests/fixtures/long-backup';

/**
 * Notes, in every page, when a tap landed and when the board was first painted. A string, not a
 * function: tsx would wrap a function's inner functions in a helper the page does not have.
 */
const watchBoard = `
  addEventListener('click', (e) => (window.tapAt = e.timeStamp), { capture: true });
  new MutationObserver(() => {
    if (window.boardAt !== undefined || !document.querySelector('section[aria-label="Board"]')) return;
    window.boardAt = -1;
    requestAnimationFrame(() => setTimeout(() => (window.boardAt = performance.now()), 0));
  }).observe(document, { childList: true, subtree: true });
`;

const painted = (page: Page) =>
  page.waitForFunction(() => ((window as unknown as { boardAt?: number }).boardAt ?? -1) > 0, null, {
    timeout: 120_000
  });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

async function benchOpen(
  url: string,
  events = 100_000,
  runs = 5
): Promise<{ first: number; fromList: number[]; pageLoad: number[] }> {
  const browser = await launch();
  try {
    const { page } = await openTab(browser);
    await page.addInitScript({ content: watchBoard });
    await page.goto(`${url}/settings`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
    await page.getByLabel('Import backup…').setInputFiles({
      name: 'long.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(longBackup(events)))
    });
    await page.getByText('1 game added.').waitFor({ timeout: 300_000 });
    const home = async () => {
      await page.goto(`${url}/`);
      await page.waitForTimeout(1000); // the home list and the journal settle
    };
    const byLoad = async () => {
      await page.goto(`${url}/play/${LONG_GAME_ID}`);
      await painted(page);
      return page.evaluate(() => (window as unknown as { boardAt: number }).boardAt);
    };
    await home();
    const first = await byLoad();
    await page.waitForTimeout(1500); // the cache written after the first open's paint
    const fromList: number[] = [];
    const pageLoad: number[] = [];
    for (let i = 0; i < runs; i++) {
      await home();
      await page.locator(`a[href="/play/${LONG_GAME_ID}"]`).click();
      await painted(page);
      fromList.push(
        await page.evaluate(() => {
          const w = window as unknown as { boardAt: number; tapAt: number };
          return w.boardAt - w.tapAt;
        })
      );
      await home();
      pageLoad.push(await byLoad());
    }
    return { first, fromList, pageLoad };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--root');
  const root = at >= 0 ? args.splice(at, 2)[1] : undefined;
  const events = Number(args[0] ?? 100_000);
  const server = await startServer({ port: 0, ...(root ? { root } : {}) });
  const { first, fromList, pageLoad } = await benchOpen(server.url, events);
  const ms = (xs: number[]) =>
    `median ${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`;
  const n = events.toLocaleString('en');
  console.log(`Open a ${n}-event game, first (no cache: full replay)  ${first.toFixed(0)} ms`);
  console.log(`Open it again from the home list                     ${ms(fromList)}`);
  console.log(`Open it again as a page load of its address          ${ms(pageLoad)}`);
  await server.close();
}
