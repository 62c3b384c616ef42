/**
 * Table pictures (#57): who sits where, on the setup screen and in the play menu. Titans with six
 * players in three arenas names every player once, in the drawing and in words, and the picture
 * follows the seat order, the player count and the teams as they are chosen; Theos' teams too;
 * 40-character names are shortened inside their cards at 360 px and whole in the words; the
 * drawing takes the app's colours in light and dark and is hidden from screen readers (the words
 * say it all); the play menu's "Table picture" opens a sheet that takes focus and gives it back.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openTab, visit } from './harness';
import { accessibilityProblems, scrollsSideways } from './checks';
import { axeBothSchemes } from './axe';
import { useBrowser } from './shared';
import { LONG_NAMES } from '../fixtures/long-names';

const shared = useBrowser();
const NAMES = ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay'];

const radio = (page: Page, group: string, name: string | RegExp) =>
  page.getByRole('radiogroup', { name: group }).getByRole('radio', { name, exact: typeof name === 'string' });
const card = (page: Page) => page.getByRole('region', { name: 'Who sits where' });

/** The names as drawn, one per seat. */
const drawn = (where: Locator) =>
  where.locator('svg text.name').evaluateAll((texts) => texts.map((t) => t.textContent ?? ''));
/** The picture's words: the seats' list, then the arenas or Realms, then the notes. */
const words = (where: Locator) => where.locator('.words').innerText();

async function titansSetup(page: Page, names: string[], width = 390) {
  await page.setViewportSize({ width, height: 844 });
  await visit(page, `${shared.server.url}/titans/new`);
  await radio(page, 'Format', /Three/).click();
  await radio(page, 'Number of players', '6').click();
  for (const [i, who] of names.entries()) await page.getByPlaceholder(`Player ${i + 1}`).fill(who);
  await card(page).waitFor();
}

describe('the table picture on the setup screen', () => {
  it('Titans, three arenas, six players: each player once, drawn and said; it follows seats, count and format', async () => {
    const { page, context } = await openTab(shared.browser);
    await titansSetup(page, NAMES);
    const picture = card(page);
    expect([...(await drawn(picture))].sort()).toEqual([...NAMES].sort());
    const said = await words(picture);
    for (const name of NAMES) expect(said.match(new RegExp(`^${name}:`, 'gm'))).toHaveLength(1);
    expect(said).toContain('Ana: Team 1, Arena 1');
    expect(said).toContain('Arena 1: Ana (Team 1) v Eli (Team 3)');
    expect(said).toContain('Arena 2: Ben (Team 1) v Cy (Team 2)');
    expect(said).toContain('Arena 3: Dee (Team 2) v Fay (Team 3)');
    expect(said).toMatch(/starts with the Avatar Mat and awakens first/);
    expect(await picture.locator('svg').getAttribute('aria-hidden')).toBe('true');
    expect(await picture.locator('svg').evaluate((svg) => svg.textContent)).toContain('Avatar Mat');
    // The whole page, the ritual piles too (each arena's Storm, Fire, Ice and Rock named apart).
    expect(await axeBothSchemes(page)).toEqual({ light: [], dark: [] });

    // Seat order and teams: Ana and Cy swap seats (and so teams and arenas).
    const teamsCard = page.getByRole('group', { name: 'Teams and arenas' });
    await teamsCard.getByRole('button', { name: /^Ana/ }).click();
    await teamsCard.getByRole('button', { name: /^Cy/ }).click();
    await expect.poll(() => words(picture)).toContain('Cy: Team 1, Arena 1');
    expect(await words(picture)).toContain('Ana: Team 2, Arena 2');
    expect(await words(picture)).toContain('Arena 2: Ben (Team 1) v Ana (Team 2)');

    // Five players: five seats, the player alone plays two arenas from one.
    await radio(page, 'Number of players', '5').click();
    await expect.poll(async () => (await drawn(picture)).length).toBe(5);
    expect(await words(picture)).toMatch(/^Ana: Team 1, Arena 1 and Arena 2/m);

    // A Duel: two players across one arena, one of them with the Avatar Mat.
    await radio(page, 'Format', /^Duel/).click();
    await expect.poll(async () => (await drawn(picture)).sort()).toEqual(['Ana', 'Ben']);
    expect(await words(picture)).toMatch(/^(Ana|Ben) starts with the Avatar Mat/m);
    expect(await accessibilityProblems(page)).toEqual([]);
    await context.close();
  });

  it('Theos 2v2: teammates side by side; swapping two players between teams moves them in the picture', async () => {
    const { page, context } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/theos/new`);
    await radio(page, 'Number of players', '4').click();
    await radio(page, 'Game type', /2v2/).click();
    for (const [i, who] of NAMES.slice(0, 4).entries())
      await page.getByPlaceholder(`Player ${i + 1}`).fill(who);
    const picture = card(page);
    await picture.waitFor();
    const before = await words(picture);
    const teamOf = (text: string, name: string) => new RegExp(`^${name}: (Team \\d)`, 'm').exec(text)?.[1];
    const anaTeam = teamOf(before, 'Ana');
    const other = NAMES.slice(0, 4).find((n) => teamOf(before, n) !== anaTeam)!;
    expect(before).toContain('nobody goes first');
    await page.getByRole('button', { name: 'Ana', exact: true }).click();
    await page.getByRole('button', { name: other, exact: true }).click();
    await expect.poll(async () => teamOf(await words(picture), 'Ana')).toBe(teamOf(before, other));
    expect(teamOf(await words(picture), other)).toBe(anaTeam);
    // The seats run team by team: the first two drawn are one team.
    const lines = await picture
      .locator('svg g.seat')
      .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-team')));
    expect(lines[0]).toBe(lines[1]);
    expect(lines[2]).toBe(lines[3]);
    expect(lines[0]).not.toBe(lines[2]);
    await context.close();
  });

  it('40-character names at 360 px: shortened inside their cards, whole in the words; colours from the theme, light and dark', async () => {
    const fills: string[] = [];
    for (const dark of [false, true]) {
      const { page, context } = await openTab(shared.browser, { dark });
      await titansSetup(page, LONG_NAMES, 360);
      const picture = card(page);
      await picture.scrollIntoViewIfNeeded();
      expect(await scrollsSideways(page)).toBe(false);
      // Every label inside its card (and every card inside the drawing), as the browser lays it out.
      const outside = await picture.locator('svg').evaluate((svg) => {
        const out: string[] = [];
        const view = (svg as SVGSVGElement).viewBox.baseVal;
        for (const g of svg.querySelectorAll('g.seat, g.place')) {
          const box = (g.querySelector('rect') as SVGRectElement).getBBox();
          const at = (g as SVGGElement).transform.baseVal.consolidate()!.matrix;
          if (at.e + box.x < 0 || at.e + box.x + box.width > view.width) out.push(`card ${g.textContent}`);
          for (const t of g.querySelectorAll('text')) {
            const b = (t as SVGTextElement).getBBox();
            if (b.x < box.x + 2 || b.x + b.width > box.x + box.width - 2) out.push(`label ${t.textContent}`);
          }
        }
        return out;
      });
      expect(outside).toEqual([]);
      const names = await drawn(picture);
      expect(names.every((n) => n.endsWith('…'))).toBe(true);
      const said = await words(picture);
      for (const name of LONG_NAMES) expect(said).toContain(`${name}: Team`);
      // The cards are the theme's surface, the words its text colour.
      const colours = await picture.locator('svg').evaluate((svg) => {
        const root = getComputedStyle(document.documentElement);
        const probe = document.createElement('div');
        document.body.append(probe);
        const resolve = (v: string) => (
          (probe.style.color = root.getPropertyValue(v)),
          getComputedStyle(probe).color
        );
        const chip = getComputedStyle(svg.querySelector('rect.chip')!).fill;
        const name = getComputedStyle(svg.querySelector('text.name')!).fill;
        const out = { chip, name, surface: resolve('--surface'), text: resolve('--text') };
        probe.remove();
        return out;
      });
      expect(colours.chip).toBe(colours.surface);
      expect(colours.name).toBe(colours.text);
      fills.push(colours.chip);
      await context.close();
    }
    expect(fills[0]).not.toBe(fills[1]);
  });
});

describe('the table picture in the play menu', () => {
  it('"Table picture" opens a sheet with the game’s picture; by keys focus goes in, and back to More when it closes', async () => {
    const { page, context } = await openTab(shared.browser);
    await titansSetup(page, NAMES);
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.waitForURL(/\/play\//);
    // By keys: the sheet takes focus, and Escape gives it back to More.
    const more = page.getByRole('button', { name: 'More' });
    await more.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Table picture' }).focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Table picture' });
    await sheet.waitFor();
    await expect.poll(() => sheet.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    expect([...(await drawn(sheet))].sort()).toEqual([...NAMES].sort());
    expect(await sheet.innerText()).toContain('Three arenas, 6 players');
    const said = await words(sheet);
    for (const name of NAMES) expect(said.match(new RegExp(`^${name}:`, 'gm'))).toHaveLength(1);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('More');
    // By taps: Close closes it.
    await more.click();
    await page.getByRole('menuitem', { name: 'Table picture' }).click();
    await sheet.waitFor();
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => sheet.count()).toBe(0);
    // Back closes it too (the back stack), and the game stays. (Close's own step back lands first.)
    await page.waitForTimeout(300);
    await more.click();
    await page.getByRole('menuitem', { name: 'Table picture' }).click();
    await sheet.waitFor();
    await page.goBack();
    await expect.poll(() => sheet.count()).toBe(0);
    expect(page.url()).toMatch(/\/play\//);
    await context.close();
  });
});
