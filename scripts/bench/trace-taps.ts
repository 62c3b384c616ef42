/**
 * Where a tap's frame goes, in unrounded milliseconds: the Titans play screen walked in Guide me
 * at 4× CPU under a DevTools trace, and for each kind of tap (advance, power, resolve, undo) the time on
 * the page's main thread from the finger lifting (pointerup) to the end of the first frame's
 * commit after it. The bench's Event Timing figures come in 8 ms steps and tell only which side
 * of a frame a tap landed on; this one moves by fractions of a millisecond, so two builds can be
 * compared run against run. Tracing costs a little, so its figures run a few ms above the bench's.
 *
 *   npm run build && npx tsx scripts/bench/trace-taps.ts [--root <build>] [--turns 4] [--played 239] [--detail power]
 *
 * `--played 239` starts from the bench's 5,019-event game instead of a new one.
 *
 * `--detail <kind>` prints that kind's taps event by event (for an unminified build, names too).
 */
import type { Page } from 'playwright-core';
import { launch, openTab } from '../../tests/browser/harness';
import { startServer } from '../serve.mjs';
import { titansBackup, walkToBattle } from './bench-taps';
import { commitEnds, dispatches, mainThread, traceEvents, type TraceEvent } from './trace-main';

const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const TURNS = Number(arg('turns') ?? 4);
/** Turns already played in the imported game: 239 is the bench's 5,019-event game. */
const PLAYED = Number(arg('played') ?? 0);
const DETAIL = arg('detail');

const server = await startServer({ port: 0, root: arg('root') });
const browser = await launch();
try {
  const { page, context } = await openTab(browser);
  await page.goto(`${server.url}/settings`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
  await page.getByLabel('Import backup…').setInputFiles({
    name: 'trace.json',
    mimeType: 'application/json',
    buffer: Buffer.from(titansBackup(PLAYED).text)
  });
  await page.getByText(/^1 game (added|already here)|Imported 1 game/).waitFor({ timeout: 120_000 });
  await page.goto(`${server.url}/play/benchgame01`);
  await page.getByRole('region', { name: 'Board' }).waitFor({ timeout: 60_000 });
  const toggle = page.getByRole('menuitemcheckbox', { name: /Guide me/ });
  await page.getByRole('button', { name: 'More' }).click();
  if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
  else await page.getByRole('button', { name: 'More' }).click();
  if (!PLAYED) await page.getByRole('button', { name: 'Begin the first age' }).waitFor();

  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...traceEvents(d.value)));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing',
    transferMode: 'ReportEvents'
  });

  // Each measured tap is preceded by a user-timing mark naming its kind, found again in the trace.
  const kinds: string[] = [];
  const tap = async (p: Page, kind: string, name: RegExp) => {
    await p.waitForTimeout(350); // a person's pace: never a double tap
    const target = p.getByRole('button', { name }).first();
    await target.scrollIntoViewIfNeeded();
    const box = (await target.boundingBox())!;
    await p.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await p.waitForTimeout(50);
    kinds.push(kind);
    await p.evaluate((k) => performance.mark(`tap:${k}`), kind);
    await p.mouse.down();
    await p.waitForTimeout(80);
    await p.mouse.up();
    await p.waitForTimeout(300);
  };
  for (let turn = 0; turn < TURNS; turn++) {
    await walkToBattle(page, (kind, name) => tap(page, kind, name));
    await tap(page, 'resolve', /^Resolve the battle$/);
    // A supply counter taken down (not timed here: it answers on the press), then undone.
    const supply = page.locator('details.supply');
    if (!(await supply.evaluate((d) => (d as HTMLDetailsElement).open)))
      await supply.locator('summary').click();
    await page.getByRole('button', { name: 'Decrease Ghosts' }).first().click({ delay: 80 });
    await tap(page, 'undo', /^Undo: /);
    await tap(page, 'advance', /^Next: /);
    await tap(page, 'advance', /^Next turn/);
  }
  await cdp.send('Tracing.end');
  await complete;

  const { pid, onMain } = mainThread(events);
  const lifts = dispatches(onMain, 'pointerup');
  const commits = commitEnds(onMain);
  const marks = events
    .filter((e) => e.pid === pid && e.name.startsWith('tap:'))
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  if (marks.length !== kinds.length)
    throw new Error(`${marks.length} marks in the trace for ${kinds.length} taps`);

  const byKind: Record<string, number[]> = {};
  marks.forEach((mark, i) => {
    const lift = lifts.find((t) => t > mark)!;
    const frame = commits.find((t) => t > lift)!;
    (byKind[kinds[i]] ??= []).push((frame - lift) / 1000);
    if (DETAIL === kinds[i]) printTap(onMain, lift);
  });
  const sorted = (v: number[]) => v.slice().sort((a, b) => a - b);
  const at = (v: number[], p: number) => sorted(v)[Math.min(v.length - 1, Math.floor(p * v.length))];
  console.log('Finger lift to the end of the frame that shows the tap, main thread, 4× CPU, traced:');
  for (const [kind, v] of Object.entries(byKind)) {
    const mean = v.reduce((a, b) => a + b, 0) / v.length;
    console.log(
      `  ${kind.padEnd(8)} median ${at(v, 0.5).toFixed(1)} ms, mean ${mean.toFixed(1)}, p95 ${at(v, 0.95).toFixed(1)} (n=${v.length})`
    );
  }
} finally {
  await browser.close();
  await server.close();
}

/** One tap, event by event, nested, from the lift to 40 ms after it. */
function printTap(onMain: TraceEvent[], lift: number): void {
  console.log(`--- tap at ${(lift / 1000).toFixed(0)} ms`);
  const near = onMain
    .filter((e) => e.ts >= lift - 200 && e.ts < lift + 40_000 && (e.dur ?? 0) > 200)
    .sort((a, b) => a.ts - b.ts);
  const open: number[] = [];
  for (const e of near) {
    while (open.length && e.ts >= open[open.length - 1]) open.pop();
    const d = e.args?.data ?? {};
    const what =
      e.name === 'EventDispatch'
        ? d.type
        : e.name === 'FunctionCall'
          ? `${d.functionName ?? ''} ${String(d.url ?? '')
              .split('/')
              .pop()}:${d.lineNumber}`
          : e.name === 'Layout'
            ? `${e.args?.beginData?.dirtyObjects} objects`
            : '';
    if (open.length <= 3)
      console.log(
        `${((e.ts - lift) / 1000).toFixed(1).padStart(7)} ${'  '.repeat(open.length)}${e.name} ${((e.dur ?? 0) / 1000).toFixed(2)} ${what ?? ''}`
      );
    open.push(e.ts + (e.dur ?? 0));
  }
}
