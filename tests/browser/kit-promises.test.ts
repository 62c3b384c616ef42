/**
 * The table's promises, checked on every game in the registry the same way (#50), so a sixth game
 * gets them without writing them: on the first screens of a new game,
 * - every "one more" control (`data-repeat`, outside the number pad) takes a burst of five quick
 *   taps as one action: one Undo takes all five back;
 * - every control that cannot act says why beside itself (a visible description);
 * - Back and Escape close what is open (the menu, the history) and leave the game only after, for
 *   the home screen, never for the new-game form.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openTab, visit } from './harness';
import { useBrowser } from './shared';
import { GAMES } from '../../src/lib/games/registry';

const shared = useBrowser();
/** How many "one more" controls each game's first screen had that took a burst. */
const burstsTried = new Map<string, number>();

/** A new game of `game` with two players (WiZ: its smallest table), from the home screen. */
async function startFromHome(page: Page, game: string): Promise<void> {
  await visit(page, shared.server.url);
  await visit(page, `${shared.server.url}/${game}/new`);
  // The names' card is drawn a moment after the form's first screen (Later).
  await page.getByPlaceholder('Player 1').waitFor();
  for (const [i, n] of ['Ana', 'Ben'].entries()) await page.getByPlaceholder(`Player ${i + 1}`).fill(n);
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  await page.locator(PLAY).waitFor();
  await page.waitForTimeout(300);
}

/** The game's own screen, under the route's bar (a game may use `.play` inside it too). */
const PLAY = '.screen > .play';
const undoButton = (page: Page) =>
  page.locator('header.bar').getByRole('button', { name: /^(Undo: |Nothing to undo)/ });
const undoLabel = (page: Page) => undoButton(page).getAttribute('aria-label');
/** Past the double-tap guard's time: a second tap at one spot is a second tap, not a double tap. */
const afterLooking = (page: Page) => page.waitForTimeout(350);

/**
 * Opens every fold of the play screen (a `<details>`, a button that shows a panel), so the
 * controls inside them are on screen too.
 */
async function unfold(page: Page): Promise<void> {
  const folds = page.locator(`${PLAY} details:not([open]) > summary, ${PLAY} button[aria-expanded=false]`);
  for (const fold of await folds.all()) {
    if (!(await fold.isVisible())) continue;
    await fold.click();
    await afterLooking(page);
  }
}

/** The "one more" controls on screen now: enabled, visible, not the number pad's keys. */
async function repeatControls(page: Page) {
  const out = [];
  for (const control of await page.locator(`${PLAY} button[data-repeat]:not([data-entry-key])`).all()) {
    if ((await control.isVisible()) && (await control.isEnabled())) out.push(control);
  }
  return out;
}

describe.each(GAMES.map((g) => [g.title, g.id]))('%s keeps the table’s promises', (_title, game) => {
  it('a burst of five quick taps on any "one more" control is one action: one Undo takes it all back', async () => {
    const { page, context } = await openTab(shared.browser);
    await startFromHome(page, game);
    const tried: string[] = [];
    // The first screen, and when it has none that takes a tap yet (before Begin), the next.
    for (let screenNo = 0; screenNo < 2 && tried.length === 0; screenNo++) {
      if (screenNo === 1) {
        const main = page.locator(`${PLAY} .btn.big:visible`).first();
        if (!(await main.count()) || !(await main.isEnabled())) break;
        await main.click();
        await afterLooking(page);
      }
      await unfold(page);
      for (const control of await repeatControls(page)) {
        if (!(await control.isVisible()) || !(await control.isEnabled())) continue;
        const name = (await control.getAttribute('aria-label')) ?? (await control.innerText());
        const before = await undoLabel(page);
        for (let i = 0; i < 5; i++) {
          await control.click({ delay: 20 });
          await page.waitForTimeout(80);
        }
        // Nothing taken (every tap refused: before Begin, at a limit): nothing to group.
        if ((await undoLabel(page)) === before) continue;
        tried.push(name);
        // Undo sits elsewhere on screen: no double-tap guard between it and the burst.
        await undoButton(page).click();
        await expect.poll(() => undoLabel(page), { message: `${game}: ${name}` }).toBe(before);
      }
    }
    burstsTried.set(game, tried.length);
    await context.close();
  });

  it('every control that cannot act says why beside itself', async () => {
    const { page, context } = await openTab(shared.browser);
    await startFromHome(page, game);
    await unfold(page);
    const silent = await page.evaluate(() => {
      const out: string[] = [];
      const root = document.querySelector('.screen > .play')!;
      for (const el of root.querySelectorAll<HTMLElement>('button:disabled, [aria-disabled=true]')) {
        if (!el.offsetParent || el.closest('[hidden]')) continue;
        const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
        const said = ids
          .map((id) => document.getElementById(id))
          .filter(
            (d): d is HTMLElement =>
              !!d && (d.offsetParent !== null || d.classList.contains('visually-hidden'))
          )
          .map((d) => d.textContent?.trim() ?? '')
          .join(' ');
        if (!said)
          out.push(el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.outerHTML.slice(0, 80));
      }
      return out;
    });
    expect(silent, `${game}: disabled controls that say nothing`).toEqual([]);
    await context.close();
  });

  it('Back and Escape close the menu and the history first, then leave for home', async () => {
    const { page, context } = await openTab(shared.browser);
    await startFromHome(page, game);
    const url = page.url();
    const more = page.getByRole('button', { name: 'More' });
    const menu = page.getByRole('menu');

    await more.click();
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);

    await afterLooking(page);
    await more.click();
    await menu.getByRole('menuitem', { name: 'History' }).click();
    const sheet = page.getByRole('dialog', { name: 'History' });
    await sheet.waitFor();
    await page.goBack();
    await expect.poll(() => sheet.count()).toBe(0);
    expect(page.url()).toBe(url);

    // Nothing open: Back leaves the game, for home (the new-game form was left for the game).
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });
});

describe('the burst check', () => {
  it('reached "one more" controls on the first screens of most games (WiZ starts with none)', () => {
    const reached = [...burstsTried].filter(([, n]) => n > 0).map(([g]) => g);
    expect(
      reached.length,
      `games whose first screen had a burst tried: ${reached.join(', ')}`
    ).toBeGreaterThanOrEqual(GAMES.length - 1);
  });
});
