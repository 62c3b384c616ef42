/**
 * Sharing into the app does what a person means (#57): a join link shared from another app (as
 * text, or as a URL) opens the join page; shared text that is neither a game file nor a join link
 * is named as such in plain words; /open reached with nothing to open says so instead of checking
 * a file for good. The share target's POST is answered by the service worker, as on a phone.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openTab, visit, waitForServiceWorker } from './harness';
import { useBrowser } from './shared';
import { shareLink } from '../../src/lib/sync/link';

const shared = useBrowser();

/** Words posted to the share target as the phone's share sheet does: a navigation, no referrer. */
async function shareWords(page: Page, fields: Record<string, string>): Promise<void> {
  await page.evaluate((fields) => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = '/share-target';
    form.enctype = 'multipart/form-data';
    form.rel = 'noreferrer';
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  }, fields);
}

/** A page the service worker controls. */
async function controlled() {
  const tab = await openTab(shared.browser);
  await visit(tab.page, shared.server.url);
  await waitForServiceWorker(tab.page);
  await tab.page.reload();
  await expect.poll(() => tab.page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  return tab;
}

describe('words shared to Tableside', () => {
  it('a join link, shared as text or as a URL, opens the join page with that game', async () => {
    const { page, context } = await controlled();
    // A server nobody answers on: the join page is reached and tries; joining itself is not tested here.
    const link = shareLink('https://tableside.example', {
      room: 'room_share_1',
      key: 'k'.repeat(22),
      server: 'ws://127.0.0.1:9'
    });
    const shares: Record<string, string>[] = [
      { title: 'Tableside', text: `Join our game: ${link}` },
      { title: 'Join a game', url: link }
    ];
    for (const fields of shares) {
      await visit(page, shared.server.url);
      await shareWords(page, fields);
      await page.waitForURL((url) => url.pathname === '/join');
      await page.getByRole('heading', { name: 'Join a game' }).waitFor();
      // The link was read (its key then leaves the address bar): not "This link has no game in it".
      await expect.poll(() => new URL(page.url()).hash).toBe('');
      expect(await page.locator('main, body').first().innerText()).not.toMatch(/no game in it|cut short/);
    }
    await context.close();
  });

  it('text that is neither a game file nor a join link is named as such, plainly', async () => {
    const { page, context } = await controlled();
    await shareWords(page, { title: 'Game night', text: 'Bring snacks, we start at eight' });
    await page.waitForURL(/\/open\?from=share/);
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.innerText()).toMatch(/not a game file and not a link to join a game/);
    expect(await page.getByText('Checking the game file…').count()).toBe(0);
    await context.close();
  });

  it('/open with nothing to open says so, instead of checking a file for good', async () => {
    const { page, context } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/open`);
    await expect
      .poll(() => page.getByRole('alert').innerText(), { timeout: 5000 })
      .toMatch(/There is nothing to open: no game file was given/);
    expect(await page.getByText('Checking the game file…').count()).toBe(0);
    // Shared with nothing at all: said too.
    const tab = await controlled();
    await shareWords(tab.page, {});
    await tab.page.waitForURL(/\/open\?from=share/);
    await expect.poll(() => tab.page.getByRole('alert').innerText()).toMatch(/Nothing came with the share/);
    await tab.context.close();
    await context.close();
  });
});
