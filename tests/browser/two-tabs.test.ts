/**
 * Two tabs on one game, tapping at the same moment: a tap is only ever applied to the state its
 * tab was showing. Each tab notes what its banner said when the tap landed; a tap that was
 * accepted must have moved the game on from exactly that step, so two accepted taps in one round
 * must have been made on two different steps. The refused tab says the game changed.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openTab } from './harness';
import { useBrowser } from './shared';
import { newGame } from './titans-play';
import { storedSteps } from './checks';

const shared = useBrowser();
const ROUNDS = 10;
const CHANGED = /changed in another tab or window/;

const title = (page: Page) => page.locator('.banner h2').innerText();

describe('two tabs on one game', () => {
  it(`${ROUNDS} rounds of simultaneous taps: never a tap on a state its tab was not showing`, async () => {
    const { page: a, context } = await openTab(shared.browser);
    await newGame(shared.server.url, a);
    await a.getByRole('button', { name: 'More' }).click();
    await a.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
    await a.getByRole('button', { name: 'Begin the first age' }).click();
    const id = new URL(a.url()).pathname.split('/').pop()!;
    const b = await context.newPage();
    await b.goto(a.url());
    await b.locator('.banner h2').waitFor();

    // Each tab records the banner it showed at the instant each tap arrived.
    for (const page of [a, b])
      await page.evaluate(() => {
        const w = window as unknown as { shownAtTap: string[] };
        w.shownAtTap = [];
        document.addEventListener(
          'click',
          () => w.shownAtTap.push(document.querySelector('.banner h2')?.textContent ?? ''),
          true
        );
      });

    let applied = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await expect.poll(async () => (await title(a)) === (await title(b))).toBe(true);
      const before = await storedSteps(a, id);
      const next = (p: Page) => p.getByRole('button', { name: /^Next: / });
      // Both tabs tap at once (no waiting between the two).
      await Promise.all([next(a).dispatchEvent('click'), next(b).dispatchEvent('click')]);
      await a.waitForTimeout(700);
      const refused = await Promise.all([a, b].map(async (p) => (await p.getByText(CHANGED).count()) > 0));
      const shown = await Promise.all(
        [a, b].map((p) => p.evaluate(() => (window as unknown as { shownAtTap: string[] }).shownAtTap.at(-1)))
      );
      const moved = (await storedSteps(a, id)) - before;
      const accepted = refused.filter((r) => !r).length;
      expect(moved, `round ${round}: steps stored vs taps accepted`).toBe(accepted);
      expect(moved, `round ${round}`).toBeGreaterThanOrEqual(1);
      if (accepted === 2)
        expect(shown[0], `round ${round}: both taps applied to one shown step`).not.toBe(shown[1]);
      applied += moved;
      // Dismiss the refusal, as a person would, so the next round's count starts from none.
      for (const p of [a, b]) {
        const refusal = p.locator('.toast', { hasText: CHANGED });
        if ((await refusal.count()) > 0) await refusal.getByRole('button', { name: 'Dismiss' }).click();
        await p.getByText(CHANGED).waitFor({ state: 'detached', timeout: 10_000 });
      }
    }
    expect(applied).toBeGreaterThanOrEqual(ROUNDS);
    await context.close();
  });
});
