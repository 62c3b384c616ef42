/**
 * "Back to here" in the history sheet (#57), as a person uses it: a Titans Duel played a few
 * turns, the history's Back to here on an early line asks how many steps go and which, takes
 * them all back as one action; one Undo brings them all back, Redo takes them again; a reload
 * keeps it. On a shared game (two phones, the sync server on 127.0.0.1) one phone goes back and
 * the other follows, and one Undo on the other phone brings both back. Screenshots of the choice
 * and its question at 390×844, light and dark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { openTab, shot, visit } from './harness';
import { useBrowser } from './shared';
import { accessibilityProblems, tapAfterLooking } from './checks';
import { board, newGame, quickBattle } from './titans-play';
import { historyText, shareFromMenu } from './play-menu';
import { startSyncServer, type SyncServer } from '../../sync-server/server';

const shared = useBrowser();
let sync: SyncServer;
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tableside-back-'));
  sync = await startSyncServer({ host: '127.0.0.1', port: 0, dir });
});

afterAll(async () => {
  await sync?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The line that ends turn 1 (who takes the Avatar Mat depends on the game's seed). */
const KEPT = /^Back to here: Turn 2 begins/;
const lineOf = async (choose: Locator) =>
  (await choose.getAttribute('aria-label'))!.slice('Back to here: '.length);

/**
 * Turn 1 (a battle Ana wins, Next turn), then three more turns (Ben wins twice, Ana once; a Duel
 * ends at a player's third temple lost): sixteen steps, twelve of them after turn 1.
 */
async function playTurns(page: Page): Promise<{ kept: string; end: string }> {
  await quickBattle(page, [8, 3]);
  await tapAfterLooking(page.getByRole('button', { name: /^Next turn/ }));
  const kept = await board(page);
  for (const powers of [
    [2, 7],
    [2, 7],
    [8, 3]
  ]) {
    await quickBattle(page, powers);
    await tapAfterLooking(page.getByRole('button', { name: /^Next turn/ }));
  }
  return { kept, end: await board(page) };
}

async function openHistory(page: Page) {
  await tapAfterLooking(page.getByRole('button', { name: 'More' }));
  await page.getByRole('menuitem', { name: 'History' }).click();
  return page.getByRole('dialog', { name: 'History' });
}

const undoButton = (page: Page) => page.getByRole('button', { name: /^Undo: / });

async function redo(page: Page) {
  await tapAfterLooking(page.getByRole('button', { name: 'More' }));
  await page.getByRole('menuitem', { name: /^Redo/ }).click();
}

/** The game's line in the page title ("Titans of Eden · Turn 2 · … · Tableside"). */
const summary = (title: string) => title.split(' · ').slice(1, -1).join(' · ');

/** The history's lines, without their times (they differ by a moment between phones). */
async function lines(page: Page): Promise<string> {
  return (await historyText(page))
    .replace(/ · .*$/gm, '')
    .replace(/\n(just now|\d+ \w+ ago)$/gm, '')
    .replace(/\nBack to here$/gm, '');
}

describe('Back to here', () => {
  it('takes twelve steps back as one action; one Undo brings them back, Redo takes them again', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(shared.server.url, page);
    const { kept, end } = await playTurns(page);
    expect(kept).not.toBe(end);

    const sheet = await openHistory(page);
    // The newest line is where the game is: it has no Back to here; every earlier one has.
    const rows = sheet.getByRole('listitem');
    expect(
      await rows
        .first()
        .getByRole('button', { name: /^Back to here/ })
        .count()
    ).toBe(0);
    const choose = sheet.getByRole('button', { name: KEPT });
    const line = await lineOf(choose);
    await choose.click();
    const ask = sheet.getByRole('group', { name: /^Take back the last 12 steps/ });
    await ask.waitFor();
    expect(await ask.innerText()).toContain(`back to “${line}”? One Undo brings them all back.`);
    // The lines taken back, newest first: six shown, the rest counted.
    const taken = ask.getByRole('list').getByRole('listitem');
    expect(await taken.count()).toBe(7);
    expect(await taken.first().innerText()).toMatch(/^Turn 5 begins/);
    expect(await taken.last().innerText()).toBe('and 6 more lines');
    expect(await choose.getAttribute('aria-expanded')).toBe('true');
    // What changes: the game's line now, and after going back.
    const [now, after] = await ask.locator('dd').allInnerTexts();
    expect(now).toBe(summary(await page.title()));
    expect(await accessibilityProblems(page)).toEqual([]);
    // Cancel changes nothing; nor does closing the sheet with the question open.
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await ask.count()).toBe(0);
    await choose.click();
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'detached' });
    expect(await board(page)).toBe(end);
    await openHistory(page);
    expect(await ask.count()).toBe(0);
    await choose.click();
    await ask.getByRole('button', { name: 'Take back 12 steps' }).click();

    // The sheet closes on the game as it was after that line.
    await sheet.waitFor({ state: 'detached' });
    expect(await board(page)).toBe(kept);
    expect(summary(await page.title())).toBe(after);
    expect(after).not.toBe(now);
    const label = `Undo: Back 12 steps, to “${line}”`;
    expect(await undoButton(page).getAttribute('aria-label')).toBe(label);
    await page.getByRole('status').filter({ hasText: 'Back 12 steps' }).first().waitFor();

    // One Undo brings all twelve back; Redo takes them back again; Undo once more.
    await tapAfterLooking(undoButton(page));
    expect(await board(page)).toBe(end);
    await redo(page);
    expect(await board(page)).toBe(kept);
    await tapAfterLooking(undoButton(page));
    expect(await board(page)).toBe(end);
    // A second Undo is an ordinary one: the last Next turn.
    expect(await undoButton(page).getAttribute('aria-label')).toMatch(/^Undo: Turn 5 begins/);

    // Stored as it was folded: the game opens again the same.
    await page.reload();
    await page.getByRole('region', { name: 'Board' }).waitFor();
    expect(await board(page)).toBe(end);
    await context.close();
  }, 120_000);

  it('keyboard: the question takes focus, Cancel gives it back, Take back hands it to the play', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(shared.server.url, page);
    // Turn 1's battle only: after Next turn the pad opens by itself a moment later.
    await quickBattle(page, [8, 3]);
    const sheet = await openHistory(page);
    const choose = sheet.getByRole('button', { name: /^Back to here: Ana’s power: 8/ });
    await choose.focus();
    await page.keyboard.press('Enter');
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await expect.poll(focused).toBe('Take back 2 steps');
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('Cancel');
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('Back to here');
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('Take back 2 steps');
    await page.keyboard.press('Enter');
    await sheet.waitFor({ state: 'detached' });
    // The sheet's question went with it: focus goes on to the play (focus.ts, focusNext).
    await expect
      .poll(() => page.evaluate(() => document.getElementById('play')?.contains(document.activeElement)))
      .toBe(true);
    expect(await undoButton(page).getAttribute('aria-label')).toBe('Undo: Back 2 steps, to “Ana’s power: 8”');
    await context.close();
  }, 60_000);

  it('a step Guide me walked, folded under "steps walked", can be gone back to as well', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(shared.server.url, page, { seed: 'GUIDE123' });
    await tapAfterLooking(page.getByRole('button', { name: 'More' }));
    await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
    await page.getByRole('button', { name: /^Ana: Surge/ }).click();
    await page.getByRole('button', { name: 'Begin the first age' }).click();
    const banner = () => page.locator('.banner h2').innerText();
    // The banner before each of four Next taps.
    const before: string[] = [];
    for (let step = 0; step < 4; step++) {
      before.push(await banner());
      await tapAfterLooking(page.getByRole('button', { name: /^Next: / }));
      await expect.poll(banner).not.toBe(before[step]);
    }
    const walkedTo = await banner();

    const sheet = await openHistory(page);
    await sheet.locator('details.steps summary').first().click();
    // Newest first: the fourth Next is where the game is, with no Back to here; the second has one.
    const walked = sheet.locator('details.steps li');
    expect(
      await walked
        .first()
        .getByRole('button', { name: /^Back to here/ })
        .count()
    ).toBe(0);
    await walked
      .nth(2)
      .getByRole('button', { name: /^Back to here/ })
      .click();
    await sheet.getByRole('group', { name: /^Take back the last 2 steps/ }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await shot(page, 'back-to-here-walked');
    await sheet.getByRole('button', { name: 'Take back 2 steps' }).click();
    await sheet.waitFor({ state: 'detached' });
    // Where the game stood after the second Next, the third's step on the banner.
    expect(await banner()).toBe(before[2]);
    await tapAfterLooking(undoButton(page));
    await expect.poll(banner).toBe(walkedTo);
    await context.close();
  }, 60_000);

  it('on two phones: one goes back, both follow; one Undo on the other brings both back', async () => {
    const a = await openTab(shared.browser);
    const b = await openTab(shared.browser);
    await newGame(shared.server.url, a.page);
    const link = await shareFromMenu(a.page, `ws://127.0.0.1:${sync.port}`);
    await a.page
      .getByRole('dialog', { name: 'Play on several phones' })
      .getByRole('button', { name: 'Close' })
      .click();
    await visit(b.page, link);
    await b.page.waitForURL(/\/play\//);
    await b.page.getByRole('region', { name: 'Board' }).waitFor();
    const { kept, end } = await playTurns(a.page);
    await expect.poll(() => board(b.page), { timeout: 20_000 }).toBe(end);

    // Phone B goes back to the end of turn 1.
    const sheet = await openHistory(b.page);
    const choose = sheet.getByRole('button', { name: KEPT });
    const line = await lineOf(choose);
    await choose.click();
    await sheet.getByRole('button', { name: 'Take back 12 steps' }).click();
    await sheet.waitFor({ state: 'detached' });
    expect(await board(b.page)).toBe(kept);
    await expect.poll(() => board(a.page), { timeout: 20_000 }).toBe(kept);
    expect(await undoButton(a.page).getAttribute('aria-label')).toBe(`Undo: Back 12 steps, to “${line}”`);

    // One Undo on phone A: all twelve back, on both.
    await tapAfterLooking(undoButton(a.page));
    expect(await board(a.page)).toBe(end);
    await expect.poll(() => board(b.page), { timeout: 20_000 }).toBe(end);
    // Redo on B takes them back again, on both; and the histories read the same.
    await redo(b.page);
    expect(await board(b.page)).toBe(kept);
    await expect.poll(() => board(a.page), { timeout: 20_000 }).toBe(kept);
    expect(await lines(a.page)).toBe(await lines(b.page));
    for (const tab of [a, b]) await tab.context.close();
  }, 180_000);

  it('screenshots: the choice and its question, light and dark', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(shared.server.url, page);
    await quickBattle(page, [8, 3]);
    await tapAfterLooking(page.getByRole('button', { name: /^Next turn/ }));
    await quickBattle(page, [2, 7]);
    const sheet = await openHistory(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await shot(page, `back-to-here-list-${scheme}`);
    }
    await sheet.getByRole('button', { name: KEPT }).click();
    await sheet.getByRole('group', { name: /^Take back/ }).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await shot(page, `back-to-here-ask-${scheme}`);
    }
    // The game as it was after that line, with the offer of the one Undo.
    await sheet.getByRole('button', { name: /^Take back 3 steps/ }).click();
    await page.getByRole('status').filter({ hasText: 'Back 3 steps' }).first().waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await shot(page, `back-to-here-done-${scheme}`);
    }
    await context.close();
  }, 60_000);
});
