/**
 * Screenshots of every screen at phone size (390×844), light and dark, into screenshots/, for
 * looking at what we build. Needs a build:  npm run build && npx tsx scripts/screens.ts
 */
import type { Page } from 'playwright-core';
import { launch, openTab, serve, shot, visit } from '../tests/browser/harness';

const server = await serve();
const browser = await launch();

async function tour(dark: boolean) {
  const mode = dark ? 'dark' : 'light';
  const { page, context } = await openTab(browser, { dark });
  const go = async (path: string, name: string, ready?: (p: Page) => Promise<unknown>) => {
    await visit(page, `${server.url}${path}`);
    await page.locator('h1').first().waitFor();
    if (ready) await ready(page);
    await page.waitForTimeout(300);
    await shot(page, `${name}-${mode}`);
  };
  await go('/', 'home-empty');
  await go('/titans/new', 'setup-duel');
  await page.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: /Three/ }).click();
  await page.waitForTimeout(200);
  await page.getByRole('radiogroup', { name: 'Number of players' }).getByRole('radio', { name: '5' }).click();
  await page.waitForTimeout(200);
  await shot(page, `setup-three-arenas-${mode}`, { fullPage: true });
  await page.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: /Two/ }).click();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  await page.getByRole('button', { name: 'Begin the first age' }).click();
  await page.waitForTimeout(200);
  await shot(page, `play-age-${mode}`);
  for (let i = 0; i < 15; i++) await page.getByRole('button', { name: /^Next/ }).click();
  await page
    .getByRole('button', { name: /^Power of/ })
    .first()
    .click();
  await page.waitForTimeout(200);
  await shot(page, `play-battle-pad-${mode}`);
  await page.getByRole('button', { name: 'Rules for this step' }).first().click();
  await page.waitForTimeout(600);
  await shot(page, `play-step-help-${mode}`);
  await go('/', 'home-with-game');
  await go('/rules', 'rules-index');
  await go('/rules/titans', 'rules-titans');
  await go('/rules/titans/turn#battle', 'rules-titans-battle');
  await go('/rules', 'rules-search', async (p) => {
    await p.getByRole('searchbox').or(p.locator('input[type=search]')).first().fill('captur');
    await p.waitForTimeout(1200);
  });
  await go('/settings', 'settings');
  await context.close();
}

/** WiZ: setup in every format, a round in the quick flow and in Guide me, scoring, the end. */
async function wizTour(dark: boolean) {
  const mode = dark ? 'dark' : 'light';
  const { page, context } = await openTab(browser, { dark });
  const snap = async (name: string, fullPage = false) => {
    await page.waitForTimeout(300);
    await shot(page, `wiz-${name}-${mode}`, { fullPage });
  };
  // A tap after looking: a second tap at the same spot too soon is (rightly) a double tap.
  const tap = async (l: ReturnType<Page['getByRole']>) => (await page.waitForTimeout(350), l.click());
  const confirm = page.locator('button[type=submit][data-entry-key]');
  const pad = async (text: string) => {
    const keys = page.getByRole('group', { name: /^Number pad/ });
    for (const ch of text) await keys.getByRole('button', { name: ch, exact: true }).click();
    await tap(confirm);
  };
  await visit(page, `${server.url}/wiz/new`);
  await page.locator('h1').first().waitFor();
  await page.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: /^Solo/ }).click();
  await snap('setup-solo');
  await page.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: /^5–6/ }).click();
  await snap('setup-five-six', true);
  await page.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: /^2–4/ }).click();
  await page.getByRole('radiogroup', { name: 'Number of players' }).getByRole('radio', { name: '3' }).click();
  for (const [i, n] of ['Ana', 'Ben', 'Cy'].entries()) await page.getByPlaceholder(`Player ${i + 1}`).fill(n);
  for (const option of [/^Titans/, /^Characters/, /^Life Pool/])
    await page.getByRole('button', { name: option }).click();
  await snap('setup');
  await snap('setup-full', true);
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  await page.getByRole('region', { name: 'Scores' }).waitFor();
  await snap('play-start');
  await page.getByRole('button', { name: 'A turn' }).click();
  await snap('play-checklist');
  await page.getByRole('button', { name: 'A turn' }).click();
  await page.getByText(/Life Pool · character attacks/).click();
  await page.getByRole('button', { name: 'Cy won the Life Pool' }).click();
  await snap('play-life-pool', true);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByText(/Life Pool · character attacks/).click();
  await page.getByRole('button', { name: /^Check a hand/ }).click();
  for (const n of [6, 7, 8, 9])
    await page.getByRole('button', { name: `Add Fire ${n}`, exact: true }).click();
  await snap('hand-check');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await tap(page.getByRole('button', { name: 'Ben went out', exact: true }));
  await pad('4');
  await snap('scoring-pad-hand');
  await pad('12');
  await tap(confirm);
  await snap('scoring-pad-chaotic');
  await pad('59');
  await pad('41');
  await snap('scoring-ready');
  await snap('scoring-ready-full', true);
  await page.getByRole('button', { name: '+ From its cards' }).click();
  await page.getByRole('radio', { name: 'Water' }).click();
  for (const n of [1, 2, 3, 4])
    await page.getByRole('button', { name: `Add Water ${n}`, exact: true }).click();
  await page.getByRole('button', { name: 'Add Water elemental' }).click();
  await snap('hand-builder');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await tap(page.getByRole('button', { name: /^Score the round/ }));
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
  await snap('guide-deal');
  for (let i = 0; i < 4; i++) await tap(page.getByRole('button', { name: /^Next: / }));
  await snap('guide-turn');
  await page.getByRole('button', { name: 'Rules for this step' }).first().click();
  await page.waitForTimeout(600);
  await snap('step-help');
  await page.getByRole('button', { name: 'Back to the game' }).click();
  for (let i = 0; i < 2; i++) await tap(page.getByRole('button', { name: /^Next: / }));
  await tap(page.getByRole('button', { name: 'Ana went out', exact: true }));
  await snap('guide-scoring');
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
  await page.getByRole('button', { name: '+ Add a hand' }).click();
  await pad('12');
  await tap(confirm);
  await pad('400');
  await pad('300');
  await tap(page.getByRole('button', { name: /^Score the round/ }));
  await page.getByRole('heading', { name: /wins!/ }).waitFor();
  await snap('game-over', true);
  await visit(page, `${server.url}/rules/wiz`);
  await page.locator('h1').first().waitFor();
  await snap('rules');
  await context.close();
}

const only = process.argv.slice(2);
if (!only.includes('wiz')) {
  await tour(false);
  await tour(true);
}
await wizTour(false);
await wizTour(true);
await browser.close();
await server.close();
console.log('screenshots written to screenshots/');
