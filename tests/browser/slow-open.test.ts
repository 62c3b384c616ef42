/**
 * An open that never answers (another tab holding the database mid-upgrade, a wedged browser
 * store): after a while the person is told and offered a way out, on the play screen and on the
 * new-game screen, instead of "Opening your game…" and a disabled Start button forever.
 */
import { describe, expect, it } from 'vitest';
import { openTab, shot, visit } from './harness';
import { useBrowser } from './shared';
import { OPEN_PATIENCE_MS } from '../../src/lib/util/time';

const shared = useBrowser();

/** IndexedDB that takes every open request and never answers any. */
const hangingIndexedDb = () => {
  IDBFactory.prototype.open = function () {
    return new EventTarget() as IDBOpenDBRequest;
  };
};

describe('an open that never answers', () => {
  it('the play screen offers to try again; the new-game screen gives Start back with a message', async () => {
    const { page, context } = await openTab(shared.browser);
    await context.addInitScript(hangingIndexedDb);

    await visit(page, `${shared.server.url}/play/somegame01`);
    await expect.poll(() => page.getByText('Opening your game…').isVisible()).toBe(true);
    const tryAgain = page.getByRole('button', { name: 'Try again' });
    expect(await tryAgain.isVisible()).toBe(false);
    await tryAgain.waitFor({ timeout: OPEN_PATIENCE_MS + 5000 });
    expect(
      await page.getByText('Still waiting for your saved games. Nothing has been changed.').isVisible()
    ).toBe(true);
    // The layout's banner says why.
    expect(await page.getByRole('alert').innerText()).toMatch(/taking unusually long/);
    await shot(page, 'slow-open');

    await visit(page, `${shared.server.url}/titans/new`);
    await page.getByPlaceholder('Player 1').fill('Ana');
    await page.getByPlaceholder('Player 2').fill('Ben');
    const start = page.getByRole('button', { name: 'Start the game' });
    await start.click();
    await expect.poll(() => start.isDisabled()).toBe(true);
    await page
      .getByText(/taking too long to open, so this game was not started/)
      .waitFor({ timeout: OPEN_PATIENCE_MS + 5000 });
    expect(await start.isDisabled()).toBe(false);
    await context.close();
  });
});
