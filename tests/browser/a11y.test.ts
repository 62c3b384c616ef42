/**
 * Table comfort on every main screen: every control has a name a screen reader can say, and is at
 * least 48 px tall and wide (links inside running text excepted), and keyboard focus is visible.
 */
import { describe, expect, it } from 'vitest';
import { openTab, visit } from './harness';
import { accessibilityProblems as problems, structureProblems } from './checks';
import { useBrowser } from './shared';

const shared = useBrowser();

describe('touch targets and names', () => {
  it('home, new game, play (start and battle), rules and settings', async () => {
    const { page, context } = await openTab(shared.browser);
    const found: Record<string, string[]> = {};
    const check = async (name: string) => {
      const p = await problems(page);
      if (p.length) found[name] = p;
    };
    await visit(page, shared.server.url);
    await check('home');
    await visit(page, `${shared.server.url}/titans/new`);
    await check('new game');
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.waitForURL(/\/play\//);
    await page.getByRole('button', { name: 'Resolve the battle' }).waitFor();
    await check('play: start of turn');
    await page.getByRole('button', { name: 'Age 2' }).click();
    await check('play: the checklist open');
    await page
      .getByRole('button', { name: /^Power of/ })
      .first()
      .click();
    await check('play: battle with the number pad');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'More' }).click();
    await check('play: the menu');
    await visit(page, shared.server.url);
    await check('home with a game');
    await visit(page, `${shared.server.url}/rules`);
    await check('rules');
    await visit(page, `${shared.server.url}/rules/titans`);
    await check('rules: a game');
    await visit(page, `${shared.server.url}/settings`);
    await check('settings');
    expect(found).toEqual({});
    await context.close();
  });

  it('the entry pages: every ARIA reference points at something, no heading skips a level', async () => {
    const { page, context } = await openTab(shared.browser);
    const found: Record<string, string[]> = {};
    const games = ['titans', 'twilight', 'epic', 'wiz', 'theos'];
    const paths = ['/', '/rules/titans', '/rules/titans/turn', ...games.map((g) => `/${g}/new`)];
    for (const path of paths) {
      await visit(page, `${shared.server.url}${path}`);
      // A new-game page shows its setup once the game's code has loaded.
      if (path.endsWith('/new'))
        await page
          .getByRole('button', { name: /^Start/ })
          .first()
          .waitFor();
      const p = await structureProblems(page);
      if (p.length) found[path] = p;
    }
    expect(found).toEqual({});
    await context.close();
  });

  it('keyboard focus is visible', async () => {
    const { page, context } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/settings`);
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const s = getComputedStyle(el);
      return { tag: el.tagName, style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    expect(outline.tag).not.toBe('BODY');
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await context.close();
  });
});
