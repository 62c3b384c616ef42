/**
 * Playing Titans of Eden through the UI, for the tests that need a game played as a person would:
 * start a game from the setup screen, enter a battle in the quick flow.
 */
import type { Page } from 'playwright-core';
import { visit } from './harness';
import { typeOnPad } from './checks';

/** Everything the board shows, as text: the state a person sees. */
export const board = (page: Page) => page.getByRole('region', { name: 'Board' }).innerText();
export const box = (page: Page, who: string, arena?: number) =>
  page
    .getByRole('region', { name: 'This turn' })
    .getByRole('button', { name: new RegExp(`^Power of ${who}${arena ? ` in Arena ${arena}` : ''}:`) });

export async function newGame(
  url: string,
  page: Page,
  options: { format?: RegExp; players?: number; names?: string[]; seed?: string } = {}
) {
  const { format = /Duel/, players = 2, names = ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay'] } = options;
  await visit(page, `${url}/titans/new`);
  await page.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: format }).click();
  if (players > 2)
    await page
      .getByRole('radiogroup', { name: 'Number of players' })
      .getByRole('radio', { name: String(players) })
      .click();
  for (let i = 0; i < players; i++) await page.getByPlaceholder(`Player ${i + 1}`).fill(names[i]);
  if (options.seed) {
    await page.getByPlaceholder(/Use a seed/).fill(options.seed);
    await page.getByRole('button', { name: 'Use seed' }).click();
  }
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  await page.getByRole('region', { name: 'Board' }).waitFor();
}

/** A Titans Duel between Ana and Ben, set up as it comes; hands back the game's address. */
export async function startDuel(url: string, page: Page): Promise<string> {
  await visit(page, `${url}/titans/new`);
  await page.getByPlaceholder('Player 1').fill('Ana');
  await page.getByPlaceholder('Player 2').fill('Ben');
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  await page.getByRole('region', { name: 'Board' }).waitFor();
  return page.url();
}

/**
 * The quick battle, as a person plays it: the pad opens on the first box by itself after Next
 * turn (tap the first box when it has not: the game's first turn), type every total (digits and
 * ✓); the last ✓ resolves the battle (tap Resolve where it is still asked for, as it was before).
 */
export async function quickBattle(page: Page, powers: number[]) {
  const pad = page.getByRole('group', { name: /^Number pad/ });
  // The pad opens once a double tap's time (300 ms) is over.
  const opened = await pad
    .waitFor({ timeout: 800 })
    .then(() => true)
    .catch(() => false);
  if (!opened) {
    await page
      .getByRole('region', { name: 'This turn' })
      .getByRole('button', { name: /^Power of/ })
      .first()
      .click();
  }
  for (const p of powers) await typeOnPad(page, p);
  const resolve = page.getByRole('button', { name: 'Resolve the battle' });
  if (await resolve.isVisible()) await resolve.click();
}
