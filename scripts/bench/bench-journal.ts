/**
 * What the recovery journal costs, measured on the built app's own journal worker in Chromium:
 *
 * - Main thread per tap: what the page does for the journal after a step is stored, i.e. post
 *   the entry to the worker (a structured copy) and take the worker's answer.
 * - Commit to flushed: from that post to the worker's answer, which it sends once the line is
 *   written and flushed (`FileSystemSyncAccessHandle.flush`): the time a stored step is without
 *   its second copy. One tap at a time, and five taps posted together (batched).
 * - The start-up check: a worker just started summing up every journal (20 games of 300
 *   steps), which the app does before it shows the saved games (each journal read from where
 *   its summary file stops); and decoding one 5,000-step journal whole in Node (the same code),
 *   what a restore reads.
 *
 *   npm run build && npx tsx scripts/bench/bench-journal.ts          (also part of `npm run bench`)
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser } from 'playwright-core';
import { launch, openTab } from '../../tests/browser/harness';
import { startServer } from '../serve.mjs';
import type { EventRecord, SessionRecord } from '../../src/lib/db/records';
import { decodeJournal, encodeEntries, encodeHeader } from '../../src/lib/journal/format';

const BUILD = resolve(import.meta.dirname, '../../build');

function workerPath(): string {
  const dir = resolve(BUILD, '_app/immutable/workers');
  const file = readdirSync(dir).find((f) => /^journal\.worker-.*\.js$/.test(f));
  if (!file) throw new Error('No journal worker in the build: run `npm run build` first.');
  return `/_app/immutable/workers/${file}`;
}

function record(id: string): SessionRecord {
  return {
    id,
    game: 'titans',
    setup: {
      players: [
        { id: 'p1', name: 'Ana' },
        { id: 'p2', name: 'Ben' }
      ],
      seed: 'BENCH001'
    },
    created: Date.UTC(2026, 10, 1),
    updated: Date.UTC(2026, 10, 1),
    status: 'active',
    summary: 'Turn 1 · Ana 3 – Ben 3 temples',
    head: 0
  };
}

/** A typical stored step: a number typed in the quick flow. */
function entry(sessionId: string, seq: number): EventRecord {
  return {
    sessionId,
    seq,
    kind: 'event',
    event: { type: 'POWER', arena: 0, side: seq % 2, power: seq % 9 },
    time: Date.UTC(2026, 10, 1) + seq * 20_000,
    label: `${seq % 2 ? 'Ben' : 'Ana'}: power ${seq % 9} in the first arena`,
    period: 1 + Math.floor(seq / 21)
  };
}

const pct = (values: number[], p: number) => {
  const s = values.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
};
const ms = (t: number) => `${t.toFixed(t < 1 ? 3 : 1)} ms`;

export async function benchJournal(browser: Browser, url: string): Promise<[string, string][]> {
  const rows: [string, string][] = [];
  const { page, context } = await openTab(browser);
  await page.goto(`${url}/rules`);
  // tsx keeps function names with a helper the page does not have.
  await page.evaluate('window.__name = (f) => f');
  const games = Array.from({ length: 20 }, (_, g) => ({
    record: record(`bench${String(g).padStart(2, '0')}`),
    events: Array.from({ length: 300 }, (_, i) => entry(`bench${String(g).padStart(2, '0')}`, i + 1))
  }));
  const result = await page.evaluate(
    async ({ path, first, burstEntries, games }) => {
      let next = 1;
      // The page's own time for the last call: posting it, and handling its answer.
      let posted = 0;
      let answered = 0;
      const waiting = new Map<number, { ok(value: unknown): void; fail(error: Error): void }>();
      /** Starts the journal's worker, as the app does when it starts. */
      const connect = async (): Promise<Worker> => {
        const started = new Worker(path, { type: 'module' });
        const ready = await new Promise<{ ready: boolean; reason?: string }>((ok) =>
          started.addEventListener('message', (e) => ok(e.data), { once: true })
        );
        if (!ready.ready) throw new Error(`the journal worker did not start: ${ready.reason}`);
        started.addEventListener('message', (e) => {
          const t0 = performance.now();
          const reply = e.data as { id: number; ok: boolean; value?: unknown; error?: { message: string } };
          const w = waiting.get(reply.id);
          waiting.delete(reply.id);
          if (reply.ok) w?.ok(reply.value);
          else w?.fail(new Error(reply.error?.message));
          answered = performance.now() - t0;
        });
        return started;
      };
      let worker = await connect();
      const call = (op: string, ...args: unknown[]) =>
        new Promise<unknown>((ok, fail) => {
          const id = next++;
          waiting.set(id, { ok, fail });
          const t0 = performance.now();
          worker.postMessage({ id, op, args });
          posted = performance.now() - t0;
        });

      await call('start', first.record, []);
      // One tap at a time: post, then wait for the flushed answer.
      const single: number[] = [];
      const perPost: number[] = [];
      for (let i = 0; i < 300; i++) {
        const t0 = performance.now();
        await call('append', first.record.id, [first.entries[i]], undefined);
        single.push(performance.now() - t0);
        perPost.push(posted + answered);
      }
      // Five taps posted together: the worker writes them in one go.
      const burst: number[] = [];
      for (let b = 0; b < 40; b++) {
        const t0 = performance.now();
        await Promise.all(
          burstEntries.slice(b * 5, b * 5 + 5).map((e) => call('append', first.record.id, [e]))
        );
        burst.push(performance.now() - t0);
      }
      for (const g of games) await call('rewrite', { record: g.record, events: g.events, people: [] });
      // Let the worker write the journals' summary files and let go of its files, then start
      // anew for each check, as the app does when it starts.
      await call('flush');
      await new Promise((r) => setTimeout(r, 1700));
      const scans: number[] = [];
      for (let i = 0; i < 5; i++) {
        worker.terminate();
        worker = await connect();
        const t0 = performance.now();
        await call('scan');
        scans.push(performance.now() - t0);
      }
      worker.terminate();
      return { single, burst, perPost, scans };
    },
    {
      path: workerPath(),
      first: {
        record: record('benchtaps'),
        entries: Array.from({ length: 300 }, (_, i) => entry('benchtaps', i + 1))
      },
      burstEntries: Array.from({ length: 200 }, (_, i) => entry('benchtaps', 301 + i)),
      games
    }
  );
  await context.close();

  rows.push([
    'Journal: main thread per tap (median / p95)',
    `${ms(pct(result.perPost, 0.5))} / ${ms(pct(result.perPost, 0.95))}`
  ]);
  rows.push([
    'Journal: commit to flushed, 1 tap (median/p95)',
    `${ms(pct(result.single, 0.5))} / ${ms(pct(result.single, 0.95))}`
  ]);
  rows.push(['Journal: commit to flushed, 5 taps at once', ms(pct(result.burst, 0.5))]);
  rows.push(['Journal: start-up check, 20 games × 300 steps', ms(pct(result.scans, 0.5))]);

  const id = 'decode';
  const text =
    encodeHeader(record(id)) + encodeEntries(Array.from({ length: 5000 }, (_, i) => entry(id, i + 1)));
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    decodeJournal(text);
    times.push(performance.now() - t0);
  }
  rows.push([
    `Journal: read a 5,000-step game (${(text.length / 1024).toFixed(0)} KB, Node)`,
    ms(Math.min(...times))
  ]);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  workerPath(); // fails early, with the reason, when there is no build
  const server = await startServer({ port: 0 });
  const browser = await launch();
  try {
    for (const [name, value] of await benchJournal(browser, server.url))
      console.log(`${name.padEnd(48)} ${value}`);
  } finally {
    await browser.close();
    await server.close();
  }
}
