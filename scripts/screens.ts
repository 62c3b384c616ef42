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

await tour(false);
await tour(true);
await browser.close();
await server.close();
console.log('screenshots written to screenshots/');
