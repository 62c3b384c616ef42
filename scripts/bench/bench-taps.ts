/**
 * Tap to paint, measured in Chromium with the CPU slowed 4× (a mid-range phone): from the finger
 * lifting (pointerup; pointerdown for a counter, which answers on the press) to the end of the
 * frame that shows the change, on the Titans of Eden play screen, for five kinds of tap (advance,
 * counter, power, resolve, undo), in a game with 0 and with 5,000 events; the floor under them (a
 * button whose handler only changes its own text); the open of that 5,000-event game (a page load,
 * from the navigation's start to the frame with the board, timed inside the page) and the same
 * game tapped in the home list (from the press to the frame with the board); and key
 * to painted results in rules search.
 *
 *   npm run build && npx tsx scripts/bench/bench-taps.ts            (also part of `npm run bench`)
 *   npx tsx scripts/bench/bench-taps.ts --root <another build>      (an older build, for before/after)
 *   npx tsx scripts/bench/bench-taps.ts --no-journal                (as a browser without OPFS)
 *
 * The games are put in through the app's own backup import, and walked in Guide me, so the same
 * taps exist in older builds too.
 */
import type { Browser, CDPSession, ConsoleMessage, Locator, Page } from 'playwright-core';
import { launch, openTab } from '../../tests/browser/harness';
import { startServer } from '../serve.mjs';
import { titansDuelSetup, titansGuidedTurn } from '../../tests/fixtures/long-logs';
import { titansLogic } from '../../src/lib/games/titans/logic';
import { initialState, step } from '../../src/lib/session/replay';

interface TapStats {
  kind: string;
  events: number;
  p50: number;
  p95: number;
  n: number;
}

const CPU_SLOWDOWN = 4;

/** A Duel's backup file: `turns` ordinary turns walked step by step (21 events each), no winner. */
export function titansBackup(turns: number, id = 'benchgame01'): { text: string; events: number } {
  const setup = titansDuelSetup();
  const turn = titansGuidedTurn(5);
  let snapshot = initialState(titansLogic, setup);
  const events: object[] = [];
  const t0 = Date.UTC(2026, 10, 1, 18);
  for (let t = 0; t < turns; t++) {
    for (const event of turn) {
      const next = step(titansLogic, snapshot, event)!;
      events.push({
        sessionId: id,
        seq: events.length + 1,
        kind: 'event',
        event,
        time: t0 + events.length * 1000,
        label: titansLogic.describe(event, snapshot, next, setup)
      });
      snapshot = next;
    }
  }
  const backup = {
    format: 'tableside-backup',
    formatVersion: 1,
    appVersion: 'bench',
    schemaVersion: 1,
    exportedAt: t0,
    sessions: [
      {
        id,
        game: 'titans',
        setup,
        created: t0,
        updated: t0 + events.length * 1000,
        status: 'active',
        summary: titansLogic.summarize(snapshot, setup),
        head: events.length
      }
    ],
    events,
    settings: [],
    profiles: []
  };
  return { text: JSON.stringify(backup), events: events.length };
}

/**
 * The browser's own measure of tap to paint: Event Timing (what INP is built on) gives, for each
 * input event, the time from the event to the next frame painted after its handlers ran, in steps
 * of 8 ms. Events under 16 ms are not reported at all: those taps count as 16 ms (an upper bound).
 */
async function installProbe(page: Page): Promise<void> {
  // A string, not a function: tsx would wrap named functions in a helper the page does not have.
  await page.evaluate(`(() => {
    if (window.__events) return;
    window.__events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__events.push({ name: e.name, start: e.startTime, duration: e.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  })()`);
}

const FLOOR = 16;

/** The tap-to-paint time of the input made since `since` (page clock), or the floor. */
async function inputToPaint(page: Page, since: number, names: string[]): Promise<number> {
  await page.waitForTimeout(300); // entries arrive after the frame; a person's pace anyway
  const events = (
    await page.evaluate(
      () => (window as unknown as { __events: { name: string; start: number; duration: number }[] }).__events
    )
  ).filter((e) => e.start >= since && names.includes(e.name));
  return events.length ? Math.max(FLOOR, ...events.map((e) => e.duration)) : FLOOR;
}

const pageNow = (page: Page) => page.evaluate(() => performance.now());

/**
 * How long a finger rests on the glass in a quick tap. The press paints a frame of its own (the
 * button's pressed look); a press and lift sent in the same instant would make the lift wait
 * behind that frame, which no finger does.
 */
const PRESS_MS = 80;

/**
 * A tap the way the browser gets it from a finger or a mouse, and nothing else: the pointer is put
 * over the control first, then pressed, held for `PRESS_MS` and lifted, through the DevTools
 * protocol. Playwright's own `click()` adds its hit-target check (listeners on every pointer event
 * that hit-test the page) inside the measured time, which no person's tap pays: about 7 ms a tap
 * at 4× here.
 */
async function tapOn(page: Page, target: Locator, events: string[]): Promise<number> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('The control to tap is not on screen.');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(50);
  const since = await pageNow(page);
  await pressAndLift(page);
  return inputToPaint(page, since, events);
}

/** A finger's quick tap where the pointer is: pressed, held `PRESS_MS`, lifted. */
async function pressAndLift(page: Page): Promise<void> {
  await page.mouse.down();
  await page.waitForTimeout(PRESS_MS);
  await page.mouse.up();
}

export const percentile = (values: number[], p: number) => {
  const s = values.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** The bench's game of `turns` turns imported through settings; returns its address. */
export async function importGame(page: Page, url: string, turns: number): Promise<string> {
  const { text } = titansBackup(turns);
  await page.goto(`${url}/settings`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
  await page.getByLabel('Import backup…').setInputFiles({
    name: 'bench.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text)
  });
  await page.getByText(/^1 game (added|already here)|Imported 1 game/).waitFor({ timeout: 120_000 });
  return `${url}/play/benchgame01`;
}

/**
 * A Guide-me turn up to the battle's Resolve: Begin, the fifteen Nexts through the ages, and each
 * side's power typed and confirmed with ✓; `tap` presses (and measures) each of those taps.
 */
export async function walkToBattle(
  page: Page,
  tap: (kind: string, name: RegExp) => Promise<void>
): Promise<void> {
  await tap('advance', /^Begin the first age$/);
  for (let i = 0; i < 15; i++) await tap('advance', /^Next: /);
  for (const who of ['Ana', 'Ben']) {
    await page.waitForTimeout(350);
    await page
      .getByRole('button', { name: new RegExp(`^Power of ${who}`) })
      .last()
      .click();
    await page.locator('input.pad-input').fill('5');
    // The last box's ✓ resolves the battle itself (#51): that tap is the resolve.
    const resolves = await page.getByRole('button', { name: /^✓ Resolve/ }).isVisible();
    await tap(resolves ? 'resolve' : 'power', /^(Set power|✓ .*)$/);
  }
}

/** Walks one turn in Guide me, measuring each kind of tap. */
async function measureTurn(page: Page, samples: Record<string, number[]>): Promise<void> {
  const tap = async (kind: string, name: RegExp) => {
    await page.waitForTimeout(350); // a person's pace: never a double tap
    samples[kind].push(await tapOn(page, page.getByRole('button', { name }).first(), ['pointerup', 'click']));
  };
  await walkToBattle(page, tap);
  if (await page.getByRole('button', { name: 'Close' }).isVisible())
    await page.getByRole('button', { name: 'Close' }).click();
  const resolve = page.getByRole('button', { name: /^Resolve the battle$/ });
  if (await resolve.isVisible()) await tap('resolve', /^Resolve the battle$/);
  // A supply counter, then undo it.
  const supply = page.locator('details.supply');
  if (!(await supply.evaluate((d) => (d as HTMLDetailsElement).open)))
    await supply.locator('summary').click();
  await page.waitForTimeout(350);
  // A counter answers on the press: its change is painted after pointerdown, the write after release.
  samples.counter.push(
    await tapOn(page, page.getByRole('button', { name: 'Decrease Ghosts' }).first(), [
      'pointerdown',
      'pointerup',
      'click'
    ])
  );
  await tap('undo', /^Undo: /);
  await tap('advance', /^Next: /);
  await tap('advance', /^Next turn/);
}

async function enableGuideMe(page: Page): Promise<void> {
  const toggle = page.getByRole('menuitemcheckbox', { name: /Guide me/ });
  await page.getByRole('button', { name: 'More' }).click();
  if (await toggle.count()) {
    if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
    else await page.getByRole('button', { name: 'More' }).click();
  } else await page.getByRole('button', { name: 'More' }).click(); // older builds: Guide me was the only flow
}

/**
 * Runs in the page before its own code: notes when the board first exists and, once the frame
 * showing it is done, says so on the console with the page clock's time. The bench listens for
 * that line (DevTools protocol, nothing run in the page). Waiting with Playwright's
 * waitForFunction instead put Playwright's own script into every new page as the open ran: about
 * 100 ms of main-thread time at 4× CPU (a trace's anonymous EvaluateScript), counted in the open.
 */
export function markBoardPaint(): void {
  const seen = new MutationObserver(() => {
    if (!document.querySelector('[aria-label="Board"]')) return;
    seen.disconnect();
    // The tag is BOARD_PAINTED's: this function is sent to the page as its source text.
    requestAnimationFrame(() =>
      setTimeout(() => console.debug(`tableside-bench:board ${performance.now()}`))
    );
  });
  seen.observe(document, { childList: true, subtree: true });
}

const BOARD_PAINTED = /^tableside-bench:board ([\d.]+)$/;

/**
 * When (page clock) the next frame with the board ended, as markBoardPaint says it. Call it before
 * the page load or the tap that opens the game, so the line cannot come before the listening.
 */
export function boardPainted(page: Page, timeout = 60_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      page.off('console', heard);
    };
    const heard = (message: ConsoleMessage) => {
      const painted = BOARD_PAINTED.exec(message.text());
      if (!painted) return;
      stop();
      resolve(Number(painted[1]));
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the board was not painted within ${timeout / 1000} s`));
    }, timeout);
    page.on('console', heard);
  });
}

/** The home screen, loaded at full speed and settled; then the CPU is slowed for what follows. */
async function settleAtHome(page: Page, cdp: CDPSession, url: string): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.goto(`${url}/`);
  await page.waitForTimeout(500);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** A page load of a game: from the navigation's start to the end of the frame with the board. */
async function timeOpen(page: Page, game: string): Promise<number> {
  const painted = boardPainted(page);
  await page.goto(game);
  return Math.round(await painted);
}

/** The game tapped in the home list: from the press to the frame with the board (4× CPU). */
async function openFromList(page: Page, cdp: CDPSession, url: string, game: string): Promise<number> {
  await settleAtHome(page, cdp, url);
  // markBoardPaint (an init script) watches this page too: the board arrives in the same document.
  const link = page.locator(`a[href="${new URL(game).pathname}"]`);
  await link.waitFor();
  const box = (await link.boundingBox())!;
  // No resting on the link first: a finger has no hover, so the press is where a tap starts.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const since = await pageNow(page);
  const painted = boardPainted(page);
  await pressAndLift(page);
  return Math.round((await painted) - since);
}

export async function benchTaps(
  browser: Browser,
  url: string,
  turnsPerGame = 5
): Promise<{
  taps: TapStats[];
  coldOpen: number;
  secondOpen: number;
  listOpen: number;
  /** Every run's times pooled; `runs`: each run's own p95. */
  search: { p50: number; p95: number; n: number; runs: number[] };
  floor: { p50: number; p95: number; n: number };
}> {
  const taps: TapStats[] = [];
  let floor = { p50: 0, p95: 0, n: 0 };
  let coldOpen = 0;
  let secondOpen = 0;
  let listOpen = 0;
  for (const turns of [0, 239]) {
    const { page, context } = await openTab(browser);
    // --no-journal: as a browser without OPFS, to see what the recovery journal costs a tap.
    if (process.argv.includes('--no-journal'))
      await context.addInitScript(() => {
        Object.defineProperty(StorageManager.prototype, 'getDirectory', { value: undefined });
      });
    const events = titansBackup(turns).events;
    const game = await importGame(page, url, turns);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (turns) {
      await context.addInitScript(markBoardPaint);
      coldOpen = await timeOpen(page, game);
      // Opened again, as a person comes back to a game: the first open cached its state (a game
      // imported has no cache). The median of five, from the home screen each time.
      const again: number[] = [];
      for (let i = 0; i < 5; i++) {
        await settleAtHome(page, cdp, url);
        again.push(await timeOpen(page, game));
      }
      secondOpen = percentile(again, 50);
      // The everyday way in: the game tapped in the home list (the app already running), from
      // the finger's press to the frame with the board.
      const fromList: number[] = [];
      for (let i = 0; i < 5; i++) fromList.push(await openFromList(page, cdp, url, game));
      listOpen = percentile(fromList, 50);
    } else {
      await page.goto(game);
      await page.getByRole('region', { name: 'Board' }).waitFor({ timeout: 60_000 });
    }
    await enableGuideMe(page);
    await page.getByRole('button', { name: 'Begin the first age' }).waitFor();
    await installProbe(page);
    if (!turns) floor = await measureFloor(page);
    const samples: Record<string, number[]> = { advance: [], counter: [], power: [], resolve: [], undo: [] };
    for (let i = 0; i < turnsPerGame; i++) await measureTurn(page, samples);
    for (const [kind, values] of Object.entries(samples)) {
      taps.push({ kind, events, p50: percentile(values, 50), p95: percentile(values, 95), n: values.length });
    }
    await context.close();
  }
  // One run types 39 keys, so its p95 is its second-slowest key, which moves by 8-16 ms from run
  // to run on this machine: the keys of a few runs are pooled, and each run's p95 is shown too.
  const runs: Awaited<ReturnType<typeof benchSearch>>[] = [];
  for (let i = 0; i < SEARCH_RUNS; i++) runs.push(await benchSearch(browser, url));
  const times = runs.flatMap((run) => run.times);
  const search = {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    n: times.length,
    runs: runs.map((run) => run.p95)
  };
  return { taps, coldOpen, secondOpen, listOpen, search, floor };
}

/**
 * Rules search at 4× CPU: six words typed key by key into the /rules search box, each key timed
 * from the key to the frame that paints its results (the search index loaded first, untimed).
 */
/** Runs of the search's 39 keys that `npm run bench` pools. */
const SEARCH_RUNS = 3;

export async function benchSearch(
  browser: Browser,
  url: string
): Promise<{ p50: number; p95: number; n: number; times: number[] }> {
  const { page, context } = await openTab(browser);
  await page.goto(`${url}/rules`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
  const box = page.getByRole('searchbox');
  await box.click();
  await box.fill('su');
  await page.locator('#search-results li').first().waitFor();
  await box.fill('');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await installProbe(page);
  const times: number[] = [];
  for (const word of ['surge', 'mulligan', 'seize', 'capture', 'ascension', 'haunt']) {
    await box.fill('');
    for (const ch of word) {
      const since = await pageNow(page);
      await page.keyboard.press(ch);
      times.push(await inputToPaint(page, since, ['keydown', 'keypress', 'input', 'keyup']));
    }
  }
  await context.close();
  const valid = times.filter((t) => Number.isFinite(t));
  return { p50: percentile(valid, 50), p95: percentile(valid, 95), n: valid.length, times: valid };
}

/**
 * The floor under every tap here: a button added to the play screen whose handler only changes its
 * own text. What is left is the browser's own input, style, layout and paint of this screen at this
 * CPU slowdown (headless Chromium paints in software), which no change of ours can go below.
 */
async function measureFloor(page: Page): Promise<{ p50: number; p95: number; n: number }> {
  await page.evaluate(`(() => {
    const b = document.createElement('button');
    b.id = 'floor-probe';
    b.textContent = 'probe 0';
    b.style.cssText = 'position:fixed;top:0;left:0;z-index:999;width:80px;height:48px';
    let n = 0;
    b.addEventListener('click', () => { b.textContent = 'probe ' + (++n); });
    document.body.appendChild(b);
  })()`);
  const values: number[] = [];
  for (let i = 0; i < 30; i++) {
    await page.waitForTimeout(300);
    values.push(await tapOn(page, page.locator('#floor-probe'), ['pointerdown', 'pointerup', 'click']));
  }
  await page.evaluate(`document.getElementById('floor-probe').remove()`);
  return { p50: percentile(values, 50), p95: percentile(values, 95), n: values.length };
}

export function tapTable(result: Awaited<ReturnType<typeof benchTaps>>): [string, string][] {
  const ms = (t: number) => (t <= FLOOR ? `≤${FLOOR} ms` : `${t.toFixed(0)} ms`);
  return [
    ...result.taps.map(
      (t) =>
        [
          `Tap to paint, ${t.kind}, ${t.events} events (p50 / p95)`,
          `${ms(t.p50)} / ${ms(t.p95)} (n=${t.n})`
        ] as [string, string]
    ),
    [
      'Tap to paint, the floor: a button changing its text (p50 / p95)',
      `${ms(result.floor.p50)} / ${ms(result.floor.p95)} (n=${result.floor.n})`
    ],
    ['Cold open, 5,019-event game just imported: navigation to board painted (4× CPU)', ms(result.coldOpen)],
    ['Opened again from the home screen (median of 5, 4× CPU)', ms(result.secondOpen)],
    ['Tapped in the home list, press to board painted (median of 5, 4× CPU)', ms(result.listOpen)],
    [
      `Search key to painted results, ${result.search.runs.length} runs pooled (p50 / p95)`,
      `${ms(result.search.p50)} / ${ms(result.search.p95)} (n=${result.search.n}; each run's p95: ${result.search.runs.join(' · ')} ms)`
    ]
  ];
}

// Run alone: npx tsx scripts/bench/bench-taps.ts [--root <build dir>] [--turns <per game, default 5>]
if (import.meta.url === `file://${process.argv[1]}`) {
  const rootAt = process.argv.indexOf('--root');
  const server = await startServer({ port: 0, root: rootAt > 0 ? process.argv[rootAt + 1] : undefined });
  const browser = await launch();
  try {
    // --turns: more turns per game, for steadier medians of the kinds a turn has once (resolve, undo).
    const turnsAt = process.argv.indexOf('--turns');
    const result = await benchTaps(
      browser,
      server.url,
      turnsAt > 0 ? Number(process.argv[turnsAt + 1]) : undefined
    );
    for (const [name, value] of tapTable(result)) console.log(`${name.padEnd(52)} ${value}`);
  } finally {
    await browser.close();
    await server.close();
  }
}
