/**
 * Several sync server instances (#35): two processes on two ports sharing updates through a
 * real redis-server and keeping rooms in a real Postgres, both started here on 127.0.0.1 and
 * stopped at the end. Phones (the app's own link) on different instances converge; a phone
 * that moves to the other instance mid-game converges; an instance killed mid-game loses
 * nothing; with Redis gone, an instance stays up and keeps its own phones in step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as Y from 'yjs';
import WebSocket from 'ws';
import { connectWebsocket, type Link } from '../../src/lib/sync/connect';
import {
  appendEntry,
  entryCount,
  newClock,
  newDeviceId,
  newRoomKey,
  newRoomName,
  nextEntry,
  readEntries,
  type Clock
} from '../../src/lib/sync';
import {
  startInstance,
  startPostgres,
  startRedis,
  startTogether,
  type Instance,
  type Service
} from '../../sync-server/local-services';
import { RoomStore } from '../../sync-server/store';
import { titansGuidedTurn } from '../fixtures/long-logs';

const turn = titansGuidedTurn(4);
let redis: Service | undefined;
let postgres: Service | undefined;
const instances: Instance[] = [];
const links: Link[] = [];
const docs: Y.Doc[] = [];

const instance = async (...more: string[]) => {
  const made = await startInstance(['--redis', redis!.url, '--postgres', postgres!.url, ...more]);
  instances.push(made);
  return made;
};

beforeAll(async () => {
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
  [redis, postgres] = await startTogether([startRedis, startPostgres]);
}, 60_000);

afterAll(async () => {
  for (const l of links) l.destroy();
  for (const d of docs) d.destroy();
  for (const i of instances) await i.stop();
  await redis?.stop();
  await postgres?.stop();
}, 30_000);

function phone(on: Instance, room: string, key: string) {
  const doc = new Y.Doc();
  docs.push(doc);
  let clock: Clock = newClock(newDeviceId());
  const p = {
    doc,
    link: connectWebsocket(doc, { room, key, server: `ws://127.0.0.1:${on.port}` }),
    tap(n: number) {
      for (let i = 0; i < n; i++) {
        const made = nextEntry(clock, { kind: 'event', event: turn[(clock.counter + i) % turn.length] }, 0);
        clock = made.clock;
        appendEntry(doc, made.entry);
      }
    },
    /** To the other instance, as a proxy sends a phone that reconnects. */
    move(to: Instance) {
      p.link.destroy();
      p.link = connectWebsocket(doc, { room, key, server: `ws://127.0.0.1:${to.port}` });
      links.push(p.link);
    }
  };
  links.push(p.link);
  return p;
}

async function until(what: string, condition: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const ids = (doc: Y.Doc) =>
  readEntries(doc)
    .map((e) => `${e.id.device}:${e.id.counter}`)
    .join(' ');

describe('several sync server instances through Redis and Postgres', { timeout: 90_000 }, () => {
  it('phones on different instances converge, a phone moving between them too, and a killed instance loses nothing', async () => {
    // A game a one-machine server kept as files, imported by the first instance.
    const files = mkdtempSync(join(tmpdir(), 'tableside-import-'));
    const old = { room: newRoomName(), key: newRoomKey(), doc: new Y.Doc() };
    const oldUpdates: Uint8Array[] = [];
    old.doc.on('update', (u: Uint8Array) => oldUpdates.push(u));
    let oldClock = newClock(newDeviceId());
    for (let i = 0; i < 7; i++) {
      const made = nextEntry(oldClock, { kind: 'event', event: turn[i % turn.length] }, 0);
      oldClock = made.clock;
      appendEntry(old.doc, made.entry);
    }
    const disk = new RoomStore(files);
    disk.admit(old.room, old.key, true);
    for (const u of oldUpdates) disk.append(old.room, u, () => Y.encodeStateAsUpdate(old.doc));

    const [a, b] = await Promise.all([instance('--import-dir', files), instance()]);
    rmSync(files, { recursive: true, force: true });
    expect(a.lines.some((l) => l.endsWith(`imported 1 room from ${files}`))).toBe(true);
    const reader = phone(b, old.room, old.key);
    await until('the imported game, on the other instance', () => entryCount(reader.doc) === 7);
    expect(ids(reader.doc)).toBe(ids(old.doc));

    const room = newRoomName();
    const key = newRoomKey();

    // One phone on each instance.
    const p1 = phone(a, room, key);
    const p2 = phone(b, room, key);
    await until('both connected', () => p1.link.state === 'connected' && p2.link.state === 'connected');
    p1.tap(20);
    p2.tap(20);
    await until(
      'on different instances, both have 40',
      () => entryCount(p1.doc) === 40 && entryCount(p2.doc) === 40
    );
    expect(ids(p1.doc)).toBe(ids(p2.doc));

    // A key the room was not opened with is refused on the other instance too.
    const stranger = phone(b, room, newRoomKey());
    await until('stranger refused', () => stranger.link.state === 'refused');
    expect(entryCount(stranger.doc)).toBe(0);

    // P1 moves to B mid-game, taps there; P3 stays on A and sees it all.
    const p3 = phone(a, room, key);
    await until('p3 has 40', () => entryCount(p3.doc) === 40);
    p1.move(b);
    p1.tap(10);
    await until('after the move, all have 50', () => [p1, p2, p3].every((p) => entryCount(p.doc) === 50));
    expect(ids(p3.doc)).toBe(ids(p1.doc));

    // A dies mid-game: P3, on it, plays on alone and then comes back through B.
    p3.tap(5);
    await until('p3’s taps reached B', () => entryCount(p2.doc) === 55);
    await a.kill();
    await until('p3 notices', () => p3.link.state === 'offline');
    p3.tap(5);
    p2.tap(5);
    p3.move(b);
    await until('after the kill, all have 65', () => [p1, p2, p3].every((p) => entryCount(p.doc) === 65));
    expect(ids(p2.doc)).toBe(ids(p3.doc));

    // Every instance gone, then a new one: the room comes back whole from Postgres.
    await b.stop();
    const c = await instance();
    const late = phone(c, room, key);
    await until('a late phone on a new instance has all 65', () => entryCount(late.doc) === 65);
    expect(ids(late.doc)).toBe(ids(p1.doc));

    // Redis goes away: the instance stays up, and its own phones stay in step.
    const other = phone(c, room, key);
    await until('other has 65', () => entryCount(other.doc) === 65);
    await redis!.stop();
    late.tap(3);
    await until('on one instance without Redis, both have 68', () =>
      [late, other].every((p) => entryCount(p.doc) === 68)
    );
    expect(c.alive()).toBe(true);
  });
});
