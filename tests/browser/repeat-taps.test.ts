/**
 * A deliberate second tap is never lost (issue #30): the play screen swallows the second click
 * of a double tap, which is right for a button that moves the game on and wrong where repeating
 * is the point. Every "one more" control in every game carries `data-repeat` and counts a quick
 * double tap twice: Epic's Pack War "cannot draw 1", Titans' Haunt +1, Theos' "Everyone picked",
 * WiZ's card keys, Twilight's Decay and correction counters.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openTab, visit } from './harness';
import { useBrowser } from './shared';
import { tapAfterLooking } from './checks';
import { newGame as newTitans } from './titans-play';

const shared = useBrowser();

async function start(page: Page, game: string, names: string[], more?: (page: Page) => Promise<void>) {
  await visit(page, `${shared.server.url}/${game}/new`);
  if (names.length !== 2)
    await page
      .getByRole('radiogroup', { name: 'Number of players' })
      .getByRole('radio', { name: String(names.length), exact: true })
      .click();
  for (const [i, n] of names.entries()) await page.getByPlaceholder(`Player ${i + 1}`).fill(n);
  await more?.(page);
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
}

describe('a quick double tap on a "one more" control counts twice', () => {
  it('Epic, Pack War: Ben cannot draw 2 cards, so Ana and Cy lose 10 Mojo', async () => {
    const { page, context } = await openTab(shared.browser);
    await start(page, 'epic', ['Ana', 'Ben', 'Cy'], async (p) => {
      await p
        .getByRole('radiogroup', { name: 'Format' })
        .getByRole('radio', { name: /Pack War/ })
        .click();
    });
    await page.getByRole('region', { name: 'Board' }).waitFor();
    await page.getByRole('button', { name: /^Everyone else keeps/ }).click();
    await page.getByText(/^Cards that cannot be drawn/).click();
    const mojo = (who: string) => page.getByRole('button', { name: new RegExp(`^${who}’s Mojo: `) });
    const before = await mojo('Ana').getAttribute('aria-label');
    expect(before).toMatch(/^Ana’s Mojo: 30\b/);
    await page.getByRole('button', { name: 'Ben cannot draw 1 card' }).dblclick();
    await expect.poll(() => mojo('Ana').getAttribute('aria-label')).toMatch(/^Ana’s Mojo: 20\b/);
    expect(await mojo('Cy').getAttribute('aria-label')).toMatch(/^Cy’s Mojo: 20\b/);
    expect(await mojo('Ben').getAttribute('aria-label')).toMatch(/^Ben’s Mojo: 30\b/);
    await context.close();
  });

  it('Titans of Eden: Haunt +1 twice, and the Haunt box stays open between the taps', async () => {
    const { page, context } = await openTab(shared.browser);
    await newTitans(shared.server.url, page);
    const haunt = page.locator('details.haunt');
    await haunt.locator('summary').click();
    const plus = page.getByRole('button', { name: /^Ana haunts Ben: Ben gains/ });
    const supply = async () =>
      Number(/(\d+) Ghosts/.exec(await page.getByRole('region', { name: 'Board' }).innerText())?.[1]);
    const before = await supply();
    await plus.dblclick();
    await expect.poll(supply).toBe(before - 2);
    expect(await haunt.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await tapAfterLooking(plus);
    await expect.poll(supply).toBe(before - 3);
    await context.close();
  });

  it('Theos, a packet draft: "Everyone picked" twice is two picks', async () => {
    const { page, context } = await openTab(shared.browser);
    await start(page, 'theos', ['Ana', 'Ben', 'Cy'], async (p) => {
      await p.getByRole('radiogroup', { name: 'Game type' }).getByRole('radio', { name: /Free/ }).click();
      await p.getByRole('radiogroup', { name: 'Deck type' }).getByRole('radio', { name: /Draft/ }).click();
      await p.getByPlaceholder(/Use a seed/).fill('DRAFT003');
      await p.getByRole('button', { name: 'Use seed' }).click();
    });
    const tracker = page.getByRole('region', { name: 'Draft' });
    await expect.poll(() => tracker.innerText()).toContain('Packet 1 of 2 · Pick 1 of 6');
    await tracker.getByRole('button', { name: /^Everyone picked/ }).dblclick();
    await expect.poll(() => tracker.innerText()).toContain('Packet 1 of 2 · Pick 3 of 6');
    await context.close();
  });

  it('WiZ: a card key tapped twice adds two cards to the hand being built', async () => {
    const { page, context } = await openTab(shared.browser);
    await start(page, 'wiz', ['Ana', 'Ben', 'Cy'], async (p) => {
      await p
        .getByRole('radiogroup', { name: 'First dealer' })
        .getByRole('radio', { name: 'Ana', exact: true })
        .click();
    });
    await page.getByRole('region', { name: 'Scores' }).waitFor();
    await page.getByRole('button', { name: 'Ben went out', exact: true }).click();
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await tapAfterLooking(page.getByRole('button', { name: '+ From its cards' }));
    const key = page.getByRole('button', { name: /^Add .* 7$/ }).first();
    await key.dblclick();
    await expect
      .poll(() => page.getByRole('list', { name: 'Cards in the hand' }).getByRole('listitem').count())
      .toBe(2);
    await context.close();
  });

  it('Twilight: a Decay counter tapped twice counts 2', async () => {
    const { page, context } = await openTab(shared.browser);
    await start(page, 'twilight', ['Ana', 'Ben']);
    await page.getByRole('button', { name: /^Begin/ }).click();
    await page.getByRole('button', { name: 'Trade with Ben', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Adjust Ana' }).click();
    await page.getByRole('button', { name: 'Increase Lesser Aspects (I) in play of Ana' }).dblclick();
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await page.locator('details.decay summary').click();
    await page.getByRole('button', { name: 'Increase Unused Lesser Aspects of Ana' }).dblclick();
    await expect.poll(() => page.getByRole('button', { name: /^End turn, Decay 2 cards/ }).count()).toBe(1);
    await context.close();
  });
});

describe('a quick double tap on a counter that sends a game event counts twice', () => {
  /** The number a counter shows, read from its value button ("Ana’s Mojo: 30. Tap to …"). */
  const shown = (page: Page, label: string) => async () =>
    Number(
      /: (-?\d+)\b/.exec(
        (await page
          .getByRole('button', { name: `${label}: `, exact: false })
          .first()
          .getAttribute('aria-label')) ?? ''
      )?.[1]
    );

  it('Epic: Ana’s Mojo + twice is 32, − twice back to 30', async () => {
    const { page, context } = await openTab(shared.browser);
    await start(page, 'epic', ['Ana', 'Ben']);
    await page.getByRole('region', { name: 'Board' }).waitFor();
    const begin = page.getByRole('button', { name: /^Everyone else keeps|^Begin/ }).first();
    if (await begin.count()) await begin.click();
    const mojo = shown(page, 'Ana’s Mojo');
    await expect.poll(mojo).toBe(30);
    await page.getByRole('button', { name: 'Increase Ana’s Mojo', exact: true }).dblclick();
    await expect.poll(mojo).toBe(32);
    await tapAfterLooking(page.getByRole('button', { name: 'Decrease Ana’s Mojo', exact: true }));
    await page.getByRole('button', { name: 'Decrease Ana’s Mojo', exact: true }).click();
    await expect.poll(mojo).toBe(30);
    await context.close();
  });

  it('Theos: Ana’s Followers + twice is 2 more', async () => {
    const { page, context } = await openTab(shared.browser);
    await start(page, 'theos', ['Ana', 'Ben'], async (p) => {
      await p
        .getByRole('radiogroup', { name: 'Deck type' })
        .getByRole('radio', { name: /Prebuilt/ })
        .click();
    });
    await page.getByRole('region', { name: 'Board' }).waitFor();
    const followers = shown(page, 'Ana’s Followers');
    const before = await followers();
    await page.getByRole('button', { name: 'Increase Ana’s Followers', exact: true }).dblclick();
    await expect.poll(followers).toBe(before + 2);
    await context.close();
  });

  it('Titans of Eden: the Ghosts supply − twice is 2 fewer', async () => {
    const { page, context } = await openTab(shared.browser);
    await newTitans(shared.server.url, page);
    await page.locator('details.supply summary').click();
    const ghosts = shown(page, 'Ghosts');
    const before = await ghosts();
    await page.getByRole('button', { name: 'Decrease Ghosts', exact: true }).dblclick();
    await expect.poll(ghosts).toBe(before - 2);
    await context.close();
  });
});
