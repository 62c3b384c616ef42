/**
 * A turn of every game with the keyboard alone, as a person with a keyboard (or a switch, or a
 * screen reader's keys) plays it: Tab to a control, Enter to press it, digits and Enter on the
 * number sheet. After each action focus is where the table goes next, so the main path takes at
 * most 2 Tab presses from one action to the next (counted here). Also: the ⋯ menu's keys, one
 * Tab stop per row of choices, the skip link, Ctrl+Z and Ctrl+Shift+Z, and the words the live
 * region says after a Titans battle and a WiZ round.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { GAMES } from '../../src/lib/games/registry';
import { openTab, visit } from './harness';
import { useBrowser } from './shared';

const shared = useBrowser();

/** The focused element's name as a screen reader gives it (its label, else its words). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const label = (el as HTMLInputElement).labels?.[0]?.innerText;
    return (el.getAttribute('aria-label') ?? label ?? el.innerText ?? '').replace(/\s+/g, ' ').trim();
  });

/**
 * Tabs forward to the control named `name` (at most `limit` presses) and hands back how many
 * presses it took; 0 when focus is on it already.
 */
async function tabTo(page: Page, name: RegExp, limit = 40): Promise<number> {
  const seen: string[] = [];
  for (let n = 0; n <= limit; n++) {
    const now = await focusedName(page);
    if (name.test(now)) return n;
    seen.push(now);
    await page.keyboard.press('Tab');
  }
  throw new Error(`${name} not reached in ${limit} Tab presses: ${seen.join(' | ')}`);
}

/** The play area's live region: what a screen reader was last told. */
const said = (page: Page) => page.locator('.screen > [role=status][aria-live=polite]').innerText();

/** Names typed the way a keyboard does: Tab through the setup to each field. */
async function start(page: Page, game: string, names = ['Ana', 'Ben', 'Cy']) {
  await visit(page, `${shared.server.url}/${game}/new`);
  await page.getByRole('button', { name: 'Start the game' }).waitFor();
  for (let i = 0; i < names.length; i++) {
    const field = page.getByPlaceholder(`Player ${i + 1}`);
    if (await field.isVisible()) await field.fill(names[i]);
  }
  await page.getByRole('button', { name: 'Start the game' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/play\//);
  await page.locator('#play').waitFor();
}

/** One step of the main path: reach the control (Tabs counted), then press or type. */
/** `says`: what the live region says once the step is done. */
type Step = { to: RegExp; type?: string; key?: string; says?: RegExp };

/**
 * Plays the steps; the first is reached from the top of the page through the skip link (not
 * counted: it is where a turn begins, not a move from one action to the next).
 */
async function play(page: Page, steps: Step[]): Promise<{ step: string; tabs: number; from: string }[]> {
  const counts: { step: string; tabs: number; from: string }[] = [];
  let landed = '';
  for (const [i, s] of steps.entries()) {
    if (i === 0) {
      await page.keyboard.press('Tab'); // the skip link
      await page.keyboard.press('Enter');
      await tabTo(page, s.to);
    } else counts.push({ step: String(s.to), tabs: await tabTo(page, s.to), from: landed });
    if (s.type !== undefined) await page.keyboard.type(s.type);
    await page.keyboard.press(s.key ?? 'Enter');
    // The step paints, then focus moves on (a frame later).
    await page.waitForTimeout(350);
    landed = await focusedName(page);
    if (s.says) await expect.poll(() => said(page)).toMatch(s.says);
  }
  return counts;
}

/** Each game's turn on the main path, the quick flow as it opens with two or three players. */
const TURNS: Record<string, { names?: string[]; steps: Step[] }> = {
  titans: {
    names: ['Ana', 'Ben'],
    steps: [
      { to: /^Power of Ana/ },
      { to: /^Ana’s .*power/i, type: '5' },
      // The last ✓ resolves the battle (the quick flow): its result is said.
      { to: /^Ben’s .*power/i, type: '3', says: /^Battle: Ana 5 – 3 Ben, Ana wins/ },
      { to: /^Next turn/, says: /^Turn 2 · / }
    ]
  },
  epic: {
    names: ['Ana', 'Ben'],
    steps: [{ to: /^Everyone else keeps/ }, { to: /^Next turn: / }, { to: /^Next turn: / }]
  },
  twilight: {
    names: ['Ana', 'Ben'],
    steps: [{ to: /^Begin: Ana/ }, { to: /^End turn/, says: /^Turn 2/ }, { to: /^End turn/, says: /^Turn 3/ }]
  },
  theos: {
    names: ['Ana', 'Ben'],
    steps: [{ to: /^Next: |end the Play Phase$|^Start/ }, { to: /^Next: |end the Play Phase$|^Start/ }]
  },
  wiz: {
    steps: [
      { to: /^Ben went out$/ },
      { to: /hand 1/i, type: '8' },
      { to: /hand 2/i, type: '' },
      { to: /chaotic EP/i, type: '20' },
      { to: /chaotic EP/i, type: '30' },
      { to: /^Score the round/, says: /^Ben \+\d+ EP, round 1 .*\. Round 2/ }
    ]
  }
};

describe('keyboard only', () => {
  for (const game of GAMES)
    it(`${game.id}: a turn on the main path, at most 2 Tabs from one action to the next`, async () => {
      const turn = TURNS[game.id];
      expect(turn, `${game.id} needs its keyboard turn here`).toBeDefined();
      const { page, context } = await openTab(shared.browser);
      await start(page, game.id, turn.names);
      const counts = await play(page, turn.steps);
      expect(
        counts.filter((c) => c.tabs > 2),
        JSON.stringify(counts)
      ).toEqual([]);
      await context.close();
    });
});

describe('keyboard only: the kit', () => {
  it('a row of choices is one Tab stop and the arrows choose', async () => {
    const { page, context } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/titans/new`);
    await page.getByRole('button', { name: 'Start the game' }).waitFor();
    const stops = await page.evaluate(() =>
      [...document.querySelectorAll('[role=radiogroup]')].map(
        (g) => [...g.querySelectorAll<HTMLElement>('[role=radio]')].filter((r) => r.tabIndex >= 0).length
      )
    );
    expect(stops.length).toBeGreaterThan(1);
    expect(stops.every((n) => n === 1)).toBe(true);
    const format = page.getByRole('radiogroup', { name: 'Format' });
    const chosen = () => format.locator('[aria-checked=true]').innerText();
    const before = await chosen();
    await format.locator('[aria-checked=true]').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(chosen).not.toBe(before);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-checked'))).toBe('true');
    await context.close();
  });

  it('skip link, the ⋯ menu’s keys, sheets that take and give back focus, Ctrl+Z and Ctrl+Shift+Z, the ? list', async () => {
    const { page, context } = await openTab(shared.browser);
    await start(page, 'titans', ['Ana', 'Ben']);
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Skip to the game');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('play');

    // The menu: focus on its first item; the arrows go round; Escape closes it, focus on More.
    await page.getByRole('button', { name: 'More' }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await focusedName(page)).toBe('History');
    await page.keyboard.press('ArrowUp');
    expect(await focusedName(page)).toBe('Archive');
    await page.keyboard.press('Home');
    expect(await focusedName(page)).toBe('History');
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toMatch(/several phones/);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(() => focusedName(page)).toBe('More');

    // A sheet from the menu takes focus; Escape closes it and focus is on More again.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.keyboard.press('Enter'); // History
    const sheet = page.getByRole('dialog', { name: 'History' });
    await sheet.waitFor();
    expect(await sheet.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);
    await expect.poll(() => focusedName(page)).toBe('More');

    // The number sheet takes focus in its field; Escape closes it, focus back on its box.
    await page.getByRole('button', { name: /^Power of Ana/ }).focus();
    await page.keyboard.press('Enter');
    const pad = page.getByRole('group', { name: /^Number pad/ });
    await pad.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.className ?? ''))
      .toContain('pad-input');
    await page.keyboard.press('Escape');
    await expect.poll(() => pad.isVisible()).toBe(false);
    await expect.poll(() => focusedName(page)).toMatch(/^Power of Ana/);

    // This phone's player and the end question: each gives focus back to More when closed.
    for (const item of [/^This phone is/, /^End game now$/]) {
      await page.getByRole('button', { name: 'More' }).focus();
      await page.keyboard.press('Enter');
      await menu.waitFor();
      await page.getByRole('menuitem', { name: item }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.locator('dialog[open]');
      await dialog.waitFor();
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => focusedName(page)).toBe('More');
    }

    // Ctrl+Z undoes the last step, Ctrl+Shift+Z (or Ctrl+Y) does it again. A key pressed on a
    // state not yet painted is refused, like a tap: each waits for its state to reach a frame.
    const surges = async (left: number, count: number) => {
      await expect.poll(() => page.getByLabel(`${left} of 2 surge tokens left`).count()).toBe(count);
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
      );
    };
    await page.getByRole('button', { name: /^Ana: Surge/ }).focus();
    await page.keyboard.press('Enter');
    await surges(1, 1);
    await page.keyboard.press('Control+z');
    await surges(2, 2);
    await page.keyboard.press('Control+Shift+z');
    await surges(1, 1);
    await page.keyboard.press('Control+z');
    await surges(2, 2);
    await page.keyboard.press('Control+y');
    await surges(1, 1);

    // "?" lists the keys; Escape closes the list.
    await page.keyboard.press('?');
    const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await keys.waitFor();
    expect(await keys.innerText()).toContain('Ctrl+Z');
    await page.keyboard.press('Escape');
    await expect.poll(() => keys.count()).toBe(0);
    await context.close();
  });
});
