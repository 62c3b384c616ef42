/**
 * The table's clocks and dice (#57), as a person uses them from the ⋯ menu of an Epic game
 * between Ana and Ben: the clocks turned on follow whose turn it is, chess-clock style, pause
 * while the phone is away from the game, run on across a reload and warn (a tick, a visible
 * line) past the table's limit; a d20 and 3×d6 land in the history as lines of their own, and
 * Undo takes the steps before them, never a roll; a Titans Duel, played all at once, times the
 * turn and ends with the game's time on its result. Screenshots of the clock bar, the clocks'
 * sheet, the dice sheet, the history with rolls and the result, light and dark.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { openTab, visit } from './harness';
import { useBrowser } from './shared';
import {
  accessibilityProblems,
  finishedInStorage,
  gameId,
  storedGame,
  storedSteps,
  tapAfterLooking
} from './checks';
import { historyText } from './play-menu';
import { newGame as titansDuel, quickBattle } from './titans-play';

const shared = useBrowser();
const SHOTS = '/tmp/shots-clocks';

async function epicDuel(page: Page) {
  await visit(page, `${shared.server.url}/epic/new`);
  await page.getByPlaceholder('Player 1').fill('Ana');
  await page.getByPlaceholder('Player 2').fill('Ben');
  await page
    .getByRole('radiogroup', { name: /Who goes first/ })
    .getByRole('radio')
    .first()
    .click();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  await page.getByRole('region', { name: 'Board' }).waitFor();
}

/** Past the mulligans (the game's first step): Ana's turn 1. */
async function keepHands(page: Page) {
  await tapAfterLooking(page.getByRole('button', { name: /^Everyone else keeps/ }));
  await page.getByRole('button', { name: 'Next turn: Ben' }).waitFor();
}

async function fromMenu(page: Page, item: string) {
  await tapAfterLooking(page.getByRole('button', { name: 'More' }));
  await page.getByRole('menuitem', { name: item }).click();
  return page.getByRole('dialog', { name: item === 'Clocks' ? 'Clocks' : item });
}

async function bothThemes(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Seconds on the clock a player's side of the bar shows ("Ben 0:04" → 4). */
async function seconds(page: Page, who: string): Promise<number> {
  const side = page.locator('.clock-bar .side').filter({ hasText: who });
  const [m, s] = (await side.locator('.digits').innerText()).split(':').map(Number);
  return m * 60 + s;
}

const bar = (page: Page) => page.getByRole('button', { name: /^Clocks:/ });

describe('clocks and dice', () => {
  it('the turn clock: on from the menu, Ben’s after his turn begins, running on across a reload, warned past its limit', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    // The phone's vibration, noted: the limit's tick is felt, not only seen.
    await context.addInitScript(() => {
      const felt: unknown[] = [];
      Object.assign(window, { felt });
      Object.defineProperty(navigator, 'vibrate', {
        value: (pattern: unknown) => (felt.push(pattern), true)
      });
    });
    await epicDuel(page);
    // Off by default: no clock on the play screen.
    expect(await bar(page).count()).toBe(0);

    let sheet = await fromMenu(page, 'Clocks');
    await tapAfterLooking(sheet.getByRole('button', { name: 'Turn the clocks on' }));
    await expect
      .poll(() => sheet.getByRole('button', { name: /Clocks are on/ }).getAttribute('aria-pressed'))
      .toBe('true');
    expect(await accessibilityProblems(page)).toEqual([]);
    await bothThemes(page, 'clock-sheet');
    await tapAfterLooking(sheet.getByRole('button', { name: 'Close' }));
    // Nothing played yet: the game clock waits for the first step.
    await expect.poll(() => bar(page).innerText()).toContain('starts with the first step');
    await keepHands(page);
    await expect.poll(() => page.locator('.clock-bar .side.on').innerText()).toContain('Ana');

    await tapAfterLooking(page.getByRole('button', { name: 'Next turn: Ben' }));
    await expect.poll(() => page.locator('.clock-bar .side.on').innerText()).toContain('Ben');
    await expect.poll(() => seconds(page, 'Ben'), { timeout: 8000 }).toBeGreaterThanOrEqual(2);
    const id = gameId(page);
    const record = await storedGame<{
      setup: { players: { id: string }[] };
      clock: { turn: { player: string } };
    }>(page, id);
    expect(record?.clock.turn.player).toBe(record?.setup.players[1].id);
    // Kept beside the game, not in it: the two steps are the only log entries.
    expect(await storedSteps(page, id)).toBe(2);
    expect(await accessibilityProblems(page)).toEqual([]);
    await bothThemes(page, 'clock-bar');

    // A reload: Ben's clock goes on from where it was, and keeps running; Ana's stays.
    const before = await seconds(page, 'Ben');
    const ana = await seconds(page, 'Ana');
    await page.clock.install();
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
    await expect.poll(() => page.locator('.clock-bar .side.on').innerText()).toContain('Ben');
    expect(await seconds(page, 'Ben')).toBeGreaterThanOrEqual(before);
    await expect.poll(() => seconds(page, 'Ben'), { timeout: 8000 }).toBeGreaterThan(before + 1);
    expect(await seconds(page, 'Ana')).toBe(ana);

    // A one-minute limit: past it, the bar warns in words and the phone ticks once.
    sheet = await fromMenu(page, 'Clocks');
    await tapAfterLooking(sheet.getByRole('radio', { name: '1 min' }));
    await tapAfterLooking(sheet.getByRole('button', { name: 'Close' }));
    expect(await page.getByText(/is past 1 min/).count()).toBe(0);
    await page.clock.fastForward('01:05');
    await page.getByRole('status').filter({ hasText: 'Ben’s turn is past 1 min.' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { felt: unknown[] }).felt.length))
      .toBe(1);
    expect(await bar(page).getAttribute('class')).toContain('over');
    await bothThemes(page, 'clock-bar-over');

    // Ana's turn: the warning goes, her clock runs, Ben's keeps what he used.
    await tapAfterLooking(page.getByRole('button', { name: 'Next turn: Ana' }));
    await expect.poll(() => page.locator('.clock-bar .side.on').innerText()).toContain('Ana');
    expect(await page.getByText(/is past 1 min/).count()).toBe(0);
    expect(await seconds(page, 'Ben')).toBeGreaterThanOrEqual(65);

    // The phone leaves the game (another app, the screen locked): the clocks pause, kept as they
    // stood; back on the game, they run on.
    const hidden = (on: boolean) =>
      page.evaluate((on) => {
        Object.defineProperty(document, 'visibilityState', {
          value: on ? 'hidden' : 'visible',
          configurable: true
        });
        document.dispatchEvent(new Event('visibilitychange'));
      }, on);
    await hidden(true);
    type Stored = { clock: { since?: number; gameMs: number } };
    await expect.poll(async () => (await storedGame<Stored>(page, id))?.clock.since).toBeUndefined();
    const paused = (await storedGame<Stored>(page, id))!.clock.gameMs;
    const game = await bar(page).locator('.game-time .digits').innerText();
    await page.clock.fastForward('05:00');
    expect(await bar(page).locator('.game-time .digits').innerText()).toBe(game);
    await hidden(false);
    await expect.poll(async () => (await storedGame<Stored>(page, id))?.clock.since).toBeDefined();
    await page.clock.fastForward('00:03');
    await expect.poll(() => bar(page).locator('.game-time .digits').innerText()).not.toBe(game);
    // The five minutes away are not on the clock.
    expect((await storedGame<Stored>(page, id))!.clock.gameMs).toBe(paused);

    // Off again forgets the times, so past a minute of them the sheet asks first, by its button;
    // from the keys, the question takes focus and gives it back.
    sheet = await fromMenu(page, 'Clocks');
    const onOff = sheet.getByRole('button', { name: 'Clocks are on' });
    await onOff.focus();
    await page.keyboard.press('Enter');
    const ask = sheet.getByRole('group', { name: /^Turn the clocks off\? The game’s \d+:\d\d/ });
    await ask.waitFor();
    expect(await onOff.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Keep the clocks');
    expect(await accessibilityProblems(page)).toEqual([]);
    await bothThemes(page, 'clock-off-ask');
    await page.keyboard.press('Enter');
    await expect.poll(() => ask.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Clocks are on');
    expect((await storedGame<Stored>(page, id))!.clock.gameMs).toBeGreaterThanOrEqual(paused);
    await tapAfterLooking(onOff);
    await tapAfterLooking(ask.getByRole('button', { name: 'Turn off' }));
    await sheet.getByRole('button', { name: 'Turn the clocks on' }).waitFor();
    await expect.poll(async () => (await storedGame<Stored>(page, id))?.clock).toBeUndefined();
    await tapAfterLooking(sheet.getByRole('button', { name: 'Close' }));
    expect(await bar(page).count()).toBe(0);
    expect(requests.filter((u) => u.startsWith('pageerror:'))).toEqual([]);
    await context.close();
  });

  it('a d20 and 3×d6 land in the history as their own lines, and Undo never takes a roll', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    await epicDuel(page);
    await keepHands(page);
    await tapAfterLooking(page.getByRole('button', { name: 'Next turn: Ben' }));
    const id = gameId(page);

    const sheet = await fromMenu(page, 'Dice and coin');
    expect(await sheet.getByRole('radio', { name: 'd20' }).getAttribute('aria-checked')).toBe('true');
    await tapAfterLooking(sheet.getByRole('button', { name: 'Roll d20' }));
    const said = page.getByRole('status').filter({ hasText: /^Rolled d20: \d+$/ });
    await said.waitFor();
    const d20 = await said.innerText();
    const face = Number(d20.split(': ')[1]);
    expect(face).toBeGreaterThanOrEqual(1);
    expect(face).toBeLessThanOrEqual(20);
    await tapAfterLooking(sheet.getByRole('radio', { name: 'd6' }));
    await tapAfterLooking(sheet.getByRole('button', { name: 'One die more' }));
    await tapAfterLooking(sheet.getByRole('button', { name: 'One die more' }));
    await tapAfterLooking(sheet.getByRole('button', { name: 'Roll 3×d6' }));
    await page
      .getByRole('status')
      .filter({ hasText: /^Rolled 3×d6: \d, \d, \d \(total \d+\)$/ })
      .waitFor();
    await expect.poll(() => sheet.locator('.earlier li').count()).toBe(2);
    expect(await accessibilityProblems(page)).toEqual([]);
    await bothThemes(page, 'dice-sheet');
    // The sheet holds focus, and Escape closes it (as every sheet of the kit: PageSheet).
    expect(await sheet.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);

    const lines = await fromMenu(page, 'History');
    await lines.getByText(d20).waitFor();
    // A roll is no step of the game: nothing to go back to.
    expect(await lines.locator('li', { hasText: d20 }).getByRole('button').count()).toBe(0);
    expect(await lines.getByRole('button', { name: /^Back to here/ }).count()).toBe(1);
    await bothThemes(page, 'history-rolls');
    await tapAfterLooking(lines.getByRole('button', { name: 'Close' }));
    const history = await historyText(page);
    expect(history).toContain(d20);
    // Listed in the turn they were thrown in (Ben's turn 2), newest first.
    expect(history).toMatch(/Turn 2\nRolled 3×d6: \d, \d, \d \(total \d+\)\n/);
    // Not steps of the game: the log still holds the two steps.
    expect(await storedSteps(page, id)).toBe(2);
    const rolls = (await storedGame<{ rolls: { dice: string; values: number[] }[] }>(page, id))?.rolls;
    expect(rolls?.map((r) => r.dice)).toEqual(['d20', '3×d6']);
    expect(rolls?.[0].values).toEqual([face]);

    // Undo takes the step before the rolls (Next turn), then the mulligans: never a roll.
    await tapAfterLooking(page.getByRole('button', { name: /^Undo: / }));
    await page.getByRole('button', { name: 'Next turn: Ben' }).waitFor();
    await tapAfterLooking(page.getByRole('button', { name: /^Undo: / }));
    await page.getByRole('button', { name: 'Nothing to undo' }).waitFor();
    const after = await historyText(page);
    expect(after).toContain(d20);
    // The rolls are listed among the lines in effect, after the undone group (listed first).
    const undone = /Undone \(Redo brings it back\)\n([\s\S]*?)\n(?=Turn \d|Earlier)/.exec(after);
    expect(undone).not.toBeNull();
    expect(undone![1]).not.toContain('Rolled');
    expect(after.indexOf(d20)).toBeGreaterThan(undone!.index + undone![0].length - 1);
    expect((await storedGame<{ rolls: unknown[] }>(page, id))?.rolls).toHaveLength(2);
    expect(requests.filter((u) => u.startsWith('pageerror:'))).toEqual([]);
    await context.close();
  });

  it('a Titans Duel, played all at once: the turn clock times the turn; the result says how long the game took', async () => {
    const { page, context, requests } = await openTab(shared.browser);
    await titansDuel(shared.server.url, page);
    const sheet = await fromMenu(page, 'Clocks');
    await tapAfterLooking(sheet.getByRole('button', { name: 'Turn the clocks on' }));
    await tapAfterLooking(sheet.getByRole('button', { name: 'Close' }));
    await quickBattle(page, [8, 3]);
    // No one player's turn: the turn as a whole.
    await expect.poll(() => page.locator('.clock-bar .turn').innerText()).toMatch(/^Turn 1\s+0:\d\d$/);
    await tapAfterLooking(page.getByRole('button', { name: /^Next turn/ }));
    await expect.poll(() => page.locator('.clock-bar .turn').innerText()).toMatch(/^Turn 2\s+0:0\d$/);
    await quickBattle(page, [9, 1]);
    await tapAfterLooking(page.getByRole('button', { name: /^Next turn/ }));
    await quickBattle(page, [12, 2]);
    await page.getByRole('heading', { name: 'Ana wins!' }).waitFor();
    await finishedInStorage(page);
    await expect.poll(() => page.locator('.game-over').innerText()).toContain('Game clock: under a minute');
    await expect.poll(() => bar(page).innerText()).toMatch(/Played\s+0:\d\d/);
    await page.locator('.game-over').scrollIntoViewIfNeeded();
    await bothThemes(page, 'result-clock');
    // The game is over: the clock is stopped, its time kept.
    await expect
      .poll(async () => (await storedGame<{ clock: { since?: number } }>(page, gameId(page)))?.clock.since)
      .toBeUndefined();
    expect(requests.filter((u) => u.startsWith('pageerror:'))).toEqual([]);
    await context.close();
  });
});
