/**
 * Theos in a real browser, as a table plays it: a 2v2 game set up through the screens, played in
 * the quick flow with a reload in the middle of a round, to a team's ascension (an ordinary turn
 * and the end of a round counted in taps); Guide me reaching the same board and history; both
 * drafts; double taps that count once; every screen's names, 48 px targets and visible focus;
 * 40-character names at 360 px; a shared setup link.
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
const NAMES = ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay'];
const LONG = [
  'Anastasia Wilhelmina Montgomery-Smythe J',
  'Bartholomew Fitzgerald Alexander Whitley',
  'Cordelia Evangeline Rosalind Featherston',
  'Demetrius Maximilian Theodore Worthingto',
  'Esmeralda Guinevere Ophelia Brightwaters',
  'Fitzwilliam Archibald Percival Lancaster'
];

async function setUp(
  page: Page,
  options: { players: number; type: RegExp; decks: RegExp; names?: string[]; seed?: string }
) {
  const names = options.names ?? NAMES;
  await visit(page, `${shared.server.url}/theos/new`);
  await page
    .getByRole('radiogroup', { name: 'Number of players' })
    .getByRole('radio', { name: String(options.players), exact: true })
    .click();
  await page
    .getByRole('radiogroup', { name: 'Game type' })
    .getByRole('radio', { name: options.type })
    .click();
  await page
    .getByRole('radiogroup', { name: 'Deck type' })
    .getByRole('radio', { name: options.decks })
    .click();
  for (let i = 0; i < options.players; i++) await page.getByPlaceholder(`Player ${i + 1}`).fill(names[i]);
  if (options.seed) {
    await page.getByPlaceholder(/Use a seed/).fill(options.seed);
    await page.getByRole('button', { name: 'Use seed' }).click();
  }
}

async function start(page: Page) {
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  await page
    .getByRole('region', { name: 'Board' })
    .or(page.getByRole('region', { name: 'Draft' }))
    .first()
    .waitFor();
}

const board = (page: Page) => page.getByRole('region', { name: 'Board' }).innerText();
const round = (page: Page) => page.getByRole('region', { name: 'This round' });
const followers = (page: Page, who: string) =>
  page.getByRole('button', { name: new RegExp(`^${who}’s Followers: (\\d+)\\b`) });

async function followerCount(page: Page, who: string): Promise<number> {
  const label = await followers(page, who).getAttribute('aria-label');
  return Number(/: (\d+)\b/.exec(label ?? '')?.[1]);
}

/** Types a new total into a player's Follower counter (tap the number, type, Enter). */
async function setFollowers(page: Page, who: string, total: number) {
  await tapAfterLooking(followers(page, who));
  const input = page.getByLabel(`New total for ${who}’s Followers, or a change like +3 or -2`);
  await input.fill(String(total));
  await input.press('Enter');
  await expect.poll(() => followerCount(page, who)).toBe(total);
}

/** Ends the Play Phase: in the quick flow one tap, whatever turn the table is on. */
async function finishPlayPhase(page: Page) {
  await tapAfterLooking(round(page).getByRole('button', { name: /end the Play Phase$/ }));
}

/**
 * Everyone's cleanup typed in one go: the pad opens on the first player once the quick flow
 * ends the Play Phase (Guide me taps the first box), then each player's cards kept, and for a
 * player whose Followers are in question ([keep, back]) the Followers going back after it, then ✓.
 */
async function cleanupAll(page: Page, entries: (number | [number, number])[], guide = false) {
  const pad = page.getByRole('group', { name: /^Number pad/ });
  if (guide) {
    await round(page)
      .getByRole('button', { name: /^Cleanup for/ })
      .first()
      .click();
  }
  await expect.poll(() => pad.isVisible()).toBe(true);
  for (const entry of entries) {
    if (typeof entry === 'number') {
      await typeOnPad(page, entry);
      continue;
    }
    await pad.getByRole('button', { name: String(entry[0]), exact: true }).click();
    await typeOnPad(page, entry[1]);
  }
}

/** Counts taps as `countTaps` does, with each ✓ of the pad among them (it is a tap too). */
async function countTapsAndTicks(page: Page) {
  await countTaps(page);
  await page.evaluate(() =>
    document.addEventListener(
      'click',
      (e) => {
        if ((e.target as Element).closest('button.confirm'))
          (window as unknown as { __taps: string[] }).__taps.push('✓');
      },
      true
    )
  );
}

/**
 * One player's cleanup typed like a person: the cards kept, then the Followers going back, then
 * ✓. Should the sheet still ask for the cards kept once the digit is in, the ✓ that moves it on
 * is tapped too (and counted), so the same steps measure any version of the pad.
 */
async function typeCleanup(page: Page, keep: number, back: number) {
  const pad = page.getByRole('group', { name: /^Number pad/ });
  const title = page.getByRole('dialog').locator('.entry .title');
  await pad.getByRole('button', { name: String(keep), exact: true }).click();
  if (/cards kept/.test(await title.innerText()))
    await page.locator('button.confirm[data-entry-key]').click();
  await expect.poll(() => title.innerText()).toMatch(/Followers going back/);
  for (const ch of String(back)) await pad.getByRole('button', { name: ch, exact: true }).click();
  await page.locator('button.confirm[data-entry-key]').click();
}

/** The texts of elements matching `selector` that show cut (their text wider than their box). */
const cut = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((els) =>
      els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent?.trim())
    );

async function historyText(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const sheet = page.getByRole('dialog', { name: 'History' });
  const text = await sheet.locator('.history:not(.minor)').allInnerTexts();
  await sheet.getByRole('button', { name: 'Close' }).click();
  return text.join('\n').replace(/\n(just now|\d+ \w+ ago)/g, '');
}

describe('Theos', () => {
  it('a 2v2 game from the setup screen to a team’s ascension, with a reload mid-round; a turn costs only its Follower taps, a round’s end 2 besides the cleanup typed', async () => {
    const { page, context } = await openTab(shared.browser);
    await setUp(page, { players: 4, type: /2v2/, decks: /Prebuilt/, seed: 'TWOVTWO1' });
    expect(await accessibilityProblems(page), 'setup').toEqual([]);
    expect(await page.getByRole('radio', { name: /Four Seasons/ }).count()).toBe(0); // one group: shown as text
    await expect.poll(() => page.getByText('Decks from the rulebook').isVisible()).toBe(true);
    await start(page);
    expect(await accessibilityProblems(page), 'play: first turn').toEqual([]);
    expect(await board(page)).toContain('To ascend: 20 Followers for a team of 2');

    // Turn 1: Cy gains 2 Followers and a god flips; one tap ends the turn.
    await tapAfterLooking(page.getByRole('button', { name: 'Increase Cy’s Followers' }));
    await tapAfterLooking(page.getByRole('button', { name: 'Increase Cy’s Followers' }));
    const pair = page.getByRole('button', { name: /face up\. Flip to/ }).first();
    const before = await pair.getAttribute('aria-label');
    await tapAfterLooking(pair);
    await expect.poll(() => pair.getAttribute('aria-label')).not.toBe(before);

    // An ordinary turn, counted: the table plays it with cards; only the Follower tap is the app's.
    await countTaps(page);
    await tapAfterLooking(page.getByRole('button', { name: 'Increase Dee’s Followers' }));
    await expect.poll(() => followerCount(page, 'Dee')).toBe(1);
    expect(await taps(page)).toEqual(['Increase Dee’s Followers']);
    expect(
      await round(page)
        .getByRole('button', { name: /^Turn \d done/ })
        .count()
    ).toBe(0);

    // The speed helper: War Fleet before Pallas, and the verdicts as the gods stand.
    await page.getByText('Speed helper: who resolves first').click();
    for (const card of ['pallas', 'p4']) {
      const search = page.getByRole('searchbox', { name: 'Add a revealed card' });
      await search.fill(card);
      await search.press('Enter');
    }
    const order = page.getByRole('list', { name: 'Resolution order' });
    await expect.poll(() => order.innerText()).toMatch(/^War Fleet \(P4\)[\s\S]*Pallas \(G4\)/);
    expect(await accessibilityProblems(page), 'play: speed helper').toEqual([]);
    await shot(page, 'theos-test-helper');

    // Reload in the middle of the round: the same round, turn, gods and Followers come back.
    const shown = await board(page);
    await page.reload();
    await page.getByRole('region', { name: 'Board' }).waitFor();
    await expect.poll(() => board(page)).toBe(shown);
    expect(await followerCount(page, 'Cy')).toBe(2);

    // The rest of round 1, then the End Phase: the cleanup typed in one go, and a new round.
    await countTaps(page);
    await finishPlayPhase(page);
    await expect
      .poll(() => round(page).innerText())
      .toContain('Nobody has the 20 Followers needed (the most is 3): nobody ascends.');
    // Cleanup order: Cy & Dee (3) first. Cy keeps 2 cards, none back; Dee keeps 1, none back;
    // Ana and Ben (no Followers) keep nothing.
    await cleanupAll(page, [[2, 0], [1, 0], 0, 0]);
    expect(await accessibilityProblems(page), 'play: cleanup with the pad').toEqual([]);
    await shot(page, 'theos-test-cleanup');
    await tapAfterLooking(round(page).getByRole('button', { name: /^Start round 2/ }));
    await expect.poll(() => board(page)).toContain('Round 2');
    expect(await taps(page)).toEqual([
      'All 7 turns played: end the Play Phase',
      'Start round 2: the die shows 9'
    ]);
    expect(await board(page)).toContain('2 Blanks');

    // Round 2: Cy & Dee reach 18 (die 9 × 2) and more than Ana & Ben: they ascend at the End Phase.
    await setFollowers(page, 'Cy', 10);
    await setFollowers(page, 'Dee', 9);
    await setFollowers(page, 'Ana', 4);
    expect(await page.getByRole('heading', { name: /ascend/ }).count()).toBe(0); // only at the End Phase
    await finishPlayPhase(page);
    await expect.poll(() => page.getByRole('heading', { name: 'Cy & Dee ascend!' }).isVisible()).toBe(true);
    expect(await round(page).innerText()).toMatch(/1\. Cy\s+19 Followers[\s\S]*3\. Ana\s+4 Followers/);
    expect(await accessibilityProblems(page), 'play: game over').toEqual([]);
    expect(await historyText(page)).toContain(
      'Round 2: the Play Phase ends. Die 9: Ana & Ben 4/18, Cy & Dee 19/18. Cy & Dee ascend'
    );
    await finishedInStorage(page);

    await visit(page, shared.server.url);
    await expect
      .poll(() => page.getByRole('list', { name: 'Finished games' }).innerText())
      .toMatch(/Team Battle 2v2 · prebuilt[\s\S]*Cy & Dee ascended in round 2/);
    await context.close();
  });

  it('Realms work like Teams (tap two to swap); the line says the table as it is; Start says every fault beside it', async () => {
    const { page, context } = await openTab(shared.browser);
    await setUp(page, { players: 6, type: /2v2v2/, decks: /Your own/, seed: 'REALMS01' });
    const realms = page.locator('.realm');
    const line = page.locator('.realm-line');
    const seats = async (r: number) =>
      (
        await realms
          .nth(r)
          .getByRole('button')
          .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!))
      )
        .map((label) => /^(\w+) \(Team (\d)\)/.exec(label)!)
        .map(([, name, team]) => ({ name, team }));
    const before = await realms.allInnerTexts();
    expect(await line.innerText()).toBe('Each team has one member in each Realm.');

    // One stray tap moves nobody: it only picks the player.
    const [x] = await seats(0);
    await tapAfterLooking(realms.nth(0).getByRole('button', { name: new RegExp(`^${x.name} `) }));
    expect(await realms.allInnerTexts()).toEqual(before);
    expect(await line.innerText()).toBe('Each team has one member in each Realm.');

    // The second tap swaps: X joins their teammate, Y leaves theirs: two teams are now together.
    const y = (await seats(1)).find((p) => p.team !== x.team)!;
    await tapAfterLooking(realms.nth(1).getByRole('button', { name: new RegExp(`^${y.name} `) }));
    await expect.poll(() => line.innerText()).toMatch(/^Not yet: teammates start in different Realms: /);
    const fault = await line.innerText();
    const mates = (p: { team: string }) =>
      NAMES.slice(0, 6).filter((_, i) => Math.floor(i / 2) + 1 === Number(p.team));
    for (const p of [x, y]) expect(fault).toContain(mates(p).join(' and '));

    // Start cannot start: the reason, naming both pairs, sits on screen beside the button.
    const why = page.getByRole('alert');
    await expect
      .poll(() => why.innerText())
      .toContain('Cannot start yet: teammates start in different Realms');
    for (const p of [x, y]) expect(await why.innerText()).toContain(mates(p).join(' and '));
    await page.getByRole('button', { name: 'Start the game' }).click();
    const box = (await why.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(page.url()).toMatch(/\/theos\/new/);
    await shot(page, 'theos-realms-fault');
    await context.close();
  });

  for (const [players, type] of [
    [2, /1v1/],
    [6, /3v3/]
  ] as const) {
    it(`a round with no Follower change at ${players} players: players + 2 taps, the cleanup’s ✓ included`, async () => {
      const { page, context } = await openTab(shared.browser);
      await setUp(page, { players, type, decks: /Your own/, seed: 'ROUNDS01' });
      await start(page);
      await countTaps(page);
      // The ✓ of each player's cleanup is a tap too: count it with the rest.
      await page.evaluate(() =>
        document.addEventListener(
          'click',
          (e) => {
            if ((e.target as Element).closest('button.confirm'))
              (window as unknown as { __taps: string[] }).__taps.push('✓');
          },
          true
        )
      );
      await finishPlayPhase(page);
      // The pad opens on the first player at once: every cleanup is "keep 0", one ✓ each.
      await expect.poll(() => page.getByRole('group', { name: /^Number pad/ }).isVisible()).toBe(true);
      for (let i = 0; i < players; i++) await typeOnPad(page, 0);
      await tapAfterLooking(round(page).getByRole('button', { name: /^Start round 2/ }));
      await expect.poll(() => board(page)).toContain('Round 2');
      const counted = await taps(page);
      expect(counted).toEqual([
        'All 7 turns played: end the Play Phase',
        ...Array.from({ length: players }, () => '✓'),
        'Start round 2: the die shows 9'
      ]);
      expect(counted.length).toBe(players + 2);
      await context.close();
    });
  }

  // Rulebook, End Phase (Cleanup): each player picks the resolved cards to return (their Followers
  // go back to the Supply) and draws a Blank for each card left in play. The Followers that go
  // back are asked inside the keep step: the keep digit (0 to 7) fills its box, the digits after
  // it are the Followers going back, and one ✓ enters the player's whole cleanup.
  for (const [players, type, give] of [
    [2, /1v1/, [5, 4]],
    [6, /3v3/, [4, 3, 5, 2, 6, 3]]
  ] as const) {
    it(`a round's end at ${players} players, everyone keeping cards with Followers: players + 2 taps, each ✓ included`, async () => {
      const { page, context } = await openTab(shared.browser);
      await setUp(page, { players, type, decks: /Your own/, seed: 'KEEPING1' });
      await start(page);
      for (let i = 0; i < players; i++) await setFollowers(page, NAMES[i], give[i]);
      await countTapsAndTicks(page);
      await finishPlayPhase(page);
      await expect.poll(() => page.getByRole('group', { name: /^Number pad/ }).isVisible()).toBe(true);
      // A slip stays correctable on the pad: delete on the empty Followers box takes the
      // cards-kept digit back out, and the sheet asks for the cards kept again.
      const pad = page.getByRole('group', { name: /^Number pad/ });
      const title = page.getByRole('dialog').locator('.entry .title');
      await pad.getByRole('button', { name: '3', exact: true }).click();
      await expect.poll(() => title.innerText()).toMatch(/keeps 3: Followers going back/);
      if (players === 2) await shot(page, 'theos-cleanup-followers-step');
      for (let i = 0; i < 2; i++) await pad.getByRole('button', { name: 'Delete last digit' }).click();
      await expect.poll(() => title.innerText()).toMatch(/cards kept \(0–7\), then Followers going back$/);
      if (players === 2) await shot(page, 'theos-cleanup-keep-step');
      for (let i = 0; i < players; i++) await typeCleanup(page, 2, 1);
      await tapAfterLooking(round(page).getByRole('button', { name: /^Start round 2/ }));
      await expect.poll(() => board(page)).toContain('Round 2');
      const counted = await taps(page);
      expect(counted).toEqual([
        'All 7 turns played: end the Play Phase',
        ...Array.from({ length: players }, () => '✓'),
        'Start round 2: the die shows 9'
      ]);
      for (let i = 0; i < players; i++) expect(await followerCount(page, NAMES[i])).toBe(give[i] - 1);
      expect(await board(page)).toContain('2 Blanks');
      await context.close();
    });
  }

  // Rulebook, Game Components: 60 Follower Tokens; Keywords, Add: Followers come from the Supply,
  // one for the whole table. rules.md (ruling-supply): a change past the 60 is refused, in words.
  it('the box’s 60 Follower tokens: 131 typed is refused in the box, a + past the Supply under the counter, with the reason', async () => {
    const { page, context } = await openTab(shared.browser);
    await setUp(page, { players: 2, type: /1v1/, decks: /Your own/, seed: 'TOKENS60' });
    await start(page);
    await tapAfterLooking(followers(page, 'Ana'));
    const input = page.getByLabel('New total for Ana’s Followers, or a change like +3 or -2');
    await input.fill('131');
    await input.press('Enter');
    const why = page.getByRole('alert').filter({ hasText: '131' });
    await expect
      .poll(() => why.innerText())
      .toBe(
        '“131” was not taken. Ana cannot have 131: the box has 60 Follower tokens, so Ana can hold 60 at most.'
      );
    expect(await input.inputValue()).toBe('131'); // what was typed is kept, to correct
    await input.fill('30');
    await input.press('Enter');
    await expect.poll(() => followerCount(page, 'Ana')).toBe(30);
    await setFollowers(page, 'Ben', 30);
    await tapAfterLooking(page.getByRole('button', { name: 'Increase Ben’s Followers' }));
    const under = page.locator('.counter-note.error-text');
    await expect
      .poll(() => under.innerText())
      .toBe(
        'Ben cannot have 31: the box has 60 Follower tokens and 30 are on other players’ cards, so Ben can hold 30 at most.'
      );
    expect(await followerCount(page, 'Ben')).toBe(30);
    await shot(page, 'theos-followers-box-limit');
    await context.close();
  });

  it('a tie for the most is said on the End Phase screen, on the pad too', async () => {
    const { page, context } = await openTab(shared.browser);
    await setUp(page, { players: 2, type: /1v1/, decks: /Your own/, seed: 'TIEDUP01' });
    await start(page);
    await setFollowers(page, 'Ana', 10);
    await setFollowers(page, 'Ben', 10);
    await finishPlayPhase(page);
    const line = 'Tie for the most Followers (10 each): nobody ascends.';
    const sheet = page.getByRole('dialog');
    await expect.poll(() => sheet.innerText()).toContain(line);
    expect(await sheet.getByText(line).isVisible()).toBe(true);
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('heading', { name: line }).isVisible()).toBe(true);
    await context.close();
  });

  it('Guide me and the quick flow, fed the same numbers, show the same board and history', async () => {
    const { page, context } = await openTab(shared.browser);
    const play = async (guide: boolean) => {
      await setUp(page, { players: 2, type: /1v1/, decks: /Your own/, seed: 'GUIDE123' });
      await start(page);
      if (guide) {
        await page.getByRole('button', { name: 'More' }).click();
        await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
        await tapAfterLooking(page.getByRole('button', { name: 'Next: Start Phase' }));
        await tapAfterLooking(page.getByRole('button', { name: 'Next: Turn 1: choose' }));
      }
      for (let turn = 1; turn <= 7; turn++) {
        if (guide) {
          await tapAfterLooking(page.getByRole('button', { name: 'Next: Reveal' }));
          await tapAfterLooking(page.getByRole('button', { name: 'Next: Resolve' }));
          expect(await page.locator('.banner h2').innerText()).toBe(`Round 1 · Turn ${turn} of 7 · Resolve`);
        }
        if (turn === 1) await tapAfterLooking(page.getByRole('button', { name: 'Increase Ana’s Followers' }));
        if (guide) {
          await tapAfterLooking(
            round(page).getByRole('button', { name: turn < 7 ? `Turn ${turn} done` : /end the Play Phase$/ })
          );
        }
      }
      if (!guide) await finishPlayPhase(page);
      if (guide) await tapAfterLooking(page.getByRole('button', { name: 'Next: Cleanup' }));
      await cleanupAll(page, [[1, 0], 0], guide);
      await tapAfterLooking(round(page).getByRole('button', { name: /^Start round 2/ }));
      await expect.poll(() => board(page)).toContain('Round 2');
      // Only Guide me counts the turns on the board; everything else must match.
      return { board: (await board(page)).replace(/ · Turn \d of 7/, ''), history: await historyText(page) };
    };
    const quick = await play(false);
    const guided = await play(true);
    expect(guided).toEqual(quick);
    expect(quick.history).toContain('Ana keeps 1 card (1 Follower stay), returns 6 (0 Followers back)');
    await context.close();
  });

  it('drafts: the 2 player pool picked in turns, the packet tracker passing left then right', async () => {
    const { page, context } = await openTab(shared.browser);
    await setUp(page, { players: 2, type: /1v1/, decks: /Draft/, seed: 'DRAFT001' });
    const pool = page.getByRole('group', { name: 'Draft pool' });
    await expect.poll(() => pool.locator('li').count()).toBe(28);
    // Card names show whole (Thwarted Prayer, Persephone’s …), at 360 px too.
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await cut(page, '.cards .name')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Picks first').selectOption({ label: 'Ben' });
    await start(page);
    const draft = page.getByRole('region', { name: 'Draft' });
    await expect.poll(() => draft.getByRole('heading').first().innerText()).toBe('Ben’s pick');
    expect(await accessibilityProblems(page), 'draft: two players').toEqual([]);
    const picks = draft.getByRole('button', { name: /^Pick / });
    await tapAfterLooking(picks.first());
    await expect.poll(() => draft.getByRole('heading').first().innerText()).toBe('Ana’s pick');
    await tapAfterLooking(picks.first());
    expect(await picks.count()).toBe(26);
    await expect.poll(() => draft.innerText()).toContain('Picks left: Ben 11, Ana 11');
    await tapAfterLooking(draft.getByRole('button', { name: 'We finished the draft at the table' }));
    await page.getByRole('region', { name: 'Board' }).waitFor();

    await setUp(page, { players: 3, type: /Free/, decks: /Draft/, seed: 'DRAFT003' });
    await start(page);
    const tracker = page.getByRole('region', { name: 'Draft' });
    await expect.poll(() => tracker.innerText()).toContain('Packet 1 of 2 · Pick 1 of 6');
    expect(await accessibilityProblems(page), 'draft: packets').toEqual([]);
    for (let i = 0; i < 6; i++)
      await tapAfterLooking(tracker.getByRole('button', { name: /^Everyone picked/ }));
    await expect.poll(() => tracker.innerText()).toContain('Packet 2 of 2 · Pick 1 of 6');
    expect(await tracker.innerText()).toContain('right (counter-clockwise)');
    for (let i = 0; i < 6; i++)
      await tapAfterLooking(tracker.getByRole('button', { name: /^Everyone picked/ }));
    await page.getByRole('region', { name: 'Board' }).waitFor();
    await context.close();
  });

  it('a double tap counts once: the end of the Play Phase and Start round', async () => {
    const { page, context } = await openTab(shared.browser);
    await setUp(page, { players: 2, type: /1v1/, decks: /Your own/ });
    await start(page);
    await page.waitForTimeout(400);
    await tapAfterLooking(page.getByRole('button', { name: 'Increase Ana’s Followers' }));
    await round(page)
      .getByRole('button', { name: /end the Play Phase$/ })
      .dblclick();
    await expect.poll(() => board(page)).toContain('End Phase');
    await page.waitForTimeout(400);
    await expect.poll(() => page.getByRole('group', { name: /^Number pad/ }).isVisible()).toBe(true);
    await cleanupAll(page, [0, 0]);
    await page.waitForTimeout(400);
    await round(page)
      .getByRole('button', { name: /^Start round 2/ })
      .dblclick();
    await expect.poll(() => board(page)).toContain('Round 2');
    await page.waitForTimeout(400);
    expect(await page.locator('.toast.error').count()).toBe(0);
    expect(await historyText(page)).not.toContain('Round 3');
    await context.close();
  });

  it('keyboard focus is visible on the play screen; two teams can face each other across the phone', async () => {
    const { page, context } = await openTab(shared.browser);
    await setUp(page, { players: 2, type: /1v1/, decks: /Your own/ });
    await start(page);
    await page.getByRole('button', { name: 'Face each other' }).click();
    const across = page.locator('.across');
    await expect.poll(() => across.innerText()).toContain('Ben');
    expect(await across.evaluate((el) => getComputedStyle(el).transform)).toMatch(/^matrix\(-1, /);
    expect(await accessibilityProblems(page), 'play: facing').toEqual([]);
    await tapAfterLooking(page.getByRole('button', { name: 'Side by side' }));
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const s = getComputedStyle(el);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  it('40-character names at 360 px: no sideways scroll on any screen, full names in titles', async () => {
    const { page, context } = await openTab(shared.browser);
    await page.setViewportSize({ width: 360, height: 800 });
    for (const [players, type, decks] of [
      [2, /1v1/, /Prebuilt/],
      [4, /2v2/, /Your own/],
      [6, /2v2v2/, /Your own/],
      [5, /Free/, /Draft/]
    ] as const) {
      const label = `${players} ${type}`;
      await setUp(page, { players, type, decks, names: LONG });
      expect(await scrollsSideways(page), `${label} setup`).toBe(false);
      await start(page);
      if (await page.getByRole('region', { name: 'Draft' }).isVisible()) {
        expect(await scrollsSideways(page), `${label} draft`).toBe(false);
        await tapAfterLooking(page.getByRole('button', { name: 'We finished the draft at the table' }));
      }
      expect(await scrollsSideways(page), `${label} play`).toBe(false);
      await finishPlayPhase(page);
      await expect.poll(() => page.getByRole('group', { name: /^Number pad/ }).isVisible()).toBe(true);
      expect(await scrollsSideways(page), `${label} cleanup pad`).toBe(false);
      await page.getByRole('button', { name: 'Close' }).click();
      expect(await scrollsSideways(page), `${label} end phase`).toBe(false);
      expect(await page.getByTitle(LONG[0]).count(), label).toBeGreaterThan(0);
    }
    await shot(page, 'theos-long-names-360');
    await context.close();
  });

  it('6 players with long, similar names at 360 px: every row a tap changes shows the whole name', async () => {
    const { page, context } = await openTab(shared.browser);
    await page.setViewportSize({ width: 360, height: 800 });
    const similar = [
      'Alexander Hamilton Worthington the Third',
      'Alexander Hamilton Worthington the Fifth',
      ...LONG.slice(2)
    ];
    await setUp(page, { players: 6, type: /3v3/, decks: /Your own/, names: similar });
    expect(await cut(page, '.team .seat .who, .realm .seat .who')).toEqual([]);
    // Scrolled to the end, the sticky Start sits below the last rows instead of over them.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const last = (await page.locator('.checklist li').last().boundingBox())!;
    const startBar = (await page.getByRole('button', { name: 'Start the game' }).boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(startBar.y);
    await start(page);
    expect(await page.getByText('The round’s rules, step by step').isVisible()).toBe(true);
    const rows = page.locator('.player .who');
    expect(await rows.allInnerTexts()).toEqual(expect.arrayContaining(similar));
    expect(await cut(page, '.player .who'), 'Followers rows').toEqual([]);
    expect(await cut(page, '.realm .who'), 'who is in each Realm').toEqual([]);
    const realmLists = (await page.locator('section.realm .who').allInnerTexts()).join('\n');
    for (const n of similar) expect(realmLists).toContain(n);
    await finishPlayPhase(page);
    await expect.poll(() => page.getByRole('group', { name: /^Number pad/ }).isVisible()).toBe(true);
    expect(await cut(page, '.entry .who'), 'cleanup rows').toEqual([]);
    // On the pad's list, the two Alexanders still read differently, and the ✓ stays on screen.
    const padRows = await page.getByRole('dialog').locator('.entry .who').allInnerTexts();
    expect(new Set(padRows).size).toBe(6);
    const confirm = (await page.locator('button.confirm[data-entry-key]').boundingBox())!;
    expect(confirm.y + confirm.height).toBeLessThanOrEqual(800);
    // "0 / 30" beside a 40-character team line stays on one line.
    for (const h of await page
      .locator('.check .count')
      .evaluateAll((els) => els.map((e) => e.getClientRects().length)))
      expect(h).toBe(1);
    for (const h of await page
      .locator('.check .count')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
      expect(h).toBeLessThan(30);
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, 'theos-similar-names-360');
    await context.close();
  });

  it('a shared setup link rebuilds the same game on another phone; a bad code says why', async () => {
    const first = await openTab(shared.browser);
    await setUp(first.page, { players: 6, type: /2v2v2/, decks: /Draft/, seed: 'SHARE001' });
    const code = (await first.page.getByTestId('setup-code').innerText()).trim();
    expect(code).toMatch(/^TH2-/);
    // The other phone has seats, not names: compare with the names taken out.
    const seats = (texts: string[]) =>
      texts.map((t) => t.replace(/\b(Ana|Ben|Cy|Dee|Eli|Fay)\b/g, (n) => `Player ${NAMES.indexOf(n) + 1}`));
    const packets = seats(await first.page.locator('details.list').allTextContents());
    const realms = seats(await first.page.locator('.realm').allInnerTexts());
    await first.context.close();

    const second = await openTab(shared.browser);
    await visit(second.page, `${shared.server.url}/theos/new?code=${encodeURIComponent(code)}`);
    await expect.poll(() => second.page.getByTestId('setup-code').innerText()).toBe(code);
    expect(await second.page.locator('details.list').allTextContents()).toEqual(packets);
    expect(await second.page.locator('.realm').allInnerTexts()).toEqual(realms);
    await visit(second.page, `${shared.server.url}/theos/new?code=TH1-XXXX-YYYY`);
    await expect.poll(() => second.page.getByText(/could not be used/).isVisible()).toBe(true);
    await second.context.close();
  });
});
