/**
 * Titans of Eden in a real browser, as a table plays it: the quick flow by default (an ordinary
 * Duel turn in 3 taps with each number's ✓ counted, counted here), Guide me walking every step to the
 * same result, a reload in the middle of a battle, double taps that count once, the number pad
 * that never hides the battle, 40-character names at 360 px, and the step help.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openTab, shot, visit } from './harness';
import { board, box, newGame, quickBattle } from './titans-play';
import { useBrowser } from './shared';
import { cutWords, namesLost } from './epic-titans-names';
import {
  accessibilityProblems,
  countTaps,
  finishedInStorage,
  scrollsSideways,
  tapAfterLooking,
  taps,
  typeOnPad
} from './checks';

const shared = useBrowser();

async function historyText(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const sheet = page.getByRole('dialog', { name: 'History' });
  const text = await sheet.locator('.history:not(.minor)').allInnerTexts();
  await sheet.getByRole('button', { name: 'Close' }).click();
  // Drop the "just now" times: the two games were played at different moments.
  return text.join('\n').replace(/\n(just now|\d+ \w+ ago)/g, '');
}

describe('Titans of Eden', () => {
  it('a Duel in the quick flow, to the end, surviving a reload mid-battle; an ordinary turn is 3 taps', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(shared.server.url, page);
    await shot(page, 'titans-turn-start');
    expect(await accessibilityProblems(page)).toEqual([]);

    // Phone flat between the two players: Ben's mat turns to face him.
    await page.getByRole('button', { name: 'Face each other' }).click();
    const across = page.locator('.across');
    await expect.poll(() => across.innerText()).toContain('Ben');
    expect(await across.evaluate((el) => getComputedStyle(el).transform)).toMatch(/^matrix\(-1, /);
    await tapAfterLooking(page.getByRole('button', { name: 'Side by side' }));

    // Turn 1: Ana surges, then enters her power; the history lists the surge.
    await page.getByRole('button', { name: /^Ana: Surge/ }).click();
    await expect.poll(() => page.getByLabel('1 of 2 surge tokens left').count()).toBe(1);
    expect(await historyText(page)).toContain('Ana surges (1 token left)');
    await box(page, 'Ana').click();
    await typeOnPad(page, 8);
    await expect.poll(() => box(page, 'Ana').getAttribute('aria-label')).toBe('Power of Ana: 8');
    await shot(page, 'titans-battle');

    // Reload in the middle of the battle: the same turn, step and entered power come back.
    const before = await board(page);
    await page.reload();
    await page.getByRole('button', { name: 'Resolve the battle' }).waitFor();
    expect(await board(page)).toBe(before);
    expect(await box(page, 'Ana').getAttribute('aria-label')).toBe('Power of Ana: 8');
    expect(await box(page, 'Ben').getAttribute('aria-label')).toBe('Power of Ben: not entered');
    await box(page, 'Ben').click();
    // The last ✓ resolves the battle (an entry of its own: Undo brings the totals back unresolved).
    await typeOnPad(page, 3);
    await expect
      .poll(() => page.getByText('Ana destroys a temple of Ben', { exact: true }).isVisible())
      .toBe(true);
    await tapAfterLooking(page.getByRole('button', { name: /^Undo: Battle: / }));
    await expect.poll(() => box(page, 'Ben').getAttribute('aria-label')).toBe('Power of Ben: 3');
    expect(await box(page, 'Ana').getAttribute('aria-label')).toBe('Power of Ana: 8');
    await tapAfterLooking(page.getByRole('button', { name: 'Resolve the battle' }));
    await expect
      .poll(() => page.getByText('Ana destroys a temple of Ben', { exact: true }).isVisible())
      .toBe(true);
    await shot(page, 'titans-end-of-turn');
    await tapAfterLooking(page.getByRole('button', { name: /^Next turn/ }));

    // Turn 2, an ordinary turn, counted with every ✓ (issue 51: 5 taps before: the box, ✓ Next,
    // ✓ Done, Resolve, Next turn). The pad is open on the first box already; the last ✓ resolves.
    await countTaps(page, { confirms: true });
    await quickBattle(page, [9, 1]);
    await tapAfterLooking(page.getByRole('button', { name: /^Next turn/ }));
    await expect.poll(() => page.getByText(/· Turn 3/).isVisible()).toBe(true);
    expect(await taps(page)).toEqual([
      '✓ Next',
      '✓ Resolve',
      expect.stringMatching(/^Next turn: Avatar Mat to (Ana|Ben)$/)
    ]);

    await quickBattle(page, [12, 2]);
    await expect.poll(() => page.getByRole('heading', { name: 'Ana wins!' }).isVisible()).toBe(true);
    await shot(page, 'titans-game-over');
    await finishedInStorage(page);

    // Home lists the game among the finished ones, telling its format and result.
    await visit(page, shared.server.url);
    const finished = page.getByRole('list', { name: 'Finished games' });
    await expect
      .poll(() => finished.innerText())
      .toMatch(/Duel · classic[\s\S]*Ana won · Ana 3 – Ben 0 temples/);
    await context.close();
  });

  it('three arenas, six players: an ordinary turn is a tap per power typed + 1, and the pad never hides a box or who wins', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(shared.server.url, page, { format: /Three/, players: 6 });
    await quickBattle(page, [1, 1, 1, 1, 1, 1]);
    await tapAfterLooking(page.getByRole('button', { name: /^Next turn/ }));
    await expect.poll(() => page.getByText(/· Turn 2/).isVisible()).toBe(true);
    // Issue 51: 9 taps before (the box, six ✓, Resolve, Next turn); now six ✓ and Next turn.
    await countTaps(page, { confirms: true });
    const sheet = page.getByRole('dialog');
    await page.getByRole('group', { name: /^Number pad/ }).waitFor();
    for (const p of [3, 7, 11]) await typeOnPad(page, p);
    // Typing Arena 2's second total: all six boxes and the three previews are in sight.
    await expect
      .poll(() =>
        sheet
          .getByText(/Arena 2\)$/)
          .first()
          .isVisible()
      )
      .toBe(true);
    const covered = await page.evaluate(() => {
      const sheet = document.querySelector('[role=dialog]')!;
      const hidden: string[] = [];
      for (const el of sheet.querySelectorAll<HTMLElement>('.power, .preview')) {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (r.bottom > innerHeight || r.top < 0 || !el.contains(top)) hidden.push(el.textContent ?? '');
      }
      return {
        hidden,
        boxes: sheet.querySelectorAll('.power').length,
        previews: sheet.querySelectorAll('.preview').length
      };
    });
    expect(covered).toEqual({ hidden: [], boxes: 6, previews: 3 });
    await shot(page, 'titans-three-arenas-pad');
    for (const p of [15, 19, 12]) await typeOnPad(page, p);
    const resolve = page.getByRole('button', { name: 'Resolve the battle' });
    if (await resolve.isVisible()) await resolve.click(); // as the table had to before
    await tapAfterLooking(page.getByRole('button', { name: /^Next turn/ }));
    await expect.poll(() => page.getByText(/· Turn 3/).isVisible()).toBe(true);
    const counted = await taps(page);
    expect(counted, counted.join(' | ')).toHaveLength(6 + 1);
    expect(counted.filter((t) => t.startsWith('✓'))).toHaveLength(6);
    // Nobody is out in three arenas: a mat at 0 does not look eliminated.
    expect(await page.locator('.mat.out').count()).toBe(0);

    // A hardware keyboard: the field has the cursor when the sheet opens and again after each
    // Enter, so a round of totals is typed without touching the screen.
    const boxes = page.getByRole('region', { name: 'This turn' }).getByRole('button', { name: /^Power of/ });
    const first = await boxes.nth(0).getAttribute('aria-label');
    // Open on the first box by itself after Next turn.
    await expect.poll(() => sheet.locator('.title').innerText()).toMatch(/ \(Arena \d\)$/);
    const focused = () =>
      page.evaluate(() => document.activeElement?.classList.contains('pad-input') ?? false);
    await expect.poll(focused).toBe(true);
    const firstTitle = await sheet.locator('.title').innerText();
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    await expect.poll(() => sheet.locator('.title').innerText()).not.toBe(firstTitle);
    await expect.poll(focused).toBe(true);
    // A person types the next number after seeing the sheet move on: a frame at least (a key
    // pressed on the screen before it showed the last one is dropped as a double press).
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
    // A digit tapped on the pad leaves the cursor in the field: Enter on the keyboard then confirms.
    await page
      .getByRole('group', { name: /^Number pad/ })
      .getByRole('button', { name: '6', exact: true })
      .click();
    expect(await focused()).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);
    expect(await boxes.nth(0).getAttribute('aria-label')).toBe(first!.replace('not entered', '4'));
    const labels = await boxes.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(labels.filter((l) => l?.endsWith(': 6'))).toHaveLength(1);
    // Closed, the sheet leaves no room behind; opened again on the same box, it is that box's.
    expect(await page.locator('.under-sheet').evaluate((room) => room.getClientRects().length)).toBe(0);
    await boxes.first().click();
    await expect.poll(() => sheet.locator('.title').innerText()).toBe(firstTitle);
    expect(await sheet.getByRole('textbox').inputValue()).toBe('4');
    await expect.poll(focused).toBe(true);
    await context.close();
  });

  it('Guide me and the quick flow, fed the same numbers, show the same board and history', async () => {
    const { page, context } = await openTab(shared.browser);
    const play = async (guide: boolean) => {
      await newGame(shared.server.url, page, { seed: 'GUIDE123' });
      if (guide) {
        await page.getByRole('button', { name: 'More' }).click();
        await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
        await page.getByRole('button', { name: /^Ana: Surge/ }).click();
        await page.getByRole('button', { name: 'Begin the first age' }).click();
        for (let step = 1; step <= 15; step++) {
          const title = await page.locator('.banner h2').innerText();
          await tapAfterLooking(page.getByRole('button', { name: /^Next: / }));
          await expect.poll(() => page.locator('.banner h2').innerText()).not.toBe(title);
        }
        // The battle step opens the pad on the first box by itself; the last ✓ resolves.
        await page.getByRole('group', { name: /^Number pad/ }).waitFor();
        expect(await page.locator('.banner h2').innerText()).toMatch(/Battle$/);
        for (const p of [8, 3]) await typeOnPad(page, p);
        await expect.poll(() => page.locator('.banner h2').innerText()).toMatch(/End of the turn$/);
        await tapAfterLooking(page.getByRole('button', { name: 'Next: Shuffle and draw' }));
        await tapAfterLooking(page.getByRole('button', { name: /^Next turn/ }));
      } else {
        await page.getByRole('button', { name: /^Ana: Surge/ }).click();
        await quickBattle(page, [8, 3]);
        await tapAfterLooking(page.getByRole('button', { name: /^Next turn/ }));
      }
      await expect.poll(() => page.getByText(/· Turn 2/).isVisible()).toBe(true);
      return { board: await board(page), history: await historyText(page) };
    };
    const quick = await play(false);
    const guided = await play(true);
    expect(guided).toEqual(quick);
    expect(quick.history).toContain('Battle: Ana 8 – 3 Ben, Ana wins; Ana destroys a temple of Ben');
    await context.close();
  });

  it('a double tap counts once: Surge, Begin, ✓ and Next turn', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(shared.server.url, page);
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.getByRole('button', { name: /^Ana: Surge/ }).dblclick();
    await expect.poll(() => page.getByLabel('1 of 2 surge tokens left').count()).toBe(1);
    await page.waitForTimeout(400);
    expect(await page.getByLabel('2 of 2 surge tokens left').count()).toBe(1); // Ben untouched, Ana once

    await box(page, 'Ana').click();
    const pad = page.getByRole('group', { name: /^Number pad/ });
    await pad.getByRole('button', { name: '5', exact: true }).click();
    await page.locator('button.confirm[data-entry-key]').dblclick();
    await expect.poll(() => box(page, 'Ana').getAttribute('aria-label')).toBe('Power of Ana: 5');
    expect(await box(page, 'Ben').getAttribute('aria-label')).toBe('Power of Ben: not entered');
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /number/ })
        .count()
    ).toBe(0);
    await typeOnPad(page, 1); // the last ✓: the battle is resolved
    await page.waitForTimeout(400); // looking at the result, then the double tap
    await page.getByRole('button', { name: /^Next turn/ }).dblclick();
    await expect.poll(() => page.getByText(/· Turn 2/).isVisible()).toBe(true);
    await page.waitForTimeout(400);
    // The second tap neither started turn 3 nor raised a refusal.
    expect(await page.getByText(/· Turn 3/).count()).toBe(0);
    expect(await page.locator('.toast.error').count()).toBe(0);

    // Guide me: a double tap on a step button walks one step.
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
    await page.waitForTimeout(400);
    await page.getByRole('button', { name: 'Begin the first age' }).dblclick();
    await page.waitForTimeout(400);
    expect(await page.locator('.banner h2').innerText()).toBe('Age 1 · Start of the age');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a tap moves no focus, yet a number being typed in a counter is saved by the next tap anywhere', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(shared.server.url, page);
    const focused = () => page.evaluate(() => document.activeElement?.tagName ?? '');
    await page.getByRole('button', { name: /^Ana: Surge/ }).click();
    await expect.poll(() => page.getByLabel('1 of 2 surge tokens left').count()).toBe(1);
    expect(await focused()).toBe('BODY');

    // A counter's typed total is kept when the person taps on without pressing Enter.
    await page.locator('details.supply summary').click();
    await page.getByRole('button', { name: /^Ghosts: \d+/ }).click();
    const field = page.getByRole('textbox', { name: /^New total for Ghosts/ });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('7');
    // A finger's press (80 ms): the field's change is painted before the lift, as at the table.
    await page.getByRole('button', { name: /^Ben: Surge/ }).click({ delay: 80 });
    await expect
      .poll(() => page.getByRole('button', { name: /^Ghosts: / }).getAttribute('aria-label'))
      .toMatch(/^Ghosts: 7\b/);
    expect(await page.getByLabel('1 of 2 surge tokens left').count()).toBe(2);
    expect(await focused()).not.toBe('INPUT'); // out of the field: its edit is over
    await context.close();
  });

  it('undo paints the undone state in its own frame, then offers Redo; a tap before the offer shows cancels it', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(shared.server.url, page);
    await page.locator('details.supply summary').click();
    const ghosts = () => page.getByRole('button', { name: /^Ghosts: \d+/ }).getAttribute('aria-label');
    const before = await ghosts();
    await page.getByRole('button', { name: 'Decrease Ghosts' }).click({ delay: 80 });
    await expect.poll(ghosts).not.toBe(before);
    // Frame by frame from the undo tap: the frame the Ghosts count came back in, and the toast's.
    await page.evaluate((restored) => {
      const w = window as unknown as { __frames: { ghosts?: number; toast?: number } };
      w.__frames = {};
      let frame = 0;
      const watch = () => {
        frame++;
        const label = document.querySelector('[aria-label^="Ghosts:"]')?.getAttribute('aria-label');
        w.__frames.ghosts ??= label === restored ? frame : undefined;
        w.__frames.toast ??= document.querySelector('.toast') ? frame : undefined;
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    }, before);
    await page.getByRole('button', { name: /^Undo: / }).click({ delay: 80 });
    const offer = page.getByRole('status').filter({ hasText: /^Undone: The arena: Ghosts -1/ });
    await offer.waitFor();
    // The toast can be found before the watcher's next frame has looked: let that frame run.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
    );
    const frames = await page.evaluate(() => (window as unknown as { __frames: object }).__frames);
    expect(await ghosts()).toBe(before);
    expect(frames).toMatchObject({ ghosts: expect.any(Number), toast: expect.any(Number) });
    const { ghosts: shownAt, toast: offeredAt } = frames as { ghosts: number; toast: number };
    expect(offeredAt).toBeGreaterThan(shownAt);

    // Redo from the offer brings the step back.
    await offer.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(ghosts).not.toBe(before);
    await expect.poll(() => offer.count()).toBe(0);
    // A tap counts only on a state its screen has shown: let the redone state reach a frame first
    // (the DOM above can change before it paints; a tap then is refused as unseen, on purpose).
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));

    // Undo, and a new step in the very frame that shows it: the offer to redo is stale, never shown.
    await page.evaluate(() => {
      const button = (match: (b: HTMLButtonElement) => boolean) =>
        [...document.querySelectorAll('button')].find(match)!;
      button((b) => /^Undo: /.test(b.ariaLabel ?? '')).click();
      requestAnimationFrame(() => button((b) => /^Ana: Surge/.test(b.textContent ?? '')).click());
    });
    await expect.poll(() => page.getByLabel('1 of 2 surge tokens left').count()).toBe(1);
    expect(await ghosts()).toBe(before);
    await page.waitForTimeout(400);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /^Undone:/ })
        .count()
    ).toBe(0);
    await context.close();
  });

  it('a held counter ramps on screen and makes one history line; it never shows the old value again', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(shared.server.url, page);
    await page.locator('details.supply summary').click();
    const minus = page.getByRole('button', { name: 'Decrease Ghosts' });
    const value = page.getByRole('button', { name: /^Ghosts: \d+/ });
    const box = (await minus.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // Every value shown while holding and after release, frame by frame.
    await page.evaluate(() => {
      const w = window as unknown as { __seen: string[] };
      w.__seen = [];
      const el = document.querySelector('[aria-label^="Ghosts:"] span')!;
      const watch = () => {
        const text = el.textContent ?? '';
        if (w.__seen.at(-1) !== text) w.__seen.push(text);
        requestAnimationFrame(watch);
      };
      watch();
    });
    await page.mouse.down();
    await page.waitForTimeout(1600);
    await page.mouse.up();
    await page.waitForTimeout(300);
    const final = Number((await value.getAttribute('aria-label'))!.match(/: (\d+)/)![1]);
    expect(final).toBeLessThan(10);
    const seen = (await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).map(Number);
    // It only ever went down: no frame showed an older value after a newer one.
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(seen.at(-1)).toBe(final);
    const history = await historyText(page);
    expect(history.match(/Ghosts/g)).toHaveLength(1);
    expect(history).toContain(`The arena: Ghosts ${final - 12} (${final} left)`);
    await context.close();
  });

  it('40-character names at 360 px in every format: no sideways scroll, the boxes keep their width', async () => {
    const { page, context } = await openTab(shared.browser);
    await page.setViewportSize({ width: 360, height: 800 });
    const names = [
      'Anastasia Wilhelmina Montgomery-Smythe J',
      'Bartholomew Fitzgerald Alexander Whitley',
      'Cordelia Evangeline Rosalind Featherston',
      'Demetrius Maximilian Theodore Worthingto',
      'Esmeralda Guinevere Ophelia Brightwaters',
      'Fitzwilliam Archibald Percival Lancaster'
    ];
    for (const [format, players] of [
      [/Duel/, 2],
      [/Two/, 4],
      [/Three/, 6]
    ] as const) {
      await newGame(shared.server.url, page, { format, players, names });
      expect(await scrollsSideways(page), `${format} start`).toBe(false);
      const widths = await page
        .getByRole('region', { name: 'This turn' })
        .locator('.sides')
        .evaluateAll((rows) =>
          rows.map((r) => [...r.children].map((c) => Math.round(c.getBoundingClientRect().width)))
        );
      for (const [a, b] of widths) expect(Math.abs(a - b), `${format} boxes`).toBeLessThanOrEqual(1);
      await quickBattle(
        page,
        Array.from({ length: widths.length * 2 }, (_, i) => (i % 3) * 4)
      );
      expect(await scrollsSideways(page), `${format} end of turn`).toBe(false);
    }
    // The full name is there for whoever needs it.
    expect(await page.getByTitle(names[0]).count()).toBeGreaterThan(0);
    await shot(page, 'titans-long-names-360');
    await context.close();
  });

  // Issue 51, "the verb stays; the name gives way": with names up to 40 code points (the longest
  // a name may be) every button and row that names a player shows what it does whole, at 390 px.
  // The rulebook's Surge (a player spends a surge token at the start of the turn) and Haunt (the
  // opponent gains Ghosts) are what those controls record.
  it('long names never cut what a control does: Surge, Haunt, Spite, draw up to and Next turn', async () => {
    const { page, context } = await openTab(shared.browser);
    const long = [
      'Maximilian Alexander',
      'Ed',
      'Cordelia Evangeline Rosalind Featherston',
      'Demetrius Maximilian Theodore Worthingto',
      'Esmeralda Guinevere Ophelia Brightwaters',
      'Fitzwilliam Archibald Percival Lancaster'
    ];
    for (const [format, players] of [
      [/Duel/, 2],
      [/Three/, 6]
    ] as const) {
      await newGame(shared.server.url, page, { format, players, names: long });
      const turn = page.getByRole('region', { name: 'This turn' });
      const surges = turn.getByRole('group', { name: 'Surge' }).getByRole('button');
      expect(await surges.count()).toBe(players);
      for (const b of await surges.all()) {
        expect(await cutWords(b, [': Surge', '(2 left)']), await b.innerText()).toEqual([]);
        expect(await namesLost(b), await b.innerText()).toEqual([]);
      }
      await turn.locator('details.haunt summary').click();
      const rows = turn.locator('.haunt-row');
      expect(await rows.count()).toBe(players);
      for (const [i, row] of (await rows.all()).entries()) {
        const arena = players > 2 ? [` (A${Math.floor(i / 2) + 1})`] : [];
        const text = await row.innerText();
        expect(await cutWords(row, [' haunts ', ...arena, '+1', 'No Escape +2']), text).toEqual([]);
        expect(await namesLost(row), text).toEqual([]);
      }
      // "Ed" is short: it shows whole beside a long name.
      expect(await cutWords(rows.filter({ hasText: /^Ed haunts/ }), ['Ed'])).toEqual([]);
      await shot(page, `titans-long-names-390-${players}`);

      await quickBattle(
        page,
        Array.from({ length: players }, (_, i) => (i % 2 ? 1 : 9))
      );
      const spites = turn.locator('.spite').getByRole('button');
      expect(await spites.count()).toBeGreaterThan(0);
      for (const b of await spites.all()) {
        expect(await cutWords(b, ['’s Spite:', ' gains 2 Ghosts']), await b.innerText()).toEqual([]);
      }
      for (const row of await turn.getByRole('list', { name: 'Draw up to' }).getByRole('listitem').all()) {
        expect(await cutWords(row, [': draw up to ', '6']), await row.innerText()).toEqual([]);
      }
      const next = turn.getByRole('button', { name: /^Next turn/ });
      const says = players > 2 ? ['Next turn: Avatar Mat to', 'Team '] : ['Next turn: Avatar Mat to '];
      expect(await cutWords(next, says), await next.innerText()).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      await shot(page, `titans-long-names-390-${players}-end`);
    }
    await context.close();
  });

  it('the step help: end of turn links End of the turn, Rage and Spite; a checklist item its own rules; links keep the way back', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(shared.server.url, page);
    await quickBattle(page, [6, 1]);
    await page.getByRole('button', { name: 'Rules for this step' }).click();
    const help = page.getByRole('dialog', { name: /^Rules:/ });
    await expect.poll(() => help.locator('h3').allInnerTexts()).toEqual(['End of the turn', 'Rage', 'Spite']);
    await help.getByRole('button', { name: 'Back to the game' }).click();

    await page.getByRole('button', { name: 'Age 2' }).click();
    await page.getByRole('button', { name: 'Awaken: rules' }).click();
    await expect.poll(() => help.locator('h3').first().innerText()).toBe('Awakening');
    // A link followed from inside the help still offers the way back (an installed app has no back button).
    await help.locator('a[href*="/rules/"]').first().click();
    await page.waitForURL(/\/rules\/titans\//);
    await page
      .getByRole('link', { name: 'Back to the game' })
      .or(page.getByRole('button', { name: 'Back to the game' }))
      .first()
      .click();
    await page.waitForURL(/\/play\//);
    await context.close();
  });

  it('a shared setup link rebuilds the same format and ritual piles on another phone', async () => {
    const first = await openTab(shared.browser);
    await visit(first.page, `${shared.server.url}/titans/new`);
    await first.page
      .getByRole('radiogroup', { name: 'Format' })
      .getByRole('radio', { name: /Two arenas/ })
      .click();
    await expect.poll(() => first.page.locator('.grid .pile').count()).toBe(32);
    const piles = await first.page.locator('.grid .pile').allInnerTexts();
    // Readable at arm's length: pile names at least 14 px at the default text size.
    const sizes = await first.page
      .locator('.grid .pile .name')
      .evaluateAll((els) => els.map((e) => parseFloat(getComputedStyle(e).fontSize)));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(14);
    const code = (await first.page.getByTestId('setup-code').innerText()).trim();
    expect(code).toMatch(/^T2-/);
    await first.context.close();

    const second = await openTab(shared.browser);
    await visit(second.page, `${shared.server.url}/titans/new?code=${encodeURIComponent(code)}`);
    await expect.poll(() => second.page.locator('.grid .pile').count()).toBe(32);
    expect(await second.page.locator('.grid .pile').allInnerTexts()).toEqual(piles);
    expect(await second.page.getByRole('radio', { name: /Two arenas/ }).getAttribute('aria-checked')).toBe(
      'true'
    );

    // A mistyped code says so in plain words and leaves a fresh setup to use.
    await visit(second.page, `${shared.server.url}/titans/new?code=T1-XXXX-YYYY`);
    await expect
      .poll(() =>
        second.page
          .getByText(/setup code|code does not|wrong length/i)
          .first()
          .isVisible()
      )
      .toBe(true);
    await second.context.close();
  });
});
