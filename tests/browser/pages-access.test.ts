/**
 * Every page outside the play screen, for everyone: axe-core finds nothing (WCAG 2.1 AA, best
 * practices and 2.5.3) at a phone's size, light and dark. Home empty and with a game played, the
 * rules (index, a game's rules, one of their pages), history with a finished game and that game's
 * result page, stats, players, settings, and the two pages a link or a file lands on when there is
 * nothing to join or open (they show their failure).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openTab, visit } from './harness';
import { useBrowser } from './shared';
import { axeCheck as check, axeReport, type Found } from './axe';
import { finishedInStorage, tapAfterLooking } from './checks';
import { quickBattle, startDuel } from './titans-play';

const shared = useBrowser();

/** Opens a page and lets it settle (its data read, its transitions over) before axe looks. */
async function open(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  await visit(page, `${shared.server.url}${path}`);
  await ready(page);
  await page.waitForTimeout(300);
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name, level: 1 }).first().waitFor();

/**
 * A Titans Duel played to its end (Ana takes Ben's three temples): a finished game with a winner,
 * so its result page shows everything a result has (ended from the ⋯ menu it would have none).
 */
async function playOneGame(page: Page): Promise<string> {
  const url = await startDuel(shared.server.url, page);
  await quickBattle(page, [8, 3]);
  await tapAfterLooking(page.getByRole('button', { name: /^Next turn/ }));
  await quickBattle(page, [9, 1]);
  await tapAfterLooking(page.getByRole('button', { name: /^Next turn/ }));
  await quickBattle(page, [12, 2]);
  await page.getByRole('heading', { name: 'Ana wins!' }).waitFor();
  await finishedInStorage(page);
  return new URL(url).pathname.split('/').pop()!;
}

describe('pages pass axe, light and dark', () => {
  it(
    'home, settings, players, stats, history, join and open with nothing stored',
    { timeout: 120_000 },
    async () => {
      const { page, context } = await openTab(shared.browser);
      const found: Found = {};
      await open(page, '/', (p) => p.getByRole('heading', { name: 'New game' }).waitFor());
      await check(page, found, 'home: empty');
      await open(page, '/settings', (p) => p.getByTestId('storage-used').waitFor());
      await check(page, found, 'settings');
      await open(page, '/players', (p) => p.getByText(/^Nobody yet/).waitFor());
      await check(page, found, 'players: empty');
      await open(page, '/stats', (p) => p.getByText(/^No finished games yet/).waitFor());
      await check(page, found, 'stats: empty');
      await open(page, '/history', (p) => p.getByText(/^No finished games yet/).waitFor());
      await check(page, found, 'history: empty');
      await open(page, '/join', (p) => p.getByRole('alert').waitFor());
      await check(page, found, 'join: no link');
      await open(page, '/join#nonsense', (p) => p.getByRole('alert').waitFor());
      await check(page, found, 'join: a broken link');
      // Chromium has a launch queue: with no file in it the page waits, saying so.
      await open(page, '/open', (p) => p.getByRole('status').waitFor());
      await check(page, found, 'open: nothing to open');
      await open(page, '/open?from=share', (p) => p.getByRole('alert').waitFor());
      await check(page, found, 'open: nothing shared');
      await context.close();
      axeReport('pages-empty', found);
      expect(found).toEqual({});
    }
  );

  it('the rules: the index, a game’s rules, one of its pages', { timeout: 120_000 }, async () => {
    const { page, context } = await openTab(shared.browser);
    const found: Found = {};
    await open(page, '/rules', heading(/Rules/));
    await check(page, found, 'rules');
    await open(page, '/rules/titans', heading(/Titans/));
    await check(page, found, 'rules: titans');
    await open(page, '/rules/titans/turn', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
    await check(page, found, 'rules: titans/turn');
    await context.close();
    axeReport('pages-rules', found);
    expect(found).toEqual({});
  });

  it(
    'a finished game: home, history, its result page, stats, players, home with a game going on',
    { timeout: 120_000 },
    async () => {
      const { page, context } = await openTab(shared.browser);
      const found: Found = {};
      const id = await playOneGame(page);
      await open(page, '/', (p) =>
        p.getByRole('list', { name: 'Finished games' }).getByRole('link').first().waitFor()
      );
      await check(page, found, 'home: one game played');
      await open(page, '/history', (p) =>
        p.getByRole('list', { name: 'Finished games' }).getByRole('link').first().waitFor()
      );
      await check(page, found, 'history: a finished game');
      await open(page, `/history/${id}`, (p) =>
        p.getByRole('heading', { name: 'The final board' }).waitFor()
      );
      await check(page, found, 'history: the result page');
      await page.getByLabel('A note on this game').fill('A close one.');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      await check(page, found, 'history: the result page, a note saved');

      await open(page, '/stats', (p) => p.getByRole('region', { name: 'Players' }).waitFor());
      await check(page, found, 'stats: a finished game');
      const figures = page.getByRole('region', { name: 'Players' });
      await figures.locator('select').nth(1).selectOption({ label: 'Ben' });
      await page.locator('.versus').waitFor();
      await check(page, found, 'stats: head to head');

      await open(page, '/players', (p) => p.getByRole('listitem').filter({ hasText: 'Ana' }).waitFor());
      await check(page, found, 'players: two');
      const ana = () => page.getByRole('listitem').filter({ hasText: 'Ana' });
      await ana().getByRole('button', { name: 'Merge…' }).click();
      await check(page, found, 'players: merge open');
      await ana().getByRole('button', { name: 'Merge…' }).click();
      await ana().getByRole('button', { name: 'Rename' }).click();
      await page.getByLabel('New name for Ana').fill('Ben');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('alert').waitFor();
      await check(page, found, 'players: a rename refused');

      // A second game going on: home offers it under Continue, above the finished one; ended from
      // the ⋯ menu, its result page has no winner.
      const second = new URL(await startDuel(shared.server.url, page)).pathname.split('/').pop()!;
      await open(page, '/', (p) => p.getByRole('heading', { name: 'Continue' }).waitFor());
      await check(page, found, 'home: one played, one going on');
      await visit(page, `${shared.server.url}/play/${second}`);
      await quickBattle(page, [8, 3]);
      await tapAfterLooking(page.getByRole('button', { name: 'More' }));
      await page.getByRole('menuitem', { name: 'End game now' }).click();
      await page.getByRole('button', { name: 'End game', exact: true }).click();
      await finishedInStorage(page);
      await open(page, `/history/${second}`, (p) =>
        p.getByRole('heading', { name: /^The (final )?board/ }).waitFor()
      );
      await check(page, found, 'history: a game ended early');
      await context.close();
      axeReport('pages-played', found);
      expect(found).toEqual({});
    }
  );
});
