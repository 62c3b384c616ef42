/**
 * Titans of Eden in a real browser: set up a Duel, play it to the end, and reload in the middle
 * of a battle to find the game exactly where it was (power already entered included).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openTab, shot, visit } from './harness';
import { useBrowser } from './shared';

const shared = useBrowser();

const next = (page: Page) => page.getByRole('button', { name: /^Next/ });

/** Everything the board shows, as text: the state a person sees. */
const board = (page: Page) => page.getByRole('region', { name: 'Board' }).innerText();

async function toBattle(page: Page) {
  await page.getByRole('button', { name: 'Begin the first age' }).click();
  for (let i = 0; i < 15; i++) await next(page).click();
  await page.getByRole('button', { name: 'Resolve the battle' }).waitFor();
}

async function enterPower(page: Page, who: string, value: number) {
  await page.getByRole('button', { name: new RegExp(`^Power of ${who}`) }).click();
  const input = page.locator('input.pad-input');
  await input.fill(String(value));
  await page.getByRole('button', { name: 'Set power' }).click();
  await expect
    .poll(() => page.getByRole('button', { name: new RegExp(`^Power of ${who}: ${value}$`) }).count())
    .toBe(1);
}

async function battle(page: Page, ana: number, ben: number) {
  await enterPower(page, 'Ana', ana);
  await enterPower(page, 'Ben', ben);
  await page.getByRole('button', { name: 'Resolve the battle' }).click();
}

describe('Titans of Eden', () => {
  it('sets up a Duel and plays it to the end, surviving a reload mid-battle', async () => {
    const { page, context } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/titans/new`);
    await page.getByPlaceholder('Player 1').fill('Ana');
    await page.getByPlaceholder('Player 2').fill('Ben');
    await expect.poll(() => page.locator('table.grid td button').count()).toBe(16);
    await shot(page, 'titans-setup');
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.waitForURL(/\/play\//);
    await page.getByRole('button', { name: 'Begin the first age' }).waitFor();
    await shot(page, 'titans-turn-start');

    // Phone flat between the two players: Ben's mat turns to face him.
    await page.getByRole('button', { name: 'Face each other' }).click();
    const across = page.locator('.across');
    await expect.poll(() => across.innerText()).toContain('Ben');
    expect(await across.evaluate((el) => getComputedStyle(el).transform)).toMatch(/^matrix\(-1, /);
    await shot(page, 'titans-face-to-face');
    await page.getByRole('button', { name: 'Side by side' }).click();

    // Turn 1: surge once, then Ana wins the battle 8 to 3 and destroys one of Ben's temples.
    await page.getByRole('button', { name: /^Ana: Surge/ }).click();
    await expect.poll(() => page.getByLabel('1 of 2 surge tokens left').count()).toBe(1);
    // The history lists it, and follows the game while open.
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    await expect.poll(() => history.innerText()).toContain('Ana surges (1 token left)');
    await history.getByRole('button', { name: 'Close' }).click();
    await toBattle(page);
    await shot(page, 'titans-battle');
    await enterPower(page, 'Ana', 8);

    // Reload in the middle of the battle: the same turn, step and entered power come back.
    const before = await board(page);
    await page.reload();
    await page.getByRole('button', { name: 'Resolve the battle' }).waitFor();
    expect(await board(page)).toBe(before);
    expect(await page.getByRole('button', { name: /^Power of Ana: 8$/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Power of Ben: not entered$/ }).count()).toBe(1);

    await enterPower(page, 'Ben', 3);
    await page.getByRole('button', { name: 'Resolve the battle' }).click();
    await shot(page, 'titans-end-of-turn');
    await next(page).click(); // to the shuffle
    await next(page).click(); // next turn; Ben takes the Avatar Mat

    // Ana wins twice more: Ben is at 0 temples and loses.
    await toBattle(page);
    await battle(page, 9, 1);
    await next(page).click();
    await next(page).click();
    await toBattle(page);
    await battle(page, 12, 2);
    await expect.poll(() => page.getByText('Ana won').first().isVisible()).toBe(true);
    await shot(page, 'titans-game-over');

    // Home lists the game among the finished ones with its result.
    await visit(page, shared.server.url);
    await expect
      .poll(() =>
        page
          .getByText(/Ana won · Ana 3 – Ben 0 temples/)
          .first()
          .isVisible()
      )
      .toBe(true);
    await context.close();
  });

  it('a shared setup link rebuilds the same format and ritual piles on another phone', async () => {
    const first = await openTab(shared.browser);
    await visit(first.page, `${shared.server.url}/titans/new`);
    await first.page
      .getByRole('radiogroup', { name: 'Format' })
      .getByRole('radio', { name: /Two arenas/ })
      .click();
    await expect.poll(() => first.page.locator('table.grid td button').count()).toBe(32);
    const piles = await first.page.locator('table.grid td button').allInnerTexts();
    const code = (await first.page.getByTestId('setup-code').innerText()).trim();
    expect(code).toMatch(/^T1-/);
    await first.context.close();

    const second = await openTab(shared.browser);
    await visit(second.page, `${shared.server.url}/titans/new?code=${encodeURIComponent(code)}`);
    await expect.poll(() => second.page.locator('table.grid td button').count()).toBe(32);
    expect(await second.page.locator('table.grid td button').allInnerTexts()).toEqual(piles);
    expect(await second.page.getByRole('radio', { name: /Two arenas/ }).getAttribute('aria-checked')).toBe(
      'true'
    );

    // A mistyped code says so in plain words and leaves a fresh setup to use.
    await visit(second.page, `${shared.server.url}/titans/new?code=T1-XXXX-YYYY`);
    await expect
      .poll(() =>
        second.page
          .getByText(/setup code|code does not|wrong length/i)
          .first()
          .isVisible()
      )
      .toBe(true);
    await second.context.close();
  });
});
