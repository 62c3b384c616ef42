/**
 * An A/B of a game's open between two builds, taking turns, at 4× CPU (what the bench's single
 * numbers cannot tell apart on a noisy machine). Each side imports a 5,019-event Titans game.
 *
 *   npx tsx scripts/bench/ab-open.ts <buildA> <buildB> [rounds] [--mode list|import] [--hold ms] [--installed]
 *
 * - list (default): the home screen loaded at full speed and left `--hold` ms (1000), then the
 *   game pressed in the list: from the press to the frame with the board.
 * - import: a fresh profile each round; the game imported, then opened by a page load: from the
 *   navigation's start to the frame with the board. A first visit: the service worker has not
 *   stored the app yet, and the browser makes its code caches during the open (about 190 ms of
 *   main thread at 4× CPU). With --installed, the import waits for the service worker first.
 *
 * Build a side with `npx vite build --outDir <dir>` on the commit to compare.
 */
import type { Browser } from 'playwright-core';
import { launch, openTab } from '../../tests/browser/harness';
import { startServer } from '../serve.mjs';
import { boardPainted, markBoardPaint, titansBackup } from './bench-taps';

const CPU_SLOWDOWN = 4;
const GAME = '/play/benchgame01';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const [rootA, rootB] = process.argv.slice(2, 4);
const rounds = Number(/^\d+$/.test(process.argv[4] ?? '') ? process.argv[4] : 8);
const mode = arg('--mode', 'list');
const hold = Number(arg('--hold', '1000'));
const installed = process.argv.includes('--installed');
if (!rootA || !rootB || !['list', 'import'].includes(mode)) {
  console.error(
    'usage: npx tsx scripts/bench/ab-open.ts <buildA> <buildB> [rounds] [--mode list|import] [--hold ms] [--installed]'
  );
  process.exit(1);
}
const backup = Buffer.from(titansBackup(239).text);

/** A fresh profile with the game imported; the board's paint is watched in every document. */
async function withGame(browser: Browser, url: string) {
  const tab = await openTab(browser);
  await tab.context.addInitScript(markBoardPaint);
  await tab.page.goto(`${url}/settings`);
  await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
  // --installed: the service worker has stored the app first (the app installed, not a first visit).
  if (installed) await tab.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await tab.page
    .getByLabel('Import backup…')
    .setInputFiles({ name: 'ab.json', mimeType: 'application/json', buffer: backup });
  await tab.page.getByText(/^1 game (added|already here)|Imported 1 game/).waitFor({ timeout: 120_000 });
  const cdp = await tab.context.newCDPSession(tab.page);
  return { ...tab, cdp };
}

const browser = await launch();
const servers = await Promise.all([rootA, rootB].map((root) => startServer({ port: 0, root })));
const times: number[][] = [[], []];
// For the list, one profile per side, opened once first (as a game played before).
const kept =
  mode === 'list'
    ? await Promise.all(
        servers.map(async ({ url }) => {
          const tab = await withGame(browser, url);
          const painted = boardPainted(tab.page);
          await tab.page.goto(`${url}${GAME}`);
          await painted;
          return tab;
        })
      )
    : [];

for (let round = 0; round < rounds; round++) {
  for (const side of round % 2 ? [1, 0] : [0, 1]) {
    const { url } = servers[side];
    if (mode === 'import') {
      const { page, context, cdp } = await withGame(browser, url);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      const painted = boardPainted(page);
      await page.goto(`${url}${GAME}`);
      times[side].push(Math.round(await painted));
      await context.close();
      continue;
    }
    const { page, cdp } = kept[side];
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.goto(`${url}/`);
    const link = page.locator(`a[href="${GAME}"]`);
    await link.waitFor();
    await page.waitForTimeout(hold);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const box = (await link.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const pressed = await page.evaluate(() => performance.now());
    const painted = boardPainted(page);
    await page.mouse.down();
    await page.waitForTimeout(80);
    await page.mouse.up();
    times[side].push(Math.round((await painted) - pressed));
  }
}

const median = (v: number[]) => v.slice().sort((a, b) => a - b)[Math.floor(v.length / 2)];
const mean = (v: number[]) => Math.round(v.reduce((a, b) => a + b, 0) / v.length);
for (const [side, root] of [rootA, rootB].entries())
  console.log(
    `${root}: median ${median(times[side])} ms, mean ${mean(times[side])} ms (${times[side].join(' ')})`
  );
await browser.close();
for (const server of servers) await server.close();
