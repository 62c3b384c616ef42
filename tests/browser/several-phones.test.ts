/**
 * Several phones on one game (#11), with the sync server started here on 127.0.0.1: two browser
 * contexts are two phones. One shares its game, the other joins by the link; taps show on both;
 * with the server gone both play on, and once it is back they end the same with nothing lost.
 * A wrong key is refused, a game never shared sends nothing, and a shared game killed mid-tap
 * comes back as exactly what it stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openTab, visit } from './harness';
import { useBrowser } from './shared';
import { historyText, shareFromMenu } from './play-menu';
import { startDuel as duel } from './titans-play';
import { tapAfterLooking } from './checks';
import { startSyncServer, type SyncServer } from '../../sync-server/server';
import { TROUBLE_TEXT } from '../../src/lib/sync/protocol';
import { makeSmallDisk } from './small-disk';
import { axeBothSchemes } from './axe';

const shared = useBrowser();
let sync: SyncServer;
let port = 0;
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tableside-sync-'));
  sync = await startSyncServer({ host: '127.0.0.1', port: 0, dir });
  port = sync.port;
});

afterAll(async () => {
  await sync?.close();
  rmSync(dir, { recursive: true, force: true });
});

const address = () => `ws://127.0.0.1:${port}`;
/** What the board shows, surge tokens included (drawn as dots, so read from their labels). */
const board = async (page: Page) => {
  const region = page.getByRole('region', { name: 'Board' });
  const tokens = await region
    .getByLabel(/surge tokens left/)
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')).join(', '));
  return `${await region.innerText()}\n${tokens}`;
};
const surges = (page: Page) => page.getByRole('button', { name: /: Surge/ });
const surge = (page: Page, who: 'Ana' | 'Ben') =>
  page.getByRole('button', { name: new RegExp(`^${who}: Surge`) });

const startDuel = (page: Page) => duel(shared.server.url, page);

/** Shares the game on screen through its menu and hands back the link for the other phones. */
const share = (page: Page, server = address()) => shareFromMenu(page, server);

async function closeSheet(page: Page): Promise<void> {
  await page
    .getByRole('dialog', { name: 'Play on several phones' })
    .getByRole('button', { name: 'Close' })
    .click();
}

/** The history sheet's lines, as a person reads them. */
async function history(page: Page): Promise<string> {
  // Times ("just now", "1 min ago") differ by a moment between phones; the lines must not.
  return (await historyText(page)).replace(/ · .*$/gm, '').replace(/\n(just now|\d+ \w+ ago)$/gm, '');
}

async function crash(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const crashed = new Promise((resolve) => page.once('crash', resolve));
  void cdp.send('Page.crash').catch(() => {});
  await crashed;
}

describe('several phones on one game', () => {
  it('a game never shared makes no request to the sync server, even with one set', async () => {
    const { page, context } = await openTab(shared.browser);
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await visit(page, `${shared.server.url}/settings`);
    await page.getByRole('button', { name: 'Set a sync server' }).click();
    await page.getByLabel('Sync server').fill(address());
    await page.getByRole('button', { name: 'Save' }).click();
    await startDuel(page);
    await surges(page).first().click();
    await page.waitForTimeout(500);
    expect(sockets).toEqual([]);
    await context.close();
  });

  it('join by the link; taps show on both; with the server gone both play on, and they meet again; a wrong key is refused', async () => {
    const a = await openTab(shared.browser);
    const b = await openTab(shared.browser);
    await startDuel(a.page);
    await surge(a.page, 'Ana').click(); // a tap before sharing travels with the game
    const link = await share(a.page);
    expect(link).toMatch(/\/join#room=[\w-]+&key=[\w-]{22,}&server=/);
    await closeSheet(a.page);

    await visit(b.page, link);
    await b.page.waitForURL(/\/play\//);
    await b.page.getByRole('region', { name: 'Board' }).waitFor();
    expect(await board(b.page)).toBe(await board(a.page));

    // A tap on one phone shows on the other.
    await tapAfterLooking(surge(a.page, 'Ben'));
    await expect.poll(() => board(b.page)).toBe(await board(a.page));
    await tapAfterLooking(surge(b.page, 'Ana'));
    await expect.poll(() => board(a.page)).toBe(await board(b.page));

    // The server goes away: both phones play on, each its own taps.
    await sync.close();
    await expect.poll(() => a.page.getByText(/^Offline/).count(), { timeout: 10_000 }).toBe(1);
    await tapAfterLooking(surge(a.page, 'Ben'));
    const aAlone = await board(a.page);
    await b.page.getByRole('button', { name: /^Undo/ }).click(); // B takes back its own last tap
    const bAlone = await board(b.page);
    expect(aAlone).not.toBe(bAlone);

    // Back again: both end the same, with both phones' taps in it.
    sync = await startSyncServer({ host: '127.0.0.1', port, dir });
    const same = async () => (await board(a.page)) === (await board(b.page));
    await expect.poll(same, { timeout: 20_000 }).toBe(true);
    const [ha, hb] = [await history(a.page), await history(b.page)];
    expect(ha).toBe(hb);
    // Three surges stand (A's two, A's offline one); B's was undone on B and stays undone.
    expect(ha.match(/surge/gi)?.length).toBe(3);
    expect(await a.page.getByLabel('1 of 2 surge tokens left').count()).toBe(1); // Ana
    expect(await a.page.getByLabel('0 of 2 surge tokens left').count()).toBe(1); // Ben

    // The join page under a wrong key is turned away, and says so.
    const wrong = link.replace(/key=[\w-]+/, 'key=' + 'x'.repeat(22));
    const c = await openTab(shared.browser);
    await visit(c.page, wrong);
    const alert = c.page.getByRole('alert').filter({ hasText: /refused this game’s key/ });
    await expect.poll(() => alert.count(), { timeout: 15_000 }).toBe(1);
    expect(await c.page.evaluate(() => location.href)).not.toMatch(/key=/); // not left in the address bar
    for (const tab of [a, b, c]) await tab.context.close();
  });

  it('a refused tap names the other phone by its seat, and a late phone keeps every line’s time', async () => {
    const a = await openTab(shared.browser);
    const b = await openTab(shared.browser);
    await startDuel(a.page);
    await surge(a.page, 'Ana').click(); // Ana has one surge token left
    const link = await share(a.page);
    await closeSheet(a.page);
    await tapAfterLooking(a.page.getByRole('button', { name: 'More' }));
    await a.page.getByRole('menuitem', { name: /^This phone is/ }).click();
    const seats = a.page.getByRole('dialog', { name: 'This phone is…' });
    await seats.getByRole('radio', { name: 'Ana' }).click();
    await seats.waitFor({ state: 'hidden' });
    await visit(b.page, link);
    await b.page.waitForURL(/\/play\//);
    const ask = b.page.getByRole('region', { name: 'Which player is this phone?' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Ben', exact: true }).click();
    await ask.waitFor({ state: 'hidden' });
    await tapAfterLooking(b.page.getByRole('button', { name: 'More' }));
    await b.page.getByRole('menuitem', { name: /^This phone is/ }).waitFor();
    expect(await b.page.getByRole('menuitem', { name: /^This phone is/ }).innerText()).toBe(
      'This phone is Ben'
    );
    await b.page.keyboard.press('Escape');

    // With the server gone, both phones use Ana's last surge token: one of the two comes second.
    await sync.close();
    for (const p of [a.page, b.page])
      await expect.poll(() => p.getByText(/^Offline/).count(), { timeout: 10_000 }).toBe(1);
    await tapAfterLooking(surge(a.page, 'Ana'));
    await tapAfterLooking(surge(b.page, 'Ana'));
    sync = await startSyncServer({ host: '127.0.0.1', port, dir });
    // B's areas come Ben first, so the phones are compared by their histories' refused lines.
    const texts: string[] = [];
    for (const [i, p] of [a.page, b.page].entries())
      await expect
        .poll(async () => /not applied/.test((texts[i] = await historyText(p))), {
          timeout: 20_000,
          interval: 1000
        })
        .toBe(true);
    const [ha, hb] = texts;
    const [onA, onB] = [ha, hb].map((h) => h.match(/, from [^:]+:/g) ?? []);
    // The phone whose tap came second says "this phone"; the other names it by its seat.
    if (onA[0] === ', from this phone:') expect(onB).toEqual([', from Ana’s phone:']);
    else expect([onA, onB]).toEqual([[', from Ben’s phone:'], [', from this phone:']]);

    // A phone joining late: every line keeps the time it was made, the same as on phone A.
    const c = await openTab(shared.browser);
    await visit(c.page, link);
    await c.page.waitForURL(/\/play\//);
    await c.page.getByRole('region', { name: 'Which player is this phone?' }).waitFor();
    await c.page
      .getByRole('region', { name: 'Which player is this phone?' })
      .getByRole('button', { name: 'Ana', exact: true })
      .click();
    const lines = async (page: Page) => {
      await tapAfterLooking(page.getByRole('button', { name: 'More' }));
      await page.getByRole('menuitem', { name: 'History' }).click();
      const sheet = page.getByRole('dialog', { name: 'History' });
      const found = await sheet.locator('li').evaluateAll((items) =>
        items.map((li) => ({
          what: (li.querySelector('span')?.textContent ?? '').replace(/from [^:]+:/, 'from a phone:'),
          when: li.querySelector('time')?.getAttribute('datetime') ?? ''
        }))
      );
      await sheet.getByRole('button', { name: 'Close' }).click();
      return found.filter((l) => l.when);
    };
    const linesOnA = await lines(a.page);
    expect(linesOnA.length).toBe(3); // two surges and the refused one
    // Once C holds every entry (the refused line needs both taps), its lines are A's, time and all.
    await expect
      .poll(async () => /not applied/.test(await historyText(c.page)), { timeout: 20_000 })
      .toBe(true);
    expect(await lines(c.page)).toEqual(linesOnA);
    for (const tab of [a, b, c]) await tab.context.close();
  }, 120_000);

  it('a phone turned away by a limit says which, in the share sheet and on the play screen', async () => {
    // A server that takes no new game from this address: the phone is refused for that, not for
    // its key.
    const strict = await startSyncServer({ host: '127.0.0.1', port: 0, dir, limits: { roomsPerHour: 0 } });
    const { page, context } = await openTab(shared.browser);
    try {
      await startDuel(page);
      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('menuitem', { name: 'Play on several phones' }).click();
      await page.getByLabel('Sync server').fill(`ws://127.0.0.1:${strict.port}`);
      await page.getByRole('button', { name: 'Share this game' }).click();
      const limit = /taken as many new games from this network as it allows in an hour/;
      const sheet = page.getByRole('dialog', { name: 'Play on several phones' });
      await expect.poll(() => sheet.getByText(limit).count(), { timeout: 15_000 }).toBe(1);
      expect(await sheet.innerText()).not.toMatch(/refused this game’s key/);
      await closeSheet(page);
      const alert = page.getByRole('alert').filter({ hasText: limit });
      await expect.poll(() => alert.count()).toBe(1);
      expect(await alert.innerText()).not.toMatch(/refused this game’s key/);
    } finally {
      await context.close();
      await strict.close();
    }
  });

  it('a phone that loses the server says so quickly (silence, the offline event), and a tap meanwhile says it is kept', async () => {
    const a = await openTab(shared.browser);
    // Every socket to the sync server goes through here, so the link can fall silent while the
    // socket stays open (as over a dead network, where a socket takes many seconds to close).
    let silent = false;
    await a.context.routeWebSocket(/^ws:\/\/127\.0\.0\.1/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((m) => server.send(m));
      server.onMessage((m) => void (silent || ws.send(m)));
      ws.onClose(() => server.close());
      server.onClose(() => ws.close());
    });
    await startDuel(a.page);
    await share(a.page);
    await closeSheet(a.page);
    const link = a.page.locator('span.link[role=status]');
    await expect.poll(() => link.innerText(), { timeout: 10_000 }).toMatch(/^Shared/);

    // The server stops answering: the heartbeat goes unanswered and the header says Offline
    // (y-websocket's own check waits 30 s).
    silent = true;
    await expect.poll(() => link.innerText(), { timeout: 10_000 }).toMatch(/^Offline/);
    await tapAfterLooking(surge(a.page, 'Ana'));
    await a.page
      .getByText('Offline: this tap is kept on this phone and sent when the server is back.')
      .waitFor();
    silent = false;
    await expect.poll(() => link.innerText(), { timeout: 10_000 }).toMatch(/^Shared/);

    // The browser says the network is gone: Offline at once, not when the socket gives up.
    await a.context.setOffline(true);
    await expect.poll(() => link.innerText()).toMatch(/^Offline/);
    await a.context.setOffline(false);
    await expect.poll(() => link.innerText(), { timeout: 10_000 }).toMatch(/^Shared/);
    expect(a.requests.filter((u) => u.startsWith('pageerror:'))).toEqual([]);
    await a.context.close();
  });

  it('a server in trouble (its disk full) says so on the header, the play screen and the share sheet; the phone gets in by itself once it is freed', async () => {
    const disk = makeSmallDisk(4, 'tmpfs');
    const troubled = await startSyncServer({ host: '127.0.0.1', port: 0, dir: join(disk.dir, 'rooms') });
    const a = await openTab(shared.browser);
    try {
      await startDuel(a.page);
      // Full before the game is shared: the server cannot write the new room's key, so it answers
      // "try again" (not a refusal): the phone waits and tries again by itself.
      disk.fill();
      await a.page.getByRole('button', { name: 'More' }).click();
      await a.page.getByRole('menuitem', { name: 'Play on several phones' }).click();
      await a.page.getByLabel('Sync server').fill(`ws://127.0.0.1:${troubled.port}`);
      await a.page.getByRole('button', { name: 'Share this game' }).click();
      const sheet = a.page.getByRole('dialog', { name: 'Play on several phones' });
      await expect.poll(() => sheet.getByText(TROUBLE_TEXT).count(), { timeout: 15_000 }).toBe(1);
      expect(await sheet.innerText()).not.toMatch(/refused|Ask for the link again/);
      await closeSheet(a.page);
      const link = a.page.locator('span.link[role=status]');
      await expect.poll(() => link.innerText()).toMatch(/^Server trouble/);
      const notice = a.page.locator('p[role=status]').filter({ hasText: TROUBLE_TEXT });
      await notice.waitFor();
      expect(await a.page.getByRole('alert').filter({ hasText: TROUBLE_TEXT }).count()).toBe(0);
      // The red of "Server trouble" and the line's border read in both schemes.
      expect(await axeBothSchemes(a.page)).toEqual({ light: [], dark: [] });
      await tapAfterLooking(surge(a.page, 'Ana'));

      // Freed: the phone is let in without a tap or a reopen, and its tap reaches a second phone.
      disk.unfill();
      await expect.poll(() => link.innerText(), { timeout: 20_000 }).toMatch(/^Shared/);
      // The play screen's line goes (the note beside the tap may stay its few seconds).
      expect(await notice.count()).toBe(0);
      await a.page.getByRole('button', { name: 'More' }).click();
      await a.page.getByRole('menuitem', { name: 'Playing on several phones' }).click();
      const join = await a.page.getByLabel('Link to join this game').inputValue();
      await closeSheet(a.page);
      const b = await openTab(shared.browser);
      await visit(b.page, join);
      await b.page.waitForURL(/\/play\//);
      await expect.poll(() => board(b.page), { timeout: 15_000 }).toBe(await board(a.page));
      expect([...a.requests, ...b.requests].filter((u) => u.startsWith('pageerror:'))).toEqual([]);
      await b.context.close();
    } finally {
      await a.context.close();
      await troubled.close();
      disk.remove();
    }
  });

  it('a shared game killed between the paint and the write comes back as exactly what it stored', async () => {
    const { page, context } = await openTab(shared.browser);
    await startDuel(page);
    await share(page);
    await closeSheet(page);
    const game = page.url();
    await surges(page).first().click();
    await page.waitForTimeout(300); // stored
    const stored = await board(page);
    // Hold back everything timed (the copy to the main database) and kill the page right after the
    // next tap: at most that tap is lost, never half of it, never one before it.
    await page.evaluate(() => {
      const later = window.setTimeout;
      window.setTimeout = ((fn: () => void, ms?: number) =>
        later(fn, (ms ?? 0) + 60_000)) as typeof setTimeout;
    });
    await tapAfterLooking(surges(page).nth(1));
    const tapped = await board(page);
    await crash(page);
    const again = await context.newPage();
    await again.goto(game);
    await again.getByRole('region', { name: 'Board' }).waitFor();
    expect([stored, tapped]).toContain(await board(again));
    await context.close();
  });
});
