/**
 * WiZ in a real browser, as a table plays it: a 3-player game set up through the new-game
 * screen and played over several rounds in the quick flow (an ordinary round is 2 taps besides
 * the numbers, counted here), with a reload in the middle of a round's scoring, to the winner;
 * Guide me fed the same numbers reaching the same scores and history; hands built from cards;
 * the Life Pool and attacks; a shared setup code; names, 48 px targets and 40-character names at
 * 360 px on every WiZ screen.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openTab, visit } from './harness';
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

const board = (page: Page) => page.getByRole('region', { name: 'Scores' }).innerText();
const confirmKey = (page: Page) => page.locator('button.confirm[data-entry-key]');
const wentOut = (page: Page, who: string) =>
  page.getByRole('button', { name: `${who} went out`, exact: true });
const scoreButton = (page: Page) => page.getByRole('button', { name: /^Score the round/ });

interface GameOptions {
  players?: number;
  names?: string[];
  target?: RegExp;
  options?: RegExp[];
  seed?: string;
}

async function newGame(page: Page, o: GameOptions = {}) {
  const { players = 3, names = ['Ana', 'Ben', 'Cy', 'Dee'], target = /^500/ } = o;
  await visit(page, `${shared.server.url}/wiz/new`);
  await page
    .getByRole('radiogroup', { name: 'Number of players' })
    .getByRole('radio', { name: String(players), exact: true })
    .click();
  for (let i = 0; i < players; i++) await page.getByPlaceholder(`Player ${i + 1}`).fill(names[i]);
  await page.getByRole('radiogroup', { name: 'EP target' }).getByRole('radio', { name: target }).click();
  for (const option of o.options ?? []) await page.getByRole('button', { name: option }).click();
  if (o.seed) {
    await page.getByPlaceholder(/Use a seed/).fill(o.seed);
    await page.getByRole('button', { name: 'Use seed' }).click();
  }
  await page
    .getByRole('radiogroup', { name: 'First dealer' })
    .getByRole('radio', { name: names[0], exact: true })
    .click();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  await page.getByRole('region', { name: 'Scores' }).waitFor();
}

/** A quick round: who went out, each hand's value, an empty ✓ (no more hands), each loser's chaotic EP. */
async function enterRound(page: Page, who: string, hands: number[], chaotic: number[]) {
  await tapAfterLooking(wentOut(page, who));
  for (const value of hands) await typeOnPad(page, value);
  if (hands.length === 0) return;
  // "No more hands": an empty ✓, a moment after the last one (or the double-tap guard takes it).
  await expect.poll(() => confirmKey(page).innerText()).toContain('No more hands');
  await tapAfterLooking(confirmKey(page));
  for (const [i, ep] of chaotic.entries()) {
    if (i > 0) await page.waitForTimeout(300);
    await typeOnPad(page, ep);
  }
}

async function historyText(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const sheet = page.getByRole('dialog', { name: 'History' });
  const text = await sheet.locator('.history:not(.minor)').allInnerTexts();
  await sheet.getByRole('button', { name: 'Close' }).click();
  return text.join('\n').replace(/\n(just now|\d+ \w+ ago)/g, '');
}

describe('WiZ', () => {
  it('3 players over several rounds, a reload during scoring, to the winner; an ordinary round is 2 taps', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page);
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(await board(page)).toMatch(/Round 1 · to 500 EP/);
    await expect.poll(() => page.getByText('Ana deals 12 each').isVisible()).toBe(true);

    // Round 1, counted: Ben went out; the numbers; Score.
    await countTaps(page);
    await enterRound(page, 'Ben', [4, 8], [59, 41]);
    await expect.poll(() => scoreButton(page).innerText()).toBe('Score the round: Ben +300 EP');
    expect(await page.getByRole('list', { name: 'Round EP, line by line' }).innerText()).toContain(
      'Chaotic EP: Ana 59 + Cy 41 = 100'
    );
    await tapAfterLooking(scoreButton(page));
    await expect.poll(() => board(page)).toMatch(/Round 2/);
    expect(await taps(page)).toEqual(['Ben went out', 'Score the round: Ben +300 EP']);
    expect(await board(page)).toMatch(/Ben\s+300 EP/);
    await expect.poll(() => page.getByText('Ben deals 12 each').isVisible()).toBe(true);

    // Round 2: reload in the middle of the scoring, with one loser's chaotic EP still to come.
    await tapAfterLooking(wentOut(page, 'Cy'));
    await typeOnPad(page, 9);
    await tapAfterLooking(confirmKey(page));
    await typeOnPad(page, 50);
    await expect.poll(() => page.getByRole('dialog').innerText()).toContain('Ben’s chaotic EP');
    const before = await board(page);
    await page.reload();
    await page.getByRole('region', { name: 'Scores' }).waitFor();
    expect(await board(page)).toBe(before);
    expect(await page.getByRole('button', { name: /^Hand 1:/ }).getAttribute('aria-label')).toBe(
      'Hand 1: card value 9 (×3)'
    );
    expect(await page.getByRole('button', { name: /^Ana: .*chaotic EP/ }).getAttribute('aria-label')).toBe(
      'Ana: 50 chaotic EP'
    );
    // The pad was open on Ben's chaotic EP: it is again after the reload, ready for it.
    await expect.poll(() => page.getByRole('dialog').innerText()).toContain('Ben’s chaotic EP');
    await typeOnPad(page, 30);
    await tapAfterLooking(scoreButton(page));
    await expect.poll(() => board(page)).toMatch(/Round 3/);
    expect(await board(page)).toMatch(/Cy\s+240 EP/);

    // Round 3: every hand of Ana's was countered: no numbers, 0 EP.
    await enterRound(page, 'Ana', [], []);
    await expect.poll(() => scoreButton(page).innerText()).toBe('Score the round: Ana +0 EP');
    await tapAfterLooking(scoreButton(page));
    await expect.poll(() => board(page)).toMatch(/Round 4/);

    // Round 4: Ben reaches the target.
    await enterRound(page, 'Ben', [6], [50, 50]);
    await expect
      .poll(() => scoreButton(page).innerText())
      .toBe('Score the round: Ben +200 EP: reaches 500, wins the game');
    await tapAfterLooking(scoreButton(page));
    await expect.poll(() => page.getByRole('heading', { name: 'Ben wins!' }).isVisible()).toBe(true);
    const end = await page.getByRole('region', { name: 'This round' }).innerText();
    expect(end).toContain('Round 1 (Ben went out): Ben +300');
    expect(end).toContain('Round 2 (Cy went out): Cy +240');
    expect(end).toContain('Round 3 (Ana went out): no EP');
    expect(end).toContain('Round 4 (Ben went out): Ben +200');
    expect(await accessibilityProblems(page)).toEqual([]);
    const history = await historyText(page);
    expect(history).toContain('Ben +300 EP, round 1 (3 × 100)');
    expect(history).toContain('Ben +200 EP, round 4 (2 × 100). Ben wins the game');
    await finishedInStorage(page);

    // Home lists the finished game with its setup and result.
    await visit(page, shared.server.url);
    await expect
      .poll(() => page.getByRole('list', { name: 'Finished games' }).innerText())
      .toMatch(/3 players · to 500 EP[\s\S]*Ben won with 500 EP · Ana 0 · Cy 240/);
    await context.close();
  });

  it('Guide me and the quick flow, fed the same numbers, show the same scores and history', async () => {
    const { page, context } = await openTab(shared.browser);
    const play = async (guide: boolean) => {
      await newGame(page, { players: 2, seed: 'GUIDEWIZ' });
      if (guide) {
        await page.getByRole('button', { name: 'More' }).click();
        await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
        // Deal, replace, Ben's first turn (play, discard), Ana's first turn (draw, play, discard).
        for (let i = 0; i < 7; i++) {
          const title = await page.locator('.banner h2').innerText();
          await tapAfterLooking(page.getByRole('button', { name: /^Next: / }));
          await expect.poll(() => page.locator('.banner h2').innerText()).not.toBe(title);
        }
        expect(await page.locator('.banner h2').innerText()).toBe('Round 1 · Ben · Action cards');
        for (let i = 0; i < 3; i++) await tapAfterLooking(page.getByRole('button', { name: /^Next: / }));
        await tapAfterLooking(wentOut(page, 'Ben'));
        for (const step of ['Counters', 'Uncountered hands']) {
          await tapAfterLooking(page.getByRole('button', { name: `Next: ${step}` }));
        }
        await page.getByRole('button', { name: '+ Add a hand' }).click();
        await typeOnPad(page, 7);
        await tapAfterLooking(confirmKey(page));
        await typeOnPad(page, 25);
        await tapAfterLooking(page.getByRole('button', { name: 'Next: Round EP' }));
      } else {
        await enterRound(page, 'Ben', [7], [25]);
      }
      await tapAfterLooking(scoreButton(page));
      await expect.poll(() => board(page)).toMatch(/Round 2/);
      return { board: await board(page), history: await historyText(page) };
    };
    const quick = await play(false);
    const guided = await play(true);
    expect(guided).toEqual(quick);
    expect(quick.history).toContain('Ben +50 EP, round 1 (2 × 25)');
    await context.close();
  });

  it('a hand from its cards, the hand check, the Life Pool and an attack', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page, { options: [/^Titans/, /^Characters/, /^Life Pool/], target: /^3,000/ });
    const pool = Number((await board(page)).match(/Life Pool (\d+) EP/)![1]);
    expect(pool % 25).toBe(0);

    // The hand check: a Fire run 6 to 9 opens a round; 1 to 4 does not.
    await page.getByRole('button', { name: /^Check a hand/ }).click();
    for (const n of [6, 7, 8, 9])
      await page.getByRole('button', { name: `Add Fire ${n}`, exact: true }).click();
    const verdict = page.getByRole('dialog').getByRole('status');
    await expect.poll(() => verdict.innerText()).toContain('Can open a round as a 30+ hand');
    expect(await accessibilityProblems(page)).toEqual([]);
    for (const n of [6, 7, 8, 9]) await page.getByRole('button', { name: `Fire ${n} (remove)` }).click();
    for (const n of [1, 2, 3, 4])
      await page.getByRole('button', { name: `Add Fire ${n}`, exact: true }).click();
    await expect.poll(() => verdict.innerText()).toContain('Not a 30+ hand: This run adds up to 10 points');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // The Life Pool goes to Cy; Ben's character attacks for 36.
    await page.getByText(/Life Pool · character attacks/).click();
    await page.getByRole('button', { name: 'Cy won the Life Pool' }).click();
    await page.getByRole('button', { name: `Add ${pool} EP to Cy` }).click();
    await expect.poll(() => board(page)).toMatch(new RegExp(`Cy\\s+${pool} EP`));
    await page.getByRole('button', { name: 'Ben’s character attacks' }).click();
    await typeOnPad(page, 36);
    await expect.poll(() => board(page)).toMatch(/Ben\s+36 EP/);

    // Ana goes out: one hand built from its cards (Water 1-6, a Water elemental and titan).
    await tapAfterLooking(wentOut(page, 'Ana'));
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: '+ From its cards' }).click();
    await page.getByRole('radio', { name: 'Water' }).click();
    for (const n of [1, 2, 3, 4, 5, 6])
      await page.getByRole('button', { name: `Add Water ${n}`, exact: true }).click();
    await page.getByRole('button', { name: 'Add Water elemental' }).click();
    await page.getByRole('button', { name: 'Add Water titan' }).click();
    await expect.poll(() => verdict.innerText()).toContain('card value 12 (×5)');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Use this hand' }).click();
    await page.getByRole('button', { name: 'Ben: chaotic EP not entered' }).click();
    await typeOnPad(page, 59);
    await page.waitForTimeout(300);
    await typeOnPad(page, 0);
    await page.getByRole('button', { name: /one element: ×2/ }).click();
    // (5 × 59 + 100 × 5) × 2
    await expect.poll(() => scoreButton(page).innerText()).toBe('Score the round: Ana +1,590 EP');
    expect(await accessibilityProblems(page)).toEqual([]);
    await tapAfterLooking(scoreButton(page));
    await expect.poll(() => board(page)).toMatch(/Ana\s+1,590 EP/);
    await context.close();
  });

  it('a shared setup code opens the same setup', async () => {
    const { page, context } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/wiz/new`);
    await page
      .getByRole('radiogroup', { name: 'Number of players' })
      .getByRole('radio', { name: '4' })
      .click();
    await page.getByRole('button', { name: /^Life Pool/ }).click();
    await page.getByRole('radiogroup', { name: 'Life Pool die' }).getByRole('radio', { name: /^d4/ }).click();
    await page
      .getByRole('radiogroup', { name: 'EP target' })
      .getByRole('radio', { name: /^2,000/ })
      .click();
    const code = await page.getByTestId('setup-code').innerText();
    const dealt = await page.getByRole('status').filter({ hasText: 'deals first' }).innerText();
    await visit(page, `${shared.server.url}/wiz/new?code=${encodeURIComponent(code)}`);
    await expect.poll(() => page.getByTestId('setup-code').innerText()).toBe(code);
    expect(await page.getByRole('radio', { name: /^2,000/ }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('radio', { name: /^d4/ }).getAttribute('aria-checked')).toBe('true');
    const again = await page.getByRole('status').filter({ hasText: 'deals first' }).innerText();
    expect(again.split(' deals first')[0]).toBe(dealt.split(' deals first')[0]);
    await context.close();
  });

  it('a double tap counts once, and keyboard focus is visible on the WiZ screens', async () => {
    const { page, context } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/wiz/new`);
    await page.keyboard.press('Tab');
    const focus = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const s = getComputedStyle(el);
        return { tag: el.tagName, style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
      });
    const outline = await focus();
    expect(outline.tag).not.toBe('BODY');
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await newGame(page, { players: 2, options: [/^Life Pool/] });
    await page.keyboard.press('Tab');
    expect((await focus()).style).not.toBe('none');

    // A double tap on "went out", then on the Life Pool's payout: each counts once.
    await wentOut(page, 'Ben').dblclick();
    await expect.poll(() => page.getByRole('dialog').innerText()).toContain('Ben’s hand 1: card value');
    expect(await page.locator('input.pad-input').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.locator('summary', { hasText: 'Life Pool' }).click();
    await page.getByRole('button', { name: 'Ana won the Life Pool' }).click();
    const payout = page.getByRole('button', { name: /^Add \d+ EP to Ana$/ });
    const pool = Number((await payout.innerText()).match(/\d+/)![0]);
    await payout.dblclick();
    await expect.poll(() => board(page)).toMatch(new RegExp(`Ana\\s+${pool} EP`));
    const history = await historyText(page);
    expect(history.match(/went out/g)).toHaveLength(1);
    expect(history.match(/Life Pool/g)).toHaveLength(1);
    await context.close();
  });

  it('40-character names at 360 px: nothing scrolls sideways, every control named and 48 px', async () => {
    const { page, context } = await openTab(shared.browser);
    await page.setViewportSize({ width: 360, height: 780 });
    const long = [
      'Anastasia Wilhelmina Montgomery-Smythe Jr',
      'Bartholomew Fitzgerald Alexander Whitley',
      'Cornelius Maximilian Augustus Pemberton',
      'Dorothea Evangelina Beauregard-Fairfax'
    ].map((n) => n.slice(0, 40));
    const found: Record<string, string[]> = {};
    const check = async (name: string) => {
      const problems = await accessibilityProblems(page);
      if (await scrollsSideways(page)) problems.push('scrolls sideways');
      if (problems.length) found[name] = problems;
    };
    await visit(page, `${shared.server.url}/wiz/new`);
    await page
      .getByRole('radiogroup', { name: 'Number of players' })
      .getByRole('radio', { name: '4' })
      .click();
    for (let i = 0; i < 4; i++) await page.getByPlaceholder(`Player ${i + 1}`).fill(long[i]);
    await page.getByRole('button', { name: /^Characters/ }).click();
    await page.getByRole('button', { name: /^Life Pool/ }).click();
    await check('setup');
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.waitForURL(/\/play\//);
    await page.getByRole('region', { name: 'Scores' }).waitFor();
    await check('play');
    await page.getByText(/Life Pool · character attacks/).click();
    await page.getByRole('button', { name: `${long[2]} won the Life Pool` }).click();
    await check('play: Life Pool');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Deal' }).click();
    await check('play: checklist open');
    await wentOut(page, long[1]).click();
    await typeOnPad(page, 5);
    await check('scoring: the pad');
    await page.getByRole('button', { name: 'Close' }).click();
    await check('scoring');
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
    await check('Guide me: scoring');
    expect(found).toEqual({});
    await context.close();
  });
  it('a refused card value is cleared, so the next digit starts afresh; too high a value says why', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page);
    await tapAfterLooking(wentOut(page, 'Ben'));
    const field = page.getByRole('dialog').getByRole('textbox');
    await typeOnPad(page, 2);
    await expect.poll(() => page.getByRole('dialog').innerText()).toContain('A card value of 2 is too low');
    expect(await field.inputValue()).toBe('');
    await typeOnPad(page, 3);
    await expect
      .poll(() => page.getByRole('button', { name: /^Hand 1: card value 3 \(×1\)/ }).count())
      .toBe(1);
    await typeOnPad(page, 45);
    await expect
      .poll(() => page.getByRole('dialog').innerText())
      .toContain('No hand can reach a card value of 45 with these cards');
    expect(await field.inputValue()).toBe('');
    expect(await page.getByRole('button', { name: /^Hand 2:/ }).count()).toBe(0);
    await context.close();
  });
  it('the ×2 bonus asks for every hand’s element, countered hands too, at 360 px with a long name', async () => {
    const { page, context } = await openTab(shared.browser);
    await page.setViewportSize({ width: 360, height: 780 });
    const ana = 'Anastasia Wilhelmina Montgomery-Smythe Jr'.slice(0, 40);
    await newGame(page, { names: [ana, 'Ben', 'Cy'] });
    await enterRound(page, ana, [4], [40, 10]);
    await tapAfterLooking(page.getByRole('button', { name: /one element: ×2/ }));
    // A hand typed as a number has no element yet: Score waits for it.
    const status = page.locator('.scoring [role=status]');
    await expect.poll(() => status.innerText()).toContain('Hand 1 has no element yet');
    expect(await scoreButton(page).isDisabled()).toBe(true);
    await page.getByRole('button', { name: /^Hand 1: no element yet, card value 4/ }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('button', { name: 'Fire', exact: true }).click();
    await tapAfterLooking(confirmKey(page));
    await expect
      .poll(() => page.getByRole('button', { name: /^Hand 1: Fire, card value 4/ }).count())
      .toBe(1);
    await sheet.getByRole('button', { name: 'Close' }).click();
    // A countered Water hand breaks the bonus, and says so.
    await tapAfterLooking(page.getByRole('button', { name: '+ Add a countered hand' }));
    await expect.poll(() => sheet.innerText()).toContain('countered hand 1: card value');
    await sheet.getByRole('button', { name: 'Water', exact: true }).click();
    await typeOnPad(page, 9);
    await expect
      .poll(() => sheet.innerText())
      .toContain('Hand 1 is Fire and countered hand 1 is Water, so the hands are not all one element.');
    expect(await page.getByRole('button', { name: /^Countered 1:/ }).count()).toBe(0);
    await sheet.getByRole('button', { name: 'Fire', exact: true }).click();
    await page.waitForTimeout(300);
    await typeOnPad(page, 9);
    await expect
      .poll(() =>
        page.getByRole('button', { name: /^Countered 1: Fire, card value 9 \(countered hand 1\)$/ }).count()
      )
      .toBe(1);
    await sheet.getByRole('button', { name: 'Close' }).click();
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    // Only the uncountered hand multiplies: ×1 × (40 + 10), doubled.
    await expect.poll(() => scoreButton(page).innerText()).toBe(`Score the round: ${ana} +100 EP`);
    await tapAfterLooking(scoreButton(page));
    await expect.poll(() => board(page)).toMatch(/100 EP/);
    await context.close();
  });

  async function digits(page: Page, value: number) {
    const pad = page.getByRole('group', { name: /^Number pad/ });
    for (const ch of String(value)) await pad.getByRole('button', { name: ch, exact: true }).click();
  }
  const lastHand = (page: Page) => page.getByRole('button', { name: /^✓ Last hand/ });
  const banner = (page: Page) => page.locator('.banner').innerText();

  it('issue 51 taps: 3 players, one uncountered hand is 5 taps (numbers typed + 2); the long way is still 6', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page);
    // Before: went out, ✓, No more hands, ✓, ✓, Score.
    await countTaps(page, { confirms: true });
    await tapAfterLooking(wentOut(page, 'Ben'));
    await typeOnPad(page, 8);
    await expect.poll(() => confirmKey(page).innerText()).toContain('No more hands');
    await tapAfterLooking(confirmKey(page));
    await typeOnPad(page, 30);
    await page.waitForTimeout(300);
    await typeOnPad(page, 45);
    await tapAfterLooking(scoreButton(page));
    await expect.poll(() => board(page)).toMatch(/Round 2/);
    expect(await taps(page)).toHaveLength(6);
    expect(await board(page)).toMatch(/Ben\s+150 EP/);

    // After: "✓ Last hand" is the hand's ✓ and "no more hands" in one tap.
    await countTaps(page, { confirms: true });
    await tapAfterLooking(wentOut(page, 'Cy'));
    await digits(page, 8);
    await tapAfterLooking(lastHand(page));
    await expect.poll(() => page.getByRole('dialog').innerText()).toContain('Ana’s chaotic EP');
    await typeOnPad(page, 30);
    await page.waitForTimeout(300);
    await typeOnPad(page, 45);
    await expect.poll(() => scoreButton(page).innerText()).toBe('Score the round: Cy +150 EP');
    await tapAfterLooking(scoreButton(page));
    await expect.poll(() => board(page)).toMatch(/Round 3/);
    const counted = await taps(page);
    expect(counted).toEqual([
      'Cy went out',
      '✓ Last hand: on to the chaotic EP',
      '✓ Next',
      '✓ Done',
      'Score the round: Cy +150 EP'
    ]);
    expect(counted.length).toBe(3 + 2);
    await context.close();
  });

  it('issue 51: another winner asks every number again, the old winner’s chaotic EP too (no stale 30 scoring 150)', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page);
    await tapAfterLooking(wentOut(page, 'Ana'));
    await digits(page, 12);
    await tapAfterLooking(lastHand(page));
    await typeOnPad(page, 30);
    await page.waitForTimeout(300);
    await typeOnPad(page, 0);
    await page.getByText('Someone else went out?').click();
    await page.getByRole('button', { name: 'Cy went out instead', exact: true }).click();
    // The pad opens on Cy's first hand, then asks Ana (the old winner) and Ben again.
    await expect.poll(() => page.getByRole('dialog').innerText()).toContain('Cy’s hand 1: card value');
    await digits(page, 12);
    await tapAfterLooking(lastHand(page));
    await expect.poll(() => page.getByRole('dialog').innerText()).toContain('Ana’s chaotic EP');
    await typeOnPad(page, 0);
    await expect.poll(() => page.getByRole('dialog').innerText()).toContain('Ben’s chaotic EP');
    await typeOnPad(page, 10);
    await expect.poll(() => scoreButton(page).innerText()).toBe('Score the round: Cy +50 EP');
    await context.close();
  });

  it('issue 51: Guide me skips a Stunned player’s turn, says so, and Undo takes the skip back', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page);
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
    // Deal, replace, Ben (play, discard), Cy (draw, play, discard), Ana (draw, play, discard).
    for (let i = 0; i < 10; i++) {
      const title = await page.locator('.banner h2').innerText();
      await tapAfterLooking(page.getByRole('button', { name: /^Next: / }));
      await expect.poll(() => page.locator('.banner h2').innerText()).not.toBe(title);
    }
    expect(await page.locator('.banner h2').innerText()).toBe('Round 1 · Ben · Action cards');
    await page.getByText('A Stun was played?').click();
    await page.getByRole('button', { name: 'Cy is Stunned', exact: true }).click();
    await expect.poll(() => board(page)).toContain('stunned');
    for (const next of ['Next: Draw', 'Next: Play to the table', 'Next: Discard']) {
      await tapAfterLooking(page.getByRole('button', { name: next }));
    }
    expect(await page.getByRole('button', { name: /^Next: / }).innerText()).toBe(
      'Next: Ana’s turn (Cy is Stunned)'
    );
    await tapAfterLooking(page.getByRole('button', { name: /^Next: / }));
    await expect.poll(() => page.locator('.banner h2').innerText()).toBe('Round 1 · Ana · Action cards');
    expect(await banner(page)).toContain('Cy is Stunned and misses the turn: Ana plays.');
    await page.getByRole('button', { name: /^Undo: / }).click();
    await expect.poll(() => page.locator('.banner h2').innerText()).toBe('Round 1 · Ben · Discard');
    await context.close();
  });

  it('issue 51: a wrong deck joker, quick flow: 3 players play on without Ben, who counts as a loser', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page);
    await page.getByText('A wrong deck joker was played?').click();
    await page.getByRole('button', { name: 'Ben played a wrong deck joker', exact: true }).click();
    await expect
      .poll(() => page.getByRole('region', { name: 'This round' }).innerText())
      .toContain('Ben played a wrong deck joker and lost this round');
    expect(await wentOut(page, 'Ben').count()).toBe(0);
    await tapAfterLooking(wentOut(page, 'Cy'));
    await digits(page, 6);
    await tapAfterLooking(lastHand(page));
    await typeOnPad(page, 20);
    await page.waitForTimeout(300);
    await typeOnPad(page, 90);
    await tapAfterLooking(scoreButton(page));
    await expect.poll(() => board(page)).toMatch(/Cy\s+220 EP/);
    await page.getByText('Rounds so far').click();
    expect(await page.getByRole('region', { name: 'This round' }).innerText()).toContain(
      'Round 1 (Cy went out; Ben lost: wrong deck joker): Cy +220'
    );
    await context.close();
  });
});
