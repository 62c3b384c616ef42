/**
 * Screenshots of "This phone is…" (#11), light and dark: the chooser (40-character names; teams),
 * the question a joining phone sees, and play screens with a player chosen (a Titans Duel face to
 * face, three arenas, Twilight in teams, Theos 2v2 face to face, WiZ for four):
 *   npm run build && npx tsx scripts/shots/seat-shots.ts   (into screenshots/, named seat-*)
 */
import type { Page } from 'playwright-core';
import { launch, openTab, serve, shot, visit } from '../../tests/browser/harness';

const server = await serve();
const browser = await launch();
const LONG = ['Anastasia Wilhelmina Montgomery-Smythe Jr', 'Bartholomew Fitzgerald Alexander Whitley'];
const NAMES = ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay'];

async function start(page: Page, game: string, players: string[], options: (page: Page) => Promise<void>) {
  await visit(page, `${server.url}/${game}/new`);
  await options(page);
  for (const [i, who] of players.entries())
    await page.getByPlaceholder(`Player ${i + 1}`).fill(who.slice(0, 40));
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  await page
    .getByRole('region', { name: /Board|Scores|Draft/ })
    .first()
    .waitFor();
}

const radio = (page: Page, group: string, name: string | RegExp) =>
  page.getByRole('radiogroup', { name: group }).getByRole('radio', { name, exact: typeof name === 'string' });

async function openChooser(page: Page) {
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: /^This phone is/ }).click();
  await page.getByRole('dialog', { name: 'This phone is…' }).waitFor();
  await page.waitForTimeout(200);
}

async function choose(page: Page, who: string | RegExp) {
  await openChooser(page);
  await page.getByRole('dialog', { name: 'This phone is…' }).getByRole('radio', { name: who }).click();
  await page.waitForTimeout(300);
}

for (const dark of [false, true]) {
  const mode = dark ? 'dark' : 'light';
  const { page, context } = await openTab(browser, { dark });

  // A Duel between two 40-character names: the chooser, then the far player's phone face to face.
  await start(page, 'titans', LONG, async () => {});
  await openChooser(page);
  await shot(page, `seat-chooser-${mode}`);
  await page
    .getByRole('dialog', { name: 'This phone is…' })
    .getByRole('radio', { name: /^Bartholomew/ })
    .click();
  await page.getByRole('button', { name: 'Face each other' }).click();
  await page.waitForTimeout(300);
  await shot(page, `seat-titans-duel-${mode}`);
  await page.getByRole('button', { name: 'More' }).click();
  await page.waitForTimeout(200);
  await shot(page, `seat-menu-${mode}`);
  await page.getByRole('menuitem', { name: /^This phone is/ }).click();
  await page.getByRole('dialog', { name: 'This phone is…' }).waitFor();
  await page.waitForTimeout(200);
  await shot(page, `seat-chooser-chosen-${mode}`);
  await page.keyboard.press('Escape');

  // Three arenas, five players in teams: the chooser says the teams; Dee's arena and side first.
  await start(page, 'titans', NAMES.slice(0, 5), async (p) => {
    await radio(p, 'Format', /Three/).click();
    await radio(p, 'Number of players', '5').click();
  });
  await openChooser(page);
  await shot(page, `seat-chooser-teams-${mode}`);
  await page.getByRole('dialog', { name: 'This phone is…' }).getByRole('radio', { name: /^Dee/ }).click();
  await page.waitForTimeout(300);
  await shot(page, `seat-titans-three-${mode}`, { fullPage: true });

  // Twilight, four players in two teams: the question a joining phone sees (the join page leaves
  // "ask" for the game), then Cy's phone.
  await start(page, 'twilight', NAMES.slice(0, 4), async (p) => {
    await radio(p, 'Number of players', '4').click();
    await radio(p, 'Teams', /^2 teams/).click();
  });
  const id = new URL(page.url()).pathname.split('/').pop()!;
  await page.evaluate((id) => localStorage.setItem(`tableside.seat.${id}`, '"ask"'), id);
  await page.reload();
  await page.getByRole('region', { name: 'Which player is this phone?' }).waitFor();
  await page.waitForTimeout(200);
  await shot(page, `seat-ask-${mode}`);
  await page
    .getByRole('region', { name: 'Which player is this phone?' })
    .getByRole('button', { name: 'Cy' })
    .click();
  await page.waitForTimeout(300);
  await shot(page, `seat-twilight-${mode}`);

  // Theos, Team Battle 2v2, face to face: Dee's team near, Dee first in it.
  await start(page, 'theos', NAMES.slice(0, 4), async (p) => {
    await radio(p, 'Number of players', '4').click();
    await radio(p, 'Game type', /2v2/).click();
  });
  await choose(page, /^Dee/);
  const facing = page.getByRole('button', { name: 'Face each other' });
  if (await facing.count()) await facing.click();
  await page.waitForTimeout(300);
  await shot(page, `seat-theos-${mode}`);

  // WiZ for four: Cy's score first.
  await start(page, 'wiz', NAMES.slice(0, 4), async (p) => {
    await radio(p, 'Number of players', '4').click();
  });
  await choose(page, 'Cy');
  await shot(page, `seat-wiz-${mode}`);
  await context.close();
}

await browser.close();
await server.close();
