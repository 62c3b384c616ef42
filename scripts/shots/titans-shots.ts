/**
 * Screenshots of the Titans of Eden play screen in every format, quick flow and Guide me, light
 * and dark, with the number pad open mid-battle:  npm run build && npx tsx scripts/shots/titans-shots.ts
 * Pass a width (e.g. 360) and "long" for 40-character names.
 */
import type { Page } from 'playwright-core';
import { launch, openTab, serve, shot, visit } from '../../tests/browser/harness';

const width = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 390);
const long = process.argv.includes('long');
const server = await serve();
const browser = await launch();
const LONG = [
  'Anastasia Wilhelmina Montgomery-Smythe Jr',
  'Bartholomew Fitzgerald Alexander Whitley',
  'Cy',
  'Dee',
  'Eli',
  'Fay'
];
const SHORT = ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay'];

/** Types a number on the pad like a person (digits, then ✓). */
async function typeNumber(page: Page, text: string) {
  const pad = page.getByRole('group', { name: /^Number pad/ });
  for (const ch of text) await pad.getByRole('button', { name: ch, exact: true }).click();
  await page.getByRole('button', { name: /✓/ }).click();
}

async function newGame(page: Page, format: RegExp, players: number) {
  await visit(page, `${server.url}/titans/new`);
  await page.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: format }).click();
  if (players > 2)
    await page
      .getByRole('radiogroup', { name: 'Number of players' })
      .getByRole('radio', { name: String(players) })
      .click();
  const names = long ? LONG : SHORT;
  for (let i = 0; i < players; i++)
    await page.getByPlaceholder(`Player ${i + 1}`).fill(names[i].slice(0, 40));
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  await page.getByRole('region', { name: 'Board' }).waitFor();
}

for (const dark of [false, true]) {
  const mode = `${dark ? 'dark' : 'light'}${long ? '-long' : ''}-${width}`;
  const { page, context } = await openTab(browser, { dark });
  await page.setViewportSize({ width, height: 844 });
  for (const [format, players, tag] of [
    [/Duel/, 2, 'duel'],
    [/Two/, 4, 'two'],
    [/Three/, 5, 'three']
  ] as const) {
    await newGame(page, format, players);
    await page.waitForTimeout(200);
    await shot(page, `t-${tag}-start-${mode}`);
    await page
      .getByRole('button', { name: /^Power of/ })
      .first()
      .click();
    const boxes = await page.getByRole('button', { name: /^Power of/ }).count();
    // In the sheet the boxes show twice (the card and the compact copy): half are the sides.
    const sides = boxes / 2;
    for (let i = 0; i < sides - 1; i++) {
      await typeNumber(page, String(3 + i * 4));
    }
    await page.waitForTimeout(200);
    await shot(page, `t-${tag}-pad-${mode}`);
    await page.locator('input.pad-input').fill('0x10');
    await page.getByRole('button', { name: /✓/ }).click();
    await page.waitForTimeout(200);
    await shot(page, `t-${tag}-refused-${mode}`);
    await page.locator('input.pad-input').fill('');
    await typeNumber(page, '12');
    await page.getByRole('button', { name: 'Resolve the battle' }).click();
    await page.waitForTimeout(200);
    await shot(page, `t-${tag}-end-${mode}`, { fullPage: true });
  }
  // Guide me on the last game.
  await page
    .getByRole('button', { name: 'Next turn' + '' })
    .or(page.getByRole('button', { name: /^Next turn/ }))
    .first()
    .click();
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitemcheckbox').click();
  await page.getByRole('button', { name: 'Begin the first age' }).click();
  await page.waitForTimeout(200);
  await shot(page, `t-guide-age-${mode}`);
  const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  console.log(mode, 'scrolls sideways:', scrolls);
  await context.close();
}
await browser.close();
await server.close();
