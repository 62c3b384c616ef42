/**
 * What a phone downloads before the first paint, read from the built pages (sizes are exact, not
 * timed). `npm run bench` holds the same budgets over the whole precache.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGET, firstPaint } from '../../scripts/bench-sizes';

const BUILD = resolve(import.meta.dirname, '../../build');
const html = (file: string) => readFileSync(resolve(BUILD, file), 'utf8');

describe('the home page first paint', () => {
  it('asks only for what its first screen needs: no play screen styles, few files, under 50 KB', () => {
    const home = html('index.html');
    // The games' play screens (module.*.css) and their shared parts load at idle, not before.
    expect(home).not.toMatch(/assets\/module\.[^"]+\.css/);
    const paint = firstPaint(BUILD);
    expect(paint.count).toBeLessThanOrEqual(BUDGET.firstPaintFiles);
    expect(paint.total).toBeLessThanOrEqual(BUDGET.firstPaint);
  });
});
