/**
 * Importing a backup in a real browser: an older backup of a game played on since is never
 * written over the newer game; the settings page shows both copies side by side, and "Keep both"
 * lists both on the home screen. A big file shows its progress while the page stays alive, and
 * a browser without IndexedDB gets a plain message, never an unhandled error.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openTab, shot, visit } from './harness';
import { useBrowser } from './shared';
import { startDuel as duel } from './titans-play';
import { accessibilityProblems, journalEntries, scrollsSideways, tapAfterLooking, typeOnPad } from './checks';
import { longBackup, LONG_GAME_ID } from '../fixtures/long-backup';

const shared = useBrowser();

const startDuel = (page: Page) => duel(shared.server.url, page);

/** The backup file the Export button downloads, as bytes. */
async function exportFile(page: Page): Promise<Buffer> {
  await visit(page, `${shared.server.url}/settings`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export backup' }).click()
  ]);
  return Buffer.concat(await (await download.createReadStream()).toArray());
}

const chooseFile = (page: Page, buffer: Buffer, name = 'backup.json') =>
  page.getByLabel('Import backup…').setInputFiles({ name, mimeType: 'application/json', buffer });

describe('importing an older backup of a game played on since', () => {
  it('shows both copies, and “Keep both” lists both games at home', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    const game = await startDuel(page);
    // A few steps: Ana surges and her power is typed (the pad then closed before Ben's).
    await page.getByRole('button', { name: /^Ana: Surge/ }).click();
    await page
      .getByRole('region', { name: 'This turn' })
      .getByRole('button', { name: /^Power of Ana/ })
      .click();
    await typeOnPad(page, 8);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.waitForTimeout(300); // stored
    const older = await exportFile(page);
    expect(JSON.parse(older.toString('utf8')).events).toHaveLength(2);

    // Play on: Ben's power (its ✓ resolves the battle) and the next turn starts.
    await visit(page, game);
    await page
      .getByRole('region', { name: 'This turn' })
      .getByRole('button', { name: /^Power of Ben/ })
      .click();
    await typeOnPad(page, 3);
    await expect
      .poll(() => page.getByText('Ana destroys a temple of Ben', { exact: true }).isVisible())
      .toBe(true);
    await tapAfterLooking(page.getByRole('button', { name: /^Next turn/ }));
    await expect.poll(() => page.getByText(/· Turn 2/).isVisible()).toBe(true);
    await page.waitForTimeout(300);

    await visit(page, `${shared.server.url}/settings`);
    await chooseFile(page, older);
    const chooser = page.getByRole('group', { name: /different on this phone/ });
    await chooser.waitFor();
    const conflict = chooser.getByTestId('conflict');
    await expect.poll(() => conflict.count()).toBe(1);
    const here = conflict.getByRole('region', { name: 'On this phone' });
    const file = conflict.getByRole('region', { name: 'In the backup' });
    expect(await here.innerText()).toMatch(/Turn 2[\s\S]*5 steps recorded[\s\S]*Last: Turn 2 begins/);
    expect(await file.innerText()).toMatch(/Turn 1[\s\S]*2 steps recorded[\s\S]*Last: Ana’s power: 8/);
    expect(await conflict.innerText()).toContain('This phone has played on since the backup was made.');
    // Nothing is written until a choice is made and Import pressed.
    expect(await chooser.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);

    await conflict.getByRole('radio', { name: /Keep both/ }).check();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await accessibilityProblems(page)).toEqual([]);
    await chooser.scrollIntoViewIfNeeded();
    await shot(page, 'settings-import-conflict');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'settings-import-conflict-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await chooser.getByRole('button', { name: 'Import' }).click();
    const done = page.getByRole('status').filter({ hasText: 'kept both' });
    await expect.poll(() => done.textContent()).toContain('1 game kept both.');
    await shot(page, 'settings-import-done');

    // Home: both games in progress, the newer at turn 2, the backup's copy at turn 1.
    await visit(page, shared.server.url);
    const list = page.getByRole('list', { name: 'Games in progress' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    const text = await list.innerText();
    expect(text).toMatch(/Turn 2 · Ana 3 – Ben 2 temples/);
    expect(text).toMatch(/Turn 1 · Ana 3 – Ben 3 temples/);
    // The newer game is untouched: it opens at turn 2.
    await visit(page, game);
    await expect.poll(() => page.getByText(/· Turn 2/).isVisible()).toBe(true);
    expect(requests.filter((r) => r.startsWith('pageerror:'))).toEqual([]);
    await context.close();
  });

  it('a 100,000-event backup shows its progress while it is checked, then imports', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/settings`);
    await page.getByRole('button', { name: 'Export backup' }).scrollIntoViewIfNeeded();
    // Handed over as a file on disk: as bytes, Playwright spent 7–12 s sending 100,000 events to
    // the browser before the app saw the file.
    const folder = mkdtempSync(join(tmpdir(), 'tableside-import-'));
    const file = join(folder, 'long.json');
    writeFileSync(file, JSON.stringify(longBackup(100_000)));
    // Every percentage the page puts on screen while it checks, noted as the page writes it (a
    // poll from here waits for the page's main thread, which the check keeps busy, and could land
    // only once the check is over).
    await page.evaluate(() => {
      const w = window as unknown as { __progressSeen: number };
      w.__progressSeen = 0;
      new MutationObserver(() => {
        for (const status of document.querySelectorAll('[role=status]')) {
          const seen = /^Checking… (\d+)%/.exec(status.textContent ?? '');
          if (seen) w.__progressSeen = Math.max(w.__progressSeen, Number(seen[1]));
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByLabel('Import backup…').setInputFiles(file);
    // The file stays until the import is done: the browser reads it from disk only when the page
    // asks for its bytes, and a file removed before that cannot be read (CI saw the import never
    // start, twice, when it was removed right here).
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    const progress = page.getByRole('status').filter({ hasText: /^Checking… [1-9]\d*%/ });
    // For the screenshot only: on a busy machine the check may be over before it is taken.
    if (
      await progress.waitFor({ timeout: 30_000 }).then(
        () => true,
        () => false
      )
    )
      await shot(page, 'settings-import-checking');
    // Everything the page says (status and alerts), so a failure shows what it said instead.
    const said = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[role=status], [role=alert]')]
          .map((el) => el.textContent?.trim())
          .filter(Boolean)
          .join(' | ')
      );
    await expect.poll(said, { timeout: 120_000 }).toContain('1 game added.');
    // Which game the imported id is, so that opening it by its address loads the game's code
    // while the database opens (app/game-hint.ts).
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('tableside.game-of') ?? '{}'))
    ).toMatchObject({ [LONG_GAME_ID]: 'theos' });
    // The page showed how far the check had come (and not only 0 %) before it was done.
    expect(
      await page.evaluate(() => (window as unknown as { __progressSeen: number }).__progressSeen)
    ).toBeGreaterThan(0);
    // The recovery copy is written anew in the background, its worker reading the log itself.
    await expect.poll(() => journalEntries(page, LONG_GAME_ID), { timeout: 60_000 }).toBe(100_000);

    // The import cached the states its check ended in, so even the first open reads only the
    // newest steps (a window), and the history reads the rest when asked.
    await visit(page, shared.server.url);
    await page.locator(`a[href="/play/${LONG_GAME_ID}"]`).click();
    await page.getByRole('region', { name: 'Board' }).waitFor();
    expect(await page.getByRole('button', { name: /^Undo/ }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    const sheet = page.getByRole('dialog', { name: 'History' });
    const lines = () => sheet.locator('ol.history > li, ol.history.minor > li').count();
    const held = await lines();
    expect(held).toBeGreaterThan(50);
    expect(held).toBeLessThan(1000);
    await sheet.getByRole('button', { name: 'Show earlier steps' }).click();
    await expect.poll(lines, { timeout: 60_000 }).toBeGreaterThan(held);
    expect(await sheet.getByRole('button', { name: 'Show earlier steps' }).count()).toBe(0);
    expect(requests.filter((r) => r.startsWith('pageerror:'))).toEqual([]);
    await context.close();
  }, 240_000);
});

describe('a backup file that cannot be read', () => {
  it('one moved or deleted after it was chosen is named, in plain words, and nothing changes', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    // As the browser answers when the file is gone from the disk by the time it is read.
    await context.addInitScript(() => {
      Blob.prototype.arrayBuffer = () =>
        Promise.reject(new DOMException('A requested file or directory could not be found', 'NotFoundError'));
    });
    await visit(page, `${shared.server.url}/settings`);
    await chooseFile(page, Buffer.from(JSON.stringify(longBackup(10))));
    const alert = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
    await expect
      .poll(() => alert.textContent())
      .toMatch(
        /“[^”]+” could not be read: it may have been moved, deleted or changed since it was chosen\. Choose it again\./
      );
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /Checking|added/ })
        .count()
    ).toBe(0);
    await visit(page, shared.server.url);
    expect(await page.getByRole('list', { name: 'Games in progress' }).count()).toBe(0);
    expect(requests.filter((r) => r.startsWith('pageerror:'))).toEqual([]);
    await context.close();
  });
});

describe('a browser without IndexedDB', () => {
  it('Export and Import say so plainly, with no unhandled error', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    await context.addInitScript(() => {
      Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
    });
    await visit(page, `${shared.server.url}/settings`);
    await page.getByRole('button', { name: 'Export backup' }).click();
    const exportAlert = page.getByRole('alert').filter({ hasText: 'Nothing was exported' });
    await expect
      .poll(() => exportAlert.textContent())
      .toMatch(/Nothing was exported\. This browser will not/);

    await chooseFile(page, Buffer.from(JSON.stringify(longBackup(10))));
    const importAlert = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
    await expect
      .poll(() => importAlert.textContent())
      .toMatch(/This browser will not let Tableside store games/);
    await importAlert.scrollIntoViewIfNeeded();
    await shot(page, 'settings-no-storage');
    expect(requests.filter((r) => r.startsWith('pageerror:'))).toEqual([]);
    await context.close();
  });
});
