/**
 * Screenshots of every screen at phone size (390×844), light and dark, into screenshots/, for
 * looking at what we build. Needs a build:  npm run build && npx tsx scripts/shots/screens.ts
 * Add a game id (npx tsx scripts/shots/screens.ts theos) for that game's screens only.
 */
import type { Page } from 'playwright-core';
import { launch, openTab, serve, shot, visit } from '../../tests/browser/harness';
import { longNamesBackup } from '../../tests/fixtures/long-names';

const server = await serve();
const browser = await launch();

async function tour(dark: boolean) {
  const mode = dark ? 'dark' : 'light';
  const { page, context } = await openTab(browser, { dark });
  const go = async (path: string, name: string, ready?: (p: Page) => Promise<unknown>) => {
    await visit(page, `${server.url}${path}`);
    await page.locator('h1').first().waitFor();
    if (ready) await ready(page);
    await page.waitForTimeout(300);
    await shot(page, `${name}-${mode}`);
  };
  await go('/', 'home-empty');
  await go('/titans/new', 'setup-duel');
  await page.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: /Three/ }).click();
  await page.waitForTimeout(200);
  await page.getByRole('radiogroup', { name: 'Number of players' }).getByRole('radio', { name: '5' }).click();
  await page.waitForTimeout(200);
  await shot(page, `setup-three-arenas-${mode}`, { fullPage: true });
  await page.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: /Two/ }).click();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  // The quick flow is the default; these shots walk the ages, so Guide me goes on first.
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
  await page.waitForTimeout(350);
  await page.getByRole('button', { name: 'Begin the first age' }).click();
  await page.waitForTimeout(200);
  await shot(page, `play-age-${mode}`);
  // A person's pace: taps closer together than a double tap's window count once.
  for (let i = 0; i < 15; i++) {
    await page.waitForTimeout(350);
    await page.getByRole('button', { name: /^Next/ }).click();
  }
  await page
    .getByRole('button', { name: /^Power of/ })
    .first()
    .click();
  await page.waitForTimeout(200);
  await shot(page, `play-battle-pad-${mode}`);
  await page.getByRole('button', { name: 'Rules for this step' }).first().click();
  await page.waitForTimeout(600);
  await shot(page, `play-step-help-${mode}`);
  await go('/', 'home-with-game');
  await go('/rules', 'rules-index');
  await go('/rules/titans', 'rules-titans');
  await go('/rules/titans/turn#battle', 'rules-titans-battle');
  await go('/rules', 'rules-search', async (p) => {
    await p.getByRole('searchbox').or(p.locator('input[type=search]')).first().fill('captur');
    await p.waitForTimeout(1200);
  });
  await go('/settings', 'settings');
  await context.close();
}

/** Epic: setup and the deck checker, the draft guide, mulligans, a turn, Guide me, a match. */
async function epicTour(dark: boolean) {
  const mode = dark ? 'dark' : 'light';
  const { page, context } = await openTab(browser, { dark });
  const snap = async (name: string, fullPage = false) => {
    await page.waitForTimeout(300);
    await shot(page, `epic-${name}-${mode}`, { fullPage });
  };
  const start = async (players: string[], options: { format?: RegExp; match?: boolean } = {}) => {
    await visit(page, `${server.url}/epic/new`);
    await page.locator('h1').first().waitFor();
    if (options.format) await page.getByRole('radio', { name: options.format }).click();
    if (options.match) await page.getByRole('radio', { name: /Match/ }).click();
    if (players.length !== 2)
      await page.getByRole('radio', { name: String(players.length), exact: true }).click();
    for (const [i, n] of players.entries()) await page.getByPlaceholder(`Player ${i + 1}`).fill(n);
    await page
      .getByRole('radiogroup', { name: /Who goes first/ })
      .getByRole('radio')
      .first()
      .click();
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.waitForURL(/\/play\//);
    await page.getByRole('region', { name: 'Board' }).waitFor();
  };
  await visit(page, `${server.url}/epic/new`);
  await page.locator('h1').first().waitFor();
  await snap('setup');
  await page.getByRole('radio', { name: /Designed deck/ }).click();
  await page.getByText(/^Check a deck/).click();
  await page.getByRole('textbox', { name: 'Deck' }).fill('3 Thrust\n4 Swarm\nRescue\n3 Shelter\n20 Imp');
  await page.getByRole('textbox', { name: /^Sideboard/ }).fill('3 Walk it Off\n1 Thrust');
  await snap('setup-deck-check', true);

  await start(['Ana', 'Ben', 'Cy', 'Dee'], { format: /Draft/ });
  await snap('draft');
  await page.getByRole('button', { name: /^Drafted already/ }).click();
  await page.getByRole('button', { name: 'Ana puts back 2' }).click();
  await snap('mulligan');

  await start(['Ana', 'Ben']);
  await page.getByRole('button', { name: /^Everyone else keeps/ }).click();
  await page.getByRole('button', { name: 'Next turn: Ben' }).click();
  await page.getByRole('button', { name: /^Ben’s action/ }).click();
  await page.waitForTimeout(350);
  await page.getByRole('button', { name: 'Decrease Ana’s Mojo by 5' }).click();
  await snap('turn');
  await page.getByRole('button', { name: 'Battle', exact: true }).click();
  await snap('checklist');
  await page.getByRole('button', { name: 'Battle', exact: true }).click();
  await page.getByText('Battle helper').click();
  await page.getByRole('textbox', { name: 'Attacker 1: offense' }).fill('7');
  await page.getByRole('textbox', { name: 'Attacker 1: defense' }).fill('3');
  await page.getByRole('button', { name: 'Add a blocker' }).click();
  await page.getByRole('textbox', { name: 'Blocker 1: offense' }).fill('2');
  await page.getByRole('textbox', { name: 'Blocker 1: defense' }).fill('8');
  await page.getByRole('textbox', { name: 'Blocker 1: Damage Ward' }).fill('5');
  await page.getByRole('textbox', { name: 'Blocker 1: Damage Ward' }).scrollIntoViewIfNeeded();
  await snap('battle-helper');
  await page.getByRole('button', { name: 'Face each other' }).click();
  await snap('face-to-face');
  await page.getByRole('button', { name: 'Side by side' }).click();
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
  await page.waitForTimeout(350);
  await page.getByRole('button', { name: 'Declare an attack' }).click();
  await snap('guide-attack');
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
  await page.waitForTimeout(350);
  await page.getByRole('button', { name: /^Ana’s Mojo/ }).click();
  await page.getByRole('textbox', { name: /^New total for Ana’s Mojo/ }).fill('0');
  await page.getByRole('textbox', { name: /^New total for Ana’s Mojo/ }).press('Enter');
  await snap('game-over');

  await start(['Ana', 'Ben', 'Cy'], { format: /Pack War/, match: true });
  await page.getByRole('button', { name: /^Everyone else keeps/ }).click();
  await page.getByText(/^Cards that cannot be drawn/).click();
  await snap('pack-war', true);
  for (const who of ['Ben', 'Cy']) {
    await page.getByRole('button', { name: new RegExp(`^${who}’s Mojo`) }).click();
    await page.getByRole('textbox', { name: new RegExp(`^New total for ${who}’s Mojo`) }).fill('0');
    await page.getByRole('textbox', { name: new RegExp(`^New total for ${who}’s Mojo`) }).press('Enter');
  }
  await page.getByText(/Who goes first in game 2/).scrollIntoViewIfNeeded();
  await snap('between-games');
  await context.close();
}

async function theosTour(dark: boolean) {
  const mode = dark ? 'dark' : 'light';
  const { page, context } = await openTab(browser, { dark });
  const snap = async (name: string, fullPage = false) => {
    await page.waitForTimeout(250);
    await shot(page, `theos-${name}-${mode}`, { fullPage });
  };
  // A moment between taps, as a person leaves: the play screen swallows the second of a double tap.
  const tap = async (target: ReturnType<Page['locator']>) => {
    await page.waitForTimeout(350);
    await target.click();
  };
  const button = (name: string | RegExp) => page.getByRole('button', { name });
  const names = ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay'];
  const newGame = async (players: number, type: RegExp, decks: RegExp, name?: string) => {
    await visit(page, `${server.url}/theos/new`);
    await page
      .getByRole('radiogroup', { name: 'Number of players' })
      .getByRole('radio', { name: String(players), exact: true })
      .click();
    await page.getByRole('radiogroup', { name: 'Game type' }).getByRole('radio', { name: type }).click();
    await page.getByRole('radiogroup', { name: 'Deck type' }).getByRole('radio', { name: decks }).click();
    for (let i = 0; i < players; i++) await page.getByPlaceholder(`Player ${i + 1}`).fill(names[i]);
    if (name) await snap(name, true);
    await button('Start the game').click();
    await page.waitForURL(/\/play\//);
    await page.getByRole('region', { name: /^(Board|Draft)$/ }).waitFor();
  };

  await newGame(6, /2v2v2/, /Draft/, 'setup-six-draft');
  await snap('draft-pass');
  await newGame(2, /1v1/, /Draft/);
  await tap(button(/^Pick /).nth(2));
  await snap('draft-two', true);
  await newGame(2, /1v1/, /Prebuilt/, 'setup-duel-prebuilt');
  await snap('first-turn');
  // The quick flow (the default): one button ends the Play Phase once the table has played it.
  await tap(button('Increase Ana’s Followers'));
  await tap(page.getByText('Speed helper: who resolves first'));
  for (const card of ['g4', 'p4', 'd9']) {
    await page.getByRole('searchbox', { name: 'Add a revealed card' }).fill(card);
    await page.keyboard.press('Enter');
  }
  await snap('round-helper', true);
  await tap(button(/end the Play Phase$/));
  await snap('end-phase', true);
  // The End Phase opens the cleanup pad on the first player by itself.
  await snap('cleanup-pad');
  await newGame(6, /Free/, /Your own/);
  await snap('six-realms', true);
  await newGame(4, /2v2/, /Prebuilt/);
  await button('More').click();
  await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
  for (let i = 0; i < 3; i++) await tap(button(/^Next: /));
  await snap('guide-reveal');
  await tap(button('Next: Resolve'));
  for (let i = 0; i < 10; i++) await tap(button('Increase Cy’s Followers'));
  for (let i = 0; i < 10; i++) await tap(button('Increase Dee’s Followers'));
  await button('More').click();
  await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
  await tap(button(/end the Play Phase$/));
  await snap('game-over', true);
  await visit(page, `${server.url}/rules/theos`);
  await snap('rules');
  await context.close();
}

/** WiZ: setup in every format, a round in the quick flow and in Guide me, scoring, the end. */
async function wizTour(dark: boolean) {
  const mode = dark ? 'dark' : 'light';
  const { page, context } = await openTab(browser, { dark });
  const snap = async (name: string, fullPage = false) => {
    await page.waitForTimeout(300);
    await shot(page, `wiz-${name}-${mode}`, { fullPage });
  };
  // A tap after looking: a second tap at the same spot too soon is (rightly) a double tap.
  const tap = async (l: ReturnType<Page['getByRole']>) => (await page.waitForTimeout(350), l.click());
  const confirm = page.locator('button.confirm[data-entry-key]');
  const pad = async (text: string) => {
    const keys = page.getByRole('group', { name: /^Number pad/ });
    for (const ch of text) await keys.getByRole('button', { name: ch, exact: true }).click();
    await tap(confirm);
  };
  await visit(page, `${server.url}/wiz/new`);
  await page.locator('h1').first().waitFor();
  await page.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: /^Solo/ }).click();
  await snap('setup-solo');
  await page.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: /^5–6/ }).click();
  await snap('setup-five-six', true);
  await page.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: /^2–4/ }).click();
  await page.getByRole('radiogroup', { name: 'Number of players' }).getByRole('radio', { name: '3' }).click();
  for (const [i, n] of ['Ana', 'Ben', 'Cy'].entries()) await page.getByPlaceholder(`Player ${i + 1}`).fill(n);
  for (const option of [/^Titans/, /^Characters/, /^Life Pool/])
    await page.getByRole('button', { name: option }).click();
  await snap('setup');
  await snap('setup-full', true);
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  await page.getByRole('region', { name: 'Scores' }).waitFor();
  await snap('play-start');
  await page.getByRole('button', { name: 'A turn' }).click();
  await snap('play-checklist');
  await page.getByRole('button', { name: 'A turn' }).click();
  await page.getByText(/Life Pool · character attacks/).click();
  await page.getByRole('button', { name: 'Cy won the Life Pool' }).click();
  await snap('play-life-pool', true);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByText(/Life Pool · character attacks/).click();
  await page.getByRole('button', { name: /^Check a hand/ }).click();
  for (const n of [6, 7, 8, 9])
    await page.getByRole('button', { name: `Add Fire ${n}`, exact: true }).click();
  await snap('hand-check');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await tap(page.getByRole('button', { name: 'Ben went out', exact: true }));
  await pad('4');
  await snap('scoring-pad-hand');
  await pad('12');
  await tap(confirm);
  await snap('scoring-pad-chaotic');
  await pad('59');
  await pad('41');
  await snap('scoring-ready');
  await snap('scoring-ready-full', true);
  await page.getByRole('button', { name: '+ From its cards' }).click();
  await page.getByRole('radio', { name: 'Water' }).click();
  for (const n of [1, 2, 3, 4])
    await page.getByRole('button', { name: `Add Water ${n}`, exact: true }).click();
  await page.getByRole('button', { name: 'Add Water elemental' }).click();
  await snap('hand-builder');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await tap(page.getByRole('button', { name: /^Score the round/ }));
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
  await snap('guide-deal');
  for (let i = 0; i < 4; i++) await tap(page.getByRole('button', { name: /^Next: / }));
  await snap('guide-turn');
  await page.getByRole('button', { name: 'Rules for this step' }).first().click();
  await page.waitForTimeout(600);
  await snap('step-help');
  await page.getByRole('button', { name: 'Back to the game' }).click();
  for (let i = 0; i < 2; i++) await tap(page.getByRole('button', { name: /^Next: / }));
  await tap(page.getByRole('button', { name: 'Ana went out', exact: true }));
  await snap('guide-scoring');
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
  await page.getByRole('button', { name: '+ Add a hand' }).click();
  await pad('12');
  await tap(confirm);
  await pad('400');
  await pad('300');
  await tap(page.getByRole('button', { name: /^Score the round/ }));
  await page.getByRole('heading', { name: /wins!/ }).waitFor();
  await snap('game-over', true);
  await visit(page, `${server.url}/rules/wiz`);
  await page.locator('h1').first().waitFor();
  await snap('rules');
  await context.close();
}

/** Types a number on the pad like a person: digits, then ✓ (a moment apart, as a person taps). */
async function typeNumber(page: Page, text: string) {
  const pad = page.getByRole('group', { name: /^Number pad/ });
  for (const ch of text) await pad.getByRole('button', { name: ch, exact: true }).click();
  await page.waitForTimeout(350);
  await page.locator('button.confirm[data-entry-key]').click();
  await page.waitForTimeout(350);
}

/** Twilight of the Gods: setup, opening, the quick turn and its entries, Guide me, the draft, the end. */
async function twilightTour(dark: boolean) {
  const mode = dark ? 'dark' : 'light';
  const { page, context } = await openTab(browser, { dark });
  const snap = async (name: string, fullPage = false) => {
    await page.waitForTimeout(350);
    await shot(page, `twilight-${name}-${mode}`, { fullPage });
  };
  const tap = async (name: string | RegExp) => {
    await page.getByRole('button', { name }).first().click();
    await page.waitForTimeout(350);
  };
  const start = async (players: number, options: { draft?: boolean; teams?: RegExp } = {}) => {
    await visit(page, `${server.url}/twilight/new`);
    await page
      .getByRole('radiogroup', { name: 'Number of players' })
      .getByRole('radio', { name: String(players), exact: true })
      .click();
    for (const [i, n] of ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay'].slice(0, players).entries()) {
      await page.getByPlaceholder(`Player ${i + 1}`).fill(n);
    }
    if (options.draft)
      await page.getByRole('radiogroup', { name: 'Decks' }).getByRole('radio', { name: /Draft/ }).click();
    if (options.teams)
      await page
        .getByRole('radiogroup', { name: 'Teams' })
        .getByRole('radio', { name: options.teams })
        .click();
  };
  const play = async () => {
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.waitForURL(/\/play\//);
    await page.getByRole('region', { name: 'This turn' }).waitFor();
  };

  await start(2);
  await snap('setup');
  await start(6, { teams: /3 teams/ });
  await snap('setup-six-teams', true);
  await start(2);
  await play();
  await snap('opening');
  await tap(/^Begin/);
  await snap('turn');
  await tap('Trade with Ben');
  await typeNumber(page, '2');
  await snap('trade-pad');
  await typeNumber(page, '2');
  await snap('after-trade');
  await tap(/Ben’s Life Stack/);
  await page
    .getByRole('group', { name: /^Number pad/ })
    .getByRole('button', { name: '3', exact: true })
    .click();
  await snap('attack-pad');
  await page.locator('button.confirm[data-entry-key]').click();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await snap('end-owed');
  await tap(/^Greater Aspect into play, end the turn/);
  await tap(/^Seize Lesser/);
  await tap(/^Adjust Ana/);
  await snap('corrections');
  await tap('Close');
  await page
    .getByText(/^Decay/)
    .first()
    .click();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await snap('decay');
  await tap('More');
  await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
  await snap('guide-me');
  await tap('Rules for this step');
  await page.waitForTimeout(600);
  await snap('step-help');
  await visit(page, page.url());
  await page.getByRole('region', { name: 'This turn' }).waitFor();
  await tap('More');
  await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
  await page.waitForTimeout(350);
  await tap(/Ana’s Life Stack/);
  await typeNumber(page, '60');
  await snap('game-over');

  await start(3, { draft: true });
  await play();
  await snap('draft-deities');
  for (let round = 0; round < 2; round++)
    for (const who of ['Ana', 'Ben', 'Cy']) await tap(new RegExp(`^${who} keeps`));
  await snap('draft-actions');
  for (let pile = 0; pile < 3; pile++) await tap('This pile is done');
  await tap('Check the deck');
  await page.locator('textarea').fill('3 Youthful Troll (Aggression)\n2 Borderland Scout (red)\n45 Other');
  await snap('draft-build');
  await context.close();
}

/**
 * History, a finished game's page, Stats and Players with six 40-character names (a Duel and a
 * three-arena game, brought in as a backup), whole pages: nothing may run off the side.
 */
async function resultsTour(dark: boolean) {
  const mode = dark ? 'dark' : 'light';
  const { page, context } = await openTab(browser, { dark });
  await visit(page, `${server.url}/settings`);
  await page.getByLabel('Import backup…').setInputFiles({
    name: 'long-names.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(longNamesBackup()))
  });
  await page.getByRole('status').filter({ hasText: '2 games added' }).waitFor();
  const go = async (path: string, name: string, ready: (p: Page) => Promise<unknown>) => {
    await visit(page, `${server.url}${path}`);
    await ready(page);
    await page.waitForTimeout(300);
    await shot(page, `${name}-${mode}`, { fullPage: true });
  };
  const board = (p: Page) => p.getByRole('heading', { name: 'The final board' }).waitFor();
  await go('/history', 'results-history-long-names', (p) =>
    p.getByRole('list', { name: 'Finished games' }).getByRole('link').nth(1).waitFor()
  );
  await go('/history/longnamessix', 'results-game-six-long-names', board);
  await go('/history/longnamesduel', 'results-game-duel-long-names', board);
  await go('/stats', 'results-stats-long-names', async (p) => {
    const against = p.getByLabel('Against');
    await against.selectOption({ index: 1 });
  });
  await go('/players', 'results-players-long-names', (p) =>
    p.getByRole('button', { name: 'Rename' }).first().waitFor()
  );
  await go('/', 'results-home-long-names', (p) => p.getByRole('heading', { name: 'Finished' }).waitFor());
  await context.close();
}

// One tour alone: npx tsx scripts/shots/screens.ts <app|results|twilight|epic|theos|wiz>
const only = process.argv[2];
if (!only || only === 'results') {
  await resultsTour(false);
  await resultsTour(true);
}
if (!only || only === 'app' || only === 'titans') {
  await tour(false);
  await tour(true);
}
if (!only || only === 'twilight') {
  await twilightTour(false);
  await twilightTour(true);
}
if (!only || only === 'epic') {
  await epicTour(false);
  await epicTour(true);
}
if (!only || only === 'theos') {
  await theosTour(false);
  await theosTour(true);
}
if (!only || only === 'wiz') {
  await wizTour(false);
  await wizTour(true);
}
await browser.close();
await server.close();
console.log('screenshots written to screenshots/');
