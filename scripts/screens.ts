/**
 * Screenshots of every screen at phone size (390×844), light and dark, into screenshots/, for
 * looking at what we build. Needs a build:  npm run build && npx tsx scripts/screens.ts
 * Add a game id (npx tsx scripts/screens.ts theos) for that game's screens only.
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

/** Theos: setup for 2 and 6 players, both drafts, a round (quick and Guide me), the End Phase, the end. */
async function theosTour(dark: boolean) {
  const mode = dark ? 'dark' : 'light';
  const { page, context } = await openTab(browser, { dark });
  const snap = async (name: string, fullPage = false) => {
    await page.waitForTimeout(250);
    await shot(page, `theos-${name}-${mode}`, { fullPage });
  };
  // A moment between taps, as a person leaves: the play screen swallows the second of a double tap.
  const tap = async (target: ReturnType<Page['locator']>) => {
    await page.waitForTimeout(350);
    await target.click();
  };
  const button = (name: string | RegExp) => page.getByRole('button', { name });
  const names = ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay'];
  const newGame = async (players: number, type: RegExp, decks: RegExp, name?: string) => {
    await visit(page, `${server.url}/theos/new`);
    await page
      .getByRole('radiogroup', { name: 'Number of players' })
      .getByRole('radio', { name: String(players), exact: true })
      .click();
    await page.getByRole('radiogroup', { name: 'Game type' }).getByRole('radio', { name: type }).click();
    await page.getByRole('radiogroup', { name: 'Deck type' }).getByRole('radio', { name: decks }).click();
    for (let i = 0; i < players; i++) await page.getByPlaceholder(`Player ${i + 1}`).fill(names[i]);
    if (name) await snap(name, true);
    await button('Start the game').click();
    await page.waitForURL(/\/play\//);
    await page.getByRole('region', { name: /^(Board|Draft)$/ }).waitFor();
  };

  await newGame(6, /2v2v2/, /Draft/, 'setup-six-draft');
  await snap('draft-pass');
  await newGame(2, /1v1/, /Draft/);
  await tap(button(/^Pick /).nth(2));
  await snap('draft-two', true);
  await newGame(2, /1v1/, /Prebuilt/, 'setup-duel-prebuilt');
  await snap('first-turn');
  await tap(button('Increase Ana’s Followers'));
  await tap(button('Turn 1 done'));
  await tap(page.getByText('Speed helper: who resolves first'));
  for (const card of ['g4', 'p4', 'd9']) {
    await page.getByRole('searchbox', { name: 'Add a revealed card' }).fill(card);
    await page.keyboard.press('Enter');
  }
  await snap('round-helper', true);
  for (let t = 2; t <= 6; t++) await tap(button(`Turn ${t} done`));
  await tap(button(/end the Play Phase$/));
  await snap('end-phase', true);
  await tap(button(/^Cleanup for Ana/));
  await snap('cleanup-pad');
  await newGame(6, /Free/, /Your own/);
  await snap('six-realms', true);
  await newGame(4, /2v2/, /Prebuilt/);
  await button('More').click();
  await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
  for (let i = 0; i < 3; i++) await tap(button(/^Next: /));
  await snap('guide-reveal');
  await tap(button('Next: Resolve'));
  for (let i = 0; i < 10; i++) await tap(button('Increase Cy’s Followers'));
  for (let i = 0; i < 10; i++) await tap(button('Increase Dee’s Followers'));
  await button('More').click();
  await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
  for (let t = 1; t <= 6; t++) await tap(button(`Turn ${t} done`));
  await tap(button(/end the Play Phase$/));
  await snap('game-over', true);
  await visit(page, `${server.url}/rules/theos`);
  await snap('rules');
  await context.close();
}

const only = process.argv[2];
if (!only || only === 'titans') {
  await tour(false);
  await tour(true);
}
if (!only || only === 'theos') {
  await theosTour(false);
  await theosTour(true);
}
await browser.close();
await server.close();
console.log('screenshots written to screenshots/');
