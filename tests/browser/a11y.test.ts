/**
 * Table comfort on every main screen: every control has a name a screen reader can say, and is at
 * least 48 px tall and wide (links inside running text excepted), and keyboard focus is visible.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { GAMES } from '../../src/lib/games/registry';
import { openTab, visit } from './harness';
import { accessibilityProblems as problems, structureProblems } from './checks';
import { useBrowser } from './shared';

const shared = useBrowser();

/** The pages a phone may meet first (the ones Lighthouse is run on: scripts/bench/lighthouse.ts). */
const ENTRY_PAGES = ['/', '/rules/titans', '/rules/titans/turn', ...GAMES.map((g) => `/${g.id}/new`)];

/** An entry page, once it shows what it is for: a new-game page its setup (the game's code loaded). */
async function visitEntry(page: Page, path: string) {
  await visit(page, `${shared.server.url}${path}`);
  if (path.endsWith('/new'))
    await page
      .getByRole('button', { name: /^Start/ })
      .first()
      .waitFor();
}

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
    for (const path of ENTRY_PAGES) {
      await visitEntry(page, path);
      const p = await structureProblems(page);
      if (p.length) found[path] = p;
    }
    expect(found).toEqual({});
    await context.close();
  });

  it('words are readable and no control hides under another, on the entry pages, light and dark', async () => {
    // axe-core's colour-contrast and target-size rules (checks Lighthouse runs), fetched from our
    // own server's disk rather than any network: it comes with Lighthouse, a dev dependency.
    const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    const found: Record<string, string[]> = {};
    for (const dark of [false, true]) {
      const { page, context } = await openTab(shared.browser, { dark });
      for (const path of ENTRY_PAGES) {
        await visitEntry(page, path);
        // Through DevTools, which the page's Content-Security-Policy does not stop (a script tag it does).
        await page.evaluate(axe);
        const broken = await page.evaluate(async () => {
          const run = (window as unknown as { axe: { run(o: object): Promise<AxeResult> } }).axe.run;
          // target-size: a control left partly uncovered by another (a choice peeking out from
          // under the sticky Start button) must still leave a 24 px square to tap.
          type AxeResult = {
            violations: { id: string; nodes: { html: string; failureSummary: string }[] }[];
          };
          const result = await run({ runOnly: ['color-contrast', 'target-size'] });
          return result.violations.flatMap((v) =>
            v.nodes.map((n) => `${v.id}: ${n.html.slice(0, 80)}: ${n.failureSummary.split('\n').pop()}`)
          );
        });
        if (broken.length) found[`${path} (${dark ? 'dark' : 'light'})`] = broken;
      }
      await context.close();
    }
    expect(found).toEqual({});
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
