/**
 * axe-core in a page, for the tests that hold every screen to WCAG 2.1 AA (and axe's best
 * practices): run through DevTools, which the page's Content-Security-Policy does not stop (a
 * script tag it would), from the dev dependency on disk rather than any network.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One broken node: the rule, and where (its selector). */
export interface AxeFinding {
  rule: string;
  target: string;
  summary: string;
}

/**
 * The violations on the page as it is now. WCAG 2.0/2.1 A and AA and best practices, and
 * label-content-name-mismatch (WCAG 2.5.3, off by default in axe: voice control says what it sees).
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    type Result = {
      violations: { id: string; nodes: { target: string[]; html?: string; failureSummary?: string }[] }[];
    };
    const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<Result> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations']
    });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => ({
        rule: v.id,
        target: `${n.target.join(' ')} ${n.html?.slice(0, 200) ?? ''}`,
        summary: (n.failureSummary ?? '').split('\n').slice(-1)[0].trim()
      }))
    );
  });
}

/**
 * Light, then dark (the same screen under the other colour scheme): findings named by scheme.
 * The page is left in the scheme it was in.
 */
export async function axeBothSchemes(page: Page): Promise<Record<'light' | 'dark', AxeFinding[]>> {
  const wasDark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await axeFindings(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await axeFindings(page);
  await page.emulateMedia({ colorScheme: wasDark ? 'dark' : 'light' });
  return { light, dark };
}

/** What axe found, by state ("titans: menu (dark)") and node. */
export type Found = Record<string, string[]>;

/** Checks the screen as it is now, in both schemes, under this state's name. */
export async function axeCheck(page: Page, found: Found, state: string): Promise<void> {
  const { light, dark } = await axeBothSchemes(page);
  for (const [scheme, list] of [
    ['light', light],
    ['dark', dark]
  ] as const)
    if (list.length) found[`${state} (${scheme})`] = list.map((f) => `${f.rule}: ${f.target}: ${f.summary}`);
}

/**
 * What was found, kept beside the screenshots for the state × rule table (AXE_REPORT=1;
 * `node scripts/shots/axe-table.mjs` reads them).
 */
export function axeReport(name: string, found: Found): void {
  if (!process.env.AXE_REPORT) return;
  const dir = resolve(import.meta.dirname, '../../screenshots/axe');
  mkdirSync(dir, { recursive: true });
  writeFileSync(resolve(dir, `${name}.json`), JSON.stringify(found, null, 1));
}
