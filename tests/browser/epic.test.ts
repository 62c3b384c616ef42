/**
 * Epic in a real browser, as a table plays it: set up through the new-game screen, mulligans,
 * an ordinary quick-flow turn counted (at most 3 taps besides the number typed), a reload in the
 * middle of a battle, the game played to its end and listed at home; Guide me walking a turn to
 * the same state; the accessibility checks on every Epic screen; 40-character names at 360 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openTab, shot, visit } from './harness';
import { useBrowser } from './shared';
import { cutWords, namesLost } from './epic-titans-names';
import {
  accessibilityProblems,
  countTaps,
  finishedInStorage,
  scrollsSideways,
  tapAfterLooking,
  taps
} from './checks';

const shared = useBrowser();

const board = (page: Page) => page.getByRole('region', { name: 'Board' }).innerText();
const mojo = (page: Page, who: string) => page.getByRole('button', { name: new RegExp(`^${who}’s Mojo: `) });

async function newGame(
  page: Page,
  options: { players?: number; names?: string[]; format?: RegExp; first?: number; match?: boolean } = {}
) {
  const { players = 2, names = ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal'] } = options;
  await visit(page, `${shared.server.url}/epic/new`);
  if (options.format) {
    await page
      .getByRole('radiogroup', { name: 'Format' })
      .getByRole('radio', { name: options.format })
      .click();
  }
  if (options.match) await page.getByRole('radio', { name: /Match/ }).click();
  if (players !== 2) {
    await page
      .getByRole('radiogroup', { name: 'Number of players' })
      .getByRole('radio', { name: String(players) })
      .click();
  }
  for (let i = 0; i < players; i++) await page.getByPlaceholder(`Player ${i + 1}`).fill(names[i]);
  await page
    .getByRole('radiogroup', { name: /Who goes first/ })
    .getByRole('radio')
    .nth(options.first ?? 0)
    .click();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  await page.getByRole('region', { name: 'Board' }).waitFor();
}

/** Types a change into a player's Mojo ("-6"), as a person does: tap the number, type, Enter. */
async function typeMojo(page: Page, who: string, change: string) {
  // A person looks first: a tap at the spot of the last one within the double-tap time is dropped.
  await tapAfterLooking(mojo(page, who));
  const field = page.getByRole('textbox', { name: new RegExp(`^New total for ${who}’s Mojo`) });
  await field.fill(change);
  await field.press('Enter');
}

async function historyText(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const sheet = page.getByRole('dialog', { name: 'History' });
  const text = await sheet.locator('.history:not(.minor)').allInnerTexts();
  await sheet.getByRole('button', { name: 'Close' }).click();
  return text.join('\n').replace(/\n(just now|\d+ \w+ ago)/g, '');
}

const LONG = [
  'Anastasia Wilhelmina Montgomery-Smythe J',
  'Bartholomew Fitzgerald Alexander Whitley',
  'Cordelia Evangeline Rosalind Featherston',
  'Demetrius Maximilian Theodore Worthingto',
  'Esmeralda Guinevere Ophelia Brightwaters',
  'Fitzwilliam Archibald Percival Lancaster',
  'Gwendolyn Araminta Seraphina Cholmondele',
  'Hieronymus Bartholomew Ignatius Pemberto'
];

describe('Epic', () => {
  it('setup: the player count comes first, and every choice has a visible label', async () => {
    const { page, context } = await openTab(shared.browser);
    await visit(page, `${shared.server.url}/epic/new`);
    const groups = page.getByRole('radiogroup');
    await page.getByRole('radiogroup', { name: 'Who goes first (drawn)' }).waitFor();
    // The first choice on the screen is how many play; each group is named by a label on screen.
    const labels = await groups.evaluateAll((els) =>
      els.map((el) => {
        const by = el.getAttribute('aria-labelledby');
        const label = by ? document.getElementById(by) : null;
        const box = label?.getBoundingClientRect();
        return { text: label?.textContent?.trim() ?? '', shown: !!box && box.width > 0 && box.height > 0 };
      })
    );
    expect(labels[0].text).toBe('Number of players');
    for (const l of labels) expect(l, JSON.stringify(l)).toMatchObject({ shown: true });
    // Sealed Pack's pack count is labelled as what it is, not a bare row of numbers.
    expect(labels.map((l) => l.text)).toContain('Packs per player');
    expect(await accessibilityProblems(page)).toEqual([]);
    await context.close();
  });

  it('eight players with 40-character names at 360 px: the limit is said, and every screen holds', async () => {
    const { page, context } = await openTab(shared.browser);
    await page.setViewportSize({ width: 360, height: 800 });
    await visit(page, `${shared.server.url}/epic/new`);
    // The setup loads with the game's code: wait for it rather than asking at once.
    await page.getByText('Epic here is for 2 to 8 players').waitFor();
    await newGame(page, { players: 8, names: LONG, format: /Pack War/ });
    expect(await scrollsSideways(page), 'mulligan').toBe(false);
    await page.getByRole('button', { name: /^Everyone else keeps/ }).click();
    expect(await scrollsSideways(page), 'play').toBe(false);
    expect(await accessibilityProblems(page)).toEqual([]);
    for (const n of LONG) expect(await page.getByTitle(n).count(), n).toBeGreaterThan(0);
    // Each Mojo total stays on one line (it broke into "3" over "0" at 360 px).
    const heights = await page
      .getByRole('button', { name: /’s Mojo: / })
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(heights).toHaveLength(8);
    for (const h of heights) expect(h).toBeLessThan(72);
    // The turn's stages read whole ("Pre-Battle", not "Pre-Ba…").
    const stages = page.locator('.stage');
    expect(await stages.allInnerTexts()).toContain('Pre-Battle');
    const cutStages = await stages.evaluateAll((els) =>
      els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent?.trim())
    );
    expect(cutStages).toEqual([]);
    await typeMojo(page, LONG[7], '-5');
    await expect
      .poll(() => page.getByRole('button', { name: new RegExp(`^${LONG[7]}’s Mojo: 25`) }).count())
      .toBe(1);
    await context.close();
  });

  it('a 2-player game set up through the UI, with a reload mid-battle, to the end; an ordinary turn is 3 taps', async () => {
    const { page, context } = await openTab(shared.browser);
    const problems: Record<string, string[]> = {};
    const check = async (where: string) => {
      const found = await accessibilityProblems(page);
      if (found.length) problems[where] = found;
      expect(await scrollsSideways(page), where).toBe(false);
    };
    await visit(page, `${shared.server.url}/epic/new`);
    await check('setup');
    await page.getByText(/^Check a deck/).click();
    await page.getByRole('textbox', { name: 'Deck' }).fill('3 Thrust\nThrust\n');
    await expect
      .poll(() => page.getByRole('list', { name: 'Problems' }).innerText())
      .toContain('Deck line 2');
    await check('setup: deck checker');

    await newGame(page);
    await check('mulligan');
    await page.getByRole('button', { name: 'Ana puts back 2' }).click();
    await expect.poll(() => mojo(page, 'Ana').getAttribute('aria-label')).toMatch(/: 28\b/);
    await page.getByRole('button', { name: /^Everyone else keeps/ }).click();
    await expect.poll(() => board(page)).toMatch(/^Turn 1 ·/);
    await check('play: first turn');
    await page.getByRole('button', { name: 'Battle', exact: true }).click();
    await check('play: the checklist open');
    await tapAfterLooking(page.getByRole('button', { name: 'Next turn: Ben' }));

    // Turn 2, an ordinary turn, counted: Ben's action, Ana's Mojo typed, Next turn.
    await expect.poll(() => board(page)).toMatch(/^Turn 2 ·/);
    await countTaps(page);
    await page.getByRole('button', { name: /^Ben’s action: available/ }).click();
    await typeMojo(page, 'Ana', '-6');
    await expect.poll(() => mojo(page, 'Ana').getAttribute('aria-label')).toMatch(/: 22\b/);
    await tapAfterLooking(page.getByRole('button', { name: 'Next turn: Ana' }));
    await expect.poll(() => board(page)).toMatch(/^Turn 3 ·/);
    expect(await taps(page)).toEqual([
      'Ben’s action: available. Tap to spend it',
      'Ana’s Mojo: 28. Tap to type a new value',
      'Next turn: Ana'
    ]);
    expect(await historyText(page)).toContain('Ana −6 Mojo, attack (now 22)');

    // Turn 3: Ana attacks with −5 (the checklist moves to the battle); reload in the middle of it.
    await page.getByRole('button', { name: 'Decrease Ben’s Mojo by 5' }).click();
    await expect.poll(() => mojo(page, 'Ben').getAttribute('aria-label')).toMatch(/: 25\b/);
    const battle = page.getByRole('button', { name: 'Battle', exact: true });
    await expect.poll(() => battle.getAttribute('aria-current')).toBe('step');
    await page.getByText('Battle helper').click();
    await check('play: battle helper');
    const before = await board(page);
    await page.reload();
    await page.getByRole('region', { name: 'Board' }).waitFor();
    await expect.poll(() => board(page)).toBe(before);
    expect(await page.getByRole('button', { name: 'Battle', exact: true }).getAttribute('aria-current')).toBe(
      'step'
    );
    expect(await page.getByRole('button', { name: /^Ana’s action: available/ }).count()).toBe(1);

    // The battle helper works out a blocked attack with breakthrough: 7 against a 4-defense blocker.
    await page.getByText('Battle helper').click();
    await page.getByRole('textbox', { name: 'Attacker 1: offense' }).fill('7');
    await page.getByRole('textbox', { name: 'Attacker 1: defense' }).fill('3');
    await page.getByText('Breakthrough').click();
    await page.getByRole('button', { name: 'Add a blocker' }).click();
    await page.getByRole('textbox', { name: 'Blocker 1: offense' }).fill('1');
    await page.getByRole('textbox', { name: 'Blocker 1: defense' }).fill('4');
    await expect
      .poll(() => page.getByRole('list', { name: 'Outcome' }).innerText())
      .toContain('takes 7, broken');
    await page.getByRole('button', { name: 'Ben −3 Mojo, attack' }).click();
    await expect.poll(() => mojo(page, 'Ben').getAttribute('aria-label')).toMatch(/: 22\b/);

    // Ben is finished off: typed as a total.
    await typeMojo(page, 'Ben', '0');
    await expect.poll(() => page.getByRole('heading', { name: 'Ana wins!' }).isVisible()).toBe(true);
    await check('play: game over');
    expect(await page.getByRole('list', { name: 'Result' }).innerText()).toMatch(
      /1\s+Ana\s+22 Mojo\s+2\s+Ben\s+0 Mojo/
    );
    expect(problems).toEqual({});
    await finishedInStorage(page);

    // Home lists it among the finished games, with its format and result.
    await visit(page, shared.server.url);
    await expect
      .poll(() => page.getByRole('list', { name: 'Finished games' }).innerText())
      .toMatch(/Sealed Pack 2 · 2 players[\s\S]*Ana won · Ana 22 – Ben 0 \(out\) Mojo/);
    await context.close();
  });

  it('three quick −1 taps on one Mojo are one history line, and one Undo gives all three back', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page);
    await page.getByRole('button', { name: /^Everyone/ }).click();
    await expect.poll(() => board(page)).toMatch(/^Turn 1 ·/);
    await tapAfterLooking(page.getByRole('button', { name: 'Next turn: Ben' }));
    await expect.poll(() => board(page)).toMatch(/^Turn 2 ·/);

    // Ben attacks: three quick taps on Ana's −1, each after the last one showed.
    const lower = page.getByRole('button', { name: 'Decrease Ana’s Mojo', exact: true });
    for (const left of [29, 28, 27]) {
      await tapAfterLooking(lower);
      await expect
        .poll(() => mojo(page, 'Ana').getAttribute('aria-label'))
        .toMatch(new RegExp(`: ${left}\\.`));
    }
    const undo = page.getByRole('button', { name: /^Undo: / });
    await expect.poll(() => undo.getAttribute('aria-label')).toMatch(/^Undo: Ana −3 Mojo, attack/);
    const history = await historyText(page);
    expect(history).toContain('Ana −3 Mojo, attack (now 27)');
    expect(history).not.toContain('Ana −1 Mojo');

    // One Undo takes the whole adjustment back; Redo from the offer brings all of it again.
    await tapAfterLooking(undo);
    await expect.poll(() => mojo(page, 'Ana').getAttribute('aria-label')).toMatch(/: 30\b/);
    const offer = page.getByRole('status').filter({ hasText: /^Undone: Ana −3 Mojo, attack/ });
    await offer.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => mojo(page, 'Ana').getAttribute('aria-label')).toMatch(/: 27\b/);
    await context.close();
  });

  it('Guide me walks a turn and an attack step by step, and ends where the quick flow does', async () => {
    const { page, context } = await openTab(shared.browser);
    const play = async (guide: boolean) => {
      await newGame(page);
      await page.getByRole('button', { name: /^Everyone else keeps/ }).click();
      if (guide) {
        await page.getByRole('button', { name: 'More' }).click();
        await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
        const titles: string[] = [];
        const next = async () => {
          const title = await page.locator('.banner h2').innerText();
          titles.push(title);
          await tapAfterLooking(page.getByRole('button', { name: /^Next: / }));
          await expect.poll(() => page.locator('.banner h2').innerText()).not.toBe(title);
        };
        await next(); // Build → End
        await next(); // End → Ben's Prepare
        await next(); // Pre-Battle
        await next(); // Battle
        await tapAfterLooking(page.getByRole('button', { name: 'Declare an attack' }));
        await next(); // block
        await next(); // range
        await next(); // damage
        await typeMojo(page, 'Ana', '-4');
        await next(); // the attack is over
        await next(); // Build
        await next(); // End
        await next(); // Ana's turn 3
        expect(titles).toEqual([
          'Turn 1 · Ana · Build',
          'Turn 1 · Ana · End',
          'Turn 2 · Ben · Prepare',
          'Turn 2 · Ben · Pre-Battle',
          'Turn 2 · Ben · Attack: declare',
          'Turn 2 · Ben · Attack: block',
          'Turn 2 · Ben · Attack: range damage',
          'Turn 2 · Ben · Attack: damage',
          'Turn 2 · Ben · Battle',
          'Turn 2 · Ben · Build',
          'Turn 2 · Ben · End'
        ]);
      } else {
        await tapAfterLooking(page.getByRole('button', { name: 'Next turn: Ben' }));
        await typeMojo(page, 'Ana', '-4');
        await tapAfterLooking(page.getByRole('button', { name: 'Next turn: Ana' }));
      }
      await expect.poll(() => board(page)).toMatch(/^Turn 3 ·/);
      return { board: await board(page), history: await historyText(page) };
    };
    const quick = await play(false);
    const guided = await play(true);
    expect(guided.board).toBe(quick.board);
    expect(guided.history).toContain('Ana −4 Mojo, attack (now 26)');
    expect(quick.history).toContain('Ana −4 Mojo, attack (now 26)');
    await context.close();
  });

  // Rulebook, Turns: attacks are made in the Battle Step; the Build and End Steps allow cards and
  // abilities only. There the reasons offer no Attack, say why beside themselves, and a change
  // typed stays a card's, in the step it was typed in (it used to send Guide me back to Battle).
  it('after the Battle Step the reasons offer card effects, not Attack, with the rule beside them', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page);
    await page.getByRole('button', { name: /^Everyone else keeps/ }).click();
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
    const reasons = page.getByRole('radiogroup', { name: 'Mojo changes are for' });
    const title = () => page.locator('.banner h2').innerText();
    const next = async () => {
      const was = await title();
      await tapAfterLooking(page.getByRole('button', { name: /^Next: / }));
      await expect.poll(title).not.toBe(was);
    };
    for (let i = 0; i < 4; i++) await next(); // turn 1 Build, End; Ben's Prepare, Pre-Battle
    expect(await title()).toBe('Turn 2 · Ben · Battle');
    expect(await reasons.getByRole('radio', { name: 'Attack' }).getAttribute('aria-checked')).toBe('true');
    const ruleHeight = () => reasons.locator('.rule').evaluate((el) => el.getBoundingClientRect().height);
    const inBattle = await ruleHeight();
    await next(); // no more attacks: Build
    // The rule coming moves nothing under the finger tapping Next.
    expect(await ruleHeight()).toBe(inBattle);
    expect(await title()).toBe('Turn 2 · Ben · Build');
    expect(await reasons.getByRole('radio').allInnerTexts()).toEqual(['Card', 'Ability', 'Other']);
    expect(await reasons.getByRole('radio', { name: 'Card' }).getAttribute('aria-checked')).toBe('true');
    const rule = await reasons.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent?.trim() ?? ''
    );
    expect(rule).toBe(
      'Attacks belong to the Battle Step: in the Build Step, changes come from cards or abilities.'
    );
    expect(await reasons.innerText()).toContain(rule);
    await typeMojo(page, 'Ana', '-2');
    await expect.poll(() => historyText(page)).toContain('Ana −2 Mojo, card (now 28)');
    expect(await title()).toBe('Turn 2 · Ben · Build');
    await next(); // End
    expect(await reasons.getByRole('radio').allInnerTexts()).toEqual(['Card', 'Ability', 'Other']);
    await next(); // Ana's turn 3: attacks again
    expect(await reasons.getByRole('radio').allInnerTexts()).toEqual(['Attack', 'Card', 'Ability', 'Other']);
    await context.close();
  });

  it('40-character names at 360 px, six players and a match: nothing scrolls sideways; full names in titles', async () => {
    const { page, context } = await openTab(shared.browser);
    await page.setViewportSize({ width: 360, height: 800 });
    const names = LONG.slice(0, 6);
    await newGame(page, { players: 6, names, format: /Pack War/, match: true });
    expect(await scrollsSideways(page), 'mulligan').toBe(false);
    await page.getByRole('button', { name: /^Everyone else keeps/ }).click();
    await page.getByText(/^Cards that cannot be drawn/).click();
    expect(await scrollsSideways(page), 'play').toBe(false);
    expect(await page.getByTitle(names[0]).count()).toBeGreaterThan(0);
    expect(await accessibilityProblems(page)).toEqual([]);
    // Everyone but Anastasia drops out: a game of the match ends, the loser chooses.
    for (const n of names.slice(1)) await typeMojo(page, n, '0');
    await expect
      .poll(() => page.getByRole('region', { name: 'This turn' }).innerText())
      .toMatch(/Bartholomew .* lost, and chooses\. Who goes first in game 2\?/);
    expect(await page.getByRole('region', { name: 'Board' }).innerText()).toMatch(/Montgomery-Smythe J 1 ·/);
    expect(await scrollsSideways(page), 'between games').toBe(false);
    // Pack War has no sideboard, so nothing speaks of swapping one.
    expect(await page.getByText(/Sideboards may swap/).count()).toBe(0);
    expect(await accessibilityProblems(page)).toEqual([]);
    await context.close();
  });

  // Issue 51, "the verb stays; the name gives way": with 40-code-point names (the longest a name
  // may be) every Epic button and row naming a player shows what it does whole at 390 px: the
  // mulligan's end (rulebook, Getting Started: the first player starts), the next turn, the battle
  // helper's Mojo loss, a deck running out, a player losing the game.
  it('long names never cut what a control does: keeps, next turn, the attack’s loss, empty decks, losing', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page, { names: LONG });
    const turn = page.getByRole('region', { name: 'This turn' });
    const keeps = turn.getByRole('button', { name: /^Everyone else keeps/ });
    expect(await cutWords(keeps, ['Everyone else keeps:', ' begins']), await keeps.innerText()).toEqual([]);
    expect(await namesLost(keeps)).toEqual([]);
    await keeps.click();
    const next = turn.getByRole('button', { name: /^Next turn/ });
    expect(await cutWords(next, ['Next turn: ']), await next.innerText()).toEqual([]);
    await tapAfterLooking(next);
    await expect.poll(() => board(page)).toMatch(/^Turn 2 ·/);
    expect(await namesLost(next)).toEqual([]);

    await turn.locator('details.helper summary').click();
    await turn.getByLabel('Attacker 1: offense').fill('7');
    await turn.getByLabel('Attacker 1: defense').fill('3');
    const loss = turn.getByRole('button', { name: /−7 Mojo, attack$/ });
    expect(await cutWords(loss, [' −7 Mojo, attack']), await loss.innerText()).toEqual([]);
    expect(await namesLost(loss)).toEqual([]);

    await turn.locator('details.decks summary').click();
    for (const row of await turn.locator('details.decks label.check').all()) {
      expect(await cutWords(row, ['deck is empty']), await row.innerText()).toEqual([]);
    }
    for (const b of await turn.getByRole('button', { name: /loses the game$/ }).all()) {
      expect(await cutWords(b, ['loses the game']), await b.innerText()).toEqual([]);
    }
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, 'epic-long-names-390');
    await context.close();
  });

  it('two players face each other: the far player’s area turns to them', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page);
    await page.getByRole('button', { name: 'Face each other' }).click();
    const across = page.locator('.across');
    await expect.poll(() => across.innerText()).toContain('Ben');
    expect(await across.evaluate((el) => getComputedStyle(el).transform)).toMatch(/^matrix\(-1, /);
    expect(await accessibilityProblems(page)).toEqual([]);
    await context.close();
  });

  it('keyboard: every control on the play screen shows its focus, and the action can be spent with a key', async () => {
    const { page, context } = await openTab(shared.browser);
    await newGame(page);
    await page.getByRole('button', { name: /^Everyone else keeps/ }).click();
    const unseen: string[] = [];
    const seen = new Set<string>();
    // From the top of the page, by keyboard only, through every control of the screen.
    await page.locator('body').press('Tab');
    for (let i = 0; i < 45; i++) {
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const s = getComputedStyle(el);
        return {
          control: el.matches('button, a[href], input, summary, textarea, select'),
          name: (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 30),
          visible: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2
        };
      });
      if (focus.control) {
        seen.add(focus.name);
        if (!focus.visible) unseen.push(focus.name);
      }
      await page.keyboard.press('Tab');
    }
    expect(seen.size).toBeGreaterThan(15);
    expect([...seen].some((n) => n.startsWith('Ben’s action'))).toBe(true);
    expect(unseen).toEqual([]);
    await page.getByRole('button', { name: /^Ben’s action/ }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('button', { name: /^Ben’s action/ }).getAttribute('aria-pressed'))
      .toBe('true');
    await context.close();
  });
});
