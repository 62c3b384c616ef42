/**
 * Lighthouse on the entry pages, as a phone first meets them: its default mobile settings
 * (simulated slow 4G, 4x CPU), the built app served by scripts/serve.mjs (compressed as a static
 * host sends it), Chromium from the same path as the tests. Each page is run several times and
 * the median is printed as a table. Slow and noisy on a busy machine, so not part of `npm test`.
 *
 *   npm run build && npx tsx scripts/bench/lighthouse.ts [--root <build dir>] [--runs 3] [--only /path]
 *     [--save <dir>]   (each run's whole report, as JSON)
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { mkdirSync, writeFileSync } from 'node:fs';
import { startServer } from '../serve.mjs';
import { CHROMIUM } from '../../tests/browser/harness';

const run = promisify(execFile);

const PAGES = [
  '/',
  '/rules/titans',
  '/rules/titans/turn',
  '/titans/new',
  '/twilight/new',
  '/epic/new',
  '/wiz/new',
  '/theos/new'
];

interface Audit {
  id: string;
  score: number | null;
  numericValue?: number;
}
interface Report {
  categories: { performance: { score: number }; accessibility: { score: number } };
  audits: Record<string, Audit>;
}

/** One Lighthouse run of one page: its report as JSON. */
async function lighthouse(url: string): Promise<Report> {
  const cli = resolve(import.meta.dirname, '../../node_modules/lighthouse/cli/index.js');
  const { stdout } = await run(
    process.execPath,
    [
      cli,
      url,
      '--output=json',
      '--output-path=stdout',
      '--only-categories=performance,accessibility',
      '--quiet',
      `--chrome-path=${CHROMIUM}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update'
    ],
    { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: CHROMIUM } }
  );
  return JSON.parse(stdout) as Report;
}

const median = (values: number[]) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  /** Accessibility audits that failed in any run. */
  failing: string[];
}

async function measure(url: string, path: string, runs: number, save?: string): Promise<Row> {
  const reports: Report[] = [];
  let failures = 0;
  for (let i = 0; i < runs;) {
    try {
      reports.push(await lighthouse(url + path));
    } catch (e) {
      // A busy machine can time Lighthouse out (a DevTools call left unanswered): try again, twice.
      const first = String((e as { stderr?: string }).stderr ?? e).split('\n')[0];
      console.error(`${path}: a run failed (${first.slice(0, 160)})`);
      if (++failures <= 2) continue;
      throw new Error(`${path}: Lighthouse failed ${failures} times`);
    }
    // The whole report, to see where the time went (long-tasks, bootup-time…).
    if (save)
      writeFileSync(
        resolve(save, `${path === '/' ? 'home' : path.slice(1).replace(/\W+/g, '_')}-${i + 1}.json`),
        JSON.stringify(reports[i])
      );
    i++;
  }
  const metric = (id: string) => median(reports.map((r) => r.audits[id]?.numericValue ?? NaN));
  const failing = new Set<string>();
  for (const r of reports)
    for (const a of Object.values(r.audits)) if (a.score === 0 && A11Y.has(a.id)) failing.add(a.id);
  return {
    page: path,
    performance: Math.round(median(reports.map((r) => r.categories.performance.score)) * 100),
    accessibility: Math.round(median(reports.map((r) => r.categories.accessibility.score)) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    failing: [...failing]
  };
}

/** The accessibility audits (the ones whose failure costs the accessibility score). */
const A11Y = new Set([
  'aria-valid-attr-value',
  'aria-valid-attr',
  'aria-allowed-attr',
  'aria-required-attr',
  'aria-roles',
  'button-name',
  'color-contrast',
  'document-title',
  'heading-order',
  'html-has-lang',
  'image-alt',
  'label',
  'link-name',
  'list',
  'listitem',
  'meta-viewport',
  'target-size',
  'aria-hidden-focus',
  'landmark-one-main',
  'duplicate-id-aria'
]);

function table(rows: Row[]): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = [
    '| page | performance | accessibility | FCP | LCP | TBT | failing a11y audits |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.performance} | ${r.accessibility} | ${s(r.fcp)} | ${s(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.failing.join(', ') || '-'} |`
    )
  ];
  return lines.join('\n');
}

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const root = arg('--root');
const runs = Number(arg('--runs') ?? 3);
const only = arg('--only');
const save = arg('--save');
if (save) mkdirSync(save, { recursive: true });
const server = await startServer({ port: 0, root: root ? resolve(root) : undefined });
try {
  const rows: Row[] = [];
  for (const path of only ? [only] : PAGES) {
    const row = await measure(server.url, path, runs, save);
    console.error(`${path}: ${row.performance} / ${row.accessibility}`);
    rows.push(row);
  }
  console.log(`Lighthouse, mobile defaults, median of ${runs}${root ? ` (${root})` : ''}\n`);
  console.log(table(rows));
} finally {
  await server.close();
}
