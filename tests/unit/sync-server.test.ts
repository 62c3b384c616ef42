/**
 * The sync server in this process on 127.0.0.1 (a free port), phones as y-websocket providers
 * each with its own Y.Doc: what reaches whom, across a late join, a restart, a long time
 * offline, and a wrong key.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as Y from 'yjs';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import { startSyncServer, type SyncServer } from '../../scripts/sync-server';
import { RoomStore } from '../../scripts/sync-store';
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
  REFUSED,
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
let providers: WebsocketProvider[] = [];
let docs: Y.Doc[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tableside-sync-'));
});

afterEach(async () => {
  for (const p of providers) p.destroy();
  // The awareness each provider made runs a timer until its doc is destroyed.
  for (const d of docs) d.destroy();
  for (const s of servers) await s.close();
  providers = [];
  docs = [];
  servers = [];
  rmSync(dir, { recursive: true, force: true });
});

async function serve(port = 0): Promise<SyncServer> {
  const server = await startSyncServer({ host: '127.0.0.1', port, dir });
  servers.push(server);
  return server;
}

async function stop(server: SyncServer) {
  servers = servers.filter((s) => s !== server);
  await server.close();
}

/** A phone: its own doc and clock, connected through y-websocket's provider. */
function phone(server: SyncServer, room: string, key: string | undefined) {
  const doc = new Y.Doc();
  docs.push(doc);
  const provider = new WebsocketProvider(`ws://127.0.0.1:${server.port}`, room, doc, {
    WebSocketPolyfill: WebSocket as never,
    params: key === undefined ? {} : { key },
    // Same process: without this the phones would talk over a BroadcastChannel, not the server.
    disableBc: true,
    maxBackoffTime: 200
  });
  providers.push(provider);
  let clock: Clock = newClock(newDeviceId());
  const tap = (n: number) => {
    for (let i = 0; i < n; i++) {
      const made = nextEntry(clock, { kind: 'event', event: turn[(clock.counter + i) % turn.length] }, 0);
      clock = made.clock;
      appendEntry(doc, made.entry);
    }
  };
  const see = () => {
    clock = { ...clock, lamport: Math.max(clock.lamport, ...readEntries(doc).map((e) => e.lamport)) };
  };
  return { doc, provider, tap, see };
}

async function until(what: string, condition: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const synced = (p: { provider: WebsocketProvider }) => until('sync', () => p.provider.synced);
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
    await synced(a);
    writeMeta(a.doc, { game: 'titans', setup: { ...setup }, created: 1, format: 1 });
    a.tap(50);
    const b = phone(server, room, key);
    await until('b has all', () => entryCount(b.doc) === 50);
    expect(readMeta(b.doc)?.game).toBe('titans');
    a.provider.destroy();
    b.provider.destroy();
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
    await until('a notices', () => !a.provider.wsconnected);
    a.tap(10); // played on while the server was down
    b.provider.destroy();
    server = await serve(port);
    await until('a reconnects', () => a.provider.synced);
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
    b.provider.disconnect();
    a.tap(500);
    b.tap(500);
    await until('a sent its taps', () => entriesOnDisk(room) >= 520, 20_000);
    expect(entryCount(b.doc)).toBe(520); // b heard nothing while offline
    b.provider.connect();
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
    await synced(owner);
    owner.tap(5);
    const closed = (p: ReturnType<typeof phone>) =>
      new Promise<{ code: number; reason: string }>((resolve) => p.provider.once('closed', resolve));
    const wrong = phone(server, room, newRoomKey());
    const none = phone(server, room, undefined);
    expect(await closed(wrong)).toEqual({ code: REFUSED.wrongKey, reason: 'wrong key for this room' });
    expect(await closed(none)).toEqual({ code: REFUSED.noKey, reason: 'this room needs its key' });
    // No knocking again: a 44xx close stops the provider.
    expect(wrong.provider.shouldConnect).toBe(false);

    // At the socket level: not one message before the close.
    const raw = new WebSocket(`ws://127.0.0.1:${server.port}/${room}?key=${newRoomKey()}`);
    const messages: unknown[] = [];
    raw.on('message', (m: unknown) => messages.push(m));
    const code = await new Promise<number>((resolve) => raw.on('close', (c: number) => resolve(c)));
    expect(code).toBe(REFUSED.wrongKey);
    expect(messages).toEqual([]);
    for (const path of ['..%2Fetc', '%E0%A4%A', '', `${room}/x`]) {
      const bad = new WebSocket(`ws://127.0.0.1:${server.port}/${path}?key=${key}`);
      expect(await new Promise<number>((resolve) => bad.on('close', (c: number) => resolve(c)))).toBe(
        REFUSED.badRoom
      );
    }

    await new Promise((r) => setTimeout(r, 100));
    expect(entryCount(wrong.doc)).toBe(0);
    expect(entryCount(none.doc)).toBe(0);
    // The right key still opens it.
    const friend = phone(server, room, key);
    await until('friend has 5', () => entryCount(friend.doc) === 5);
  });
});
