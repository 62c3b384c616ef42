/**
 * The sync server for shared games (#11): y-websocket's own server code, with the room key check
 * and the disk storage in front of it.
 *
 *   npm run sync-server -- [--port 1234] [--host 127.0.0.1] [--dir ./sync-data]
 *
 * A phone connects to `ws://<host>:<port>/<room>?key=<key>`. The first connection to a room
 * records a hash of its key; a connection with a missing or different key is closed with a 44xx
 * code before it is attached to any document, so it never sees one byte of the game. Bound to
 * loopback unless told otherwise: on a network, put it behind a TLS proxy (see README).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as Y from 'yjs';
import WebSocket from 'ws';
import { docs, setPersistence, setupWSConnection, type WSSharedDoc } from '@y/websocket-server/utils';
import { REFUSED, ROOM_KEY, ROOM_NAME } from '../src/lib/sync/protocol';
import { RoomStore } from './sync-store';

export interface SyncServerOptions {
  host?: string;
  /** 0 picks a free port (the tests do). */
  port?: number;
  dir?: string;
  log?: (line: string) => void;
}

export interface SyncServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

/** The largest message a phone may send: a whole game sent at once is far below it. */
const MAX_MESSAGE = 32 * 1024 * 1024;

/**
 * y-websocket's utils keep one document map and one persistence for the whole process. Each
 * server started here prefixes its rooms with its own id in that map, and the one persistence
 * hands each document to the store of the server it belongs to: two servers in one process
 * (a test restarting one) never share a document by accident.
 */
const stores = new Map<string, RoomStore>();
let started = 0;

function route(docName: string): { store: RoomStore; room: string } {
  const slash = docName.indexOf('/');
  const store = stores.get(docName.slice(0, slash));
  if (!store) throw new Error(`no sync server holds ${docName}`);
  return { store, room: docName.slice(slash + 1) };
}

setPersistence({
  provider: null,
  bindState(docName: string, doc: WSSharedDoc) {
    const { store, room } = route(docName);
    // Loaded before the first connection's sync step goes out, so it sees the whole game.
    const saved = store.load(room);
    if (saved) Y.applyUpdate(doc, saved);
    doc.on('update', (update: Uint8Array) => store.append(room, update, () => Y.encodeStateAsUpdate(doc)));
  },
  async writeState(docName: string, doc: WSSharedDoc) {
    // The last phone left: the room becomes one frame on disk, and the document leaves memory.
    const { store, room } = route(docName);
    store.rewrite(room, Y.encodeStateAsUpdate(doc));
  }
});

type Verdict = { ok: true; room: string } | { ok: false; code: number; reason: string };

function admit(store: RoomStore, request: IncomingMessage): Verdict {
  const url = new URL(request.url ?? '/', 'http://localhost');
  // Room names are URL-safe as they are: anything escaped is not one (and a broken escape must
  // not throw out of the upgrade handler).
  const room = url.pathname.slice(1);
  const key = url.searchParams.get('key');
  if (!ROOM_NAME.test(room)) return { ok: false, code: REFUSED.badRoom, reason: 'not a room' };
  if (!key) return { ok: false, code: REFUSED.noKey, reason: 'this room needs its key' };
  if (!ROOM_KEY.test(key) || !store.admits(room, key)) {
    return { ok: false, code: REFUSED.wrongKey, reason: 'wrong key for this room' };
  }
  return { ok: true, room };
}

export async function startSyncServer(options: SyncServerOptions = {}): Promise<SyncServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const store = new RoomStore(resolve(options.dir ?? './sync-data'));
  const id = `s${++started}`;
  stores.set(id, store);

  const http = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/plain' });
    response.end('Tableside sync server\n');
  });
  const wss = new WebSocket.Server({ noServer: true, maxPayload: MAX_MESSAGE });
  http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    wss.handleUpgrade(request, socket, head, (ws: WebSocket) => {
      const verdict = admit(store, request);
      if (!verdict.ok) {
        log(`refused ${request.url?.split('?')[0]}: ${verdict.reason}`);
        ws.close(verdict.code, verdict.reason);
        return;
      }
      setupWSConnection(ws as never, request, { docName: `${id}/${verdict.room}` });
    });
  });

  await new Promise<void>((ok, fail) => {
    http.once('error', fail);
    http.listen(options.port ?? 1234, host, () => ok());
  });
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  log(`Sync server on ws://${host}:${port}, rooms in ${store.dir}`);

  return {
    host,
    port,
    async close() {
      const closed = new Promise<void>((ok) => http.close(() => ok()));
      // Each socket's close handler saves its room when it was the room's last connection.
      for (const ws of wss.clients) ws.terminate();
      const mine = () => [...docs.keys()].filter((name) => name.startsWith(`${id}/`));
      for (let i = 0; i < 200 && mine().length > 0; i++) await new Promise((r) => setTimeout(r, 5));
      for (const name of mine()) {
        const doc = docs.get(name)!;
        route(name).store.rewrite(route(name).room, Y.encodeStateAsUpdate(doc));
        docs.delete(name);
        doc.destroy();
      }
      await new Promise<void>((ok) => wss.close(() => ok()));
      await closed;
      stores.delete(id);
    }
  };
}

function option(args: string[], name: string): string | undefined {
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  return args[at].includes('=') ? args[at].slice(args[at].indexOf('=') + 1) : args[at + 1];
}

async function main() {
  const args = process.argv.slice(2);
  const port = Number(option(args, 'port') ?? 1234);
  const host = option(args, 'host') ?? '127.0.0.1';
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port: not a port: ${port}`);
  const server = await startSyncServer({ host, port, dir: option(args, 'dir'), log: console.log });
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') {
    console.log('Not on loopback: phones on HTTPS reach it only as wss://, through a TLS proxy.');
  }
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

const invoked = process.argv[1] && pathToFileURL(realpathSync(process.argv[1])).href;
if (invoked === import.meta.url) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
