/**
 * "This phone is…" (#11): each phone chooses which player it is, and that player's area comes
 * first (near, upright, where two face each other). Only the order on screen changes: a tap on
 * the area shown first still changes that player's numbers, the choice stays on this phone (not
 * in the game's log or history, not on the other phones) and survives a reload; a phone that
 * joins is asked once, in one tap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openTab, shot, visit } from './harness';
import { useBrowser } from './shared';
import { historyText } from './play-menu';
import { box, newGame, startDuel } from './titans-play';
import {
  accessibilityProblems,
  gameId,
  scrollsSideways,
  storedSteps,
  tapAfterLooking,
  typeOnPad
} from './checks';
import { startSyncServer, type SyncServer } from '../../sync-server/server';

const shared = useBrowser();
let sync: SyncServer;
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tableside-seat-'));
  sync = await startSyncServer({ host: '127.0.0.1', port: 0, dir });
});

afterAll(async () => {
  await sync?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The history sheet's lines, as a person reads them (times left out). */
async function history(page: Page): Promise<string> {
  return (await historyText(page)).replace(/\n(just now|\d+ \w+ ago)$/gm, '');
}

/** ⋯ → "This phone is…" → the player (or "Nobody in particular"). */
async function thisPhoneIs(page: Page, who: string | RegExp): Promise<void> {
  // After the history sheet's Close, at the same spot: a moment later, or it is a double tap.
  await tapAfterLooking(page.getByRole('button', { name: 'More' }));
  await page.getByRole('menuitem', { name: /^This phone is/ }).click();
  const dialog = page.getByRole('dialog', { name: 'This phone is…' });
  await dialog.getByRole('radio', { name: who }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const surgeButtons = (page: Page) =>
  page.getByRole('group', { name: 'Surge' }).getByRole('button', { name: /: Surge/ });
/** The names on the Temple Mats, in the order shown (Titans, side by side). */
const mats = (page: Page) => page.locator('.mats').innerText();

describe('this phone is…', () => {
  it('Titans Duel: Ben’s phone shows Ben near and first; a tap there is Ben’s; kept on this phone only, through a reload', async () => {
    const { page, context } = await openTab(shared.browser);
    await startDuel(shared.server.url, page);

    // No choice: today's layout, Ana near (upright), Ben across, Ana first everywhere.
    await page.getByRole('button', { name: 'Face each other' }).click();
    await expect.poll(() => page.locator('.near').innerText()).toContain('Ana');
    expect(await page.locator('.across').innerText()).toContain('Ben');
    expect(await surgeButtons(page).first().getAttribute('aria-label')).toBe('Ana: Surge');
    const entries = await storedSteps(page, gameId(page));
    const before = await history(page);

    // The chooser: every player, and table order; the current choice is marked.
    await tapAfterLooking(page.getByRole('button', { name: 'More' }));
    await page.getByRole('menuitem', { name: 'This phone is…' }).click();
    const dialog = page.getByRole('dialog', { name: 'This phone is…' });
    const options = await dialog.getByRole('radio').allInnerTexts();
    expect(options.map((o) => o.replace(/^✓ /, ''))).toEqual([
      'Ana',
      'Ben',
      'Nobody in particular (table order)'
    ]);
    expect(await dialog.getByRole('radio', { checked: true }).innerText()).toMatch(/Nobody in particular/);
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('radio', { name: 'Ben' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Ben's mat turns to him (near, upright); Ana's faces her across the table.
    await expect.poll(() => page.locator('.near').innerText()).toContain('Ben');
    expect(await page.locator('.near').innerText()).not.toContain('Ana');
    expect(await page.locator('.across').innerText()).toContain('Ana');
    expect(await page.locator('.across').evaluate((el) => getComputedStyle(el).transform)).toMatch(
      /^matrix\(-1, /
    );
    expect(await page.locator('.near').evaluate((el) => getComputedStyle(el).transform)).toBe('none');

    // The first surge button and the first power box are Ben's, and tapping them changes Ben's.
    expect(await surgeButtons(page).first().getAttribute('aria-label')).toMatch(/^Ben: Surge/);
    await surgeButtons(page).first().click();
    await expect.poll(() => history(page)).toContain('Ben surges (1 token left)');
    expect(await history(page)).not.toContain('Ana surges');
    const surgeLine = (who: string) =>
      page
        .locator('.surges li')
        .filter({ hasText: who })
        .getByLabel(/surge tokens left/);
    expect(await surgeLine('Ben').getAttribute('aria-label')).toBe('1 of 2 surge tokens left');
    expect(await surgeLine('Ana').getAttribute('aria-label')).toBe('2 of 2 surge tokens left');

    const firstBox = page
      .getByRole('region', { name: 'This turn' })
      .getByRole('button', { name: /^Power of/ });
    expect(await firstBox.first().getAttribute('aria-label')).toBe('Power of Ben: not entered');
    await firstBox.first().click();
    expect(await page.getByRole('dialog').filter({ hasText: 'Ben’s total power' }).count()).toBe(1);
    await typeOnPad(page, 7);
    // The pad moves on to the next box shown: Ana's (closed here: her ✓ would resolve the battle).
    await expect
      .poll(() => page.getByRole('dialog').filter({ hasText: 'Ana’s total power' }).count())
      .toBe(1);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => box(page, 'Ben').getAttribute('aria-label')).toBe('Power of Ben: 7');
    expect(await box(page, 'Ana').getAttribute('aria-label')).toBe('Power of Ana: not entered');
    await shot(page, 'seat-titans-ben');

    // The choice is on this phone only: not an entry of the game's log, not a line of its history.
    expect(await storedSteps(page, gameId(page))).toBe(entries + 2); // the surge and a power, nothing else
    const after = await history(page);
    expect(after.replace(before, '')).not.toMatch(/phone|seat/i);
    expect(await page.evaluate((id) => localStorage.getItem(`tableside.seat.${id}`), gameId(page))).toBe('1');

    // Through a reload: still Ben's phone (the menu says so, Ben first), the numbers unchanged.
    await page.reload();
    await page.getByRole('region', { name: 'Board' }).waitFor();
    // (The surge buttons are gone: the battle has begun. The surge tokens' list shows Ben first.)
    await expect.poll(() => page.locator('.surges li').first().innerText()).toBe('Ben');
    expect(await mats(page)).toMatch(/Ben[\s\S]*Ana/);
    expect(await box(page, 'Ben').getAttribute('aria-label')).toBe('Power of Ben: 7');
    await page.getByRole('button', { name: 'Face each other' }).click();
    await expect.poll(() => page.locator('.near').innerText()).toContain('Ben');
    await page.getByRole('button', { name: 'More' }).click();
    expect(await page.getByRole('menuitem', { name: /^This phone is/ }).innerText()).toBe(
      'This phone is Ben'
    );
    await tapAfterLooking(page.getByRole('button', { name: 'More' }));

    // Back to table order: exactly today's screen again.
    await thisPhoneIs(page, /Nobody in particular/);
    await expect.poll(() => page.locator('.near').innerText()).toContain('Ana');
    expect(await page.locator('.surges li').first().innerText()).toBe('Ana');
    expect(await firstBox.first().getAttribute('aria-label')).toBe('Power of Ana: not entered');
    expect(await storedSteps(page, gameId(page))).toBe(entries + 2);
    await context.close();
  });

  it('a broken stored choice is table order; 40-character names fit the chooser at 360 px', async () => {
    const { page, context } = await openTab(shared.browser);
    await page.setViewportSize({ width: 360, height: 740 });
    const long = ['A'.repeat(20) + ' ' + 'Longname'.repeat(2) + 'Abc', 'B'.repeat(40)];
    await newGame(shared.server.url, page, { names: long });
    const id = gameId(page);
    for (const broken of ['{not json', '7', '-1', '"Ben"']) {
      await page.evaluate(([id, v]) => localStorage.setItem(`tableside.seat.${id}`, v), [id, broken]);
      await page.reload();
      await page.getByRole('region', { name: 'Board' }).waitFor();
      expect(await surgeButtons(page).first().getAttribute('aria-label'), broken).toMatch(/^A{20} /);
    }
    await thisPhoneIs(page, new RegExp(`^✓? ?${long[1]}`));
    await expect.poll(() => surgeButtons(page).first().getAttribute('aria-label')).toMatch(/^B{40}/);
    await page.getByRole('button', { name: 'More' }).click();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('menuitem', { name: /^This phone is/ }).click();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await accessibilityProblems(page)).toEqual([]);
    await context.close();
  });

  it('Twilight, four players: Cy’s phone lists Cy first and round the table; Cy’s Adjust changes Cy', async () => {
    const { page, context } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/twilight/new`);
    await page
      .getByRole('radiogroup', { name: 'Number of players' })
      .getByRole('radio', { name: '4', exact: true })
      .click();
    for (const [i, who] of ['Ana', 'Ben', 'Cy', 'Dee'].entries())
      await page.getByPlaceholder(`Player ${i + 1}`).fill(who);
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.waitForURL(/\/play\//);
    const areas = () =>
      page
        .locator('.areas article')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!.split(',')[0]));
    await expect.poll(areas).toEqual(['Ana', 'Ben', 'Cy', 'Dee']);

    await thisPhoneIs(page, 'Cy');
    await expect.poll(areas).toEqual(['Cy', 'Dee', 'Ana', 'Ben']);
    const mulligans = page.getByRole('button', { name: / mulligan( taken)?$/ });
    expect(await mulligans.allInnerTexts()).toEqual([
      expect.stringMatching(/^Cy/),
      expect.stringMatching(/^Dee/),
      expect.stringMatching(/^Ana/),
      expect.stringMatching(/^Ben/)
    ]);
    await mulligans.first().click();
    await expect.poll(() => page.getByRole('button', { name: 'Cy mulligan taken' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: / mulligan taken$/ }).count()).toBe(1);
    await page.getByRole('button', { name: /^Begin: Ana draws/ }).click();
    await expect.poll(areas).toEqual(['Cy', 'Dee', 'Ana', 'Ben']);

    // The first area's Adjust is Cy's: a Life Stack +1 there changes Cy, nobody else.
    const lives = () =>
      page.locator('.areas article .life .num').evaluateAll((els) => els.map((e) => Number(e.textContent)));
    const start = await lives();
    await page
      .locator('.areas article')
      .first()
      .getByRole('button', { name: /^Adjust/ })
      .click();
    const adjust = page.getByRole('group', { name: 'Adjust Cy' });
    await adjust.getByRole('button', { name: 'Increase Life Stack of Cy' }).click();
    await expect.poll(lives).toEqual([start[0] + 1, ...start.slice(1)]);
    expect(await history(page)).toContain('Cy +1 Life Stack, card effect');
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, 'seat-twilight-cy');
    await context.close();
  });

  it('a phone that joins is asked once, in one tap; the choice stays on that phone', async () => {
    const a = await openTab(shared.browser);
    const b = await openTab(shared.browser);
    await startDuel(shared.server.url, a.page);
    await a.page.getByRole('button', { name: 'More' }).click();
    await a.page.getByRole('menuitem', { name: 'Play on several phones' }).click();
    await a.page.getByLabel('Sync server').fill(`ws://127.0.0.1:${sync.port}`);
    await a.page.getByRole('button', { name: 'Share this game' }).click();
    const link = await a.page.getByLabel('Link to join this game').inputValue();
    await a.page
      .getByRole('dialog', { name: 'Play on several phones' })
      .getByRole('button', { name: 'Close' })
      .click();
    // The phone that shared is not asked.
    expect(await a.page.getByRole('region', { name: 'Which player is this phone?' }).count()).toBe(0);

    await visit(b.page, link);
    await b.page.waitForURL(/\/play\//);
    const ask = b.page.getByRole('region', { name: 'Which player is this phone?' });
    await ask.waitFor();
    // The board is there and usable while the question waits.
    expect(await surgeButtons(b.page).first().getAttribute('aria-label')).toBe('Ana: Surge');
    expect(await accessibilityProblems(b.page)).toEqual([]);
    await shot(b.page, 'seat-join-ask');
    await ask.getByRole('button', { name: 'Ben', exact: true }).click();
    await ask.waitFor({ state: 'hidden' });
    await expect.poll(() => surgeButtons(b.page).first().getAttribute('aria-label')).toMatch(/^Ben: Surge/);

    // A tap on B's first surge is Ben's, on both phones; A's screen keeps its own (table) order.
    await surgeButtons(b.page).first().click();
    await expect.poll(() => history(a.page)).toContain('Ben surges (1 token left)');
    expect(await surgeButtons(a.page).first().getAttribute('aria-label')).toMatch(/^Ana: Surge/);
    const stored = (page: Page) =>
      page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tableside.seat.')));
    expect(await stored(a.page)).toEqual([]);
    expect(await stored(b.page)).toEqual([`tableside.seat.${gameId(b.page)}`]);

    // Asked once: not again after a reload, nor when the link is opened again.
    await b.page.reload();
    await b.page.getByRole('region', { name: 'Board' }).waitFor();
    await visit(b.page, link);
    await b.page.waitForURL(/\/play\//);
    await b.page.getByRole('region', { name: 'Board' }).waitFor();
    await expect.poll(() => surgeButtons(b.page).first().getAttribute('aria-label')).toMatch(/^Ben: Surge/);
    expect(await ask.count()).toBe(0);
    await tapAfterLooking(surgeButtons(a.page).first());
    await expect.poll(() => history(b.page)).toContain('Ana surges (1 token left)');
    for (const tab of [a, b]) await tab.context.close();
  });
});
