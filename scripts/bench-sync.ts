/**
 * What sharing a game costs (#11), in Node, no browser:
 *
 * - Merge: two phones that each played 5,000 Titans events offline (same lamports, so the two
 *   logs interleave entry by entry and many taps end up not applied), one receiving the other's
 *   update: Yjs merge, the log read back in order and folded to the state, best of 5. Both the
 *   fresh fold and the refold a running phone does (its own 5,000 already folded).
 * - Bytes per tap: the Yjs update one appended entry makes, in an empty game and at 5,000
 *   entries, and the y-websocket message the phone sends for it (a WebSocket frame adds 6 more
 *   bytes from a phone: header and mask).
 * - Tap to observed: one phone appends, the other's observer sees the entry (and has refolded
 *   its state), through the sync server on loopback in its own process, 300 taps one after
 *   another. Tap to paint on the other phone, through the app in Chromium, is
 *   scripts/bench-sync-paint.ts.
 *
 *   npx tsx scripts/bench-sync.ts          (also part of `npm run bench`)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as Y from 'yjs';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import { titansLogic } from '../src/lib/games/titans/logic';
import { longLogs, titansDuelSetup } from '../tests/fixtures/long-logs';
import {
  appendEntry,
  fold,
  mergeDoc,
  newClock,
  newRoomKey,
  newRoomName,
  nextEntry,
  observeEntries,
  readEntries,
  refold,
  writeMeta,
  type Clock,
  type SharedEntry
} from '../src/lib/sync';
import type { GameEvent } from '../src/lib/db/records';

type Row = [string, string];
const ms = (t: number) => `${t.toFixed(t < 1 ? 3 : 1)} ms`;
const setup = titansDuelSetup();
/** As long as a real device id (`newDeviceId`: 22 characters): it is in every entry twice. */
const DEVICE = 'Xq3vR8k2LmN5pT7wYz1aBc';
const events = longLogs().find((l) => l.name === 'Titans of Eden')!.events;

function percentile(values: number[], p: number): number {
  const s = values.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
}

/** A phone's doc with `count` taps of the bench log appended by `device`. */
function played(device: string, count: number, start?: Uint8Array): Y.Doc {
  const doc = new Y.Doc();
  if (start) mergeDoc(doc, start);
  let clock: Clock = newClock(device);
  doc.transact(() => {
    for (let i = 0; i < count; i++) {
      const made = nextEntry(clock, { kind: 'event', event: events[i] }, i);
      clock = made.clock;
      appendEntry(doc, made.entry);
    }
  });
  return doc;
}

function benchMerge(rows: Row[]) {
  const shared = new Y.Doc();
  writeMeta(shared, { game: 'titans', setup: { ...setup }, created: 0, format: 1 });
  const start = Y.encodeStateAsUpdate(shared);
  const a = Y.encodeStateAsUpdate(played('phone-a', 5000, start));
  const b = Y.encodeStateAsUpdate(played('phone-b', 5000, start));
  let merge = Infinity;
  let fresh = Infinity;
  let incremental = Infinity;
  let notApplied = 0;
  for (let run = 0; run < 5; run++) {
    const doc = new Y.Doc();
    mergeDoc(doc, a);
    const mine = fold(titansLogic, setup, readEntries(doc));
    let added: SharedEntry[] = [];
    observeEntries(doc, (entries) => (added = entries));
    const t0 = performance.now();
    mergeDoc(doc, b);
    const t1 = performance.now();
    const all = fold(titansLogic, setup, readEntries(doc));
    const t2 = performance.now();
    refold(mine, added);
    const t3 = performance.now();
    merge = Math.min(merge, t1 - t0);
    fresh = Math.min(fresh, t2 - t1);
    incremental = Math.min(incremental, t3 - t2 + (t1 - t0));
    notApplied = all.outcomes.filter((o) => o.status === 'not-applied').length;
  }
  rows.push([
    `Merge 2 × 5,000 offline events (${(b.length / 1024).toFixed(0)} KB update)`,
    ms(merge + fresh)
  ]);
  rows.push(['  Yjs merge alone', ms(merge)]);
  rows.push([
    `  fold of the 10,000 to the state (${notApplied.toLocaleString('en')} not applied)`,
    ms(fresh)
  ]);
  rows.push(['  merge + refold on the phone that had its 5,000', ms(incremental)]);
}

/** What a phone does after each tap once the game is long: one event, one undo, one redo. */
function benchRefold(rows: Row[]) {
  let clock = newClock(DEVICE);
  const entries: SharedEntry[] = [];
  for (let i = 0; i < 10_000; i++) {
    const made = nextEntry(clock, { kind: 'event', event: events[i] }, i);
    clock = made.clock;
    entries.push(made.entry);
  }
  const base = fold(titansLogic, setup, entries);
  const tap = nextEntry(clock, { kind: 'event', event: events[0] }, 0);
  const undo = nextEntry(clock, { kind: 'undo', target: entries[entries.length - 1].id }, 0);
  const redo = nextEntry(undo.clock, { kind: 'undo', target: undo.entry.id }, 0);
  const undone = refold(base, [undo.entry]);
  const times = (fn: () => void) => {
    const t: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      fn();
      t.push(performance.now() - t0);
    }
    return ms(percentile(t, 0.5));
  };
  rows.push([
    'Refold at 10,000 entries: tap / undo / redo (median)',
    [
      times(() => refold(base, [tap.entry])),
      times(() => refold(base, [undo.entry])),
      times(() => refold(undone, [redo.entry]))
    ].join(' / ')
  ]);
}

function updateBytes(doc: Y.Doc, event: GameEvent, clock: Clock): number {
  let size = 0;
  const listen = (update: Uint8Array) => (size += update.length);
  doc.on('update', listen);
  appendEntry(doc, nextEntry(clock, { kind: 'event', event }, Date.now()).entry);
  doc.off('update', listen);
  return size;
}

function benchBytes(rows: Row[]) {
  const event = { type: 'POWER', arena: 0, side: 1, power: 7 };
  const empty = new Y.Doc();
  const long = played('phone-a', 5000);
  const device = DEVICE;
  const json = JSON.stringify(nextEntry(newClock(device), { kind: 'event', event }, Date.now()).entry).length;
  rows.push([
    'Bytes per tap, Yjs update (empty / at 5,000)',
    `${updateBytes(empty, event, newClock(device))} / ${updateBytes(long, event, { device, counter: 5000, lamport: 5000 })} B (entry JSON ${json} B)`
  ]);
}

/** Counts what a phone's socket sends: y-websocket's messages, without the frame header. */
function countingSocket(sent: number[]) {
  return class extends WebSocket {
    send(data: Uint8Array | ArrayBuffer, cb?: (error?: Error) => void) {
      sent.push(data.byteLength);
      super.send(data, cb);
    }
  };
}

async function startServerProcess(dir: string) {
  const tsx = resolve(import.meta.dirname, '../node_modules/.bin/tsx');
  const child = spawn(tsx, [resolve(import.meta.dirname, 'sync-server.ts'), '--port', '0', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'inherit']
  });
  const port = await new Promise<number>((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /127\.0\.0\.1:(\d+)/.exec(out);
      if (m) ok(Number(m[1]));
    });
    child.once('exit', () => fail(new Error(`sync server exited: ${out}`)));
  });
  return {
    port,
    stop: () => new Promise<void>((ok) => (child.once('exit', () => ok()), child.kill('SIGTERM')))
  };
}

async function benchLatency(rows: Row[]) {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-bench-sync-'));
  const server = await startServerProcess(dir);
  const room = newRoomName();
  const key = newRoomKey();
  const sent: number[] = [];
  const connect = (doc: Y.Doc, socket: unknown) =>
    new WebsocketProvider(`ws://127.0.0.1:${server.port}`, room, doc, {
      WebSocketPolyfill: socket as never,
      params: { key },
      disableBc: true
    });
  const a = new Y.Doc();
  const b = new Y.Doc();
  const pa = connect(a, countingSocket(sent));
  const pb = connect(b, WebSocket);
  try {
    for (let i = 0; i < 500 && !(pa.synced && pb.synced); i++) await new Promise((r) => setTimeout(r, 10));
    if (!(pa.synced && pb.synced)) throw new Error('the phones did not connect');
    writeMeta(a, { game: 'titans', setup: { ...setup }, created: 0, format: 1 });
    let folded = fold(titansLogic, setup, []);
    let arrived: (() => void) | undefined;
    const seen: number[] = [];
    observeEntries(b, (added, local) => {
      if (local) return;
      const t = performance.now();
      folded = refold(folded, added);
      seen.push(t);
      arrived?.();
    });
    let clock = newClock(DEVICE);
    const observed: number[] = [];
    const refolded: number[] = [];
    const message: number[] = [];
    for (let i = 0; i < 300; i++) {
      const made = nextEntry(clock, { kind: 'event', event: events[i] }, Date.now());
      clock = made.clock;
      const done = new Promise<void>((ok) => (arrived = ok));
      const before = sent.length;
      const t0 = performance.now();
      appendEntry(a, made.entry);
      await done;
      const t1 = performance.now();
      observed.push(seen[seen.length - 1] - t0);
      refolded.push(t1 - t0);
      message.push(sent.slice(before).reduce((s, n) => s + n, 0));
    }
    // The first taps warm up the JIT and the server's socket: they are not a table's steady state.
    const steady = (v: number[]) => v.slice(20);
    rows.push([
      'Tap to observed on the other phone (median / p95)',
      `${ms(percentile(steady(observed), 0.5))} / ${ms(percentile(steady(observed), 0.95))}`
    ]);
    rows.push([
      '  with its state refolded (median / p95)',
      `${ms(percentile(steady(refolded), 0.5))} / ${ms(percentile(steady(refolded), 0.95))}`
    ]);
    rows.push(['Bytes per tap over the websocket (median message)', `${percentile(message, 0.5)} B`]);
  } finally {
    pa.destroy();
    pb.destroy();
    // The awareness each provider made runs a timer until its doc is destroyed.
    a.destroy();
    b.destroy();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchSync(): Promise<Row[]> {
  const rows: Row[] = [];
  const load = loadavg().map((l) => l.toFixed(2));
  benchMerge(rows);
  benchRefold(rows);
  benchBytes(rows);
  await benchLatency(rows);
  rows.push(['  machine load (1, 5, 15 min) at the start', load.join(', ')]);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, value] of await benchSync()) console.log(`${name.padEnd(48)} ${value}`);
}
