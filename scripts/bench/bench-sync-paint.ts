/**
 * Tap on one phone to paint on the other (#11), in Chromium: a Titans Duel shared between phone A
 * and phone B (two browser contexts, the built app), through the sync server started in this
 * process on 127.0.0.1, as a table plays it: A shares through "Play on several phones", B joins by
 * the link. Then taps on A, each changing the board (Ana: Surge, Undo, Ben: Surge, Undo, …), at a
 * person's pace, after a few taps of warm-up.
 *
 * Measured in the pages, not from Node (both pages run in one Chromium, so `performance.timeOrigin
 * + performance.now()` is one clock for both): on A, the tap's click in a capturing listener (the
 * finger lifting: what the button acts on); on B, a MutationObserver on the Board region that, on
 * the first mutation after the tap that changes what the board says (its text and its labels),
 * takes the time in the next requestAnimationFrame callback, i.e. at the start of the frame that
 * paints it. The same probe on A gives the tapping phone's own tap to paint, the part of the
 * total that is not the trip to the other phone. 40 taps with no CPU slowdown, then 20 with the
 * CPU slowed 4× on both phones (Emulation.setCPUThrottlingRate), about a minute in all.
 *
 *   npm run build && npx tsx scripts/bench/bench-sync-paint.ts          (also part of `npm run bench`)
 *   npx tsx scripts/bench/bench-sync-paint.ts --taps 80                 (80 taps, then 40 at 4×)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launch, openTab, visit, type Tab } from '../../tests/browser/harness';
import { shareFromMenu } from '../../tests/browser/play-menu';
import { startServer } from '../serve.mjs';
import { startSyncServer } from '../../sync-server/server';
import { DOUBLE_TAP_MS } from '../../src/lib/ui/taps';

type Row = [string, string];

const WARM_UP = 4;
/** From one tap to the next at least: a person's pace, past the double-tap guard. */
const PACE_MS = DOUBLE_TAP_MS + 100;
/** A tap whose paint has not come by then counts as not seen (and the run goes on). */
const SEEN_WITHIN_MS = 5_000;

const percentile = (values: number[], p: number) => {
  const s = values.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};

interface Probe {
  /** The time of the tap's click (A). */
  click: number;
  /** The time the board changed (the observer's callback), 0 until then. */
  changed: number;
  /** The time of the frame that paints the tap's change, 0 until then. */
  paint: number;
  /** Board mutations after arming that left what it says unchanged. */
  ignored: number;
}
type ProbeWindow = Window & {
  __name?: unknown;
  __probe: Probe;
  __arm(board: Element): void;
};

/** Installs the clock of the tap (capturing click) and of the board's next change painted. */
async function installProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    // Before the first install the page has no __arm: installed once per page.
    const w = window as unknown as Omit<ProbeWindow, '__arm'> & Partial<Pick<ProbeWindow, '__arm'>>;
    if (w.__arm) return;
    const now = () => performance.timeOrigin + performance.now();
    const says = (board: Element) =>
      `${board.textContent}|${[...board.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).join('|')}`;
    let observed: Element | null = null;
    let before = '';
    let armed = false;
    w.__probe = { click: 0, changed: 0, paint: 0, ignored: 0 };
    const observer = new MutationObserver(() => {
      if (!armed || !observed) return;
      if (says(observed) === before) {
        w.__probe.ignored++;
        return;
      }
      armed = false;
      const probe = w.__probe;
      probe.changed = now();
      requestAnimationFrame(() => (probe.paint = now()));
    });
    window.addEventListener(
      'click',
      () => {
        if (!w.__probe.click) w.__probe.click = now();
      },
      { capture: true }
    );
    w.__arm = (board: Element) => {
      // The region is found again each time: should the page ever replace it, the new one counts.
      if (board !== observed) {
        observer.disconnect();
        observer.observe(board, { subtree: true, childList: true, attributes: true, characterData: true });
        observed = board;
      }
      before = says(board);
      armed = true;
      w.__probe = { click: 0, changed: 0, paint: 0, ignored: 0 };
    };
  });
}

const boardOf = (page: Page) => page.getByRole('region', { name: 'Board' });
const arm = (page: Page) =>
  boardOf(page).evaluate((board) => (window as unknown as ProbeWindow).__arm(board));
/** The probe once the board's change is painted, or as it stands after SEEN_WITHIN_MS. */
async function painted(page: Page): Promise<Probe> {
  await page
    .waitForFunction(() => (window as unknown as ProbeWindow).__probe.paint > 0, null, {
      timeout: SEEN_WITHIN_MS,
      polling: 'raf'
    })
    .catch(() => {});
  return page.evaluate(() => (window as unknown as ProbeWindow).__probe);
}
/** What the board says, as the probe reads it. */
const says = (page: Page) =>
  boardOf(page).evaluate(
    (board) =>
      `${board.textContent}|${[...board.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).join('|')}`
  );

async function startDuel(page: Page, url: string): Promise<void> {
  await visit(page, `${url}/titans/new`);
  await page.getByPlaceholder('Player 1').fill('Ana');
  await page.getByPlaceholder('Player 2').fill('Ben');
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  await boardOf(page).waitFor();
}

/** Shares the game on screen through its menu; the link for the other phone, the sheet closed. */
async function share(page: Page, server: string): Promise<string> {
  const href = await shareFromMenu(page, server);
  await page
    .getByRole('dialog', { name: 'Play on several phones' })
    .getByRole('button', { name: 'Close' })
    .click();
  return href;
}

/** The i-th tap of the run: a surge (Ana's, then Ben's next time), then its undo. */
function nextTap(page: Page, i: number): Locator {
  if (i % 2 === 1) return page.getByRole('button', { name: /^Undo: / });
  const who = (i / 2) % 2 === 0 ? 'Ana' : 'Ben';
  return page.getByRole('button', { name: new RegExp(`^${who}: Surge`) });
}

interface Run {
  /** Click on A to the frame painting it on B. */
  other: number[];
  /** Click on A to the frame painting it on A. */
  own: number[];
  missed: number;
  ignored: number;
}

async function run(a: Page, b: Page, taps: number, first: number): Promise<Run> {
  const result: Run = { other: [], own: [], missed: 0, ignored: 0 };
  let last = 0;
  for (let i = 0; i < WARM_UP + taps; i++) {
    await Promise.all([arm(a), arm(b)]);
    const rest = last + PACE_MS - Date.now();
    if (rest > 0) await a.waitForTimeout(rest);
    await nextTap(a, first + i).click();
    last = Date.now();
    // Both phones' paints, so that nothing of this tap is left to change a board after the next arming.
    const [pa, pb] = await Promise.all([painted(a), painted(b)]);
    if (i < WARM_UP) continue;
    result.ignored += pb.ignored;
    // A change seen before the click would be something else changing the board: not this tap's.
    const after = (p: Probe) => p.paint > 0 && p.changed >= pa.click && pa.click > 0;
    if (after(pb)) result.other.push(pb.paint - pa.click);
    else result.missed++;
    if (after(pa)) result.own.push(pa.paint - pa.click);
  }
  return result;
}

export async function benchSyncPaint(
  browser: Browser,
  url: string,
  /** Taps measured at each CPU slowdown (after WARM_UP more), on the same two phones in turn. */
  runs: { slowdown: number; taps: number }[] = [
    { slowdown: 1, taps: 40 },
    { slowdown: 4, taps: 20 }
  ]
): Promise<Row[]> {
  const load = loadavg().map((l) => l.toFixed(2));
  const rows: Row[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'tableside-bench-sync-paint-'));
  const sync = await startSyncServer({ host: '127.0.0.1', port: 0, dir });
  const tabs: Tab[] = [];
  try {
    const a = await openTab(browser);
    const b = await openTab(browser);
    tabs.push(a, b);
    // tsx keeps function names with a helper the pages do not have.
    for (const tab of tabs) await tab.context.addInitScript('window.__name = (f) => f');
    await startDuel(a.page, url);
    const link = await share(a.page, `ws://127.0.0.1:${sync.port}`);
    await visit(b.page, link);
    await b.page.waitForURL(/\/play\//);
    await boardOf(b.page).waitFor();
    for (const tab of tabs) await installProbe(tab.page);
    const cdp = await Promise.all(tabs.map((t) => t.context.newCDPSession(t.page)));
    let first = 0;
    for (const { slowdown: rate, taps } of runs) {
      for (const session of cdp) await session.send('Emulation.setCPUThrottlingRate', { rate });
      const r = await run(a.page, b.page, taps, first);
      first += WARM_UP + taps;
      const cpu = rate === 1 ? 'no CPU slowdown' : `${rate}× CPU on both phones`;
      const stat = (v: number[]) =>
        `${percentile(v, 0.5).toFixed(1)} ms / ${percentile(v, 0.95).toFixed(1)} ms (n=${v.length})`;
      rows.push([
        `Tap on A to paint on B, ${cpu} (p50 / p95)`,
        stat(r.other) + (r.missed ? `, ${r.missed} not seen in ${SEEN_WITHIN_MS / 1000} s` : '')
      ]);
      rows.push(['  tap on A to paint on A itself (p50 / p95)', stat(r.own)]);
      if (r.ignored) rows.push(['  board changes on B that said nothing new', String(r.ignored)]);
    }
    for (const session of cdp) await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // Both phones end showing the same board: every tap arrived.
    for (let waited = 0; (await says(b.page)) !== (await says(a.page)); waited += 100) {
      if (waited >= SEEN_WITHIN_MS) throw new Error('the two phones do not show the same board');
      await b.page.waitForTimeout(100);
    }
    rows.push(['  machine load (1, 5, 15 min) at the start', load.join(', ')]);
  } finally {
    for (const tab of tabs) await tab.context.close();
    await sync.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

// Run alone: npx tsx scripts/bench/bench-sync-paint.ts [--taps 40]
if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--taps');
  const taps = at > 0 ? Number(process.argv[at + 1]) : 40;
  const server = await startServer({ port: 0 });
  const browser = await launch();
  try {
    const rows = await benchSyncPaint(browser, server.url, [
      { slowdown: 1, taps },
      { slowdown: 4, taps: Math.ceil(taps / 2) }
    ]);
    for (const [name, value] of rows) console.log(`${name.padEnd(48)} ${value}`);
  } finally {
    await browser.close();
    await server.close();
  }
}
