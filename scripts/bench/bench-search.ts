/**
 * Rules search as `npm run bench` times it (key to painted results at 4× CPU, Event Timing), for
 * one build or several taking turns: one bench run is 39 keys, so its p95 is its second-slowest
 * key and moves by 8-16 ms from run to run. Rounds pool the keys.
 *
 *   npm run build && npx tsx scripts/bench/bench-search.ts [<build> …] [--rounds 3]
 */
import { launch } from '../../tests/browser/harness';
import { startServer } from '../serve.mjs';
import { benchSearch, percentile } from './bench-taps';

const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 3;
const given = args.filter((_, i) => roundsAt < 0 || (i !== roundsAt && i !== roundsAt + 1));
const roots = given.length ? given : ['build'];
if (!(rounds > 0)) {
  console.error('usage: npx tsx scripts/bench/bench-search.ts [<build> …] [--rounds 3]');
  process.exit(2);
}

const browser = await launch();
const servers = await Promise.all(roots.map((root) => startServer({ port: 0, root })));
const keys = roots.map(() => [] as number[]);
try {
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...roots.keys()].reverse() : [...roots.keys()];
    for (const side of order) {
      const { p50, p95, times } = await benchSearch(browser, servers[side].url);
      keys[side].push(...times);
      console.log(`round ${round + 1} ${roots[side]}: p50 ${p50} / p95 ${p95} ms (n=${times.length})`);
    }
  }
  for (const [side, root] of roots.entries()) {
    const all = keys[side];
    console.log(
      `${root}: ${rounds} runs, n=${all.length}: p50 ${percentile(all, 50)} / p95 ${percentile(all, 95)} ms, ` +
        `keys over 48 ms: ${all.filter((t) => t > 48).length}`
    );
  }
} finally {
  await browser.close();
  for (const server of servers) await server.close();
}
