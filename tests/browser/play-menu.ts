/**
 * The play screen's ⋯ menu, used as a person uses it, for the tests and benchmarks that share a
 * game or read its history (no Vitest here: scripts import it too).
 */
import type { Page } from 'playwright-core';
import { tapAfterLooking } from './checks';

/**
 * Shares the game on screen through "Play on several phones" with this sync server, waits until
 * the phone is connected, and hands back the link for the other phones (the sheet stays open).
 */
export async function shareFromMenu(page: Page, server: string): Promise<string> {
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Play on several phones' }).click();
  await page.getByLabel('Sync server').fill(server);
  await page.getByRole('button', { name: 'Share this game' }).click();
  const link = page.getByLabel('Link to join this game');
  await link.waitFor();
  await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor({ timeout: 15_000 });
  return link.inputValue();
}

/** The history sheet's text with every turn opened, as a person reads it; the sheet is closed again. */
export async function historyText(page: Page): Promise<string> {
  await tapAfterLooking(page.getByRole('button', { name: 'More' }));
  await page.getByRole('menuitem', { name: 'History' }).click();
  const sheet = page.getByRole('dialog', { name: 'History' });
  for (const more of await sheet.locator('details').all())
    await more.evaluate((d) => d.setAttribute('open', ''));
  const text = await sheet.innerText();
  await sheet.getByRole('button', { name: 'Close' }).click();
  return text;
}
