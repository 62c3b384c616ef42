/**
 * Every play screen, for everyone: axe-core finds nothing (WCAG 2.1 AA, best practices and 2.5.3)
 * in any state a game walks through, light and dark. The walk comes from the registry, so a sixth
 * game is held to it as well: the screen as it opens, the rules sheet, the ⋯ menu, the history,
 * several phones, this phone's player, the number sheet, the main path (its primary button, step
 * by step), the end-game question and the game ended; then each game's own states (`TOURS`).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { GAMES } from '../../src/lib/games/registry';
import { openTab, visit } from './harness';
import { useBrowser } from './shared';
import { axeCheck as check, axeReport, type Found } from './axe';
import { tapAfterLooking } from './checks';

const shared = useBrowser();

async function start(page: Page, game: string) {
  await visit(page, `${shared.server.url}/${game}/new`);
  await page.getByRole('button', { name: 'Start the game' }).waitFor();
  const names = ['Ana', 'Ben', 'Cy', 'Dee'];
  for (let i = 0; i < 4; i++) {
    const field = page.getByPlaceholder(`Player ${i + 1}`);
    if (await field.isVisible()) await field.fill(names[i]);
  }
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  await page.locator('.play').first().waitFor();
  await page.waitForTimeout(400);
}

const more = (page: Page) => tapAfterLooking(page.getByRole('button', { name: 'More' }));

async function fromMenu(page: Page, item: RegExp) {
  await more(page);
  await page.getByRole('menuitem', { name: item }).click();
}

/** The first primary (main path) button the game shows, if any is enabled. */
async function mainAction(page: Page) {
  const all = await page.locator('.play button.btn.primary:visible:enabled').all();
  return all[0];
}

/** States only one game has, reached by its own taps. */
const TOURS: Record<string, (page: Page, look: (state: string) => Promise<void>) => Promise<void>> = {};

describe('play screens pass axe in every state', () => {
  for (const game of GAMES)
    it(`${game.id}`, { timeout: 240_000 }, async () => {
      const { page, context } = await openTab(shared.browser);
      const found: Found = {};
      const look = (state: string) => check(page, found, `${game.id}: ${state}`);
      await start(page, game.id);
      await look('opened');

      await tapAfterLooking(page.getByRole('button', { name: 'Rules for this step' }));
      await page.locator('dialog[open]').waitFor();
      await look('rules sheet');
      await page.keyboard.press('Escape');

      await more(page);
      await look('menu');
      await page.keyboard.press('Escape');

      await fromMenu(page, /^History$/);
      await look('history');
      await page.keyboard.press('Escape');

      await fromMenu(page, /several phones/);
      await page.getByRole('dialog').first().waitFor();
      await look('several phones');
      await page.keyboard.press('Escape');

      await fromMenu(page, /^This phone is/);
      await look('this phone is');
      await page.keyboard.press('Escape');

      const box = page.getByRole('button', { name: /Tap to type a new value/ }).first();
      if (await box.isVisible()) {
        await tapAfterLooking(box);
        await look('number sheet');
        await page.keyboard.press('Escape');
      }

      for (let step = 1; step <= 6; step++) {
        const next = await mainAction(page);
        if (!next) break;
        await tapAfterLooking(next);
        await page.waitForTimeout(350);
        await look(`main path ${step}`);
      }

      await TOURS[game.id]?.(page, look);

      await fromMenu(page, /^End game now$/);
      await look('end the game?');
      await page.getByRole('button', { name: 'End game', exact: true }).click();
      await page.waitForTimeout(400);
      await look('ended');

      await context.close();
      axeReport(game.id, found);
      expect(found).toEqual({});
    });
});
