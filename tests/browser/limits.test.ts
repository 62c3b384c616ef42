/**
 * Limits where a person's data comes in (#58), as a person meets them: a sync server address too
 * long for a backup is refused beside the field in Settings, Save disabled; a phone remembering
 * MAX_PROFILES players starts the game and says who plays as a guest; a backup that would pass
 * the cap is refused in plain words, and one that changes the sync server says so.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openTab, shot, visit } from './harness';
import { useBrowser } from './shared';
import { startDuel } from './titans-play';
import { accessibilityProblems, scrollsSideways, storedSettings } from './checks';
import { MAX_PROFILES } from '../../src/lib/util/player-name';
import { SCHEMA_VERSION } from '../../src/lib/db/schema';

const shared = useBrowser();

/** 614 characters: the address Settings used to keep, after which every backup was refused. */
const LONG_SERVER = `wss://${'a'.repeat(600)}.example`;

/** `n` remembered players put straight into the app's IndexedDB (the page has opened it). */
async function remember(page: Page, n: number): Promise<void> {
  // The app opens (and creates) its database only once a page asks for it: an open from here
  // before that would make an empty database of its own, and hold the app's upgrade up for good.
  // (Polled from here: `waitForFunction` took the async check's promise for a yes at once.)
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await indexedDB.databases()).some((d) => d.name === 'tableside' && (d.version ?? 0) > 1)
      )
    )
    .toBe(true);
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('tableside');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('profiles', 'readwrite');
          const created = Date.now() - 86_400_000;
          for (let i = 1; i <= n; i++)
            tx.objectStore('profiles').put({ id: `seed${i}`, name: `Player ${i}`, created });
          tx.oncomplete = () => (db.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      }),
    n
  );
}

/** A backup file with no games: these settings and players. */
function backupFile(
  settings: { key: string; value: unknown }[],
  profiles: { id: string; name: string }[] = []
) {
  const now = Date.now() - 60_000;
  return Buffer.from(
    JSON.stringify({
      format: 'tableside-backup',
      formatVersion: 1,
      appVersion: 'test',
      schemaVersion: SCHEMA_VERSION,
      exportedAt: now,
      sessions: [],
      events: [],
      settings,
      profiles: profiles.map((p) => ({ ...p, created: now }))
    })
  );
}

const chooseFile = (page: Page, buffer: Buffer) =>
  page
    .getByLabel('Import backup…')
    .setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer });

describe('the sync server address', () => {
  it('a 614-character address is refused beside the field, and Save says why it cannot act', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/settings`);
    await page.getByRole('button', { name: 'Set a sync server' }).click();
    const field = page.getByLabel('Sync server');
    await field.fill(LONG_SERVER);
    const refusal = page.getByRole('alert').filter({ hasText: 'at most 500 characters' });
    await expect
      .poll(() => refusal.textContent())
      .toBe('A sync server address has at most 500 characters; this one has 614.');
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    // The field and the button both point at the reason, for a screen reader.
    const reasonId = await refusal.getAttribute('id');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toContain(reasonId);
    expect(await save.getAttribute('aria-describedby')).toBe(reasonId);
    // Beside the field: right under it, above Save.
    const [fieldBox, reasonBox, saveBox] = await Promise.all([
      field.boundingBox(),
      refusal.boundingBox(),
      save.boundingBox()
    ]);
    expect(reasonBox!.y).toBeGreaterThanOrEqual(fieldBox!.y + fieldBox!.height - 1);
    expect(reasonBox!.y - (fieldBox!.y + fieldBox!.height)).toBeLessThan(40);
    expect(saveBox!.y).toBeGreaterThan(reasonBox!.y);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await accessibilityProblems(page)).toEqual([]);
    await field.scrollIntoViewIfNeeded();
    await shot(page, 'settings-server-too-long');

    // A wrong scheme is said the same way; a good address can be saved and nothing long was kept.
    await field.fill('http://192.168.1.20:4444');
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'not a ws:// or wss:// address' }).count())
      .toBe(1);
    expect(await save.isDisabled()).toBe(true);
    await field.fill('ws://192.168.1.20:4444');
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    await save.click();
    await expect.poll(async () => (await storedSettings(page)).syncServer).toBe('ws://192.168.1.20:4444');
    expect(requests.filter((r) => r.startsWith('pageerror:'))).toEqual([]);
    await context.close();
  });

  it('the share sheet refuses it the same way, beside the field, Share disabled', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    await startDuel(shared.server.url, page);
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Play on several phones' }).click();
    const sheet = page.getByRole('dialog', { name: 'Play on several phones' });
    await sheet.getByLabel('Sync server').fill(LONG_SERVER);
    const refusal = sheet.getByRole('alert');
    await expect
      .poll(() => refusal.textContent())
      .toBe('A sync server address has at most 500 characters; this one has 614.');
    const share = sheet.getByRole('button', { name: 'Share this game' });
    expect(await share.isDisabled()).toBe(true);
    expect(await share.getAttribute('aria-describedby')).toBe(await refusal.getAttribute('id'));
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, 'share-server-too-long');
    expect(requests.filter((r) => r.startsWith('pageerror:'))).toEqual([]);
    await context.close();
  });
});

describe('remembered players at the cap', () => {
  it('the game starts, and the play screen says who plays as a guest and why', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/settings`);
    await remember(page, MAX_PROFILES);
    await visit(page, `${shared.server.url}/titans/new`);
    await page.getByPlaceholder('Player 1').fill('Player 7'); // remembered already
    await page.getByPlaceholder('Player 2').fill('Ana');
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.waitForURL(/\/play\//);
    await page.getByRole('region', { name: 'Board' }).waitFor();
    const told = page.getByRole('status').filter({ hasText: 'remembers at most' });
    await expect
      .poll(() => told.textContent())
      .toContain(
        'Tableside remembers at most 1,000 players, so Ana plays as a guest this game. Merge players under Players to make room.'
      );
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, 'play-not-remembered');
    // Nobody new was stored; Player 7's seat is theirs.
    const stored = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('tableside');
          open.onsuccess = () => {
            const r = open.result.transaction('profiles').objectStore('profiles').count();
            r.onsuccess = () => (open.result.close(), resolve(r.result));
          };
        })
    );
    expect(stored).toBe(MAX_PROFILES);
    expect(requests.filter((r) => r.startsWith('pageerror:'))).toEqual([]);
    await context.close();
  });

  it('a backup that would pass the cap is refused in plain words; one changing the sync server says so', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/settings`);
    await remember(page, MAX_PROFILES);
    await chooseFile(page, backupFile([], [{ id: 'newcomer1', name: 'Newcomer' }]));
    const refused = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
    await expect
      .poll(() => refused.textContent())
      .toContain(
        'This backup would make more than 1,000 remembered players (this phone remembers 1,000 and the backup adds 1), so nothing was imported.'
      );
    await refused.scrollIntoViewIfNeeded();
    await shot(page, 'settings-import-too-many-players');

    await chooseFile(page, backupFile([{ key: 'syncServer', value: 'wss://tableside.example/sync' }]));
    const done = page.getByRole('status').filter({ hasText: 'Settings imported' });
    await expect
      .poll(() => done.textContent())
      .toBe(
        'No games in the file. Settings imported; the sync server is now wss://tableside.example/sync (was none).'
      );
    await done.scrollIntoViewIfNeeded();
    await shot(page, 'settings-import-server-changed');
    // The longest address kept wraps: nothing scrolls sideways.
    const longest = `wss://${'b'.repeat(486)}.example`;
    await chooseFile(page, backupFile([{ key: 'syncServer', value: longest }]));
    await expect.poll(() => done.textContent()).toContain(`the sync server is now ${longest} (was wss://`);
    expect(await scrollsSideways(page)).toBe(false);
    expect(requests.filter((r) => r.startsWith('pageerror:'))).toEqual([]);
    await context.close();
  });
});
