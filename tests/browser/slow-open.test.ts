/**
 * An open that never answers (another tab holding the database mid-upgrade, a wedged browser
 * store): after a while the person is told and offered a way out, on the play screen and on the
 * new-game screen, instead of "Opening your game…" and a disabled Start button forever.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openTab, shot, visit } from './harness';
import { newGame, quickBattle } from './titans-play';
import { useBrowser } from './shared';
import { gameId, journalEntries } from './checks';
import { OPEN_PATIENCE_MS } from '../../src/lib/util/time';

const shared = useBrowser();

/** IndexedDB that takes every open request and never answers any. */
const hangingIndexedDb = () => {
  IDBFactory.prototype.open = function () {
    return new EventTarget() as IDBOpenDBRequest;
  };
};

/** Notes (on `window.journalAnswered`) when a worker of the page first posts a message. */
const noteWorkerAnswers = () => {
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      this.addEventListener(
        'message',
        () => ((window as { journalAnswered?: boolean }).journalAnswered = true),
        {
          once: true
        }
      );
    }
  };
};

describe('an open that never answers', () => {
  it('the play screen offers to try again and exports what the recovery copy holds; the new-game screen gives Start back with a message', async () => {
    const { page, context } = await openTab(shared.browser);
    // A game played before the database stopped answering: its recovery copy is what is left.
    await newGame(shared.server.url, page);
    await quickBattle(page, [5, 3]);
    const gameUrl = page.url();
    // The three steps are in the recovery copy before the page goes: leaving right after the last
    // tap could take that tap with it, as a kill would (CI saw 2 of 3 once).
    await expect.poll(() => journalEntries(page, gameId(page))).toBe(3);
    await page.goto('about:blank');
    await context.addInitScript(hangingIndexedDb);
    await context.addInitScript(noteWorkerAnswers);
    // The patience runs out on the page's clock, moved on by hand: the test need not wait it out.
    await context.clock.install();

    await visit(page, gameUrl);
    await expect.poll(() => page.getByText('Opening your game…').isVisible()).toBe(true);
    // The recovery copy's worker gives itself 4 s to start, on the page's clock. Jumping the clock
    // before it has answered would time it out at once, which real time cannot do (CI saw the
    // export then say there was no recovery copy, on a slow run): wait for its first word.
    await expect
      .poll(() => page.evaluate(() => (window as { journalAnswered?: boolean }).journalAnswered))
      .toBe(true);
    const tryAgain = page.getByRole('button', { name: 'Try again' });
    expect(await tryAgain.isVisible()).toBe(false);
    await page.clock.fastForward(OPEN_PATIENCE_MS - 1000);
    expect(await tryAgain.isVisible()).toBe(false);
    await page.clock.fastForward(1000);
    await tryAgain.waitFor();
    expect(
      await page.getByText('Still waiting for your saved games. Nothing has been changed.').isVisible()
    ).toBe(true);
    // The layout's banner says why.
    expect(await page.getByRole('alert').innerText()).toMatch(/taking unusually long/);
    const downloading = page.waitForEvent('download', { timeout: 15_000 }).catch(() => undefined);
    await page.getByRole('button', { name: 'Export what can be read' }).click();
    const download = await downloading;
    // No file: say what the page said instead.
    expect(download, (await page.getByRole('status').allInnerTexts()).join(' | ')).toBeDefined();
    const backup = JSON.parse(readFileSync((await download!.path())!, 'utf8'));
    expect(backup.format).toBe('tableside-backup');
    expect(backup.sessions.map((s: { id: string }) => s.id)).toEqual([gameUrl.split('/').pop()]);
    expect(backup.events.length).toBeGreaterThanOrEqual(3);
    expect(await page.getByRole('status').innerText()).toMatch(/Exported 1 game from the recovery copy/);
    await shot(page, 'slow-open');

    await visit(page, `${shared.server.url}/titans/new`);
    await page.getByPlaceholder('Player 1').fill('Ana');
    await page.getByPlaceholder('Player 2').fill('Ben');
    const start = page.getByRole('button', { name: 'Start the game' });
    await start.click();
    await expect.poll(() => start.isDisabled()).toBe(true);
    await page.clock.fastForward(OPEN_PATIENCE_MS);
    await page.getByText(/taking too long to open, so this game was not started/).waitFor();
    expect(await start.isDisabled()).toBe(false);
    await context.close();
  });
});
