/**
 * Twilight of the Gods in a real browser, as a table plays it: a game set up through the screens
 * and played to its end in the quick flow with a reload in the middle of combat (an ordinary turn
 * in 3 taps besides the numbers typed, counted here); Guide me walking every step to the same
 * board and history; a double tap that counts once; the draft; 40-character names at 360 px; the
 * accessibility checks on every Twilight screen; a shared setup link.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openTab, shot, visit } from './harness';
import { useBrowser } from './shared';
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

const board = (page: Page) => page.getByRole('region', { name: 'Board' }).innerText();
const turn = (page: Page) => page.getByRole('region', { name: 'This turn' });
const area = (page: Page, who: string) => page.getByRole('article', { name: new RegExp(`^${who}`) });
const lifeOf = async (page: Page, who: string) =>
  Number(await area(page, who).locator('.life .num').innerText());

async function newGame(
  page: Page,
  options: { players?: number; names?: string[]; seed?: string; teams?: RegExp; draft?: boolean } = {}
) {
  const { players = 2, names = ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay'] } = options;
  await visit(page, `${shared.server.url}/twilight/new`);
  await page
    .getByRole('radiogroup', { name: 'Number of players' })
    .getByRole('radio', { name: String(players), exact: true })
    .click();
  for (let i = 0; i < players; i++) await page.getByPlaceholder(`Player ${i + 1}`).fill(names[i]);
  if (options.teams)
    await page.getByRole('radiogroup', { name: 'Teams' }).getByRole('radio', { name: options.teams }).click();
  if (options.draft)
    await page.getByRole('radiogroup', { name: 'Decks' }).getByRole('radio', { name: /Draft/ }).click();
  if (options.seed) {
    await page.getByPlaceholder(/Use a seed/).fill(options.seed);
    await page.getByRole('button', { name: 'Use seed' }).click();
  }
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  await turn(page).waitFor();
}

async function historyText(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const sheet = page.getByRole('dialog', { name: 'History' });
  const text = await sheet.locator('.history:not(.minor)').allInnerTexts();
  await sheet.getByRole('button', { name: 'Close' }).click();
  return text.join('\n').replace(/\n(just now|\d+ \w+ ago)/g, '');
}

async function guideMe(page: Page) {
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
}

/** Guide me: Next until the banner shows that step. */
async function walkTo(page: Page, title: RegExp) {
  for (let i = 0; i < 20 && !title.test(await page.locator('.banner h2').innerText()); i++) {
    const before = await page.locator('.banner h2').innerText();
    await tapAfterLooking(page.getByRole('button', { name: /^Next: / }));
    await expect.poll(() => page.locator('.banner h2').innerText()).not.toBe(before);
  }
  expect(await page.locator('.banner h2').innerText()).toMatch(title);
}

describe('Twilight of the Gods', () => {
  it('two players in the quick flow, to an empty Life Stack, surviving a reload mid-combat; an ordinary turn is 3 taps', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page);
    expect(await board(page)).toMatch(/Ana[\s\S]*43[\s\S]*Ben[\s\S]*43/);
    await page.getByRole('button', { name: 'Ben mulligan' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Ben mulligan taken' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: /^Begin: Ana draws 1/ }).click();
    await expect.poll(() => lifeOf(page, 'Ana')).toBe(42);

    // Turn 1, an ordinary turn, counted: a Trade (both counts typed), an unblocked attacker
    // (its Life typed), and the Aspect's level with End turn.
    await countTaps(page);
    await turn(page).getByRole('button', { name: 'Trade with Ben', exact: true }).click();
    await typeOnPad(page, 2);
    await typeOnPad(page, 2);
    await tapAfterLooking(turn(page).getByRole('button', { name: /Ben’s Life Stack/ }));
    await typeOnPad(page, 3);
    await expect.poll(() => lifeOf(page, 'Ben')).toBe(40);

    // Reload in the middle of combat: the same board and the same step come back.
    const before = await board(page);
    const tapsBefore = await taps(page);
    await page.reload();
    await turn(page).waitFor();
    await countTaps(page);
    await expect.poll(() => board(page)).toBe(before);
    expect(await page.locator('.stage.current').innerText()).toBe('Combat');
    await tapAfterLooking(page.getByRole('button', { name: /^Greater Aspect into play: / }));
    await expect.poll(() => page.getByText('Turn 2 ·').first().isVisible()).toBe(true);
    expect([...tapsBefore, ...(await taps(page))]).toEqual([
      'Trade with Ben',
      'Ben’s Life Stack',
      'Greater Aspect into play: II · end turn,'
    ]);
    const history = await historyText(page);
    expect(history).toContain('Ana trades with Ben: gives 2, gets 2 (Aspect Stacks 2 · 2)');
    expect(history).toContain('Ben −3 Life Stack, unblocked attacker of Life 3 (40 left)');
    expect(history).toContain(
      'Ana puts a Greater (II) into the Resource Area · Decay: no Power left unspent · Ana ends the turn'
    );

    // Ben seizes a Lesser from Ana's Hand, puts it into play and ends the turn.
    await turn(page)
      .getByRole('button', { name: /^Seize Lesser I: .* from Ana/ })
      .click();
    await expect.poll(() => area(page, 'Ben').innerText()).toMatch(/Destroyed\s*1/);
    await tapAfterLooking(page.getByRole('button', { name: /^Lesser Aspect into play: / }));
    await shot(page, 'twilight-turn-start');

    // Ana finishes it: an attacker bigger than Ben's Life Stack.
    await tapAfterLooking(turn(page).getByRole('button', { name: /Ben’s Life Stack/ }));
    await typeOnPad(page, 50);
    await expect.poll(() => page.getByRole('heading', { name: 'Ana wins!' }).isVisible()).toBe(true);
    expect(await area(page, 'Ben').innerText()).toMatch(/Out/i);
    await shot(page, 'twilight-game-over');
    await finishedInStorage(page);

    await visit(page, shared.server.url);
    await expect
      .poll(() => page.getByRole('list', { name: 'Finished games' }).innerText())
      .toMatch(/Two players · 50-card decks[\s\S]*Ana won · Ana \d+ · Ben out/);
    await context.close();
  });

  it('Guide me and the quick flow, fed the same numbers, show the same board and history', async () => {
    const { page, context } = await openTab(shared.browser);
    const play = async (guide: boolean) => {
      await newGame(page, { seed: 'GUIDE123' });
      await page.getByRole('button', { name: /^Begin/ }).click();
      if (guide) {
        await guideMe(page);
        await walkTo(page, /Trade$/);
      }
      await turn(page).getByRole('button', { name: 'Trade with Ben', exact: true }).click();
      await typeOnPad(page, 1);
      await typeOnPad(page, 2);
      if (guide) await walkTo(page, /Resource$/);
      await tapAfterLooking(turn(page).getByRole('button', { name: /^Put a Greater Aspect/ }));
      if (guide) await walkTo(page, /Life Stack damage$/);
      await tapAfterLooking(turn(page).getByRole('button', { name: /Ben’s Life Stack/ }));
      await typeOnPad(page, 4);
      if (guide) await walkTo(page, /Decay$/);
      await tapAfterLooking(page.getByRole('button', { name: /^End turn/ }));
      await expect.poll(() => page.getByText('Turn 2 ·').first().isVisible()).toBe(true);
      return { board: await board(page), history: await historyText(page) };
    };
    const quick = await play(false);
    const guided = await play(true);
    expect(guided).toEqual(quick);
    expect(quick.history).toContain('Ben −4 Life Stack, unblocked attacker of Life 4 (39 left)');
    await context.close();
  });

  it('a double tap counts once: End turn, a Seize and ✓', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page);
    await page.getByRole('button', { name: /^Begin/ }).click();
    await turn(page)
      .getByRole('button', { name: /^Seize Lesser I: .* from Ben/ })
      .dblclick();
    await page.waitForTimeout(400);
    expect(await area(page, 'Ana').innerText()).toMatch(/Aspect Stack\s*1/);
    await turn(page)
      .getByRole('button', { name: /Ben’s Discard Stack/ })
      .click();
    const pad = page.getByRole('group', { name: /^Number pad/ });
    await pad.getByRole('button', { name: '3', exact: true }).click();
    await page.locator('button.confirm[data-entry-key]').dblclick();
    await page.waitForTimeout(400);
    expect(await page.locator('.toast.error').count()).toBe(0);
    await page.getByRole('button', { name: /^Lesser Aspect into play: / }).dblclick();
    await expect.poll(() => page.getByText('Turn 2 ·').first().isVisible()).toBe(true);
    await page.waitForTimeout(400);
    expect(await page.getByText('Turn 3 ·').count()).toBe(0);
    expect(await page.locator('.toast.error').count()).toBe(0);
    await context.close();
  });

  it('the draft: Deities kept and passed, the Action piles counted, a Deity chosen each, then the game', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page, { players: 3, draft: true, seed: 'DRAFT001' });
    await shot(page, 'twilight-draft-deities');
    for (let round = 0; round < 2; round++) {
      for (const who of ['Ana', 'Ben', 'Cy']) {
        await tapAfterLooking(
          turn(page)
            .getByRole('button', { name: new RegExp(`^${who} keeps`) })
            .first()
        );
      }
    }
    await expect.poll(() => turn(page).innerText()).toMatch(/Pile 1 of 3 · pass right/);
    await shot(page, 'twilight-draft-actions');
    await tapAfterLooking(page.getByRole('button', { name: 'Everyone kept one and passed' }));
    await expect.poll(() => turn(page).innerText()).toMatch(/Pick 2 of 20: 19 cards/);
    for (let pile = 0; pile < 3; pile++)
      await tapAfterLooking(page.getByRole('button', { name: 'This pile is done' }));
    await expect.poll(() => turn(page).innerText()).toMatch(/Choose a Deity/);
    await tapAfterLooking(turn(page).getByRole('button', { name: 'Check the deck' }).first());
    await turn(page).locator('textarea').fill('3 Youthful Troll (Aggression)\n47 Other Card');
    await expect.poll(() => turn(page).innerText()).toMatch(/Not legal: 50 cards|Legal: 50 cards/);
    await shot(page, 'twilight-draft-build');
    expect(await accessibilityProblems(page)).toEqual([]);
    for (const who of ['Ana', 'Ben', 'Cy']) {
      await tapAfterLooking(
        turn(page)
          .getByRole('button', { name: new RegExp(`^${who} plays`) })
          .first()
      );
    }
    await expect.poll(() => page.getByRole('button', { name: /^Begin: Ana draws 2/ }).isVisible()).toBe(true);
    await context.close();
  });

  it('40-character names at 360 px, 2, 4 in teams, 6 and 8 players: no sideways scroll anywhere', async () => {
    const { page, context } = await openTab(shared.browser);
    await page.setViewportSize({ width: 360, height: 800 });
    const names = [
      'Anastasia Wilhelmina Montgomery-Smythe J',
      'Bartholomew Fitzgerald Alexander Whitley',
      'Cordelia Evangeline Rosalind Featherston',
      'Demetrius Maximilian Theodore Worthingto',
      'Esmeralda Guinevere Ophelia Brightwaters',
      'Fitzwilliam Archibald Percival Lancaster',
      'Gwendolyn Seraphina Marguerite Ashcombe',
      'Horatio Bartholomew Augustine Pennywort'
    ];
    for (const [players, teams] of [
      [2, undefined],
      [4, /2 teams/],
      [6, /3 teams/],
      [8, /4 teams/]
    ] as const) {
      await newGame(page, { players, names, teams });
      expect(await scrollsSideways(page), `${players} opening`).toBe(false);
      await page.getByRole('button', { name: /^Begin/ }).click();
      expect(await scrollsSideways(page), `${players} turn`).toBe(false);
      if (players > 2) {
        await turn(page)
          .getByRole('radiogroup', { name: 'Defending player' })
          .getByRole('radio')
          .first()
          .click();
      }
      await turn(page)
        .getByRole('button', { name: /Life Stack$/ })
        .click();
      expect(await scrollsSideways(page), `${players} number pad`).toBe(false);
      await typeOnPad(page, 2);
      await page.getByRole('button', { name: `Adjust ${names[0]}` }).click();
      expect(await scrollsSideways(page), `${players} corrections`).toBe(false);
      expect(await accessibilityProblems(page), `${players} players`).toEqual([]);
    }
    expect(await page.getByTitle(names[7]).count()).toBeGreaterThan(0);
    await shot(page, 'twilight-long-names-360');
    await context.close();
  });

  it('touch targets, names and visible focus on every Twilight screen', async () => {
    const { page, context } = await openTab(shared.browser);
    const found: Record<string, string[]> = {};
    const check = async (name: string) => {
      const p = await accessibilityProblems(page);
      if (p.length) found[name] = p;
    };
    await visit(page, `${shared.server.url}/twilight/new`);
    await check('new game');
    await page
      .getByRole('radiogroup', { name: 'Decks' })
      .getByRole('radio', { name: /Extended/ })
      .click();
    await page.getByText('Check a deck').click();
    await check('new game: Extended, deck check open');
    await page
      .getByRole('radiogroup', { name: 'Decks' })
      .getByRole('radio', { name: /Standard/ })
      .click();
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.waitForURL(/\/play\//);
    await turn(page).waitFor();
    await check('play: opening hands');
    await page.getByRole('button', { name: /^Begin/ }).click();
    await check('play: quick turn');
    await page.getByRole('button', { name: 'Aspects' }).click();
    await check('play: the checklist open');
    await turn(page)
      .getByRole('button', { name: /^Trade with/ })
      .click();
    await check('play: trade with the number pad');
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await page
      .getByRole('button', { name: /^Adjust/ })
      .first()
      .click();
    await check('play: corrections');
    await guideMe(page);
    await check('play: Guide me');
    // Focus is visible on the play screen's own controls, reached with the keyboard.
    await page.getByRole('button', { name: /^Next: / }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const s = getComputedStyle(document.activeElement as HTMLElement);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    expect(found).toEqual({});
    await context.close();
  });

  it('a shared setup link rebuilds the same table, seed and first player on another phone', async () => {
    const first = await openTab(shared.browser);
    await visit(first.page, `${shared.server.url}/twilight/new`);
    await first.page
      .getByRole('radiogroup', { name: 'Number of players' })
      .getByRole('radio', { name: '4' })
      .click();
    await first.page
      .getByRole('radiogroup', { name: 'Teams' })
      .getByRole('radio', { name: /2 teams/ })
      .click();
    await first.page
      .getByRole('radiogroup', { name: 'First player' })
      .getByRole('radio', { name: /random/ })
      .click();
    const drawn = await first.page.getByText(/^The seed draws/).innerText();
    const code = (await first.page.getByTestId('setup-code').innerText()).trim();
    expect(code).toMatch(/^TW2-/);
    await first.context.close();

    const second = await openTab(shared.browser);
    await visit(second.page, `${shared.server.url}/twilight/new?code=${encodeURIComponent(code)}`);
    await expect.poll(() => second.page.getByTestId('setup-code').innerText()).toBe(code);
    expect(
      await second.page.getByRole('radio', { name: '4', exact: true }).getAttribute('aria-checked')
    ).toBe('true');
    expect(await second.page.getByText(/^The seed draws/).innerText()).toBe(drawn);

    await visit(second.page, `${shared.server.url}/twilight/new?code=TW1-XXXX-YYYY`);
    await expect
      .poll(() =>
        second.page
          .getByText(/could not be used/)
          .first()
          .isVisible()
      )
      .toBe(true);
    await second.context.close();
  });
  it('Decay: the box stays open while counts go in, nothing moves under the finger, and End turn carries it', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page);
    await page.getByRole('button', { name: /^Begin/ }).click();
    await turn(page).getByRole('button', { name: 'Trade with Ben', exact: true }).click();
    await typeOnPad(page, 2);
    await typeOnPad(page, 2);
    const life = await lifeOf(page, 'Ana');
    // The Aspect that End turn puts into play may go unused: Decay is asked before the turn ends.
    const box = turn(page).locator('details.decay');
    await box.locator('summary').click();
    const plus = turn(page).getByRole('button', { name: 'Increase Unused Greater Aspects of Ana' });
    const minus = turn(page).getByRole('button', { name: 'Decrease Unused Greater Aspects of Ana' });
    const at = async () => (await plus.boundingBox())!.y;
    const y = await at();
    for (const button of [plus, minus, plus]) {
      await tapAfterLooking(button);
      expect(await box.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      expect(await at()).toBe(y);
    }
    await shot(page, 'twilight-decay-box');
    await tapAfterLooking(
      page.getByRole('button', {
        name: /^Greater Aspect into play: II · end turn, Decay 2 cards: Ben draws 2/
      })
    );
    await expect.poll(() => page.getByText('Turn 2 ·').first().isVisible()).toBe(true);
    expect(await lifeOf(page, 'Ana')).toBe(life - 2);
    expect(await historyText(page)).toContain(
      'Ana puts a Greater (II) into the Resource Area · Decay: Ana −2 Life Stack (II×1 unused) · Ana ends the turn'
    );
    // With nothing entered the button says so: the answer is "no Decay", never a silent skip.
    expect(
      await page.getByRole('button', { name: /^Lesser Aspect into play: I · end turn, no Decay/ }).count()
    ).toBe(1);
    await context.close();
  });

  it('Seize shows what is set aside, then destroyed and discarded; a Hand that cannot pay hears why', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page);
    await page.getByRole('button', { name: /^Begin/ }).click();
    const greater = turn(page).getByRole('button', { name: /^Seize Greater II: .* from Ben/ });
    expect(await greater.getAttribute('aria-label')).toBe(
      'Seize Greater II: set aside 4 · destroy 1, discard 3, from Ben'
    );
    expect(await greater.innerText()).toMatch(/II\s*set aside 4\s*destroy 1, discard 3/);
    await turn(page)
      .getByRole('button', { name: /^Seize Exalted III: .* from Ben/ })
      .click();
    await expect.poll(() => area(page, 'Ana').innerText()).toMatch(/Hand\s*3/);
    await tapAfterLooking(greater);
    // Said under the button's row, in the turn's card, never in a toast over the game.
    const said = turn(page).locator('.refusal-note[role=alert]');
    await expect
      .poll(() => said.innerText())
      .toContain('Seizing a Greater (II) from Ben sets aside 4 cards; Ana has 3 in Hand.');
    expect(await page.locator('.toast').count()).toBe(0);
    expect(await area(page, 'Ana').innerText()).toMatch(/Aspect Stack\s*1/);
    await context.close();
  });

  it('combat in order: after a Life Stack hit, no Discard Stack hit for that combat', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page);
    await page.getByRole('button', { name: /^Begin/ }).click();
    const discard = turn(page).getByRole('button', { name: 'Ben’s Discard Stack' });
    expect(await discard.count()).toBe(1);
    await turn(page).getByRole('button', { name: 'Ben’s Life Stack' }).click();
    await typeOnPad(page, 2);
    await expect.poll(() => lifeOf(page, 'Ben')).toBe(41);
    expect(await discard.count()).toBe(0);
    await context.close();
  });

  it('words: an Exalted, the header, and 40-character names that never wrap a button to many lines', async () => {
    const { page, context } = await openTab(shared.browser);
    await page.setViewportSize({ width: 360, height: 800 });
    const names = ['Anastasia Wilhelmina Montgomery-Smythe J', 'Bartholomew Fitzgerald Alexander Whitley'];
    await newGame(page, { names });
    await page.getByRole('button', { name: /^Begin/ }).click();
    await turn(page)
      .getByRole('button', { name: /^Trade with/ })
      .click();
    await typeOnPad(page, 1);
    await typeOnPad(page, 1);
    expect(
      await turn(page)
        .getByRole('button', { name: /^Put an Exalted Aspect/ })
        .count()
    ).toBe(1);
    // Lines of text in a button: its content height (less padding and border) over its line height.
    const lines = async (name: RegExp) => {
      const b = turn(page).getByRole('button', { name }).first();
      return b.evaluate((el) => {
        const css = getComputedStyle(el);
        const lh = parseFloat(css.lineHeight) || 20;
        const chrome = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'].reduce(
          (sum, k) => sum + (parseFloat(css[k as 'paddingTop']) || 0),
          0
        );
        const content =
          Math.max(...[...el.children].map((c) => c.getBoundingClientRect().bottom), 0) -
          Math.min(...[...el.children].map((c) => c.getBoundingClientRect().top), Infinity);
        const text = el.children.length ? content : el.getBoundingClientRect().height - chrome;
        return Math.round(text / lh);
      });
    };
    expect(await lines(/Discard Stack$/)).toBeLessThanOrEqual(2);
    expect(await lines(/Life Stack$/)).toBeLessThanOrEqual(2);
    expect(await lines(/Summons a Lesser Creature/)).toBeLessThanOrEqual(2);
    expect(await turn(page).getByTitle(`${names[1]}’s Life Stack`).count()).toBe(1);
    await tapAfterLooking(turn(page).getByRole('button', { name: /^Put a Greater Aspect/ }));
    expect(await lines(/^End turn/)).toBeLessThanOrEqual(3);
    expect(await turn(page).getByTitle(`${names[1]} draws 2`).count()).toBe(1);
    await shot(page, 'twilight-long-names-turn-360');
    await tapAfterLooking(page.getByRole('button', { name: /^End turn/ }));
    await tapAfterLooking(page.getByRole('button', { name: /^Lesser Aspect into play: / }));
    // Turn 3, Refresh in the machine, with Trade and Seize on screen: the header does not say Refresh.
    await expect.poll(() => page.getByText('Turn 3 ·').first().isVisible()).toBe(true);
    const header = await page.locator('header.bar .title').innerText();
    expect(header).not.toMatch(/Refresh/);
    expect(header).toMatch(/Turn 3 · Anastasia.*’s turn/);
    await context.close();
  });

  // Issue 51, counted as the issue counts: every tap but a digit key, each number's ✓ included.
  it('a turn with an even Free Trade is 3 taps: Trade with Ben, ✓ Same back, II · end turn', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page);
    await page.getByRole('button', { name: /^Begin: Ana draws 1/ }).click();
    await countTaps(page, { confirms: true });
    await turn(page).getByRole('button', { name: 'Trade with Ben', exact: true }).click();
    const pad = page.getByRole('group', { name: /^Number pad/ });
    await pad.getByRole('button', { name: '2', exact: true }).click();
    await shot(page, 'twilight-even-trade');
    await page.getByRole('button', { name: /^✓ Same back: Ben gives 2 too/ }).click();
    await expect.poll(() => area(page, 'Ana').innerText()).toMatch(/Aspect Stack\s*2/);
    expect(await area(page, 'Ben').innerText()).toMatch(/Aspect Stack\s*2/);
    await tapAfterLooking(page.getByRole('button', { name: /^Greater Aspect into play: / }));
    await expect.poll(() => page.getByText('Turn 2 ·').first().isVisible()).toBe(true);
    const all = await taps(page);
    expect(all).toEqual([
      'Trade with Ben',
      '✓ Same back: Ben gives 2 too',
      'Greater Aspect into play: II · end turn,'
    ]);
    expect(await historyText(page)).toContain('Ana trades with Ben: gives 2, gets 2 (Aspect Stacks 2 · 2)');
    // Nothing typed yet: the button says so beside the keys, and nothing is traded.
    await turn(page).getByRole('button', { name: 'Trade with Ana', exact: true }).click();
    await page.getByRole('button', { name: /^✓ Same back/ }).click();
    await expect.poll(() => page.locator('.bottom-sheet .message').innerText()).toMatch(/\w/);
    await context.close();
  });

  // Rulebook: Schemes go to their controller's Discard Stack once resolved; the Creature Limit
  // (its example: a fifth Lesser Creature with four Lesser Aspects means a Discard); Discard Stack
  // damage Destroys half the attacker's Life, rounded up, of what is there.
  it('Schemes fill the Discard Stack, the Creature Limit shows on the area and a Summon over it asks what is Discarded', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page);
    await page.getByRole('button', { name: /^Begin: Ana draws 1/ }).click();
    await tapAfterLooking(
      page
        .getByRole('button', { name: /^Lesser Aspect into play: / })
        .or(page.getByRole('button', { name: /^End turn/ }))
    );
    // Ben's turn: three Schemes.
    await expect.poll(() => page.getByText('Turn 2 ·').first().isVisible()).toBe(true);
    const schemeButton = turn(page).getByRole('button', { name: /^Ben plays a Scheme/ });
    for (let i = 0; i < 3; i++) await schemeButton.click();
    await expect.poll(() => area(page, 'Ben').innerText()).toMatch(/Discard\s*3\b/);
    // A Lesser Aspect in play allows one Lesser Creature.
    await page.getByRole('button', { name: 'Adjust Ben' }).click();
    await page.getByRole('button', { name: 'Increase Lesser Aspects (I) in play of Ben' }).click();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => area(page, 'Ben').innerText()).toMatch(/0\/1 Cr\./);
    await turn(page)
      .getByRole('button', { name: /^Ben Summons a Lesser Creature: Creature I, 0 of 1/ })
      .click();
    await expect.poll(() => area(page, 'Ben').innerText()).toMatch(/1\/1 Cr\./);
    await tapAfterLooking(
      turn(page).getByRole('button', { name: /^Ben Summons a Lesser Creature: Creature I, 1 of 1/ })
    );
    const question = turn(page).getByRole('group', { name: 'Over the Creature Limit' });
    await expect.poll(() => question.innerText()).toMatch(/1 Lesser Aspect in play allows 1 Lesser Creature/);
    await shot(page, 'twilight-creature-limit');
    await question.getByRole('button', { name: /^Discard a Lesser Creature/ }).click();
    await expect.poll(() => area(page, 'Ben').innerText()).toMatch(/Discard\s*4\b/);
    expect(await area(page, 'Ben').innerText()).toMatch(/1\/1 Cr\./);
    expect(await question.count()).toBe(0);
    await tapAfterLooking(page.getByRole('button', { name: /^End turn/ }));
    // Ana attacks Ben's Discard Stack with a Life-4 attacker: 2 Destroyed, 2 left.
    await expect.poll(() => page.getByText('Turn 3 ·').first().isVisible()).toBe(true);
    await tapAfterLooking(turn(page).getByRole('button', { name: 'Ben’s Discard Stack' }));
    await typeOnPad(page, 4);
    await expect.poll(() => area(page, 'Ben').innerText()).toMatch(/Discard\s*2\b/);
    // Ben's Lesser Creature blocked and was Slain: to his Discard Stack.
    await tapAfterLooking(turn(page).getByRole('button', { name: /^Ben’s Lesser Creature Slain/ }));
    await expect.poll(() => area(page, 'Ben').innerText()).toMatch(/Discard\s*3\b/);
    const history = await historyText(page);
    expect(history).toContain('Ben −2 Discard Stack, Destroyed by an attacker of Life 4');
    expect(history).toContain('Ben’s Lesser Creature is Slain (Discard Stack 3)');
    expect(history).toMatch(/Ben plays a Scheme; resolved, to the Discard Stack \(Discard Stack \d\)/);
    expect(await accessibilityProblems(page)).toEqual([]);
    await context.close();
  });

  it('a correction no deck could reach is refused at the box, in plain words', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page);
    await page.getByRole('button', { name: /^Begin/ }).click();
    await page.getByRole('button', { name: 'Adjust Ben' }).click();
    const adjust = page.getByRole('group', { name: 'Adjust Ben' });
    await adjust.getByRole('button', { name: /^Hand of Ben: 7\. Tap to type/ }).click();
    await adjust.getByRole('textbox', { name: /^New total for Hand of Ben/ }).fill('99');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => adjust.innerText())
      .toMatch(/“99” was not taken\. Ben’s Hand cannot hold 99: Ben’s deck has 50 cards\./);
    await shot(page, 'twilight-adjust-refused');
    await adjust
      .getByRole('radiogroup', { name: 'A card effect takes one card from' })
      .scrollIntoViewIfNeeded();
    await shot(page, 'twilight-adjust-moves');
    await context.close();
  });

  // Ruling (rules.md, ruling-team-attack): in a team game a teammate is never the defending player.
  it('teams: a teammate is not offered as the defending player, and the screen says why', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page, { players: 4, teams: /2 teams/ });
    await page.getByRole('button', { name: /^Begin/ }).click();
    const combat = turn(page).getByRole('group', { name: 'Combat' });
    const text = await combat.innerText();
    const teammate = text.match(/(\w+) is on Ana’s team: a teammate is never the defending player\./)?.[1];
    expect(teammate).toBeTruthy();
    const offered = await combat
      .getByRole('radiogroup', { name: 'Defending player' })
      .getByRole('radio')
      .allInnerTexts();
    expect(offered).toHaveLength(2);
    expect(offered.map((t) => t.trim())).not.toContain(teammate);
    await combat.scrollIntoViewIfNeeded();
    await shot(page, 'twilight-team-combat');
    await context.close();
  });

  it('Guide me covers the new controls at their own steps: Summoned from the Hand at Summoning, Slain at Creature damage', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page);
    await page.getByRole('button', { name: /^Begin/ }).click();
    await guideMe(page);
    await page.getByRole('button', { name: 'Adjust Ana' }).click();
    await page.getByRole('button', { name: 'Increase Lesser Aspects (I) in play of Ana' }).click();
    await page.getByRole('button', { name: 'Close' }).click();
    const summoned = turn(page).getByRole('group', { name: 'Summoned from the Hand' });
    expect(await summoned.count()).toBe(0);
    await walkTo(page, /Summoning$/);
    await summoned
      .getByRole('button', { name: /^Ana Summons a Lesser Creature: Creature I, 0 of 1/ })
      .click();
    await expect.poll(() => area(page, 'Ana').innerText()).toMatch(/1\/1 Cr\./);
    await walkTo(page, /Creature damage$/);
    expect(await summoned.count()).toBe(0);
    await tapAfterLooking(turn(page).getByRole('button', { name: /^Ana’s Lesser Creature Slain/ }));
    await expect.poll(() => area(page, 'Ana').innerText()).toMatch(/0\/1 Cr\./);
    expect(await area(page, 'Ana').innerText()).toMatch(/Discard\s*1\b/);
    await walkTo(page, /Decay$/);
    await context.close();
  });
});
