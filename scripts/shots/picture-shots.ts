/**
 * Screenshots of the table pictures (#57), light and dark, 390 wide and one 360 wide: the setup
 * card and the play menu's sheet for Titans with six players in three arenas, Theos 3v3 (two
 * Realms), a Titans Duel, WiZ for four and Twilight in teams (40-character names in one):
 *   npm run build && npx tsx scripts/shots/picture-shots.ts [folder]   (default screenshots/)
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launch, openTab, serve, visit } from '../../tests/browser/harness';

const out = resolve(process.argv[2] ?? 'screenshots');
mkdirSync(out, { recursive: true });
const server = await serve();
const browser = await launch();
const NAMES = ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay'];
const LONG = [
  'Anastasia Wilhelmina Montgomery-Smythe Jr',
  'Bartholomew Fitzgerald Alexander Whitley',
  'Cy',
  'Desdemona Higginbottom-Worthington-Blake'
];

const radio = (page: Page, group: string, name: string | RegExp) =>
  page.getByRole('radiogroup', { name: group }).getByRole('radio', { name, exact: typeof name === 'string' });

const GAMES: { name: string; game: string; players: string[]; choose: (page: Page) => Promise<void> }[] = [
  {
    name: 'titans-three',
    game: 'titans',
    players: NAMES,
    choose: async (p) => {
      await radio(p, 'Format', /Three/).click();
      await radio(p, 'Number of players', '6').click();
    }
  },
  {
    name: 'theos-3v3',
    game: 'theos',
    players: NAMES,
    choose: async (p) => {
      await radio(p, 'Number of players', '6').click();
      await radio(p, 'Game type', /3v3/).click();
    }
  },
  { name: 'titans-duel', game: 'titans', players: NAMES.slice(0, 2), choose: async () => {} },
  {
    name: 'wiz-four',
    game: 'wiz',
    players: NAMES.slice(0, 4),
    choose: async (p) => {
      await radio(p, 'Number of players', '4').click();
    }
  },
  {
    name: 'twilight-teams',
    game: 'twilight',
    players: LONG,
    choose: async (p) => {
      await radio(p, 'Number of players', '4').click();
      await radio(p, 'Teams', /^2 teams/).click();
    }
  }
];

for (const width of [390, 360]) {
  for (const dark of [false, true]) {
    if (width === 360 && dark) continue;
    const mode = `${dark ? 'dark' : 'light'}${width === 360 ? '-360' : ''}`;
    const { page, context } = await openTab(browser, { dark });
    await page.setViewportSize({ width, height: 844 });
    for (const g of GAMES) {
      await visit(page, `${server.url}/${g.game}/new`);
      await g.choose(page);
      for (const [i, who] of g.players.entries())
        await page.getByPlaceholder(`Player ${i + 1}`).fill(who.slice(0, 40));
      const card = page.getByRole('region', { name: 'Who sits where' });
      await card.scrollIntoViewIfNeeded();
      await page.waitForTimeout(200);
      await card.screenshot({ path: resolve(out, `picture-setup-${g.name}-${mode}.png`) });
      await page.getByRole('button', { name: 'Start the game' }).click();
      await page.waitForURL(/\/play\//);
      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('menuitem', { name: 'Table picture' }).click();
      await page.getByRole('dialog', { name: 'Table picture' }).waitFor();
      await page.waitForTimeout(200);
      await page.screenshot({ path: resolve(out, `picture-sheet-${g.name}-${mode}.png`) });
    }
    await context.close();
  }
}

await browser.close();
await server.close();
