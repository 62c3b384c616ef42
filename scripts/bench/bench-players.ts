/**
 * The Players page at the cap (MAX_PROFILES remembered players), in Chromium with the CPU slowed
 * 4× (a mid-range phone) and at full speed, with and without 2,000 games seating them, beside the
 * page with nobody to list: a page load (navigation start to the frame showing every player) and
 * a tap on a link to it within the app (the database open and checked already) to that frame;
 * then, at 4×, the tap on “Merge…” (a list of every other player) and on “Rename”, to the frame
 * showing them (Event Timing). Medians of RUNS (5) each.
 *
 *   npm run build && npx tsx scripts/bench/bench-players.ts
 *   npx tsx scripts/bench/bench-players.ts --root <another build>     (an older build, for before/after)
 *
 * The players and games go in through the app's own backup import.
 */
import type { Page } from 'playwright-core';
import { launch, openTab } from '../../tests/browser/harness';
import { startServer } from '../serve.mjs';
import { titansDuelSetup } from '../../tests/fixtures/long-logs';
import { titansLogic } from '../../src/lib/games/titans/logic';
import { initialState } from '../../src/lib/session/replay';
import { MAX_PROFILES } from '../../src/lib/util/player-name';

const CPU_SLOWDOWN = 4;
/** Runs per measure (the median is shown); the machine's noise is large next to the cost. */
const RUNS = Number(process.env.RUNS ?? 5);

/** A backup with `people` remembered players and `games` Duels (no steps yet) seating two of them each. */
function playersBackup(people: number, games: number): string {
  const t0 = Date.UTC(2026, 10, 1, 18);
  const profiles = Array.from({ length: people }, (_, i) => ({
    id: `pr${String(i).padStart(5, '0')}`,
    name: `Player ${String(i).padStart(4, '0')} ${'of the long table'.slice(0, i % 18)}`.trim(),
    created: t0
  }));
  const sessions = Array.from({ length: games }, (_, n) => {
    // With nobody remembered, the same games played by guests.
    const a = profiles[n % people] ?? { id: '', name: 'Ana' };
    const b = profiles[(n * 7 + 1) % people] ?? { id: '', name: 'Ben' };
    const base = titansDuelSetup();
    const setup = {
      ...base,
      players: [
        { id: 'p1', name: a.name, ...(a.id ? {} : { guest: true }) },
        { id: 'p2', name: b.name, ...(b.id ? {} : { guest: true }) }
      ]
    };
    return {
      id: `game${String(n).padStart(6, '0')}`,
      game: 'titans',
      setup,
      created: t0 + n * 60_000,
      updated: t0 + n * 60_000,
      status: 'active',
      summary: titansLogic.summarize(initialState(titansLogic, setup), setup),
      head: 0,
      ...(people ? { profiles: { p1: a.id, p2: b.id } } : {})
    };
  });
  return JSON.stringify({
    format: 'tableside-backup',
    formatVersion: 1,
    appVersion: 'bench',
    schemaVersion: 1,
    exportedAt: t0 + games * 60_000,
    sessions,
    events: [],
    settings: [],
    profiles
  });
}

async function importFile(page: Page, url: string, text: string): Promise<void> {
  await page.goto(`${url}/settings`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
  await page
    .getByLabel('Import backup…')
    .setInputFiles({ name: 'players.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.getByText(/ added\./).waitFor({ timeout: 120_000 });
}

/** Waits for the frame showing all `count` players (or, for none, the line saying so). */
async function listed(page: Page, count: number): Promise<number> {
  await page.waitForFunction(
    (n) =>
      n ? document.querySelectorAll('.person').length === n : document.body.innerText.includes('Nobody yet'),
    count,
    { polling: 'raf', timeout: 120_000 }
  );
  return page.evaluate(afterFrame);
}

/** A page load: navigation start to the frame painting all `count` players, timed in the page. */
async function loadPlayers(page: Page, url: string, count: number): Promise<number> {
  await page.goto(`${url}/players`);
  return listed(page, count);
}

/** Puts a link to `href` on the page and taps it: SvelteKit goes there within the app. */
async function tapLink(page: Page, href: string): Promise<number> {
  await page.evaluate((href) => {
    const link = Object.assign(document.createElement('a'), { href, textContent: `Go to ${href}` });
    document.querySelector('h1')!.after(link);
  }, href);
  const t0 = await page.evaluate(() => performance.now());
  await page.getByRole('link', { name: `Go to ${href}` }).click();
  return t0;
}

/**
 * Within the app, its database open and checked already (the first page load does that, and with
 * 2,000 games the check against the recovery journal holds every page's data for seconds): from
 * Players to Settings, then a tap on a link back to Players, to the frame painting all `count`.
 */
async function tapPlayers(page: Page, url: string, count: number): Promise<number> {
  await loadPlayers(page, url, count);
  await tapLink(page, '/settings');
  await page.getByText('Import backup…').waitFor({ timeout: 180_000 });
  await page.waitForTimeout(1000); // what the settings page reads at its start has arrived
  const t0 = await tapLink(page, '/players');
  return (await listed(page, count)) - t0;
}

/** Waits until the recovery journal's files stop changing in number (two minutes at most). */
async function journalSettled(page: Page): Promise<void> {
  const files = () =>
    page.evaluate(async () => {
      try {
        const root = await navigator.storage.getDirectory();
        const dir = await root.getDirectoryHandle('tableside-journal');
        let n = 0;
        for await (const _ of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) n++;
        return n;
      } catch {
        return 0;
      }
    });
  let last = -1;
  for (let i = 0; i < 60; i++) {
    await page.waitForTimeout(2000);
    const now = await files();
    if (now === last) return;
    last = now;
  }
}

/** The page's clock just after the next frame. */
const afterFrame = () =>
  new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()))));

/**
 * The tap on `button` (the first or second row's), press to the next frame painted after its
 * handlers ran as Event Timing reports it (in 8 ms steps; under 16 ms counts as 16), the median
 * of RUNS, each closed again by `close`. The mouse is pressed and lifted through Playwright's
 * mouse, not `click()`, whose own hit-target checks on a page of 1,000 rows would be timed too.
 */
async function tapToPaint(page: Page, button: string, close: string): Promise<number> {
  await page.evaluate(`(() => {
    window.__events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__events.push({ name: e.name, duration: e.duration });
    }).observe({ type: 'event', durationThreshold: 16 });
  })()`);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const target = page.getByRole('button', { name: button, exact: true }).nth(i % 2);
    await target.scrollIntoViewIfNeeded();
    const box = (await target.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.evaluate('window.__events = []');
    await page.mouse.down();
    await page.waitForTimeout(80); // a finger rests on the glass
    await page.mouse.up();
    await page.waitForTimeout(500); // entries arrive after the frame
    const events = (await page.evaluate('window.__events')) as { name: string; duration: number }[];
    const tap = events.filter((e) => ['pointerdown', 'pointerup', 'mouseup', 'click'].includes(e.name));
    times.push(Math.max(16, ...tap.map((e) => e.duration)));
    // “Merge…” closes by itself again; a rename by its Cancel.
    await (close === button ? target : page.getByRole('button', { name: close, exact: true })).click();
    await page.waitForTimeout(300);
  }
  return median(times);
}

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function benchPlayers(root?: string): Promise<[string, string][]> {
  const server = await startServer({ port: 0, ...(root ? { root } : {}) });
  const browser = await launch();
  const rows: [string, string][] = [];
  try {
    // Nobody remembered: the floor (the app starting, the database opening, the page itself).
    for (const [people, games] of [
      [0, 0],
      [MAX_PROFILES, 0],
      [0, 2000],
      [MAX_PROFILES, 2000]
    ]) {
      const { page, context } = await openTab(browser);
      if (people || games) {
        await importFile(page, server.url, playersBackup(people, games));
        // The import writes the imported games' recovery copies in the background (about 25 s
        // for 2,000 games here), and a page load before that picks up what is left.
        await journalSettled(page);
      }
      const cdp = await context.newCDPSession(page);
      for (const rate of [CPU_SLOWDOWN, 1]) {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        const where = `${people.toLocaleString('en')} players, ${games.toLocaleString('en')} games, CPU ${rate}×`;
        const loads: number[] = [];
        const taps: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          loads.push(await loadPlayers(page, server.url, people));
          taps.push(await tapPlayers(page, server.url, people));
        }
        rows.push([`Players page load to painted (${where})`, `${median(loads).toFixed(0)} ms`]);
        rows.push([`  a link to Players, tap to painted (${where})`, `${median(taps).toFixed(0)} ms`]);
        if (people && rate === CPU_SLOWDOWN) {
          const merge = await tapToPaint(page, 'Merge…', 'Merge…');
          rows.push([`  tap “Merge…” to painted, Event Timing (${where})`, `${merge.toFixed(0)} ms`]);
          const rename = await tapToPaint(page, 'Rename', 'Cancel');
          rows.push([`  tap “Rename” to painted, Event Timing (${where})`, `${rename.toFixed(0)} ms`]);
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--root');
  const rows = await benchPlayers(at > 0 ? process.argv[at + 1] : undefined);
  for (const [name, value] of rows) console.log(`${name.padEnd(64)} ${value}`);
}
