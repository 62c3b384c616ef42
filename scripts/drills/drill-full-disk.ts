/**
 * The full-disk drill (`npm run drill -- --full-disk`): a phone running out of space mid-game,
 * again and again, on a real filesystem (a tmpfs of its own, as tests/browser/full-disk.test.ts
 * uses: on it Chromium behaves as #37 saw, refusing the write and then deleting the origin's
 * storage under the open page). Each run, on a fresh browser profile:
 *
 *   1. a Titans Duel of 5 stored steps (IndexedDB and the recovery journal);
 *   2. the disk filled to 0 bytes free, and taps until storage refuses one and the page says it
 *      holds the game; then 1-5 more taps (seeded), the disk kept full;
 *   3. what Chromium left: the database, the journal's folder, the copy in localStorage;
 *   4. either (seeded, about half the runs each) the person frees space and taps Try again, or
 *      the phone kills the tab first and the game is opened again once there is room;
 *   5. checked: every step on screen is stored in IndexedDB and the journal, the copy in
 *      localStorage is gone, and a restart shows the game as it was.
 *
 *   npm run build && sudo npm run drill -- --full-disk            (10 runs)
 *   options: --runs N, --seed N, --disk-mb N (60)
 *
 * Needs root on Linux (it mounts a tmpfs); says so and stops where the machine does not allow it.
 * Servers bind 127.0.0.1; loops are bounded; only the browsers it starts are closed.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BrowserContext, Page } from 'playwright-core';
import { startServer } from '../serve.mjs';
import { launchProfile } from '../../tests/browser/harness';
import { journalEntries, storedSteps, tapAfterLooking } from '../../tests/browser/checks';
import { makeSmallDisk, smallDiskUsable, type SmallDisk } from '../../tests/browser/small-disk';
import { startDuel } from '../../tests/browser/titans-play';

export interface FullDiskOptions {
  runs: number;
  seed: number;
  diskMb: number;
  random: () => number;
}

/** Taps tried after the disk is full before a run gives up waiting for a refusal. */
const MAX_TAPS_TO_REFUSAL = 60;
const STEPS_BEFORE = 5;

const surge = (page: Page) => page.getByRole('button', { name: /^Ana: Surge/ });
const undo = (page: Page) => page.getByRole('button', { name: /^(Undo: |Nothing to undo)/ });
const heldBanner = (page: Page) => page.getByRole('alert').filter({ hasText: 'kept only on this screen' });
const tokens = async (page: Page) =>
  (await page.locator('[aria-label$="surge tokens left"]').first().getAttribute('aria-label')) ?? '';
/** Surge, then undo it, then surge…: each tap is one stored step. */
const tapNext = (page: Page, n: number) => tapAfterLooking(n % 2 ? surge(page) : undo(page));

interface Left {
  database: boolean;
  journal: boolean;
  copy: boolean;
}

/** What the origin still has of the game, read from the page. */
function whatIsLeft(page: Page, id: string): Promise<Left> {
  return page.evaluate(async (id) => {
    // On the full disk the listing itself can fail ("Internal error opening backing store"):
    // then the database is as good as gone for the page.
    const database = await indexedDB
      .databases()
      .then((all) => all.some((d) => d.name === 'tableside'))
      .catch(() => false);
    let journal = false;
    try {
      const root = await navigator.storage.getDirectory();
      await (await root.getDirectoryHandle('tableside-journal')).getFileHandle(`${id}.jsonl`);
      journal = true;
    } catch {
      journal = false;
    }
    let copy = false;
    try {
      copy = localStorage.getItem(`tableside.held.${id}`) !== null;
    } catch {
      copy = false;
    }
    return { database, journal, copy };
  }, id);
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    if (await check().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

interface RunResult {
  tapsToRefusal: number;
  msToBanner: number;
  left: Left;
  way: 'try again' | 'killed';
  msToSaved: number;
  stepsShown: number;
  stepsStored: number;
  journalSteps: number;
  copyGone: boolean;
  restartShowsGame: boolean;
}

/** The console errors of the current run's pages. */
const errorsSaid: string[] = [];

async function run(disk: SmallDisk, url: string, index: number, random: () => number): Promise<RunResult> {
  errorsSaid.length = 0;
  let context: BrowserContext | undefined;
  let keepFull: ReturnType<typeof setInterval> | undefined;
  try {
    const profile = join(disk.dir, `profile-${index}`);
    ({ context } = await launchProfile(profile));
    let page = context.pages()[0];
    page.setDefaultTimeout(20_000);
    // What the page said, for a run that could not be completed.
    const said = (p: Page) => p.on('console', (m) => m.type() === 'error' && errorsSaid.push(m.text()));
    said(page);
    context.on('page', said);
    const game = await startDuel(url, page);
    const id = game.split('/').at(-1)!;
    let taps = 0;
    for (; taps < STEPS_BEFORE; taps++) await tapNext(page, taps + 1);
    if (!(await until(async () => (await journalEntries(page, id)) === STEPS_BEFORE, 10_000)))
      throw new Error('the first steps did not reach the journal');

    disk.fill();
    const filled = performance.now();
    while (!(await heldBanner(page).count()) && taps < STEPS_BEFORE + MAX_TAPS_TO_REFUSAL) {
      disk.fill();
      await tapNext(page, ++taps);
      await page.waitForTimeout(150);
    }
    if (!(await until(async () => (await heldBanner(page).count()) === 1, 5000)))
      throw new Error(`no refusal after ${taps - STEPS_BEFORE} taps on the full disk`);
    const msToBanner = performance.now() - filled;
    const tapsToRefusal = taps - STEPS_BEFORE;
    keepFull = setInterval(() => disk.fill(), 250);
    const more = 1 + Math.floor(random() * 5);
    for (let i = 0; i < more; i++) await tapNext(page, ++taps);
    const shown = { tokens: await tokens(page), undo: await undo(page).getAttribute('aria-label') };
    // Chromium deletes the origin's storage a moment after the failed write, if it does.
    await page.waitForTimeout(1500);
    const left = await whatIsLeft(page, id);

    const way = random() < 0.5 ? 'try again' : 'killed';
    const freed = () => {
      clearInterval(keepFull);
      keepFull = undefined;
      disk.unfill();
    };
    let msToSaved: number;
    if (way === 'try again') {
      freed();
      const t0 = performance.now();
      await heldBanner(page)
        .getByRole('button', { name: 'Try again' })
        .click({ timeout: 2000 })
        .catch(() => {});
      if (!(await until(async () => (await heldBanner(page).count()) === 0, 30_000)))
        throw new Error('the game was not written back within 30 s of space coming back');
      msToSaved = performance.now() - t0;
    } else {
      // Only once the copy is in localStorage (it is written after the paint).
      await until(async () => (await whatIsLeft(page, id)).copy, 5000);
      const cdp = await context.newCDPSession(page);
      const crashed = new Promise((resolve) => page.once('crash', resolve));
      void cdp.send('Page.crash').catch(() => {});
      await crashed;
      freed();
      const t0 = performance.now();
      page = await context.newPage();
      await page.goto(game);
      await page.getByRole('region', { name: 'Board' }).waitFor({ timeout: 60_000 });
      msToSaved = performance.now() - t0;
    }
    await until(async () => (await storedSteps(page, id)) === taps, 10_000);
    await until(async () => (await journalEntries(page, id)) === taps, 10_000);
    const stepsStored = await storedSteps(page, id);
    const journalSteps = await journalEntries(page, id);
    const copyGone = await until(async () => !(await whatIsLeft(page, id)).copy, 5000);

    await context.close();
    ({ context } = await launchProfile(profile));
    page = context.pages()[0];
    await page.goto(game);
    await page.getByRole('region', { name: 'Board' }).waitFor({ timeout: 60_000 });
    const restartShowsGame =
      (await tokens(page)) === shown.tokens && (await undo(page).getAttribute('aria-label')) === shown.undo;
    return {
      tapsToRefusal,
      msToBanner,
      left,
      way,
      msToSaved,
      stepsShown: taps,
      stepsStored,
      journalSteps,
      copyGone,
      restartShowsGame
    };
  } finally {
    clearInterval(keepFull);
    await context?.close().catch(() => {});
    disk.unfill();
  }
}

const median = (values: number[]) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
};

/** Runs the drill; resolves to the process's exit code (1 when a step was lost). */
export async function fullDiskDrill({ runs, seed, diskMb, random }: FullDiskOptions): Promise<number> {
  if (!smallDiskUsable()) {
    console.error(
      'The full-disk drill needs root on Linux, to mount a small filesystem of its own; this machine does not allow it.'
    );
    return 2;
  }
  const disk = makeSmallDisk(diskMb, 'tmpfs');
  const server = await startServer({ port: 0 });
  console.log(`Full-disk drill: ${runs} runs, seed ${seed}, a ${diskMb} MB tmpfs, app at ${server.url}`);
  const results: RunResult[] = [];
  let errors = 0;
  const started = performance.now();
  try {
    for (let i = 1; i <= runs; i++) {
      try {
        const r = await run(disk, server.url, i, random);
        results.push(r);
        const lost = r.stepsShown - r.stepsStored;
        console.log(
          `  run ${i}: refused after ${r.tapsToRefusal} taps (${(r.msToBanner / 1000).toFixed(1)} s); left: ` +
            `database ${r.left.database ? 'kept' : 'gone or unreadable'}, journal ${r.left.journal ? 'kept' : 'deleted'}, ` +
            `localStorage copy ${r.left.copy ? 'kept' : 'missing'}; ${r.way}: ${r.stepsStored} of ${r.stepsShown} ` +
            `steps stored, ${r.journalSteps} in the journal${lost ? ` — ${lost} LOST` : ''}`
        );
      } catch (error) {
        errors++;
        console.log(`  run ${i}: could not be completed: ${(error as Error).message.split('\n')[0]}`);
        for (const line of errorsSaid.slice(-4)) console.log(`    the page said: ${line.slice(0, 300)}`);
      }
    }
  } finally {
    await server.close();
    disk.remove();
  }
  const count = (f: (r: RunResult) => boolean) => String(results.filter(f).length);
  const rows: [string, string][] = [
    ['Runs', String(runs)],
    ['Runs not completed', String(errors)],
    ['Median taps on the full disk before the refusal', String(median(results.map((r) => r.tapsToRefusal)))],
    [
      'Median time from full disk to the held banner',
      `${(median(results.map((r) => r.msToBanner)) / 1000).toFixed(1)} s`
    ],
    ['Runs where the database was gone or unreadable while full', count((r) => !r.left.database)],
    ['Runs where Chromium deleted the journal', count((r) => !r.left.journal)],
    ['Runs with the copy kept in localStorage', count((r) => r.left.copy)],
    ['Freed, then Try again', count((r) => r.way === 'try again')],
    ['Killed while held, opened again with room', count((r) => r.way === 'killed')],
    [
      'Median time to saved again (Try again) / shown (reopened)',
      `${(median(results.map((r) => r.msToSaved)) / 1000).toFixed(1)} s`
    ],
    ['Runs that lost a step from IndexedDB', count((r) => r.stepsStored !== r.stepsShown)],
    ['Runs whose journal lacked a step', count((r) => r.journalSteps !== r.stepsShown)],
    ['Runs that left the localStorage copy behind', count((r) => !r.copyGone)],
    ['Restarts that did not show the game as it was', count((r) => !r.restartShowsGame)],
    ['Total time', `${((performance.now() - started) / 60_000).toFixed(1)} min`]
  ];
  console.log('');
  for (const [name, value] of rows) console.log(`${name.padEnd(60)} ${value}`);
  const bad = results.some(
    (r) => r.stepsStored !== r.stepsShown || r.journalSteps !== r.stepsShown || !r.restartShowsGame
  );
  return bad ? 1 : 0;
}
