/**
 * Game files from outside (#58): a file shared to Tableside (the share target's POST, answered by
 * the service worker) is shown on /open and stored only when the person taps Open; a POST that a
 * web page of another origin makes stores nothing and keeps no file; a hostile file is refused
 * in plain words, the same way through the share target and through Settings → "Open a game
 * file…"; and a game opened from a file takes taps that survive a reload.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { Page } from 'playwright-core';
import { foreign, openTab, shot, visit, waitForServiceWorker } from './harness';
import { accessibilityProblems, scrollsSideways } from './checks';
import { useBrowser } from './shared';
import { gameFile } from '../../src/lib/sync/share';
import { writeMeta } from '../../src/lib/sync/doc';
import { titansSetup } from '../fixtures/titans';
import type { BaseSetup } from '../../src/lib/db/records';

const shared = useBrowser();
const KEY = 'k'.repeat(22);

/** A game file as "Send this game as a file" writes it: a Titans duel, with `change` made to it. */
function titansGameFile(
  room: string,
  change: { server?: string; names?: string[]; entries?: [string, unknown][] } = {}
): string {
  const doc = new Y.Doc();
  const setup = { ...titansSetup('duel', 2) } as Record<string, unknown> & BaseSetup;
  if (change.names) setup.players = setup.players.map((p, i) => ({ ...p, name: change.names![i] ?? p.name }));
  writeMeta(doc, { game: 'titans', setup, created: Date.now() - 60_000, format: 1 });
  for (const [key, value] of change.entries ?? []) doc.getMap('entries').set(key, value);
  return JSON.stringify(gameFile({ room, key: KEY, server: change.server ?? '' }, doc));
}

/**
 * A form posted to the share target as the phone's share sheet does: a navigation carrying the
 * file, with no referrer. Waits for /open.
 */
async function shareToTableside(page: Page, body: string, name: string): Promise<void> {
  await page.evaluate(
    ({ body, name }) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = '/share-target';
      form.enctype = 'multipart/form-data';
      form.rel = 'noreferrer';
      const input = document.createElement('input');
      input.type = 'file';
      input.name = 'file';
      const files = new DataTransfer();
      files.items.add(new File([body], name, { type: 'application/vnd.tableside.game+json' }));
      input.files = files.files;
      form.append(input);
      document.body.append(form);
      form.submit();
    },
    { body, name }
  );
  await page.waitForURL(/\/open\?from=share/);
}

const countGames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('tableside');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('sessions')) return (db.close(), resolve(0));
          const request = db.transaction('sessions').objectStore('sessions').count();
          request.onsuccess = () => (db.close(), resolve(request.result));
        };
      })
  );

/** A page the service worker controls (the share target's POST is answered by it). */
async function controlled() {
  const tab = await openTab(shared.browser);
  const sockets: string[] = [];
  tab.page.on('websocket', (ws) => sockets.push(ws.url()));
  await visit(tab.page, shared.server.url);
  await waitForServiceWorker(tab.page);
  await tab.page.reload();
  await expect.poll(() => tab.page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  return { ...tab, sockets };
}

/** A web page of another origin (another port of 127.0.0.1) that posts a game file to Tableside. */
async function otherSite(
  target: string,
  body: string,
  hideReferrer: boolean
): Promise<Server & { url: string }> {
  const html = `<!doctype html><meta charset="utf-8"><title>Free game!</title>
${hideReferrer ? '<meta name="referrer" content="no-referrer">' : ''}
<form method="post" enctype="multipart/form-data" action="${target}/share-target">
<input type="file" name="file"></form>
<script>
  const files = new DataTransfer();
  files.items.add(new File([${JSON.stringify(body)}], 'free.json', { type: 'application/json' }));
  const form = document.forms[0];
  form.file.files = files.files;
  form.submit();
</script>`;
  const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(server, { url: `http://127.0.0.1:${port}/` });
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('a game file shared to Tableside', () => {
  it('is shown on /open (game, players, steps) and stored only when Open is tapped; shared again, it merges', async () => {
    const { page, context, requests, sockets } = await controlled();
    await shareToTableside(page, titansGameFile('RoomFromAnotherPhone1'), 'titans.tableside.json');
    const question = page.getByRole('region', { name: 'Open this game?' });
    await question.waitFor();
    const text = await question.textContent();
    expect(text).toContain('Titans of Eden');
    expect(text).toContain('Ana');
    expect(text).toContain('Ben');
    expect(text).toContain('Not started');
    // Nothing is kept before the person's tap.
    expect(await countGames(page)).toBe(0);
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, 'open-game-file-question');
    await page.getByRole('button', { name: 'Open the game' }).click();
    await page.waitForURL(/\/play\//);
    const id = new URL(page.url()).pathname.split('/').pop();
    expect(await countGames(page)).toBe(1);

    // The same game shared again (a later copy from the other phone) merges: still one game.
    await shareToTableside(page, titansGameFile('RoomFromAnotherPhone1'), 'again.json');
    await page.getByRole('button', { name: 'Open the game' }).click();
    await page.waitForURL(/\/play\//);
    expect(new URL(page.url()).pathname).toBe(`/play/${id}`);
    expect(await countGames(page)).toBe(1);
    expect(foreign(requests, shared.server.url)).toEqual([]);
    expect(sockets).toEqual([]);
    await context.close();
  });

  it('posted by a web page of another origin, keeps no file and stores nothing; with its referrer hidden, it still stores nothing without Open', async () => {
    const { page, context, sockets } = await controlled();
    const app = shared.server.url.replace(/\/$/, '');
    const hostile = titansGameFile('PlantedByAWebPage01', { server: 'ws://127.0.0.1:9' });

    const site = await otherSite(app, hostile, false);
    await page.goto(site.url);
    await page.waitForURL(/\/open\?from=share/);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('sent to Tableside by a web page, not from your phone’s share sheet');
    expect(await page.getByRole('button', { name: 'Open the game' }).count()).toBe(0);
    expect(await countGames(page)).toBe(0);
    await shot(page, 'open-game-file-from-a-web-page');
    await close(site);

    // A page that hides its referrer looks like the share sheet: it reaches the question, no further.
    const hidden = await otherSite(app, hostile, true);
    await page.goto(hidden.url);
    await page.waitForURL(/\/open\?from=share/);
    await page.getByRole('region', { name: 'Open this game?' }).waitFor();
    await page.waitForTimeout(500);
    expect(await countGames(page)).toBe(0);
    expect(sockets).toEqual([]);
    await page.getByRole('link', { name: 'Don’t open it' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await countGames(page)).toBe(0);
    expect(sockets).toEqual([]);
    await close(hidden);
    await context.close();
  });

  it('refuses a hostile or broken file in plain words, through the share target and Settings alike, storing nothing', async () => {
    const { page, context } = await controlled();
    const files: [string, string, string][] = [
      ['broken JSON', '{"tableside": "backup", "oops"', 'This is not a game file from “Send this game”.'],
      [
        'a damaged document',
        JSON.stringify({
          tableside: 'shared-game',
          format: 1,
          shared: { room: 'R', key: KEY, server: '' },
          doc: 'not base64!'
        }),
        'This game file is damaged'
      ],
      [
        'a javascript: server',
        titansGameFile('Room2', { server: 'javascript:alert(1)' }),
        'the sync server’s address'
      ],
      [
        'a 10,000-character name',
        titansGameFile('Room3', { names: ['A'.repeat(10_000)] }),
        'player 1’s name'
      ],
      [
        'an entry at 2^53 - 1',
        titansGameFile('Room4', {
          entries: [
            [
              'd:1',
              {
                id: { device: 'd', counter: 1 },
                lamport: 2 ** 53 - 1,
                time: Date.now(),
                kind: 'event',
                event: { type: 'NEXT' }
              }
            ]
          ]
        }),
        'This game file is damaged'
      ],
      [
        'no sharing details',
        JSON.stringify({ ...JSON.parse(titansGameFile('Room5')), shared: undefined }),
        'does not say which shared game it is'
      ]
    ];
    for (const [what, body, says] of files) {
      await shareToTableside(page, body, `${what}.json`);
      await expect.poll(() => page.getByRole('alert').textContent(), { message: what }).toContain(says);
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('Nothing was changed.');
      expect(await countGames(page), what).toBe(0);
    }
    await shot(page, 'open-game-file-refused');

    await visit(page, `${shared.server.url}/settings`);
    for (const [what, body, says] of files) {
      await page.locator('input[type=file][accept*="tableside"]').setInputFiles({
        name: `${what}.json`,
        mimeType: 'application/json',
        buffer: Buffer.from(body)
      });
      await expect
        .poll(() => page.getByRole('region', { name: 'Several phones' }).getByRole('alert').textContent(), {
          message: what
        })
        .toContain(says);
      expect(await countGames(page), what).toBe(0);
    }
    await context.close();
  });

  it('a game opened from a file takes three taps, and a reload shows them all', async () => {
    const { page, context } = await controlled();
    const body = titansGameFile('Room6', {
      entries: [
        [
          'd:1',
          {
            id: { device: 'd', counter: 1 },
            lamport: 1,
            time: Date.now(),
            kind: 'event',
            event: { type: 'BEGIN_AGES' }
          }
        ]
      ]
    });
    await visit(page, `${shared.server.url}/settings`);
    await page.locator('input[type=file][accept*="tableside"]').setInputFiles({
      name: 'game.json',
      mimeType: 'application/json',
      buffer: Buffer.from(body)
    });
    await page.waitForURL(/\/play\//);
    const skip = page.getByRole('button', { name: 'Skip' });
    await page.locator('details.supply summary').waitFor();
    if (await skip.count()) await skip.click();
    await page.locator('details.supply summary').click();
    const before = await ghosts(page);
    for (let i = 0; i < 3; i++) {
      // Apart by more than the double-tap guard's time: three taps, not a double tap.
      await page.getByRole('button', { name: 'Decrease Ghosts' }).click({ delay: 80 });
      await page.waitForTimeout(400);
    }
    await expect.poll(() => ghosts(page)).toBe(before - 3);
    await page.reload();
    await page.locator('details.supply summary').click();
    await expect.poll(() => ghosts(page)).toBe(before - 3);
    await context.close();
  });
});

/** The first arena's Ghosts as the supply's counter says them. */
async function ghosts(page: Page): Promise<number> {
  const label = await page
    .getByRole('button', { name: /^Ghosts: \d+/ })
    .first()
    .getAttribute('aria-label');
  return Number(/^Ghosts: (\d+)/.exec(label ?? '')?.[1]);
}
