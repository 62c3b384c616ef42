/**
 * What sharing a game costs (#11), in Node, no browser:
 *
 * - Merge: two phones that each played 5,000 Titans events offline (same lamports, so the two
 *   logs interleave entry by entry and many taps end up not applied), one receiving the other's
 *   update: Yjs merge, the log read back in order and folded to the state, best of 5. Both the
 *   fresh fold and the refold a running phone does (its own 5,000 already folded).
 * - Bytes per tap: the Yjs update one appended entry makes, in an empty game and at 5,000
 *   entries, and the provider's message the phone sends for it (a WebSocket frame adds 6 more
 *   bytes from a phone: header and mask).
 * - Tap to observed: one phone appends, the other's observer sees the entry (and has refolded
 *   its state), through the sync server (Hocuspocus) on loopback in its own process, 300 taps
 *   one after another; then with the phones on two instances sharing updates through Redis
 *   (redis-server and Postgres started here on loopback, when installed). Tap to paint on the
 *   other phone, through the app in Chromium, is scripts/bench/bench-sync-paint.ts.
 * - Rooms held: rooms of 4 phones on one instance, each tapping once a second, stepped up until
 *   the p95 of tap to observed passes 50 ms (bounded: at most 400 rooms; 5 s a step, or 100 taps
 *   when that is longer).
 * - Idle phones (#56): 100 phones through the app's own link (src/lib/sync/connect.ts, heartbeat
 *   included), 50 rooms of two, nothing tapped for 30 s: messages the server counted per phone
 *   per second, and the instance's CPU meanwhile (/proc/<pid>/stat).
 * - Memory per room (#56): the instance's resident memory before and after 200 rooms are opened,
 *   each with one app phone that tapped 100 times, divided by 200.
 *
 *   npx tsx scripts/bench/bench-sync.ts          (also part of `npm run bench`)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as Y from 'yjs';
import WebSocket from 'ws';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { titansLogic } from '../../src/lib/games/titans/logic';
import { longLogs, titansDuelSetup } from '../../tests/fixtures/long-logs';
import {
  appendEntry,
  fold,
  mergeDoc,
  newClock,
  newDeviceId,
  newRoomKey,
  newRoomName,
  nextEntry,
  observeEntries,
  readEntries,
  refold,
  writeMeta,
  type Clock,
  type SharedEntry
} from '../../src/lib/sync';
import type { GameEvent } from '../../src/lib/db/records';
import { connectWebsocket, type Link } from '../../src/lib/sync/connect';
import {
  startInstance,
  startPostgres,
  startRedis,
  startTogether,
  type Instance,
  type Service
} from '../../sync-server/local-services';

type Row = [string, string];
/**
 * The limits a public instance keeps (60 new rooms an hour, 64 sockets an address) would stop a
 * bench whose every phone is on one address: here they are lifted, the rest kept.
 */
const BENCH_LIMITS = ['--rooms-per-hour', '100000', '--connections-per-address', '100000'];
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

/** Counts what a phone's socket sends: the provider's messages, without the frame header. */
function countingSocket(sent: number[]) {
  return class extends WebSocket {
    send(data: Uint8Array | ArrayBuffer, cb?: (error?: Error) => void) {
      sent.push(data.byteLength);
      super.send(data, cb);
    }
  };
}

/** A phone's link to a room: synced once the server answered its half of the sync. */
interface Phone {
  readonly synced: boolean;
  /** The provider and its socket. */
  destroy(): void;
}

/**
 * A phone on the server at `port`: Hocuspocus' provider on a socket of its own, as the app's link
 * makes it (src/lib/sync/connect.ts), the socket made with `WebSocketPolyfill` (ws, or one that
 * counts what it sends).
 */
function provider(
  port: number,
  room: string,
  key: string,
  doc: Y.Doc,
  polyfill: typeof WebSocket = WebSocket
): Phone {
  const socket = new HocuspocusProviderWebsocket({
    url: `ws://127.0.0.1:${port}`,
    WebSocketPolyfill: polyfill
  });
  const phone = new HocuspocusProvider({ websocketProvider: socket, name: room, document: doc, token: key });
  phone.attach();
  return {
    get synced() {
      return phone.synced;
    },
    destroy() {
      phone.destroy();
      socket.destroy();
    }
  };
}

async function until(what: string, condition: () => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Tap on one phone to observed on the other, 300 taps one after another, the phones on the
 * instances at `ports` (one port: both on it).
 */
async function tapToObserved(ports: [number, number], sent: number[] = []) {
  const room = newRoomName();
  const key = newRoomKey();
  const a = new Y.Doc();
  const b = new Y.Doc();
  const pa = provider(ports[0], room, key, a, countingSocket(sent));
  const pb = provider(ports[1], room, key, b);
  try {
    await until('the phones to connect', () => pa.synced && pb.synced);
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
    return { observed: steady(observed), refolded: steady(refolded), message };
  } finally {
    pa.destroy();
    pb.destroy();
    a.destroy();
    b.destroy();
  }
}

const spread = (v: number[]) => `${ms(percentile(v, 0.5))} / ${ms(percentile(v, 0.95))}`;

async function benchLatency(rows: Row[]) {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-bench-sync-'));
  const server = await startInstance(['--dir', dir, ...BENCH_LIMITS]);
  try {
    const sent: number[] = [];
    const one = await tapToObserved([server.port, server.port], sent);
    rows.push(['Tap to observed on the other phone, one instance (median / p95)', spread(one.observed)]);
    rows.push(['  with its state refolded (median / p95)', spread(one.refolded)]);
    rows.push(['Bytes per tap over the websocket (median message)', `${percentile(one.message, 0.5)} B`]);
    rows.push(['Rooms of 4 phones one instance holds at p95 < 50 ms', await roomsHeld(server.port)]);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function messagesCounted(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Number(/^tableside_sync_messages_total (\d+)$/m.exec(text)?.[1]);
}

/** The instance's CPU time so far (user + system), in seconds: /proc/<pid>/stat, 100 ticks a second. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function residentMb(pid: number): number {
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

/** A phone as the app links it: its own doc, the app's link (batching, heartbeat). */
function appPhone(port: number, room: string, key: string, links: Link[]): Y.Doc {
  const doc = new Y.Doc();
  links.push(connectWebsocket(doc, { room, key, server: `ws://127.0.0.1:${port}` }));
  return doc;
}

const IDLE_PHONES = 100;
const IDLE_SECONDS = 30;
const ROOMS_FOR_MEMORY = 200;

async function benchIdleAndMemory(rows: Row[]) {
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
  const dir = mkdtempSync(join(tmpdir(), 'tableside-bench-idle-'));
  const server = await startInstance(['--dir', dir, ...BENCH_LIMITS]);
  const links: Link[] = [];
  try {
    for (let r = 0; r < IDLE_PHONES / 2; r++) {
      const room = newRoomName();
      const key = newRoomKey();
      appPhone(server.port, room, key, links);
      appPhone(server.port, room, key, links);
    }
    await until('the idle phones to connect', () => links.every((l) => l.state === 'connected'), 60_000);
    await sleep(2000);
    const before = await messagesCounted(server.port);
    const cpu0 = cpuSeconds(server.pid);
    await sleep(IDLE_SECONDS * 1000);
    const messages = (await messagesCounted(server.port)) - before;
    const cpu = cpuSeconds(server.pid) - cpu0;
    rows.push([
      `Idle phones (app's link), ${IDLE_PHONES} for ${IDLE_SECONDS} s: messages per phone per second`,
      (messages / IDLE_PHONES / IDLE_SECONDS).toFixed(3)
    ]);
    rows.push([
      '  the instance meanwhile, share of one core',
      `${((cpu / IDLE_SECONDS) * 100).toFixed(2)} %`
    ]);
    for (const l of links.splice(0)) l.destroy();
    await sleep(2000);

    const rss0 = residentMb(server.pid);
    for (let r = 0; r < ROOMS_FOR_MEMORY; r++) {
      const doc = appPhone(server.port, newRoomName(), newRoomKey(), links);
      let clock = newClock(newDeviceId());
      for (let i = 0; i < 100; i++) {
        const made = nextEntry(clock, { kind: 'event', event: events[i] }, Date.now());
        clock = made.clock;
        appendEntry(doc, made.entry);
      }
    }
    await until('the rooms to connect', () => links.every((l) => l.state === 'connected'), 60_000);
    await sleep(3000);
    const rss1 = residentMb(server.pid);
    rows.push([
      `Resident memory per open room (${ROOMS_FOR_MEMORY} rooms of 100 taps)`,
      `${(((rss1 - rss0) * 1024) / ROOMS_FOR_MEMORY).toFixed(0)} KB (${rss0.toFixed(0)} → ${rss1.toFixed(0)} MB)`
    ]);
  } finally {
    for (const l of links) l.destroy();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same tap across two instances sharing updates through Redis, rooms in Postgres. */
async function benchAcross(rows: Row[]) {
  const name = 'Tap to observed across two instances via Redis (median / p95)';
  let redis: Service | undefined;
  let postgres: Service | undefined;
  const instances: Instance[] = [];
  try {
    [redis, postgres] = await startTogether([startRedis, startPostgres]);
    const args = ['--redis', redis.url, '--postgres', postgres.url, ...BENCH_LIMITS];
    instances.push(...(await Promise.all([startInstance(args), startInstance(args)])));
    const across = await tapToObserved([instances[0].port, instances[1].port]);
    rows.push([name, spread(across.observed)]);
  } catch (error) {
    rows.push([name, `not measured: ${error instanceof Error ? error.message.split('\n')[0] : error}`]);
  } finally {
    for (const i of instances) await i.stop();
    await redis?.stop();
    await postgres?.stop();
  }
}

/** Rooms in each step of the load; each room taps once a second (a busy table taps far less). */
const STEPS = [5, 10, 25, 50, 100, 200, 400];
const STEP_SECONDS = 5;
/** A p95 of fewer taps is one or two slow ones: small steps run longer. */
const STEP_TAPS = 100;

/**
 * Load on one instance: rooms of 4 phones (4 sockets), each room tapping once a second on one
 * phone, the tap timed until another phone of the room observes it. Steps up the rooms until the
 * p95 passes 50 ms or the last step; the phones all live in this process, so past some point it
 * is this process, not the server, that falls behind (the row says which step broke).
 */
async function roomsHeld(port: number): Promise<string> {
  type Table = { docs: Y.Doc[]; providers: Phone[]; clock: Clock; sentAt: Map<string, number> };
  const tables: Table[] = [];
  const latencies: number[] = [];
  let held = 0;
  let verdict = '';
  try {
    for (const rooms of STEPS) {
      while (tables.length < rooms) {
        const room = newRoomName();
        const key = newRoomKey();
        const docs = [0, 1, 2, 3].map(() => new Y.Doc());
        const table: Table = {
          docs,
          providers: docs.map((d) => provider(port, room, key, d)),
          clock: newClock(newDeviceId()),
          sentAt: new Map()
        };
        observeEntries(docs[1], (added, local) => {
          if (local) return;
          const t = performance.now();
          for (const e of added) {
            const at = table.sentAt.get(`${e.id.counter}`);
            if (at !== undefined) latencies.push(t - at);
          }
        });
        tables.push(table);
      }
      // Rooms that will not all connect in time are a step broken like a slow one: this process
      // (every phone lives in it) or the machine has fallen behind. The row says so; the bench goes on.
      const connected = await until(
        `${rooms} rooms to connect`,
        () => tables.every((t) => t.providers.every((p) => p.synced)),
        60_000
      ).then(
        () => true,
        () => false
      );
      if (!connected) {
        verdict = `${rooms} rooms: not all connected within 60 s`;
        break;
      }
      latencies.length = 0;
      // Each room taps once a second, the rooms spread evenly over the second; a tap late on its
      // slot (this process behind) goes at once, without shifting the ones after it.
      const start = performance.now();
      const taps = Math.max(STEP_SECONDS * tables.length, STEP_TAPS);
      for (let i = 0; i < taps; i++) {
        const slot = start + (i * 1000) / tables.length;
        const wait = slot - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const table = tables[i % tables.length];
        const made = nextEntry(table.clock, { kind: 'event', event: events[i % events.length] }, Date.now());
        table.clock = made.clock;
        table.sentAt.set(`${made.entry.id.counter}`, performance.now());
        appendEntry(table.docs[0], made.entry);
      }
      await new Promise((r) => setTimeout(r, 500)); // the last taps' way over
      const p95 = percentile(latencies, 0.95);
      verdict = `${rooms} rooms: p95 ${ms(p95)} over ${latencies.length} of ${taps} taps`;
      if (p95 >= 50) break;
      held = rooms;
    }
  } finally {
    for (const t of tables) {
      for (const p of t.providers) p.destroy();
      for (const d of t.docs) d.destroy();
    }
  }
  const capped = held === STEPS[STEPS.length - 1] ? ' (the most tried)' : '';
  return `${held}${capped} (last step: ${verdict})`;
}

export async function benchSync(): Promise<Row[]> {
  const rows: Row[] = [];
  const load = loadavg().map((l) => l.toFixed(2));
  benchMerge(rows);
  benchRefold(rows);
  benchBytes(rows);
  await benchLatency(rows);
  await benchAcross(rows);
  await benchIdleAndMemory(rows);
  rows.push(['  machine load (1, 5, 15 min) at the start', load.join(', ')]);
  rows.push([
    '  and at the end',
    loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')
  ]);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, value] of await benchSync()) console.log(`${name.padEnd(48)} ${value}`);
}
