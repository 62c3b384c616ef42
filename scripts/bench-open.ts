/**
 * Opening a very long game in Chromium (no CPU slowdown: "this machine"): a 100,000-event Theos
 * game put in through the settings page's import, opened once (no snapshot cache: a full replay,
 * after which the open caches its state) and then opened again (from that cache).
 *
 *   npm run build && npx tsx scripts/bench-open.ts
 */
import { launch, openTab } from '../tests/browser/harness';
import { startServer } from './serve.mjs';
import { longBackup, LONG_GAME_ID } from '../tests/fixtures/long-backup';

export async function benchOpen(url: string, events = 100_000): Promise<{ first: number; second: number }> {
  const browser = await launch();
  try {
    const { page } = await openTab(browser);
    await page.goto(`${url}/settings`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
    await page.locator('input[type=file]').setInputFiles({
      name: 'long.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(longBackup(events)))
    });
    await page.getByText('1 game added.').waitFor({ timeout: 300_000 });
    const open = async () => {
      await page.goto(`${url}/`);
      await page.waitForTimeout(1000); // the home list and the journal settle
      const t0 = Date.now();
      await page.goto(`${url}/play/${LONG_GAME_ID}`);
      await page.getByRole('region', { name: 'Board' }).waitFor({ timeout: 120_000 });
      return Date.now() - t0;
    };
    const first = await open();
    await page.waitForTimeout(1500); // the cache written after the first open's paint
    const second = await open();
    return { first, second };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startServer({ port: 0 });
  const { first, second } = await benchOpen(server.url);
  console.log(`Open a 100,000-event game, first (full replay)    ${first} ms`);
  console.log(`Open it again (from the cache the first wrote)     ${second} ms`);
  await server.close();
}
