/**
 * The recovery journal in a real browser: every stored step also goes to a file in the Origin
 * Private File System; when the browser throws the IndexedDB database away, the next start
 * brings the game back from that file and says so. A full disk keeps the game on screen, says
 * it is kept only there, and stores every step once there is room.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openTab, shot, visit } from './harness';
import { useBrowser } from './shared';
import { startDuel as duel } from './titans-play';
import { journalFiles, storedSteps, tapAfterLooking } from './checks';

const shared = useBrowser();

const board = (page: Page) => page.getByRole('region', { name: 'Board' }).innerText();
const surges = (page: Page) => page.getByRole('button', { name: /: Surge/ });
const undoButton = (page: Page) => page.getByRole('button', { name: /^(Undo: |Nothing to undo)/ });

const startDuel = (page: Page) => duel(shared.server.url, page);

/** Surge tokens spent so far, as the screen shows them. */
async function spent(page: Page): Promise<number> {
  return (
    (await page.getByLabel('0 of 2 surge tokens left').count()) * 2 +
    (await page.getByLabel('1 of 2 surge tokens left').count())
  );
}

describe('the recovery copy', () => {
  it('follows every stored step; when the browser deletes the database, the game comes back from it and the home screen says so', async () => {
    const { page, context } = await openTab(shared.browser);
    const game = await startDuel(page);
    const id = game.split('/').at(-1)!;
    await surges(page).first().click();
    await tapAfterLooking(surges(page).nth(1));
    await tapAfterLooking(undoButton(page));
    await expect.poll(() => spent(page)).toBe(1);
    await expect.poll(() => storedSteps(page, id)).toBe(3);
    // The game's file: its record, then one line per stored step, in order (and the record's
    // fields as the first step wrote them, so a game left in its first turn reads as played).
    const kinds = async () =>
      ((await journalFiles(page))[`${id}.jsonl`] ?? []).map((line) => {
        const value = JSON.parse(line) as { t: string; seq?: number };
        return value.t === 'e' ? `e${value.seq}` : value.t;
      });
    await expect
      .poll(async () => (await kinds()).filter((kind) => kind !== 'r'))
      .toEqual(['game', 'e1', 'e2', 'e3']);
    expect((await kinds()).filter((kind) => kind === 'r')).toHaveLength(1);
    const before = { board: await board(page), undo: await undoButton(page).getAttribute('aria-label') };

    await visit(page, `${shared.server.url}/settings`);
    await expect.poll(() => page.locator('.journal').getAttribute('data-state')).toBe('on');
    await expect.poll(() => page.locator('.journal').innerText()).toMatch(/On\. Every step of every game/);
    // Next to the journal, its summary: what the next start reads instead of the whole file.
    await expect
      .poll(async () => Object.keys(await journalFiles(page)), { timeout: 5000 })
      .toContain(`${id}.jsonl.summary`);
    await page.locator('.journal').scrollIntoViewIfNeeded();
    await shot(page, 'recovery-settings-on');

    // Leave the app for a page that does not use the database, and delete it from there, as the
    // browser does when it finds the database's files damaged.
    await visit(page, `${shared.server.url}/rules`);
    const deleted = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const request = indexedDB.deleteDatabase('tableside');
          request.onsuccess = () => resolve('deleted');
          request.onblocked = () => resolve('blocked');
          request.onerror = () => resolve(String(request.error));
        })
    );
    expect(deleted).toBe('deleted');
    expect(Object.keys(await journalFiles(page))).toContain(`${id}.jsonl`);

    await visit(page, `${shared.server.url}/`);
    const notice = page.getByRole('status').filter({ hasText: 'recovery copy' });
    await expect
      .poll(() => notice.innerText())
      .toMatch(
        /^Your browser lost Tableside’s saved data \(it does this after a crash or when storage is full\)\. 1 game was restored from Tableside’s recovery copy; nothing was lost\./
      );
    await expect.poll(() => page.getByRole('list', { name: 'Games in progress' }).count()).toBe(1);
    await shot(page, 'recovery-home');

    await page.goto(game);
    await page.getByRole('region', { name: 'Board' }).waitFor();
    expect(await board(page)).toBe(before.board);
    expect(await undoButton(page).getAttribute('aria-label')).toBe(before.undo);
    expect(await spent(page)).toBe(1);
    // The restored game plays on, and its steps are stored.
    await tapAfterLooking(surges(page).nth(1));
    await expect.poll(() => storedSteps(page, id)).toBe(4);

    // The notice stays until it is read.
    await visit(page, `${shared.server.url}/`);
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await page.reload();
    await page.getByRole('list', { name: 'Games in progress' }).waitFor();
    expect(await notice.count()).toBe(0);
    await context.close();
  });

  it('the browser deleting the database while a game is open: the tap stays on screen, the games come back at once, the banner says so, and the game is saved again', async () => {
    const { page, context } = await openTab(shared.browser);
    const game = await startDuel(page);
    const id = game.split('/').at(-1)!;
    await surges(page).first().click();
    await expect.poll(() => storedSteps(page, id)).toBe(1);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: shared.server.url, storageTypes: 'indexeddb' });

    await tapAfterLooking(surges(page).nth(1));
    const banner = page.getByRole('alert').filter({ hasText: 'while Tableside was open' });
    await expect
      .poll(() => banner.innerText())
      .toBe(
        'Your browser deleted Tableside’s saved data while Tableside was open (it does this when storage is full or its files are damaged). 1 game was brought back from Tableside’s recovery copy; a game open on screen keeps its newest changes and saves them again.'
      );
    expect(await spent(page)).toBe(2); // the tap that found the database gone is kept
    await shot(page, 'recovery-lost-while-open');
    // The page holds that tap until it writes it back (by itself, or on Try again).
    const held = page.getByRole('alert').filter({ hasText: 'kept only on this screen' });
    if (await held.count()) await held.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => storedSteps(page, id)).toBe(2);
    await expect.poll(() => held.count()).toBe(0);
    await tapAfterLooking(undoButton(page));
    await expect.poll(() => storedSteps(page, id)).toBe(3);
    await page.reload();
    await page.getByRole('region', { name: 'Board' }).waitFor();
    expect(await spent(page)).toBe(1);
    await context.close();
  });

  it('a browser that cannot keep the copy: settings say only backups protect the games, and export one', async () => {
    const { page, context } = await openTab(shared.browser);
    // As in a browser without the Origin Private File System.
    await context.addInitScript(() => {
      Object.defineProperty(StorageManager.prototype, 'getDirectory', { value: undefined });
    });
    await startDuel(page);
    await visit(page, `${shared.server.url}/settings`);
    const status = page.locator('.journal');
    await expect.poll(() => status.getAttribute('data-state')).toBe('off');
    expect(await status.innerText()).toMatch(
      /Not available in this browser \(this browser has no private file storage for web apps\), so only backups protect the games on this browser\./
    );
    await status.scrollIntoViewIfNeeded();
    await shot(page, 'recovery-settings-off');
    const download = page.waitForEvent('download');
    await status.getByRole('button', { name: 'Export now' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^tableside-backup-.*\.json$/);
    const backup = JSON.parse(
      await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c).toString())
    );
    expect(backup.sessions).toHaveLength(1);
    await context.close();
  });

  it('a full disk saying so (QuotaExceededError): the game stays on screen, the banner says the phone is out of space, and Try again stores every step', async () => {
    const { page, context } = await openTab(shared.browser);
    const game = await startDuel(page);
    const id = game.split('/').at(-1)!;
    await surges(page).first().click();
    await expect.poll(() => storedSteps(page, id)).toBe(1);

    // A tiny quota: the journal's file writes fail as on a full disk. Chromium's IndexedDB does
    // not follow this override (checked: its writes still succeed), so its writes are made to
    // fail the way a full disk can fail them, with a QuotaExceededError.
    // (tests/browser/full-disk.test.ts fills a real filesystem instead.)
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: shared.server.url, quotaSize: 1 });
    await page.evaluate(() => {
      const proto = IDBObjectStore.prototype as unknown as Record<string, unknown>;
      const kept = { add: proto.add, put: proto.put };
      (window as unknown as { __room: () => void }).__room = () => void Object.assign(proto, kept);
      const full = () => {
        throw new DOMException(
          'The operation failed because it would cause the application to exceed its storage quota.',
          'QuotaExceededError'
        );
      };
      proto.add = full;
      proto.put = full;
    });

    await tapAfterLooking(surges(page).nth(1));
    const banner = page.getByRole('alert').filter({ hasText: 'out of space' });
    await expect
      .poll(() => banner.locator('p').first().innerText())
      .toBe(
        'Your phone is out of space. This game is kept only on this screen until there is room: keep it open, every tap is kept. Free some space (photos, videos or apps you do not need), then tap Try again, or send the game as a file now.'
      );
    // Kept: the screen shows the tap, with no "saving" mark claiming it is being stored.
    expect(await spent(page)).toBe(2);
    expect(await page.locator('.saving').count()).toBe(0);
    await shot(page, 'recovery-disk-full');
    // Still said a while later (a toast would have gone), and Try again on a full disk says so.
    await page.waitForTimeout(1500);
    await banner.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => banner.getByRole('status').innerText()).toMatch(/^Still no room/);
    await tapAfterLooking(undoButton(page));
    expect(await spent(page)).toBe(1);
    expect(await storedSteps(page, id)).toBe(1);

    // Room again: every step is written, in order.
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: shared.server.url });
    await page.evaluate(() => (window as unknown as { __room: () => void }).__room());
    await banner.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    expect(await storedSteps(page, id)).toBe(3);
    await page.reload();
    await page.getByRole('region', { name: 'Board' }).waitFor();
    expect(await spent(page)).toBe(1);
    expect(await undoButton(page).getAttribute('aria-label')).toMatch(/^Undo: /);
    await context.close();
  });
});

describe('room running out', () => {
  it('the home screen and Settings warn while little room is left, with what Tableside uses and the export button', async () => {
    const { page, context } = await openTab(shared.browser);
    await startDuel(page);
    // What a nearly full phone's browser says: 10 MB left beyond what the origin uses. (Chromium
    // here reports its quota from the disk's size and ignores a quota override in estimate(),
    // so the answer is set in the page.)
    await context.addInitScript(() => {
      const real = StorageManager.prototype.estimate;
      StorageManager.prototype.estimate = async function () {
        const answer = await real.call(this);
        const room = (window as unknown as { __room?: number }).__room ?? 10 * 1024 * 1024;
        return { ...answer, quota: (answer.usage ?? 0) + room };
      };
    });
    const warning = page.getByRole('alert').filter({ hasText: 'nearly out of space' });
    await visit(page, `${shared.server.url}/`);
    await expect
      .poll(() => warning.locator('p').first().innerText())
      .toMatch(
        /^Your phone is nearly out of space: the browser has 10\.0 MB left for Tableside, which uses [\d.]+ [KM]?B\. When it is full, new steps can no longer be saved\./
      );
    await shot(page, 'low-space-home');
    const download = page.waitForEvent('download');
    await warning.getByRole('button', { name: 'Export a backup' }).click();
    const file = JSON.parse(
      await (await (await download).createReadStream()).toArray().then((c) => Buffer.concat(c).toString())
    );
    expect(file.sessions).toHaveLength(1);
    await expect
      .poll(() => warning.getByRole('status').innerText())
      .toBe('Exported 1 game to your downloads.');

    await visit(page, `${shared.server.url}/settings`);
    await expect.poll(() => warning.count()).toBe(1);
    await warning.scrollIntoViewIfNeeded();
    await shot(page, 'low-space-settings');

    // Room enough: nothing is said.
    await context.addInitScript(() => ((window as unknown as { __room: number }).__room = 2 ** 30));
    await visit(page, `${shared.server.url}/`);
    await page.getByRole('list', { name: 'Games in progress' }).waitFor();
    expect(await warning.count()).toBe(0);
    await context.close();
  });
});
