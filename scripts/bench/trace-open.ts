/**
 * Where the cold open's time goes: the bench's 5,019-event Titans game imported in a fresh
 * profile, then opened by a page load at 4× CPU under a DevTools trace, and the page's main
 * thread from the navigation to the frame with the board, summed by what it was doing. The
 * bench's "Cold open" row says how long; this says on what, so a change can aim at a part.
 *
 *   npm run build && npx tsx scripts/bench/trace-open.ts [--root <build>] [--rounds 3]
 *
 * The kinds are the trace's own event names, each counted once where it is outermost (a layout
 * forced inside a script counts as the script's). `v8.produceModuleCache` is the browser writing
 * its code cache on a script's second load (the first was the settings page's import): it
 * happens once per script, and only on a first visit like this one.
 */
import { launch, openTab } from '../../tests/browser/harness';
import { startServer } from '../serve.mjs';
import { boardPainted, importGame, markBoardPaint, percentile } from './bench-taps';
import { mainThread, traceEvents, type TraceEvent } from './trace-main';

const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const ROUNDS = Number(arg('rounds') ?? 3);
const CPU_SLOWDOWN = 4;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'loading',
  'navigation',
  'blink.user_timing'
].join(',');

/** What the main thread was doing, by the trace's names (the rest is summed as "other"). */
const KINDS = new Map([
  ['RenderFrameImpl::CommitNavigation', 'navigation commit (the old page torn down, the new one set up)'],
  ['FrameLoader::CommitNavigation', 'navigation commit (the old page torn down, the new one set up)'],
  ['DocumentModuleScriptFetcher::NotifyFinished', 'module fetch bookkeeping'],
  ['ParseHTML', 'HTML parse'],
  ['v8.compileModule', 'module compile'],
  ['v8.evaluateModule', 'module evaluation'],
  ['v8.produceModuleCache', 'code cache written (second load of a script)'],
  ['v8.callFunction', 'our JavaScript: calls (events, timers, IndexedDB callbacks)'],
  ['RunMicrotasks', 'our JavaScript: promise continuations (rendering, opening)'],
  ['FunctionCall', 'our JavaScript: calls (events, timers, IndexedDB callbacks)'],
  ['EvaluateScript', 'classic scripts'],
  ['ParseAuthorStyleSheet', 'style sheets parsed'],
  ['UpdateLayoutTree', 'style'],
  ['Layout', 'layout'],
  ['PrePaint', 'paint, layers and commit'],
  ['Paint', 'paint, layers and commit'],
  ['Layerize', 'paint, layers and commit'],
  ['Commit', 'paint, layers and commit']
]);

const BUSY = 'main thread busy, in all';

/** Main-thread milliseconds by kind, each event counted where no other counted one holds it. */
function byKind(onMain: TraceEvent[], from: number, to: number): Map<string, number> {
  const sorted = onMain
    .filter((e) => e.ts >= from && e.ts <= to)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const sums = new Map<string, number>();
  const open: { end: number; counted: boolean }[] = [];
  for (const e of sorted) {
    while (open.length && open[open.length - 1].end <= e.ts) open.pop();
    const kind = KINDS.get(e.name);
    const task = e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask';
    const counted = !!kind && !open.some((o) => o.counted);
    if (counted) sums.set(kind!, (sums.get(kind!) ?? 0) + (e.dur ?? 0) / 1000);
    if (task && !open.length) sums.set(BUSY, (sums.get(BUSY) ?? 0) + (e.dur ?? 0) / 1000);
    open.push({ end: e.ts + (e.dur ?? 0), counted: counted || open.some((o) => o.counted) });
  }
  const named = [...sums.entries()].reduce((total, [k, v]) => (k === BUSY ? total : total + v), 0);
  sums.set('other (tasks the trace does not name)', (sums.get(BUSY) ?? 0) - named);
  return sums;
}

const server = await startServer({ port: 0, root: arg('root') });
const browser = await launch();
const rounds: { board: number; sums: Map<string, number> }[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    const { page, context } = await openTab(browser);
    await context.addInitScript(markBoardPaint);
    const game = await importGame(page, server.url, 239);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => events.push(...traceEvents(data.value)));
    const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    const painted = boardPainted(page);
    await page.goto(game);
    const board = await painted;
    await cdp.send('Tracing.end');
    await complete;
    await context.close();
    // The board's time is on the game page's clock, which starts at its navigation.
    const navigation = events.find(
      (e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').includes('/play/')
    );
    if (!navigation) throw new Error('the trace has no navigation to the game');
    const { onMain } = mainThread(events);
    rounds.push({
      board: Math.round(board),
      sums: byKind(onMain, navigation.ts, navigation.ts + board * 1000)
    });
    console.log(`round ${round + 1}: board painted ${Math.round(board)} ms after the navigation`);
  }
} finally {
  await browser.close();
  await server.close();
}

const median = (values: number[]) => percentile(values, 50);
const kinds = [...new Set(rounds.flatMap((r) => [...r.sums.keys()]))];
console.log(`\nMain thread during the open, median of ${rounds.length} (ms at ${CPU_SLOWDOWN}× CPU):`);
console.log(`  board painted                                  ${median(rounds.map((r) => r.board))}`);
for (const kind of kinds.sort(
  (a, b) => median(rounds.map((r) => r.sums.get(b) ?? 0)) - median(rounds.map((r) => r.sums.get(a) ?? 0))
))
  console.log(`  ${kind.padEnd(46)} ${median(rounds.map((r) => r.sums.get(kind) ?? 0)).toFixed(0)}`);
