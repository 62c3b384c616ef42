/**
 * The kill drill: what a phone does to the app, over and over. Each run starts Chromium on one
 * persistent profile, opens the app (the built app, served locally), starts or opens a Titans of
 * Eden game, taps (Surge, Undo), and kills the whole browser with SIGKILL 0-50 ms after the last
 * tap, at a delay drawn from a seeded generator. The next run starts it again and checks:
 *
 *   (a) the game on screen equals a replay of its stored log (surge tokens and the undo label);
 *   (b) no game known before a restart is gone, and no stored step is gone or changed;
 *   (c) how often the app restored games or steps from its recovery journal (and whether
 *       Chromium itself reported data loss).
 *
 *   npm run build && npm run drill                     (1,000 runs)
 *   npm run drill -- --runs 100 --seed 7               (another sequence of delays and taps)
 *   options: --runs N, --seed N, --max-delay MS (50), --new-every N (a new game about every
 *            N runs, 20), --keep (keep the browser profile, printed at the end),
 *            --damage-every N (after every Nth kill, scribble over the middle of IndexedDB's
 *            LevelDB files, as a power cut or a full disk can: Chromium then finds them damaged,
 *            throws the database away, and the app must restore every game from its journal)
 *   npm run drill -- --full-disk [--runs 10] [--disk-mb 60]
 *            (another drill: the disk filled mid-game on a tmpfs; see drill-full-disk.ts)
 *
 * Not a test (it takes a while, and what it counts is the browser's behaviour); `npm test` never
 * runs it. Servers bind 127.0.0.1; every loop is bounded; only the browsers it starts are killed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  existsSync,
  fstatSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  writeSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer } from '../serve.mjs';
import { CHROMIUM, PHONE } from '../../tests/browser/harness';
import { titansLogic } from '../../src/lib/games/titans/logic';
import type { TitansSetup } from '../../src/lib/games/titans/format';
import { foldLog } from '../../src/lib/session/log';
import { initialState, replay } from '../../src/lib/session/replay';
import type { EventRecord, SessionRecord } from '../../src/lib/db/records';
import { DOUBLE_TAP_MS } from '../../src/lib/ui/taps';

// ---- options ------------------------------------------------------------------------------------

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`--${name} needs a number, not “${process.argv[i + 1]}”.`);
    process.exit(2);
  }
  return value;
}
const RUNS = Math.floor(option('runs', 1000));
const SEED = Math.floor(option('seed', 1));
const MAX_DELAY = option('max-delay', 50);
const NEW_EVERY = Math.max(1, option('new-every', 20));
const KEEP = process.argv.includes('--keep');
const DAMAGE_EVERY = Math.floor(option('damage-every', 0));
/** Runs that fail for other reasons than what is checked (the browser did not start…) in a row. */
const MAX_ERRORS_IN_A_ROW = 5;

if (!existsSync(resolve(import.meta.dirname, '../../build/200.html'))) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

/** mulberry32: small, seeded, good enough to spread delays and taps. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(SEED);

// The full-disk drill is a mode of its own (drill-full-disk.ts): other runs, other checks.
if (process.argv.includes('--full-disk')) {
  const { fullDiskDrill } = await import('./drill-full-disk');
  const runs = Math.floor(option('runs', 10));
  process.exit(await fullDiskDrill({ runs, seed: SEED, diskMb: option('disk-mb', 60), random }));
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- the browser ------------------------------------------------------------------------------

interface Running {
  child: ChildProcess;
  browser: Browser;
  page: Page;
}

async function startChromium(profile: string, url: string): Promise<Running> {
  const child = spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-sync',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      `--window-size=${PHONE.width},${PHONE.height}`,
      // Straight to the page, as a phone reopening the app does.
      url
    ],
    // Its own process group, so the kill takes every Chromium process at once, as a phone does.
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] }
  );
  const endpoint = await new Promise<string>((ok, fail) => {
    let text = '';
    const timer = setTimeout(() => fail(new Error(`Chromium did not start: ${text.slice(-500)}`)), 30_000);
    child.once('exit', (code) => fail(new Error(`Chromium exited (${code}): ${text.slice(-500)}`)));
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (found) {
        clearTimeout(timer);
        ok(found[1]);
      }
    });
  });
  const browser = await chromium.connectOverCDP(endpoint);
  const context = browser.contexts()[0];
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(20_000);
  return { child, browser, page };
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
  await Promise.race([exited, sleep(10_000)]);
}

/**
 * Damages IndexedDB's files the way an interrupted write can: bytes in the middle of its newest
 * LevelDB files (the write-ahead log and tables) overwritten. Returns the files touched.
 */
function damageIndexedDB(profile: string): string[] {
  const root = join(profile, 'Default', 'IndexedDB');
  if (!existsSync(root)) return [];
  const touched: string[] = [];
  for (const store of readdirSync(root).filter((d) => d.endsWith('.indexeddb.leveldb'))) {
    for (const file of readdirSync(join(root, store)).filter((f) => /\.(log|ldb)$/.test(f))) {
      const path = join(root, store, file);
      const fd = openSync(path, 'r+');
      try {
        const size = fstatSync(fd).size;
        if (size < 64) continue;
        const junk = Buffer.from(Array.from({ length: 32 }, () => Math.floor(random() * 256)));
        writeSync(fd, junk, 0, junk.length, Math.floor(size / 2));
        touched.push(file);
      } finally {
        closeSync(fd);
      }
    }
  }
  return touched;
}

// ---- what the app stored, and what it shows ---------------------------------------------------

interface StoredGame {
  record: SessionRecord;
  log: EventRecord[];
}

/** Every game and its log, read from the app's IndexedDB (after the app has opened it). */
function readStore(page: Page): Promise<Record<string, StoredGame>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, StoredGame>>((resolve, reject) => {
        const open = indexedDB.open('tableside');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['sessions', 'events']);
          const sessions = tx.objectStore('sessions').getAll();
          const events = tx.objectStore('events').getAll();
          tx.oncomplete = () => {
            const out: Record<string, StoredGame> = {};
            for (const record of sessions.result as SessionRecord[]) out[record.id] = { record, log: [] };
            for (const e of events.result as EventRecord[]) out[e.sessionId]?.log.push(e);
            for (const g of Object.values(out)) g.log.sort((a, b) => a.seq - b.seq);
            db.close();
            resolve(out);
          };
          tx.onerror = () => reject(tx.error);
        };
      })
  );
}

interface Shown {
  tokens: string[];
  undo: string;
}

async function shownState(page: Page): Promise<Shown> {
  const tokens = await page
    .locator('[aria-label$="surge tokens left"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  const undo = (await undoButton(page).getAttribute('aria-label')) ?? '';
  return { tokens, undo };
}

/** What the screen must show for a stored log: its replay through the game's machine. */
function expectedState(game: StoredGame): Shown {
  const setup = game.record.setup as unknown as TitansSetup;
  const effective = foldLog(game.log).effective;
  const end = replay(
    titansLogic,
    initialState(titansLogic, setup),
    effective.map((e) => e.event!)
  );
  const surge = (end.context as { surge: Record<string, number> }).surge;
  const last = effective.at(-1);
  return {
    tokens: setup.players.map((p) => `${surge[p.id]} of 2 surge tokens left`),
    undo: last ? `Undo: ${last.label}` : 'Nothing to undo'
  };
}

const undoButton = (page: Page) => page.getByRole('button', { name: /^(Undo: |Nothing to undo)/ });

async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
}

// ---- one run ----------------------------------------------------------------------------------

const totals = {
  runs: 0,
  mismatches: 0,
  gamesLost: 0,
  stepsLost: 0,
  restoredGames: 0,
  healedGames: 0,
  dataLoss: 0,
  errors: 0,
  taps: 0,
  damaged: 0
};
const runTimes: number[] = [];
/** Games seen stored, with the log they had then (it may only grow). */
const known = new Map<string, EventRecord[]>();
const sameEntry = (a: EventRecord, b: EventRecord) =>
  a.seq === b.seq && a.kind === b.kind && a.time === b.time && a.label === b.label;

/** The recovery notice the app keeps for the home screen, read (and dismissed) here. */
const NOTICE_KEY = 'tableside.recovery-notice';

function countNotice(index: number, notice: string): void {
  console.log(`  run ${index}: ${notice}`);
  const number = (pattern: RegExp) => {
    const found = pattern.exec(notice);
    return found ? Number(found[1]) : 0;
  };
  totals.restoredGames += number(/(\d+) (?:missing )?games? (?:was|were) restored/);
  totals.healedGames += number(/the last steps of (\d+) games?/);
  if (/lost Tableside’s saved data/.test(notice)) totals.dataLoss++;
}

async function run(index: number, url: string, profile: string): Promise<void> {
  // Start a game now and then (and when there is none), else reopen one, straight from launch.
  const ids = [...known.keys()];
  const fresh = !ids.length || random() < 1 / NEW_EVERY;
  const id = fresh ? undefined : pick(ids);
  const { child, browser, page } = await startChromium(
    profile,
    fresh ? `${url}/titans/new` : `${url}/play/${id}`
  );
  try {
    await waitForApp(page);
    if (fresh) {
      await page.getByPlaceholder('Player 1').fill('Ana');
      await page.getByPlaceholder('Player 2').fill('Ben');
      await page.getByRole('button', { name: 'Start the game' }).click();
      await page.waitForURL(/\/play\//);
    }
    // The board appears once the app has compared its database with its journal and opened the
    // game; a game the app cannot find shows a failure instead (counted below as a lost game).
    await page.locator('section[aria-label="Board"], .failure h1').first().waitFor();
    const notice = await page.evaluate((key) => {
      const text = localStorage.getItem(key);
      localStorage.removeItem(key);
      return text;
    }, NOTICE_KEY);
    if (notice) countNotice(index, notice);

    // (b) nothing known before this restart is gone.
    const stored = await readStore(page);
    for (const [knownId, before] of known) {
      const now = stored[knownId];
      if (!now) {
        totals.gamesLost++;
        console.log(`  run ${index}: game ${knownId} is gone (it had ${before.length} stored steps)`);
        known.delete(knownId);
        continue;
      }
      const kept = now.log.length >= before.length && before.every((e, i) => sameEntry(e, now.log[i]));
      if (!kept) {
        totals.stepsLost++;
        console.log(
          `  run ${index}: game ${knownId} had ${before.length} stored steps, now ${now.log.length}`
        );
      }
    }
    for (const [storedId, g] of Object.entries(stored)) known.set(storedId, g.log);
    const shownId = page.url().split('/').at(-1)!;
    const game = stored[shownId];
    if (!game || (await page.locator('.failure').count())) return;

    // (a) the screen is the replay of the stored log.
    const shown = await shownState(page);
    let expected: Shown;
    try {
      expected = expectedState(game);
    } catch (error) {
      expected = { tokens: [`the stored log does not replay: ${(error as Error).message}`], undo: '' };
    }
    if (JSON.stringify(shown) !== JSON.stringify(expected)) {
      totals.mismatches++;
      console.log(
        `  run ${index}: game ${game.record.id} shows ${JSON.stringify(shown)}, its log replays to ${JSON.stringify(expected)}`
      );
    }

    // Taps, then the kill 0 to MAX_DELAY ms after the last one.
    const taps = 1 + Math.floor(random() * 3);
    let last = '';
    for (let t = 0; t < taps; t++) {
      // What can be tapped now, read in one go (the Surge buttons of players with tokens, Undo).
      const choices = await page.evaluate(() => {
        const out: string[] = [];
        const buttons = [...document.querySelectorAll<HTMLButtonElement>('.surge-buttons button')];
        buttons.forEach((b, n) => !b.disabled && out.push(`surge ${n}`));
        const undo = document.querySelector<HTMLButtonElement>('button[aria-label^="Undo: "]');
        if (undo && !undo.disabled) out.push('undo');
        return out;
      });
      if (!choices.length) break;
      const surges = page.locator('.surge-buttons button');
      const choice = pick(choices);
      // The same spot within the double-tap time is one tap for the app: wait as a person would.
      if (choice === last) await sleep(DOUBLE_TAP_MS + 30);
      const target = choice === 'undo' ? undoButton(page) : surges.nth(Number(choice.split(' ')[1]));
      await target.click();
      totals.taps++;
      last = choice;
      if (t < taps - 1) await sleep(Math.floor(random() * 120));
    }
    await sleep(Math.floor(random() * (MAX_DELAY + 1)));
  } finally {
    await kill(child);
    await browser.close().catch(() => {});
  }
}

// ---- the drill --------------------------------------------------------------------------------

const server = await startServer({ port: 0 });
const profile = mkdtempSync(join(tmpdir(), 'tableside-drill-'));
console.log(
  `Kill drill: ${RUNS} runs, seed ${SEED}, kill 0-${MAX_DELAY} ms after the last tap, app at ${server.url}`
);
const started = performance.now();
let errorsInARow = 0;
for (let i = 1; i <= RUNS; i++) {
  const t0 = performance.now();
  try {
    await run(i, server.url, profile);
    errorsInARow = 0;
    runTimes.push(performance.now() - t0);
    if (DAMAGE_EVERY && i % DAMAGE_EVERY === 0) {
      const touched = damageIndexedDB(profile);
      totals.damaged++;
      console.log(`  run ${i}: damaged IndexedDB's ${touched.join(', ') || '(no files yet)'}`);
    }
  } catch (error) {
    totals.errors++;
    errorsInARow++;
    console.log(`  run ${i}: could not be completed: ${(error as Error).message.split('\n')[0]}`);
    totals.runs = i;
    if (errorsInARow >= MAX_ERRORS_IN_A_ROW) {
      console.log(`Stopping: ${MAX_ERRORS_IN_A_ROW} runs in a row could not be completed.`);
      break;
    }
  }
  totals.runs = i;
  if (i % 25 === 0) {
    console.log(
      `  … ${i} runs, ${totals.mismatches} mismatches, ${totals.gamesLost} games lost, ${totals.restoredGames + totals.healedGames} restores`
    );
  }
}
await server.close();

const sorted = runTimes.slice().sort((a, b) => a - b);
const median = sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
const minutes = (performance.now() - started) / 60_000;
const rows: [string, string][] = [
  ['Runs', String(totals.runs)],
  ['Runs not completed (browser trouble)', String(totals.errors)],
  ['Taps', String(totals.taps)],
  ['Games', String(known.size)],
  ['Screen ≠ replay of the stored log', String(totals.mismatches)],
  ['Games lost after a restart', String(totals.gamesLost)],
  ['Games whose stored steps were lost or changed', String(totals.stepsLost)],
  ['Games restored whole from the journal', String(totals.restoredGames)],
  ['Games whose last steps came back from the journal', String(totals.healedGames)],
  ...(DAMAGE_EVERY
    ? [['Kills followed by damaged IndexedDB files', String(totals.damaged)] as [string, string]]
    : []),
  ['Starts that found the database lost', String(totals.dataLoss)],
  ['Median run time', `${(median / 1000).toFixed(2)} s`],
  ['Total time', `${minutes.toFixed(1)} min`]
];
console.log('');
for (const [name, value] of rows) console.log(`${name.padEnd(52)} ${value}`);
if (KEEP) console.log(`Profile kept at ${profile}`);
else rmSync(profile, { recursive: true, force: true });
process.exit(totals.mismatches || totals.gamesLost || totals.stepsLost ? 1 : 0);
