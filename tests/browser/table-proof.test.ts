/**
 * The table's promises where #50 found them broken, one by one as a person met them at 390×844
 * (the same promises on every game's first screens: kit-promises.test.ts):
 * - a burst of taps on a "one more" control is one history line and one Undo;
 * - a refusal is said beside the control, never in a toast; a refused typed value stays in its
 *   box, named;
 * - a control that cannot act says why beside itself;
 * - Back with the number pad open closes the pad and stays in the game;
 * - what is being entered (the Decay box, a number typed) survives a reload.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openTab, shot, visit } from './harness';
import { useBrowser } from './shared';
import { tapAfterLooking, typeOnPad } from './checks';
import { historyText } from './play-menu';
import { box, newGame as newTitans } from './titans-play';

const shared = useBrowser();

/** Five taps 100 ms apart, as a finger drums on a "+". */
async function burst(page: Page, name: string | RegExp): Promise<void> {
  const control = page.locator('.screen > .play').getByRole('button', { name, exact: true }).first();
  for (let i = 0; i < 5; i++) {
    await control.click({ delay: 20 });
    await page.waitForTimeout(100);
  }
}

const undo = (page: Page) => page.locator('header.bar').getByRole('button', { name: /^Undo: / });
/** What a control's description says (aria-describedby), as a screen reader reads it. */
const described = (page: Page, name: string | RegExp) =>
  page
    .getByRole('button', { name })
    .first()
    .evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
        .join(' ')
    );
const pad = (page: Page) => page.getByRole('group', { name: /^Number pad/ });
const padKey = (page: Page, key: string) => pad(page).getByRole('button', { name: key, exact: true });

async function start(page: Page, game: string, more?: (page: Page) => Promise<void>) {
  await visit(page, `${shared.server.url}/${game}/new`);
  // The names' card is drawn a moment after the form's first screen (Later).
  await page.getByPlaceholder('Player 1').waitFor();
  for (const [i, n] of ['Ana', 'Ben'].entries()) await page.getByPlaceholder(`Player ${i + 1}`).fill(n);
  await more?.(page);
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
}

describe('Titans of Eden', () => {
  it('five quick − Ghosts are one line and one Undo; + at 12 says why; Back with the pad open closes it; a typed digit survives a reload', async () => {
    const { page, context } = await openTab(shared.browser);
    await newTitans(shared.server.url, page);
    await page.locator('details.supply summary').click();
    const ghosts = () => page.getByRole('button', { name: /^Ghosts: \d+/ }).getAttribute('aria-label');
    expect(await ghosts()).toMatch(/^Ghosts: 12\b/);
    expect(await described(page, 'Increase Ghosts')).toMatch(/cannot go above 12/);
    expect(await page.locator('details.supply').innerText()).toContain('max');

    await burst(page, 'Decrease Ghosts');
    await expect.poll(ghosts).toMatch(/^Ghosts: 7\b/);
    const lines = (await historyText(page)).split('\n').filter((l) => /Ghosts/.test(l));
    expect(lines).toEqual([expect.stringMatching(/Ghosts -1 \(7 left\), 5 times$/)]);
    await tapAfterLooking(undo(page));
    await expect.poll(ghosts).toMatch(/^Ghosts: 12\b/);

    // The pad: Back closes it and stays in the game.
    const url = page.url();
    await tapAfterLooking(box(page, 'Ana'));
    await expect.poll(() => pad(page).isVisible()).toBe(true);
    await padKey(page, '7').click();
    await page.goBack();
    await expect.poll(() => pad(page).isVisible()).toBe(false);
    expect(page.url()).toBe(url);
    expect(await page.getByRole('region', { name: 'Board' }).count()).toBe(1);

    // A digit typed and not confirmed is there again after a reload, the pad open on it.
    await tapAfterLooking(box(page, 'Ana'));
    await padKey(page, '7').click();
    await page.reload();
    await expect.poll(() => pad(page).isVisible()).toBe(true);
    expect(await page.locator('.bottom-sheet:not([hidden]) input').inputValue()).toBe('7');
    expect(await page.locator('.bottom-sheet:not([hidden])').innerText()).toContain('Ana’s total power');
    await context.close();
  });
});

describe('Epic', () => {
  it('Pack War: five quick “cannot draw” are one Undo; a Mojo of 99999 stays in its box and is named; End the game says why it waits', async () => {
    const { page, context } = await openTab(shared.browser);
    await start(page, 'epic', async (p) => {
      await p
        .getByRole('radiogroup', { name: 'Format' })
        .getByRole('radio', { name: /Pack War/ })
        .click();
    });
    await page.getByRole('button', { name: /^Everyone else keeps/ }).click();
    const decks = page.locator('details.decks');
    await decks.locator('summary').click();
    const mojo = (who: string) => page.getByRole('button', { name: new RegExp(`^${who}’s Mojo: `) });
    await burst(page, 'Ben cannot draw 1 card');
    await expect.poll(() => mojo('Ana').getAttribute('aria-label')).toMatch(/^Ana’s Mojo: 5\b/);
    await tapAfterLooking(undo(page));
    await expect.poll(() => mojo('Ana').getAttribute('aria-label')).toMatch(/^Ana’s Mojo: 30\b/);

    await tapAfterLooking(mojo('Ana'));
    const field = page.getByRole('textbox', { name: /^New total for Ana’s Mojo/ });
    await field.fill('99999');
    await field.press('Enter');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: '99999' }).count()).toBe(1);
    expect(await page.getByRole('alert').filter({ hasText: '99999' }).innerText()).toMatch(
      /^“99999” was not taken\./
    );
    expect(await field.inputValue()).toBe('99999');
    // Not in a toast (the one there is the Undo's offer to redo).
    expect(await page.locator('.toast').filter({ hasText: /9999/ }).count()).toBe(0);
    await shot(page, 'epic-mojo-refused-in-its-box');
    await context.close();
  });

  it('a single game: “End the game: empty deck wins” says to tick whose deck is empty first', async () => {
    const { page, context } = await openTab(shared.browser);
    await start(page, 'epic');
    await page.getByRole('button', { name: /^Everyone else keeps/ }).click();
    await page.locator('details.decks summary').click();
    const end = /^End the game: empty deck/;
    expect(await page.getByRole('button', { name: end }).isDisabled()).toBe(true);
    expect(await described(page, end)).toBe('Tick whose deck is empty first.');
    await context.close();
  });
});

describe('Twilight of the Gods', () => {
  it('the Decay box and its counts survive a reload, and End turn still carries them; + at the number in play says why; Seize says why before a tap', async () => {
    const { page, context } = await openTab(shared.browser);
    await start(page, 'twilight');
    await page.getByRole('button', { name: /^Begin/ }).click();
    const turn = page.getByRole('region', { name: 'This turn' });
    await turn.getByRole('button', { name: 'Trade with Ben', exact: true }).click();
    await typeOnPad(page, 2);
    await typeOnPad(page, 2);
    await turn.locator('details.decay summary').click();
    const plus = 'Increase Unused Greater Aspects of Ana';
    await tapAfterLooking(turn.getByRole('button', { name: plus }));
    const end = /^Greater Aspect into play: II · end turn, Decay 2 cards/;
    await expect.poll(() => page.getByRole('button', { name: end }).count()).toBe(1);
    expect(await described(page, plus)).toMatch(/cannot go above 1/);

    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: end }).count()).toBe(1);
    expect(await turn.locator('details.decay').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);

    // Seize: with 3 in Hand, the levels that set aside more say so under their row, untapped.
    const seize = await page.getByRole('button', { name: /^Seize Exalted \(III\) from Ben/ }).count();
    if (seize) {
      await tapAfterLooking(page.getByRole('button', { name: /^Seize Exalted \(III\) from Ben/ }));
      await expect
        .poll(() => described(page, /^Seize Greater \(II\) from Ben/))
        .toMatch(/set aside more cards than the \d+ in Hand/);
    }
    await context.close();
  });
});

describe('WiZ', () => {
  it('Back with the pad open closes it and stays in the game', async () => {
    const { page, context } = await openTab(shared.browser);
    await start(page, 'wiz');
    const url = page.url();
    await tapAfterLooking(page.getByRole('button', { name: 'Ben went out', exact: true }));
    await expect.poll(() => pad(page).isVisible()).toBe(true);
    await page.goBack();
    await expect.poll(() => pad(page).isVisible()).toBe(false);
    expect(page.url()).toBe(url);
    await context.close();
  });
});

describe('Theos', () => {
  it('Back with the cleanup pad open closes it and stays in the game', async () => {
    const { page, context } = await openTab(shared.browser);
    await start(page, 'theos');
    const url = page.url();
    const endPlay = page.getByRole('button', { name: /end the Play Phase$/ });
    await endPlay.waitFor();
    await tapAfterLooking(endPlay);
    await expect.poll(() => pad(page).isVisible()).toBe(true);
    await page.goBack();
    await expect.poll(() => pad(page).isVisible()).toBe(false);
    expect(page.url()).toBe(url);
    await context.close();
  });
});
