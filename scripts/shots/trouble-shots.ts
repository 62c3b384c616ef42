/**
 * Screenshots of a shared game while its sync server has trouble (#56): the server's disk is full,
 * so it answers "try again"; the header, the play screen's line and the share sheet, light and
 * dark, at phone size. Needs root (a small tmpfs) and a build:
 *   npm run build && npx tsx scripts/shots/trouble-shots.ts
 */
import { join } from 'node:path';
import { launch, openTab, serve, shot } from '../../tests/browser/harness';
import { startDuel } from '../../tests/browser/titans-play';
import { makeSmallDisk } from '../../tests/browser/small-disk';
import { startSyncServer } from '../../sync-server/server';
import { TROUBLE_TEXT } from '../../src/lib/sync/protocol';

const server = await serve();
const browser = await launch();
const disk = makeSmallDisk(4, 'tmpfs');
const sync = await startSyncServer({ host: '127.0.0.1', port: 0, dir: join(disk.dir, 'rooms') });
try {
  disk.fill();
  for (const dark of [false, true]) {
    const mode = dark ? 'dark' : 'light';
    const { page, context } = await openTab(browser, { dark });
    await startDuel(server.url, page);
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Play on several phones' }).click();
    await page.getByLabel('Sync server').fill(`ws://127.0.0.1:${sync.port}`);
    await page.getByRole('button', { name: 'Share this game' }).click();
    const sheet = page.getByRole('dialog', { name: 'Play on several phones' });
    await sheet.getByText(TROUBLE_TEXT).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(300);
    await shot(page, `sync-trouble-sheet-${mode}`);
    await sheet.getByRole('button', { name: 'Close' }).click();
    await page.locator('p[role=status]').filter({ hasText: TROUBLE_TEXT }).waitFor();
    await page.waitForTimeout(300);
    await shot(page, `sync-trouble-play-${mode}`);
    await context.close();
  }
} finally {
  await sync.close();
  disk.remove();
  await browser.close();
  await server.close();
}
