/**
 * The one name rule at the table (issue #52, point 1): every game's Start refuses two players of
 * one name, beside the button, in the same words; and a game stored before the rule, with two
 * "Ana"s, opens on its result page with both seats (it stayed on "Opening the game…" for good).
 */
import { describe, expect, it } from 'vitest';
import { openTab, shot, visit } from './harness';
import { useBrowser } from './shared';
import { GAMES } from '../../src/lib/games/registry';
import { longNamesBackup } from '../fixtures/long-names';

const shared = useBrowser();

describe('names at the table', () => {
  it('every game: two players called Ana cannot start, and the reason sits beside Start', async () => {
    const { page, context } = await openTab(shared.browser);
    for (const game of GAMES) {
      await visit(page, `${shared.server.url}/${game.id}/new`);
      await page.getByPlaceholder('Player 1').fill('Ana');
      await page.getByPlaceholder('Player 2').fill(' ana');
      const start = page.getByRole('button', { name: 'Start the game' });
      await start.click();
      const why = page.locator('.start-box [role="alert"]');
      await expect.poll(() => why.innerText(), { message: game.id }).toMatch(/two players are called “Ana”/);
      expect(await start.getAttribute('aria-describedby'), game.id).toBe(await why.getAttribute('id'));
      expect(page.url(), game.id).toMatch(/\/new$/);
      if (game.id === 'titans') await shot(page, 'names-two-anas-refused');
      // A name of its own, and the reason goes.
      await page.getByPlaceholder('Player 2').fill('Ben');
      await expect.poll(() => why.count(), { message: game.id }).toBe(0);
    }
    await context.close();
  });

  it('every game: "Ana" and "ana " are one name, refused as it is typed; so is a typed "Player 2" beside a blank seat 2', async () => {
    const { page, context } = await openTab(shared.browser);
    for (const game of GAMES) {
      await visit(page, `${shared.server.url}/${game.id}/new`);
      const why = page.locator('.start-box [role="alert"]');
      await page.getByPlaceholder('Player 1').fill('Ana');
      await page.getByPlaceholder('Player 2').fill('ana ');
      // The draft holds Start back before any tap: the reason is there as soon as the names are.
      await expect
        .poll(() => why.innerText(), { message: game.id })
        .toBe(
          'Cannot start yet: two players are called “Ana”: give one of them another name, so the results can tell them apart.'
        );
      if (game.id === 'wiz') await shot(page, 'names-ana-and-ana-space');
      await page.getByRole('button', { name: 'Start the game' }).click();
      expect(page.url(), game.id).toMatch(/\/new$/);
      // A blank seat plays as "Player 2": a player typed in under that name is the same name.
      await page.getByPlaceholder('Player 1').fill('Player 2');
      await page.getByPlaceholder('Player 2').fill('');
      await expect
        .poll(() => why.innerText(), { message: game.id })
        .toMatch(/two players are called “Player 2”/);
      await page.getByPlaceholder('Player 1').fill('Ana');
      await expect.poll(() => why.count(), { message: game.id }).toBe(0);
    }
    await context.close();
  });

  it('a game stored with two players called Ana opens on its result page, one row per seat', async () => {
    const { page, context } = await openTab(shared.browser);
    const backup = longNamesBackup();
    const duel = backup.sessions.find((s) => s.id === 'longnamesduel')!;
    duel.setup.players = duel.setup.players.map((p) => ({ ...p, name: 'Ana' }));
    delete duel.profiles;
    await visit(page, `${shared.server.url}/settings`);
    await page.getByLabel('Import backup…').setInputFiles({
      name: 'two-anas.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(backup))
    });
    await page.getByRole('status').filter({ hasText: '2 games added' }).waitFor();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await visit(page, `${shared.server.url}/history/longnamesduel`);
    await page.getByRole('heading', { name: 'The final board' }).waitFor();
    const rows = page.getByRole('table').first().getByRole('row').filter({ hasText: 'Ana' });
    expect(await rows.count()).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
