/**
 * An A/B of rules search between builds, taking turns, at 4× CPU: eight words typed key by key
 * into the /rules search box under a DevTools trace. For each key, two figures:
 *
 * - key to commit: main-thread time from the keydown to the end of the first frame's commit after
 *   it, unrounded (moves by fractions of a millisecond, so builds can be told apart);
 * - Event Timing: the longest of the key's events, as the bench reports it (8 ms steps), and the
 *   share of keys that land within one frame (≤16 ms).
 *
 *   npx tsx scripts/bench/ab-search.ts <buildA> <buildB> [more builds…] [--rounds 3]
 *
 * Build a side with `npx vite build --outDir <dir>` on the commit to compare. Runs of one build
 * differ by a millisecond or more from run to run on a busy machine: compare within one A/B.
 *
 * With BENCH_DETAIL=1, each round also prints every key's time and where the main thread spent
 * a key on average (event dispatch by type, style, layout, paint, commit…), for all keys and for
 * the keys over 40 ms: to see what a change could still take away.
 */
import type { Browser } from 'playwright-core';
import { launch, openTab } from '../../tests/browser/harness';
import { startServer } from '../serve.mjs';
import { commitEnds, dispatches, mainThread, traceEvents, type TraceEvent } from './trace-main';

const CPU_SLOWDOWN = 4;
const WORDS = ['surge', 'mulligan', 'seize', 'capture', 'ascension', 'haunt', 'temple', 'breakthrough'];

const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 3;
const roots = args.filter((_, i) => roundsAt < 0 || (i !== roundsAt && i !== roundsAt + 1));
if (!roots.length || !(rounds > 0)) {
  console.error('usage: npx tsx scripts/bench/ab-search.ts <buildA> <buildB> [more builds…] [--rounds 3]');
  process.exit(2);
}

const sorted = (v: number[]) => v.slice().sort((a, b) => a - b);
const at = (v: number[], p: number) => sorted(v)[Math.min(v.length - 1, Math.floor(v.length * p))];

async function typeWords(browser: Browser, root: string): Promise<{ commit: number[]; timing: number[] }> {
  const server = await startServer({ port: 0, root });
  const { page, context } = await openTab(browser);
  try {
    await page.goto(`${server.url}/rules`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
    const box = page.getByRole('searchbox');
    await box.click();
    await box.fill('su'); // the index is loaded before anything is timed
    await page.locator('#search-results li').first().waitFor();
    await box.fill('');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.evaluate(`(() => {
      window.__ev = [];
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) window.__ev.push({ name: e.name, start: e.startTime, duration: e.duration });
      }).observe({ type: 'event', durationThreshold: 0 });
    })()`);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (d) => events.push(...traceEvents(d.value)));
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
      transferMode: 'ReportEvents'
    });
    for (const word of WORDS) {
      await box.fill('');
      await page.waitForTimeout(250);
      for (const ch of word) {
        await page.keyboard.press(ch);
        await page.waitForTimeout(250); // a person's pace, and the rest of the results drawn
      }
    }
    const timed = (await page.evaluate('window.__ev')) as { name: string; start: number; duration: number }[];
    await cdp.send('Tracing.end');
    await done;

    const { onMain } = mainThread(events);
    const keydowns = dispatches(onMain, 'keydown');
    const commits = commitEnds(onMain);
    const commit = keydowns.flatMap((t) => {
      const end = commits.find((c) => c > t);
      return end === undefined ? [] : [(end - t) / 1000];
    });
    const timing = timed
      .filter((e) => e.name === 'keydown')
      .map((k) =>
        Math.max(...timed.filter((e) => e.start >= k.start && e.start < k.start + 50).map((e) => e.duration))
      );
    if (process.env.BENCH_DETAIL) detail(onMain, keydowns, commits, commit);
    return { commit, timing };
  } finally {
    await context.close();
    await server.close();
  }
}

/** The main thread's time by kind of work within each key (nested events are counted in each). */
function detail(onMain: TraceEvent[], keydowns: number[], commits: number[], commit: number[]) {
  const keys = WORDS.flatMap((w) => [...w].map((_, i) => w.slice(0, i + 1)));
  console.log(keys.map((k, i) => `${k} ${commit[i]?.toFixed(0)}`).join(', '));
  const KINDS = new Set([
    'EventDispatch',
    'FunctionCall',
    'UpdateLayoutTree',
    'Layout',
    'PrePaint',
    'Paint',
    'Layerize',
    'Commit'
  ]);
  const SLOW = 40;
  const all = new Map<string, number>();
  const slow = new Map<string, number>();
  const add = (to: Map<string, number>, kind: string, ms: number) => to.set(kind, (to.get(kind) ?? 0) + ms);
  keydowns.forEach((t, i) => {
    const end = commits.find((c) => c > t);
    if (end === undefined) return;
    for (const e of onMain) {
      if (e.ts < t || e.ts >= end || !KINDS.has(e.name)) continue;
      const kind = e.name === 'EventDispatch' ? `${e.args?.data?.type} event` : e.name;
      add(all, kind, (e.dur ?? 0) / 1000);
      if (commit[i] > SLOW) add(slow, kind, (e.dur ?? 0) / 1000);
    }
  });
  const n = commit.filter((c) => c > SLOW).length;
  const line = (m: Map<string, number>, count: number) =>
    [...m].map(([k, v]) => `${k} ${(v / count).toFixed(1)}`).join(', ');
  console.log(`ms per key, all ${commit.length}: ${line(all, commit.length)}`);
  console.log(`ms per key, the ${n} over ${SLOW} ms: ${line(slow, n)}`);
}

const browser = await launch();
try {
  const all = new Map<string, { commit: number[]; timing: number[] }>();
  for (let round = 0; round < rounds; round++) {
    // Each round in the other order, so neither side always runs first.
    for (const root of round % 2 ? [...roots].reverse() : roots) {
      const { commit, timing } = await typeWords(browser, root);
      const side = all.get(root) ?? { commit: [], timing: [] };
      side.commit.push(...commit);
      side.timing.push(...timing);
      all.set(root, side);
      console.log(`round ${round + 1} ${root}: key to commit median ${at(commit, 0.5).toFixed(1)} ms`);
    }
  }
  for (const [root, { commit, timing }] of all) {
    const within = timing.filter((t) => t <= 16).length / timing.length;
    console.log(
      `${root}: n=${commit.length}; key to commit p50 ${at(commit, 0.5).toFixed(1)}, p75 ${at(commit, 0.75).toFixed(1)}, ` +
        `p95 ${at(commit, 0.95).toFixed(1)} ms; Event Timing p50 ${at(timing, 0.5)}, p95 ${at(timing, 0.95)} ms, ` +
        `${Math.round(within * 100)}% within 16 ms`
    );
  }
} finally {
  await browser.close();
}
