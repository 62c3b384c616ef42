/**
 * The sync server (Hocuspocus) in this process on 127.0.0.1 (a free port), phones as the app's
 * own link (connectWebsocket, Hocuspocus' provider) each with its own Y.Doc: what reaches whom,
 * across a late join, a restart, a long time offline, and a wrong key; a room stored before the
 * move to Hocuspocus; idle rooms; the limits; /healthz and /metrics.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as Y from 'yjs';
import WebSocket from 'ws';
import { HocuspocusProvider } from '@hocuspocus/provider';
import { startSyncServer, type SyncServer, type SyncServerOptions } from '../../sync-server/server';
import { RoomStore } from '../../sync-server/store';
import { connectWebsocket, type Link } from '../../src/lib/sync/connect';
import {
  appendEntry,
  entryCount,
  fold,
  mergeDoc,
  newClock,
  newDeviceId,
  newRoomKey,
  newRoomName,
  nextEntry,
  readEntries,
  readMeta,
  refusalText,
  REFUSED,
  CUT_OFF,
  CLOSED,
  writeMeta,
  type Clock
} from '../../src/lib/sync';
import { sameState } from '../../src/lib/session/replay';
import { titansLogic } from '../../src/lib/games/titans/logic';
import { titansDuelSetup, titansGuidedTurn } from '../fixtures/long-logs';

const setup = titansDuelSetup();
const turn = titansGuidedTurn(4);

let dir: string;
let servers: SyncServer[] = [];
let links: Link[] = [];
let docs: Y.Doc[] = [];
let lines: string[] = [];

beforeAll(() => {
  // Node 20 has no WebSocket of its own; the provider takes the global one, as in a browser.
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
});

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tableside-sync-'));
  lines = [];
});

afterEach(async () => {
  for (const l of links) l.destroy();
  for (const d of docs) d.destroy();
  for (const s of servers) await s.close();
  links = [];
  docs = [];
  servers = [];
  rmSync(dir, { recursive: true, force: true });
});

async function serve(port = 0, more: SyncServerOptions = {}): Promise<SyncServer> {
  const server = await startSyncServer({
    host: '127.0.0.1',
    port,
    dir,
    log: (line) => lines.push(line),
    ...more
  });
  servers.push(server);
  return server;
}

async function stop(server: SyncServer) {
  servers = servers.filter((s) => s !== server);
  await server.close();
}

/** A phone: its own doc and clock, connected through the app's own link. */
function phone(server: SyncServer, room: string, key: string) {
  const doc = new Y.Doc();
  docs.push(doc);
  const shared = { room, key, server: `ws://127.0.0.1:${server.port}` };
  let clock: Clock = newClock(newDeviceId());
  const p = {
    doc,
    link: connectWebsocket(doc, shared),
    tap(n: number) {
      for (let i = 0; i < n; i++) {
        const made = nextEntry(clock, { kind: 'event', event: turn[(clock.counter + i) % turn.length] }, 0);
        clock = made.clock;
        appendEntry(doc, made.entry);
      }
    },
    see() {
      clock = { ...clock, lamport: Math.max(clock.lamport, ...readEntries(doc).map((e) => e.lamport)) };
    },
    /** Off the network (the link gone), and back. */
    leave() {
      p.link.destroy();
    },
    back(to: SyncServer = server) {
      p.link = connectWebsocket(doc, { ...shared, server: `ws://127.0.0.1:${to.port}` });
      links.push(p.link);
    }
  };
  links.push(p.link);
  return p;
}

async function until(what: string, condition: () => boolean, ms = 10_000, every = 10) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

const connected = (p: { link: Link }) => until('connected', () => p.link.state === 'connected');
const entriesOnDisk = (room: string) => {
  const doc = new Y.Doc();
  const saved = new RoomStore(dir).load(room, false);
  if (saved) mergeDoc(doc, saved);
  return entryCount(doc);
};

describe('sync server', { timeout: 60_000 }, () => {
  it('binds to loopback', async () => {
    const server = await serve();
    expect(server.host).toBe('127.0.0.1');
    expect(server.port).toBeGreaterThan(0);
  });

  it('a late joiner gets everything, from memory and from disk', async () => {
    const server = await serve();
    const room = newRoomName();
    const key = newRoomKey();
    const a = phone(server, room, key);
    await connected(a);
    writeMeta(a.doc, { game: 'titans', setup: { ...setup }, created: 1, format: 1 });
    a.tap(50);
    const b = phone(server, room, key);
    await until('b has all', () => entryCount(b.doc) === 50);
    expect(readMeta(b.doc)?.game).toBe('titans');
    a.leave();
    b.leave();
    await until('room saved', () => entriesOnDisk(room) === 50);
    // Nobody left in the room: the next one is served from the file alone.
    const c = phone(server, room, key);
    await until('c has all', () => entryCount(c.doc) === 50);
    expect(readEntries(c.doc)).toEqual(readEntries(a.doc));
  });

  it('a restart loses nothing, and phones reconnect by themselves', async () => {
    let server = await serve();
    const port = server.port;
    const room = newRoomName();
    const key = newRoomKey();
    const a = phone(server, room, key);
    const b = phone(server, room, key);
    a.tap(30);
    await until('b has 30', () => entryCount(b.doc) === 30);
    await stop(server);
    expect(entriesOnDisk(room)).toBe(30);
    await until('a notices', () => a.link.state === 'offline');
    a.tap(10); // played on while the server was down
    b.leave();
    server = await serve(port);
    await until('a reconnects', () => a.link.state === 'connected');
    const c = phone(server, room, key);
    await until('c has all 40', () => entryCount(c.doc) === 40);
    expect(readEntries(c.doc)).toEqual(readEntries(a.doc));
    await stop(server);
    expect(entriesOnDisk(room)).toBe(40);
  });

  it('a phone offline for 500 events merges when it comes back, and both end equal', async () => {
    const server = await serve();
    const room = newRoomName();
    const key = newRoomKey();
    const a = phone(server, room, key);
    const b = phone(server, room, key);
    a.tap(20);
    await until('b has 20', () => entryCount(b.doc) === 20);
    b.see();
    b.leave();
    a.tap(500);
    b.tap(500);
    // Reading the room's file merges every update in it: not every 10 ms, in the server's thread.
    await until('a sent its taps', () => entriesOnDisk(room) >= 520, 20_000, 200);
    expect(entryCount(b.doc)).toBe(520); // b heard nothing while offline
    b.back();
    await until('both have 1020', () => entryCount(a.doc) === 1020 && entryCount(b.doc) === 1020, 20_000);
    const logA = readEntries(a.doc);
    expect(readEntries(b.doc)).toEqual(logA);
    const fa = fold(titansLogic, setup, logA);
    const fb = fold(titansLogic, setup, readEntries(b.doc));
    expect(sameState(fa.snapshot, fb.snapshot)).toBe(true);
    expect(fa.outcomes.filter((o) => o.status === 'not-applied').length).toBeGreaterThan(0);
  });

  it('refuses a missing or wrong key, and the refused phone never sees the game', async () => {
    const server = await serve();
    const room = newRoomName();
    const key = newRoomKey();
    const owner = phone(server, room, key);
    await connected(owner);
    owner.tap(5);
    const wrong = phone(server, room, newRoomKey());
    const none = phone(server, room, '');
    await until('both refused', () => wrong.link.state === 'refused' && none.link.state === 'refused');
    expect(wrong.link.refusal).toBe(refusalText(REFUSED.wrongKey));
    expect(none.link.refusal).toMatch(/refused this game’s key/);
    for (const name of ['..%2Fetc', '', `${room}/x`]) {
      const bad = phone(server, name, key);
      await until('bad room refused', () => bad.link.state === 'refused');
      expect(bad.link.refusal).toMatch(/does not know this game’s room/);
    }

    // At the protocol level: nothing but the refusal, never a sync message with the game in it.
    const seen: number[] = [];
    const denied: string[] = [];
    const raw = new HocuspocusProvider({
      url: `ws://127.0.0.1:${server.port}`,
      name: room,
      token: newRoomKey(),
      onAuthenticationFailed: ({ reason }) => denied.push(reason)
    });
    raw.on('message', ({ message }: { message: { readVarString(): string; readVarUint(): number } }) => {
      message.readVarString(); // the room's name
      seen.push(message.readVarUint());
    });
    await until('raw refused', () => denied.length === 1);
    raw.destroy();
    expect(denied).toEqual([REFUSED.wrongKey]);
    expect(seen).toEqual([2]); // one Auth message (the refusal)

    await new Promise((r) => setTimeout(r, 100));
    expect(entryCount(wrong.doc)).toBe(0);
    expect(entryCount(none.doc)).toBe(0);
    expect(lines.filter((l) => l.startsWith(`refused ${room}`)).length).toBeGreaterThanOrEqual(2);
    // The right key still opens it.
    const friend = phone(server, room, key);
    await until('friend has 5', () => entryCount(friend.doc) === 5);
  });

  it('opens a room the server before Hocuspocus stored, with its key', async () => {
    // What that server left in --dir: the key's hash, and frames of Yjs updates appended as
    // they came (the format is documented in sync-server/store.ts; written here by hand).
    const room = newRoomName();
    const key = newRoomKey();
    const old = new Y.Doc();
    const frames: Buffer[] = [];
    old.on('update', (u: Uint8Array) => {
      const frame = Buffer.alloc(4 + u.length);
      frame.writeUInt32BE(u.length, 0);
      frame.set(u, 4);
      frames.push(frame);
    });
    let clock = newClock(newDeviceId());
    for (let i = 0; i < 12; i++) {
      const made = nextEntry(clock, { kind: 'event', event: turn[i % turn.length] }, 0);
      clock = made.clock;
      appendEntry(old, made.entry);
    }
    writeFileSync(join(dir, `${room}.key`), `sha256:${createHash('sha256').update(key).digest('hex')}\n`);
    writeFileSync(join(dir, `${room}.yjs`), Buffer.concat(frames));

    const server = await serve();
    const a = phone(server, room, key);
    await until('a has the old game', () => entryCount(a.doc) === 12);
    expect(readEntries(a.doc)).toEqual(readEntries(old));
    const stranger = phone(server, room, newRoomKey());
    await until('stranger refused', () => stranger.link.state === 'refused');
  });

  it('removes rooms nobody touched for the set time, and says so in its log', async () => {
    const store = new RoomStore(dir);
    const [stale, fresh] = [newRoomName(), newRoomName()];
    for (const room of [stale, fresh]) {
      store.admit(room, newRoomKey(), true);
      store.append(room, new Uint8Array([0, 0]), () => new Uint8Array());
    }
    const long = new Date(Date.now() - 91 * 24 * 60 * 60 * 1000);
    for (const ext of ['key', 'yjs']) utimesSync(join(dir, `${stale}.${ext}`), long, long);
    await serve();
    expect(existsSync(join(dir, `${stale}.key`))).toBe(false);
    expect(existsSync(join(dir, `${stale}.yjs`))).toBe(false);
    expect(existsSync(join(dir, `${fresh}.key`))).toBe(true);
    expect(lines).toContain(`removed room ${stale}: nobody touched it for 90 days`);
  });

  it('refuses settings that would lose rooms or split games: --idle-days 0, --postgres without --redis', async () => {
    const store = new RoomStore(dir);
    const room = newRoomName();
    store.admit(room, newRoomKey(), true);
    for (const idleDays of [0, -1])
      await expect(startSyncServer({ port: 0, dir, idleDays })).rejects.toThrow(
        `--idle-days ${idleDays}: every room would count as idle and be removed at start. Give 1 or more days.`
      );
    expect(existsSync(join(dir, `${room}.key`))).toBe(true);
    await expect(startSyncServer({ port: 0, postgres: 'postgres://127.0.0.1:1/none' })).rejects.toThrow(
      '--postgres: several instances share taps through Redis: add --redis.'
    );
  });
});

describe('sync server limits', { timeout: 60_000 }, () => {
  it('cuts off a flood from one connection, and the others keep syncing', async () => {
    const server = await serve(0, { limits: { messagesPerSecond: 20, messageBurst: 40 } });
    const room = newRoomName();
    const key = newRoomKey();
    const a = phone(server, room, key);
    const b = phone(server, room, key);
    const flood = phone(server, room, key);
    await Promise.all([connected(a), connected(b), connected(flood)]);
    // Hundreds of updates in one go: one message each.
    flood.tap(300);
    await until('flood cut off', () => flood.link.state === 'refused');
    expect(flood.link.refusal).toBe(refusalText(CUT_OFF.tooFast));
    expect(lines.some((l) => l.startsWith('cut off'))).toBe(true);
    // What the server took from it before the cut (at most its burst) reached everyone.
    await until('a and b have the same', () => entryCount(a.doc) === entryCount(b.doc));
    const before = entryCount(a.doc);
    expect(before).toBeLessThanOrEqual(40);
    a.tap(3);
    b.tap(3);
    await until('a and b meet', () => entryCount(a.doc) === before + 6 && entryCount(b.doc) === before + 6);
    expect(readEntries(a.doc)).toEqual(readEntries(b.doc));
  });

  it('closes a connection that sends a message over the size limit', async () => {
    const server = await serve(0, { limits: { maxMessageBytes: 4096 } });
    const room = newRoomName();
    const key = newRoomKey();
    const a = phone(server, room, key);
    await connected(a);
    writeMeta(a.doc, {
      game: 'titans',
      setup: { ...setup, note: 'x'.repeat(10_000) },
      created: 1,
      format: 1
    });
    await until('a cut off', () => a.link.state === 'refused');
    expect(a.link.refusal).toBe(refusalText(CUT_OFF.tooBig));
  });

  it('refuses new rooms past the hour’s count for an address, and phones past a room’s count', async () => {
    const server = await serve(0, { limits: { roomsPerHour: 2, phonesPerRoom: 2 } });
    const key = newRoomKey();
    const [r1, r2, r3] = [newRoomName(), newRoomName(), newRoomName()];
    const a = phone(server, r1, key);
    const b = phone(server, r2, key);
    await Promise.all([connected(a), connected(b)]);
    const c = phone(server, r3, key);
    await until('third room refused', () => c.link.state === 'refused');
    expect(c.link.refusal).toBe(refusalText(REFUSED.tooManyRooms));
    // An existing room still opens for a new phone…
    const a2 = phone(server, r1, key);
    await connected(a2);
    // …until it holds as many as allowed.
    const a3 = phone(server, r1, key);
    await until('room full', () => a3.link.state === 'refused');
    expect(a3.link.refusal).toBe(refusalText(REFUSED.roomFull));
  });

  it('closes a connection not let into any room in time: silent, or refused', async () => {
    const server = await serve(0, { admitPatienceMs: 300 });
    const room = newRoomName();
    const owner = phone(server, room, newRoomKey());
    await connected(owner);
    const silent = new WebSocket(`ws://127.0.0.1:${server.port}`);
    const refused = new HocuspocusProvider({
      url: `ws://127.0.0.1:${server.port}`,
      name: room,
      token: newRoomKey()
    });
    const socket = refused.configuration.websocketProvider;
    let refusedClosed = 0;
    socket.on('close', ({ event }: { event: { code: number } }) => (refusedClosed = event.code));
    const silentClosed = await new Promise<number>((resolve) =>
      silent.on('close', (c: number) => resolve(c))
    );
    expect(silentClosed).toBe(4401);
    // Refused at the key check: closed at once, with the code that says "wrong key".
    await until('refused socket closed', () => refusedClosed === CLOSED.wrongKey);
    refused.destroy();
    // The phone that was let in stays.
    await new Promise((r) => setTimeout(r, 400));
    expect(owner.link.state).toBe('connected');
  });

  it('answers /healthz and /metrics, and logs the counts', async () => {
    const server = await serve(0, { metricsEveryMs: 200 });
    const room = newRoomName();
    const a = phone(server, room, newRoomKey());
    await connected(a);
    a.tap(2);
    const base = `http://127.0.0.1:${server.port}`;
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.text()).toBe('ok\n');
    await until('counted', () =>
      lines.some((l) => /^rooms 1, connections 1, sockets 1, messages [1-9]/.test(l))
    );
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(/^tableside_sync_rooms 1$/m);
    expect(metrics).toMatch(/^tableside_sync_connections 1$/m);
    expect(metrics).toMatch(/^# TYPE tableside_sync_messages_total counter$/m);
    expect(metrics).toMatch(/^tableside_sync_sockets 1$/m);
    expect(metrics).toMatch(/^tableside_sync_degraded 0$/m);
    // The store away: degraded, still 200 (a proxy keeps serving through this instance), and
    // nothing internal in the answer; the details go to the log.
    rmSync(dir, { recursive: true, force: true });
    const sick = await fetch(`${base}/healthz`);
    expect(sick.status).toBe(200);
    expect(await sick.text()).toBe('degraded: the store is away\n');
    expect(lines.some((l) => l.startsWith('degraded: cannot write to'))).toBe(true);
    expect(await (await fetch(`${base}/metrics`)).text()).toMatch(/^tableside_sync_degraded 1$/m);
    await stop(server);
    const down = await fetch(`${base}/healthz`).catch(() => undefined);
    expect(down).toBeUndefined();
  });
});
