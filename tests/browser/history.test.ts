/**
 * Results that last, in a real browser: a Titans Duel finished through the play screen lands in
 * History with its chart; the winner's stats count it; a rename on the Players page follows into
 * the history (each game keeps the name it was played with, and says who that is now); and "Log in BG Stats" builds the documented link with the right JSON (caught
 * here, never followed). Screenshots of history and stats in light and dark.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openTab, shot, visit } from './harness';
import { useBrowser } from './shared';
import {
  accessibilityProblems,
  finishedInStorage,
  scrollsSideways,
  tapAfterLooking,
  wordsBrokenInHeaders
} from './checks';
import { newGame, quickBattle } from './titans-play';
import { LONG_NAMES, longNamesBackup } from '../fixtures/long-names';

const shared = useBrowser();

async function finishDuel(page: Page) {
  await newGame(shared.server.url, page);
  await quickBattle(page, [8, 3]);
  await tapAfterLooking(page.getByRole('button', { name: /^Next turn/ }));
  await quickBattle(page, [9, 1]);
  await tapAfterLooking(page.getByRole('button', { name: /^Next turn/ }));
  await quickBattle(page, [12, 2]);
  await page.getByRole('heading', { name: 'Ana wins!' }).waitFor();
  await finishedInStorage(page);
  // The game-over screen: the banner above the result ends at its words (no empty block).
  const banner = page.locator('section.banner');
  const empty = await banner.evaluate(
    (el) => el.getBoundingClientRect().bottom - el.lastElementChild!.getBoundingClientRect().bottom
  );
  expect(empty).toBeLessThan(16);
}

async function bothThemes(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: 'light' });
  await shot(page, `${name}-light`, { fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, `${name}-dark`, { fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Finished games between six players with 40-character names, brought in as a backup. */
export async function importLongNames(page: Page, url: string) {
  await visit(page, `${url}/settings`);
  await page.getByLabel('Import backup…').setInputFiles({
    name: 'long-names.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(longNamesBackup()))
  });
  await page.getByRole('status').filter({ hasText: '2 games added' }).waitFor();
}

describe('history and stats', () => {
  it('no result page scrolls sideways at 360 px with six 40-character names', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    await page.setViewportSize({ width: 360, height: 780 });
    await importLongNames(page, shared.server.url);
    const pages: [string, () => Promise<unknown>][] = [
      [
        '/history',
        () => page.getByRole('list', { name: 'Finished games' }).getByRole('link').nth(1).waitFor()
      ],
      ['/history/longnamesduel', () => page.getByRole('heading', { name: 'The final board' }).waitFor()],
      ['/history/longnamessix', () => page.getByRole('heading', { name: 'The final board' }).waitFor()],
      ['/stats', () => page.getByRole('heading', { name: 'Head to head' }).waitFor()],
      ['/players', () => page.getByText(LONG_NAMES[5]).waitFor()]
    ];
    const wide: string[] = [];
    const broken: string[] = [];
    for (const [path, ready] of pages) {
      await visit(page, `${shared.server.url}${path}`);
      await ready();
      if (await scrollsSideways(page))
        wide.push(`${path}: ${await page.evaluate(() => document.documentElement.scrollWidth)} px`);
      broken.push(...(await wordsBrokenInHeaders(page)).map((h) => `${path}: ${h}`));
    }
    expect(wide).toEqual([]);
    expect(broken).toEqual([]);

    // Head to head: once the player chosen is the one chosen against, it shows nothing (never
    // one player against themself) until another is chosen.
    await visit(page, `${shared.server.url}/stats`);
    const players = page.getByRole('region', { name: 'Players' });
    // (Found by place: a select's label reads with its chosen option.)
    const [who, against] = [players.locator('select').first(), players.locator('select').nth(1)];
    await against.selectOption({ label: LONG_NAMES[1] });
    const versus = players.locator('.versus');
    await expect
      .poll(() => versus.innerText())
      .toMatch(/^2 games together: Anastasia .* 2, Bartholomew .* 1$/);
    await who.selectOption('longname2');
    await expect.poll(() => versus.count()).toBe(0);
    expect(await against.inputValue()).toBe('');
    await against.selectOption({ label: LONG_NAMES[0] });
    await expect
      .poll(() => versus.innerText())
      .toMatch(/^2 games together: Bartholomew .* 1, Anastasia .* 2$/);
    expect(requests.filter((u) => u.startsWith('pageerror:'))).toEqual([]);
    await context.close();
  });

  it('a finished game: in history with its chart, in the stats, renamed everywhere, logged in BG Stats', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    await finishDuel(page);

    // History is in the bottom navigation (the play screen hides it: back home first).
    await visit(page, shared.server.url);
    await page.getByRole('navigation').getByRole('link', { name: 'History' }).click();
    await page.waitForURL(/\/history$/);
    const list = page.getByRole('list', { name: 'Finished games' });
    await expect.poll(() => list.innerText()).toMatch(/Titans of Eden[\s\S]*Ana won · Ana 3 – Ben 0/);
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await bothThemes(page, 'history');

    // The game's own page: the result, the temples per turn drawn, the whole history.
    await list.getByRole('link', { name: /Titans of Eden/ }).click();
    await page.getByRole('heading', { name: 'Ana wins', exact: true }).waitFor();
    const chart = page.getByRole('img', { name: /temples at the end of each turn/ });
    await chart.waitFor();
    // A line per player, and Ben's falls from 3 to 0 over the three turns.
    expect(await chart.locator('path, polyline').count()).toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => page.getByRole('region', { name: 'Everything that happened' }).innerText())
      .toMatch(/Ana destroys a temple of Ben/);
    expect(await accessibilityProblems(page)).toEqual([]);
    // The final board is a record: its end screen offers no undo and no way back to the list.
    await page.getByRole('heading', { name: 'The final board' }).waitFor();
    // (The board is inert, out of the accessibility tree: found by its text.)
    const undoEnd = page.getByText('Undo the battle', { exact: true });
    expect(await undoEnd.count()).toBe(1);
    expect(await undoEnd.isVisible()).toBe(false);
    await bothThemes(page, 'history-game');

    // Where it was played and a note (#52): kept on the game, there after a reload, sent to BG Stats.
    await page.getByLabel('Where it was played').fill('  Ana’s kitchen ');
    await page.getByLabel('A note on this game').fill('Ben’s first game.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'The final board' }).waitFor();
    expect(await page.getByLabel('Where it was played').inputValue()).toBe('Ana’s kitchen');
    expect(await page.getByLabel('A note on this game').inputValue()).toBe('Ben’s first game.');
    await page.getByRole('heading', { name: 'Where, and a note' }).scrollIntoViewIfNeeded();
    await shot(page, 'history-notes');

    // BG Stats: the link is built when tapped and carries one play; caught, not followed.
    let logged = '';
    await context.route('https://app.bgstatsapp.com/**', (route) => {
      logged = route.request().url();
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>caught</p>' });
    });
    expect(requests.some((u) => u.includes('bgstatsapp'))).toBe(false);
    await page.getByRole('button', { name: 'Log in BG Stats' }).click();
    await expect.poll(() => logged).toMatch(/^https:\/\/app\.bgstatsapp\.com\/createPlay\.html\?data=/);
    const play = JSON.parse(decodeURIComponent(new URL(logged).search.slice('?data='.length)));
    expect(play).toMatchObject({
      sourceName: 'Tableside',
      sourcePlayId: expect.stringMatching(/\S/),
      playDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      comments: expect.stringMatching(/^Ben’s first game\.\nDuel/),
      location: 'Ana’s kitchen',
      game: { name: 'Titans of Eden', sourceGameId: 'titans', highestWins: true }
    });
    expect(play.players.map((p: Record<string, unknown>) => [p.name, p.score, p.winner, p.rank])).toEqual([
      ['Ana', 3, true, 1],
      ['Ben', 0, false, 2]
    ]);
    expect(play.players.every((p: { sourcePlayerId?: string }) => p.sourcePlayerId)).toBe(true);
    expect(logged.length).toBeLessThan(8000);

    // The winner's stats, opened from the Players page.
    await visit(page, `${shared.server.url}/players`);
    const ana = page.getByRole('listitem').filter({ hasText: 'Ana' });
    await ana.getByRole('link', { name: 'Stats' }).click();
    await page.waitForURL(/\/stats\?player=/);
    const figures = page.getByRole('region', { name: 'Players' });
    await expect.poll(() => figures.innerText()).toMatch(/Plays\s+1[\s\S]*Wins\s+1[\s\S]*Win rate\s+100%/);
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await bothThemes(page, 'stats');

    // Rename Ana once; history, the game page and the stats follow.
    await visit(page, `${shared.server.url}/players`);
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Ana' })
      .getByRole('button', { name: 'Rename' })
      .click();
    await page.getByLabel('New name for Ana').fill('Anna');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Anna' }).waitFor();

    await page.getByRole('navigation').getByRole('link', { name: 'History' }).click();
    // The one rename rule (results/names.ts): the name now wherever the game is shown or sent,
    // the summary line included; only its steps keep the words they were said in.
    const renamed = /Anna won · Anna 3 – Ben 0[\s\S]*Anna, Ben/;
    await expect.poll(() => list.innerText()).toMatch(renamed);
    expect(await list.innerText()).not.toMatch(/\bAna\b/);
    await page.getByLabel('Player').selectOption({ label: 'Anna' });
    await expect.poll(() => page.getByRole('status').first().innerText()).toBe('1 finished game');
    await list.getByRole('link', { name: /Titans of Eden/ }).click();
    await page.getByRole('heading', { name: 'Anna wins', exact: true }).waitFor();
    const table = page.getByRole('table').first();
    await expect.poll(() => table.innerText()).toMatch(/Anna/);
    expect(await table.innerText()).not.toMatch(/\bAna\b|now/);
    await page.getByText('Anna played as Ana.', { exact: true }).waitFor();
    const legend = page.getByRole('region', { name: /per turn/ }).locator('figcaption');
    await expect.poll(() => legend.innerText()).toMatch(/^Anna\s+Ben\b/);
    await expect.poll(() => page.locator('.board').innerText()).toMatch(/\bAnna\b/);
    expect(await page.locator('.board').innerText()).not.toMatch(/\bAna\b/);
    await expect
      .poll(() => page.getByRole('region', { name: 'Everything that happened' }).innerText())
      .toMatch(/Ana destroys a temple of Ben/);
    logged = '';
    await page.getByRole('button', { name: 'Log in BG Stats' }).click();
    await expect.poll(() => logged).toMatch(/^https:\/\/app\.bgstatsapp\.com\/createPlay\.html\?data=/);
    const renamedPlay = JSON.parse(decodeURIComponent(new URL(logged).search.slice('?data='.length)));
    expect(renamedPlay.players.map((p: { name: string }) => p.name)).toEqual(['Anna', 'Ben']);
    await page.getByRole('heading', { name: 'Anna wins', exact: true }).scrollIntoViewIfNeeded();
    await bothThemes(page, 'history-renamed');
    await visit(page, shared.server.url);
    await expect.poll(() => page.getByRole('list', { name: 'Finished games' }).innerText()).toMatch(renamed);

    await visit(page, `${shared.server.url}/stats`);
    await expect
      .poll(() => page.getByRole('region', { name: 'Players' }).locator('select').first().innerText())
      .toMatch(/Anna · 1/);
    expect(requests.filter((u) => u.startsWith('pageerror:'))).toEqual([]);
    await context.close();
  });
  it('an unfinished game’s page says only what is true: its standing so far, no result to log or share', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(shared.server.url, page);
    await quickBattle(page, [8, 3]);
    const id = new URL(page.url()).pathname.split('/').pop();
    await visit(page, `${shared.server.url}/history/${id}`);
    await page.getByRole('heading', { name: 'The standing so far' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'This game is not finished.' }).waitFor();
    expect(await page.getByText('Ended without a winner').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Log in BG Stats' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Share result' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'The board now' }).count()).toBe(1);
    await shot(page, 'history-unfinished');
    await context.close();
  });
});
