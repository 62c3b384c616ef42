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

/** Types a number on the pad like a person: digits, then ✓ (a moment apart, as a person taps). */
async function typeNumber(page: Page, text: string) {
  const pad = page.getByRole('group', { name: /^Number pad/ });
  for (const ch of text) await pad.getByRole('button', { name: ch, exact: true }).click();
  await page.waitForTimeout(350);
  await page.locator('button[type=submit][data-entry-key]').click();
  await page.waitForTimeout(350);
}

/** Twilight of the Gods: setup, opening, the quick turn and its entries, Guide me, the draft, the end. */
async function twilightTour(dark: boolean) {
  const mode = dark ? 'dark' : 'light';
  const { page, context } = await openTab(browser, { dark });
  const snap = async (name: string, fullPage = false) => {
    await page.waitForTimeout(350);
    await shot(page, `twilight-${name}-${mode}`, { fullPage });
  };
  const tap = async (name: string | RegExp) => {
    await page.getByRole('button', { name }).first().click();
    await page.waitForTimeout(350);
  };
  const start = async (players: number, options: { draft?: boolean; teams?: RegExp } = {}) => {
    await visit(page, `${server.url}/twilight/new`);
    await page
      .getByRole('radiogroup', { name: 'Number of players' })
      .getByRole('radio', { name: String(players), exact: true })
      .click();
    for (const [i, n] of ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay'].slice(0, players).entries()) {
      await page.getByPlaceholder(`Player ${i + 1}`).fill(n);
    }
    if (options.draft)
      await page.getByRole('radiogroup', { name: 'Decks' }).getByRole('radio', { name: /Draft/ }).click();
    if (options.teams)
      await page
        .getByRole('radiogroup', { name: 'Teams' })
        .getByRole('radio', { name: options.teams })
        .click();
  };
  const play = async () => {
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.waitForURL(/\/play\//);
    await page.getByRole('region', { name: 'This turn' }).waitFor();
  };

  await start(2);
  await snap('setup');
  await start(6, { teams: /3 teams/ });
  await snap('setup-six-teams', true);
  await start(2);
  await play();
  await snap('opening');
  await tap(/^Begin/);
  await snap('turn');
  await tap('Trade with Ben');
  await typeNumber(page, '2');
  await snap('trade-pad');
  await typeNumber(page, '2');
  await snap('after-trade');
  await tap(/Ben’s Life Stack/);
  await page
    .getByRole('group', { name: /^Number pad/ })
    .getByRole('button', { name: '3', exact: true })
    .click();
  await snap('attack-pad');
  await page.locator('button[type=submit][data-entry-key]').click();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await snap('end-owed');
  await tap(/^Greater Aspect into play, end the turn/);
  await tap(/^Seize Lesser/);
  await tap(/^Adjust Ana/);
  await snap('corrections');
  await tap('Close');
  await page
    .getByText(/^Decay/)
    .first()
    .click();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await snap('decay');
  await tap('More');
  await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
  await snap('guide-me');
  await tap('Rules for this step');
  await page.waitForTimeout(600);
  await snap('step-help');
  await visit(page, page.url());
  await page.getByRole('region', { name: 'This turn' }).waitFor();
  await tap('More');
  await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
  await page.waitForTimeout(350);
  await tap(/Ana’s Life Stack/);
  await typeNumber(page, '60');
  await snap('game-over');

  await start(3, { draft: true });
  await play();
  await snap('draft-deities');
  for (let round = 0; round < 2; round++)
    for (const who of ['Ana', 'Ben', 'Cy']) await tap(new RegExp(`^${who} keeps`));
  await snap('draft-actions');
  for (let pile = 0; pile < 3; pile++) await tap('This pile is done');
  await tap('Check the deck');
  await page.locator('textarea').fill('3 Youthful Troll (Aggression)\n2 Borderland Scout (red)\n45 Other');
  await snap('draft-build');
  await context.close();
}

// `npx tsx scripts/screens.ts twilight` takes one game's screens only.
const only = process.argv[2];
if (only !== 'twilight') {
  await tour(false);
  await tour(true);
}
if (only !== 'titans') {
  await twilightTour(false);
  await twilightTour(true);
}
await browser.close();
await server.close();
console.log('screenshots written to screenshots/');
