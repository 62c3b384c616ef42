/**
 * One sync server instance (files on disk, in this process, on 127.0.0.1) held to its bounds
 * (#56): a phone back from 6,000 taps offline has them all stored; an idle phone asks no more
 * than Hocuspocus' stock provider; a full disk loses nothing and opens rooms again once freed;
 * a room's size, an address's sockets, what a socket sends before its key is checked and a
 * request that dribbles in are all bounded; 200 new rooms asked for in one burst open 60.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect as tcp } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as Y from 'yjs';
import WebSocket from 'ws';
import { startSyncServer, type SyncServer, type SyncServerOptions } from '../../sync-server/server';
import { RoomStore } from '../../sync-server/store';
import { connectWebsocket, IDLE_ASK_MS, type Link } from '../../src/lib/sync/connect';
import { CUT_OFF, entryCount, newRoomKey, newRoomName, refusalText, TROUBLE_TEXT } from '../../src/lib/sync';
import { authFrame, settled, sleep, tapper, until } from './sync-test-kit';
import { makeSmallDisk, type SmallDisk } from '../browser/small-disk';

let servers: SyncServer[] = [];
let links: Link[] = [];
let dirs: string[] = [];
let disks: SmallDisk[] = [];
const lines: string[] = [];

beforeAll(() => {
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
});

afterEach(async () => {
  for (const l of links) l.destroy();
  for (const s of servers) await s.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const d of disks) d.remove();
  links = [];
  servers = [];
  dirs = [];
  disks = [];
});

const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-bounds-'));
  dirs.push(dir);
  return dir;
};

async function serve(dir: string, more: SyncServerOptions = {}): Promise<SyncServer> {
  const server = await startSyncServer({
    host: '127.0.0.1',
    port: 0,
    dir,
    log: (l) => lines.push(l),
    ...more
  });
  servers.push(server);
  return server;
}

function phone(port: number, room: string, key: string) {
  const doc = new Y.Doc();
  const link = connectWebsocket(doc, { room, key, server: `ws://127.0.0.1:${port}` });
  links.push(link);
  const tap = tapper(doc);
  return {
    doc,
    link,
    tap,
    /** Taps one by one, as a phone does: each its own change (and its own message when online). */
    tapEach(n: number) {
      for (let i = 0; i < n; i++) tap(1);
    }
  };
}

const onDisk = (dir: string, room: string) => {
  const saved = new RoomStore(dir).load(room, false);
  const doc = new Y.Doc();
  if (saved) Y.applyUpdate(doc, saved);
  return entryCount(doc);
};

const metric = async (server: SyncServer, name: string) => {
  const text = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1]);
};

describe('one sync server held to its bounds', { timeout: 60_000 }, () => {
  it('a phone back from 6,000 taps offline sends them as one update, and every one is stored', async () => {
    const dir = newDir();
    let server = await serve(dir);
    const port = server.port;
    const room = newRoomName();
    const p = phone(port, room, newRoomKey());
    await until('connected', () => p.link.state === 'connected');
    p.tapEach(5);
    await until('5 stored', () => onDisk(dir, room) === 5);
    // The server goes away; the phone's link stays, trying again, while the table plays on.
    servers = servers.filter((s) => s !== server);
    await server.close();
    await until('offline', () => p.link.state === 'offline');
    p.tapEach(6000);
    server = await serve(dir, { port });
    await until('back', () => p.link.state === 'connected', 20_000);
    await until('all 6,005 stored', () => onDisk(dir, room) === 6005, 20_000);
    // A handful of messages (the key, the sync, the heartbeat), not one per tap: under the burst
    // limit that cut such a phone off before.
    expect(await metric(server, 'tableside_sync_messages_total')).toBeLessThan(20);
    expect(p.link.state).toBe('connected');
  });

  it(`an idle phone asks the server once every ${IDLE_ASK_MS / 1000} s, no more than the stock provider (0.2 a second)`, async () => {
    const server = await serve(newDir());
    const p = phone(server.port, newRoomName(), newRoomKey());
    await until('connected', () => p.link.state === 'connected');
    await sleep(500);
    const before = await metric(server, 'tableside_sync_messages_total');
    await sleep(12_000);
    const during = (await metric(server, 'tableside_sync_messages_total')) - before;
    expect(during / 12).toBeLessThanOrEqual(0.2);
    // And it still notices: the heartbeat is answered, the link stays connected.
    expect(p.link.state).toBe('connected');
  });

  it('a full disk loses no tap, says degraded, leaves no empty key, and takes new rooms again once freed', async () => {
    const disk = makeSmallDisk(4, 'tmpfs');
    disks.push(disk);
    const dir = join(disk.dir, 'rooms');
    const server = await serve(dir);
    const base = `http://127.0.0.1:${server.port}`;
    const room = newRoomName();
    const p = phone(server.port, room, newRoomKey());
    await until('connected', () => p.link.state === 'connected');
    p.tapEach(10);
    await until('10 stored', () => onDisk(dir, room) === 10);

    disk.fill();
    p.tapEach(50);
    await until(
      'degraded',
      async () => (await (await fetch(`${base}/healthz`)).text()) === 'degraded: the store is away\n'
    );
    // A room first opened on the full disk: "try again", and no key file left behind empty.
    const fresh = newRoomName();
    const key = newRoomKey();
    const q = phone(server.port, fresh, key);
    await until('the new room hears "try again"', () => q.link.state === 'trouble');
    expect(q.link.refusal).toBe(TROUBLE_TEXT);
    const keyFile = join(dir, `${fresh}.key`);
    expect(!existsSync(keyFile) || statSync(keyFile).size > 0).toBe(true);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    disk.unfill();
    await until('all 60 on disk', () => onDisk(dir, room) === 60);
    await until('ok again', async () => (await (await fetch(`${base}/healthz`)).text()) === 'ok\n');
    // The new room's own key opens it, by itself, once the disk has room.
    await until('the new room let in', () => q.link.state === 'connected', 20_000);
    expect(readFileSync(keyFile, 'utf8')).toMatch(/^sha256:[0-9a-f]{64}\n$/);
  });

  it('a room that holds its quota takes no more, and the phone is told why in plain words', async () => {
    const server = await serve(newDir(), { limits: { roomBytes: 20_000 } });
    const room = newRoomName();
    const key = newRoomKey();
    const p = phone(server.port, room, key);
    await until('connected', () => p.link.state === 'connected');
    for (let i = 0; i < 200 && p.link.state === 'connected'; i++) {
      p.tap(5);
      await sleep(10);
    }
    await until('cut off', () => p.link.state === 'refused');
    expect(p.link.refusal).toBe(refusalText(CUT_OFF.roomTooBig));
    expect(p.link.refusal).toMatch(/grown past what the sync server keeps/);
  });

  it('an address holds at most its sockets, a request that dribbles in is dropped, and refusals are counted', async () => {
    const server = await serve(newDir(), { limits: { connectionsPerAddress: 3, requestMs: 300 } });
    const open = await Promise.all(
      [0, 1, 2].map(
        () =>
          new Promise<WebSocket>((ok) => {
            const ws = new WebSocket(`ws://127.0.0.1:${server.port}`);
            ws.once('open', () => ok(ws));
          })
      )
    );
    const fourth = new WebSocket(`ws://127.0.0.1:${server.port}`);
    const closed = await new Promise<number>((ok) => {
      fourth.once('close', (code: number) => ok(code));
      fourth.once('error', () => ok(-1));
    });
    // Turned away at the socket: the TCP cap (the same number) or after the upgrade, with its code.
    expect([CUT_OFF.tooManyConnections, -1, 1006]).toContain(closed);
    for (const ws of open) ws.terminate();
    await sleep(100);

    // Half a request, never finished: dropped within a second or two, not held for minutes.
    const started = Date.now();
    const slow = tcp(server.port, '127.0.0.1');
    slow.on('error', () => {});
    slow.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    await new Promise((ok) => slow.once('close', ok));
    expect(Date.now() - started).toBeLessThan(3000);
    const text = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
    expect(text).toMatch(/^tableside_sync_refused_total\{reason="connections"\} [1-9]/m);
    expect(text).toMatch(/^tableside_sync_refused_total\{reason="slow-request"\} [1-9]/m);
  });

  it('200 auth frames for new rooms in one burst from one socket open 60 rooms, no more', async () => {
    const dir = newDir();
    const server = await serve(dir);
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}`);
    await new Promise((ok) => ws.once('open', ok));
    const rooms = Array.from({ length: 200 }, () => newRoomName());
    for (const room of rooms) ws.send(authFrame(room, newRoomKey()));
    const count = () => rooms.filter((r) => existsSync(join(dir, `${r}.key`))).length;
    const last = await settled(count, 25);
    ws.terminate();
    expect(last).toBe(60);
    const text = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
    expect(text).toMatch(/^tableside_sync_refused_total\{reason="too-many-rooms"\} [1-9]/m);
  });
});
