/**
 * Table comfort on every main screen: every control has a name a screen reader can say, and is at
 * least 48 px tall and wide (links inside running text excepted), and keyboard focus is visible.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openTab, visit } from './harness';
import { useBrowser } from './shared';

const shared = useBrowser();

/** Controls that are too small or nameless, described for the failure message. */
async function problems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=radio], [role=menuitem]'
    );
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue; // not shown
      if (getComputedStyle(el).visibility === 'hidden') continue;
      const inText =
        el.tagName === 'A' &&
        el.closest('p, li, td, .prose, .rules-text, .toc, .crumbs') &&
        !el.classList.contains('btn');
      const name =
        el.getAttribute('aria-label') ||
        (el.getAttribute('aria-labelledby') &&
          document.getElementById(el.getAttribute('aria-labelledby')!)?.textContent) ||
        (el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent) ||
        el.closest('label')?.textContent ||
        el.getAttribute('title') ||
        el.textContent;
      const label = `${el.tagName.toLowerCase()} “${(name ?? '').trim().slice(0, 40)}”`;
      if (!name || !name.trim()) out.push(`${label}: no accessible name`);
      if (!inText && el.tagName !== 'INPUT' && (box.height < 47.5 || box.width < 47.5)) {
        out.push(`${label}: ${Math.round(box.width)}×${Math.round(box.height)} px`);
      }
      if (
        el.tagName === 'INPUT' &&
        (el as HTMLInputElement).type !== 'file' &&
        (el as HTMLInputElement).type !== 'radio' &&
        (el as HTMLInputElement).type !== 'checkbox' &&
        box.height < 47.5
      ) {
        out.push(`${label}: ${Math.round(box.height)} px tall`);
      }
    }
    return out;
  });
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
    await page.getByRole('button', { name: 'Begin the first age' }).waitFor();
    await check('play: start of turn');
    await page.getByRole('button', { name: 'Begin the first age' }).click();
    for (let i = 0; i < 15; i++) await page.getByRole('button', { name: /^Next/ }).click();
    await page.getByRole('button', { name: 'Resolve the battle' }).waitFor();
    await page
      .getByRole('button', { name: /^Power of/ })
      .first()
      .click();
    await check('play: battle with the number pad');
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
