/**
 * The sync server for shared games (#11, #35): Hocuspocus, the Yjs backend, with the room key
 * check, the limits and the rooms' store as its hooks (the modules beside this one).
 *
 *   npm run sync-server -- [--port 1234] [--host 127.0.0.1] [--dir ./sync-data]
 *   npm run sync-server -- --redis redis://… --postgres postgres://… [--trust-proxy]   (several)
 *
 * A phone connects to `ws://<host>:<port>` and names its room with the room key as its token.
 * The first key a room sees is its key from then on (its hash is kept); a connection with a
 * missing or different key is refused before the room's document is even loaded, so it never
 * sees one byte of the game. One instance keeps rooms as files in --dir; several share updates
 * through Redis and keep rooms in Postgres. Bound to loopback unless told otherwise: on a
 * network, put it behind a TLS proxy (see README). GET /healthz answers ok, degraded (Redis or
 * the store away: the instance still serves its phones, and keeps what it could not store in
 * memory until the store is back) or down (shutting down); GET /metrics gives the counts in
 * Prometheus' text format. Neither says more than that: the details go to the log.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import WebSocket, { WebSocketServer } from 'ws';
import { Hocuspocus, type Extension } from '@hocuspocus/server';
import IORedis from 'ioredis';
import { CUT_OFF } from '../src/lib/sync/protocol';
import { RoomStore } from './store';
import { RoomKeeper, type Rooms } from './rooms';
import { PostgresRooms } from './pg-store';
import { Bucket, DEFAULT_LIMITS, LocalTally, type Limits, type Tally } from './limits';
import { RedisTally } from './redis-tally';
import { SharedThroughRedis } from './redis-share';
import { cutOff, minuteLine, newCounters, prometheus, refused, snapshot } from './metrics';
import { readMessage } from './message';

export interface SyncServerOptions {
  host?: string;
  /** 0 picks a free port (the tests do). */
  port?: number;
  /** Where rooms are kept as files, when no --postgres is given. */
  dir?: string;
  /** Several instances: updates go through this Redis (`redis://host:port`)… */
  redis?: string;
  /** …and rooms are kept in this Postgres (`postgres://user@host/db`). */
  postgres?: string;
  /** With postgres: first copy the rooms a one-machine server kept in this directory. */
  importDir?: string;
  limits?: Partial<Limits>;
  /** Rooms nobody touched for this many days are removed (checked at start and hourly). */
  idleDays?: number;
  /** Behind a proxy: the address a connection comes from is the proxy's X-Forwarded-For. */
  trustProxy?: boolean;
  /**
   * A connection not let into any room by then is closed (default 10 s): Hocuspocus keeps what an
   * unchecked connection sends until its key is checked, and one that never sends a key (or was
   * refused) would otherwise hold that memory and its socket for good.
   */
  admitPatienceMs?: number;
  /** How often the counts go to the log (default a minute; 0: never). */
  metricsEveryMs?: number;
  log?: (line: string) => void;
}

export interface SyncServer {
  host: string;
  port: number;
  /** Removes the idle rooms now (the server also does so hourly); gives their names. */
  sweep(): Promise<string[]>;
  close(): Promise<void>;
}

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** How long an open socket counts towards its address's cap without being kept (an instance
 * that dies stops keeping its own); kept every third of that. */
const SOCKET_LASTS = 60_000;
/** How often rooms the store did not take are written whole again. */
const HEAL_EVERY = 1000;
/** Hocuspocus' own close code for a connection it did not let in (its `Unauthorized`). */
const NOT_ADMITTED = 4401;
/** How long close() waits for the rooms to be written and leave memory. */
const CLOSE_PATIENCE = 5000;

/** The address on the TCP connection, or behind a trusted proxy the one it names last. */
function addressOf(trustProxy: boolean) {
  return (request: IncomingMessage): string => {
    const forwarded = request.headers['x-forwarded-for'];
    const named = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',');
    const last = named[named.length - 1]?.trim();
    return (trustProxy && last) || request.socket.remoteAddress || 'unknown';
  };
}

async function openRedis(url: string): Promise<IORedis> {
  const client = new IORedis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  // ioredis reconnects by itself; /healthz reports while it is away.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(`--redis: no Redis answers at ${url} (${String(error)})`);
  }
  return client;
}

export async function startSyncServer(options: SyncServerOptions = {}): Promise<SyncServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  if (options.redis && !options.postgres) {
    throw new Error('--redis: several instances need one store for their rooms: add --postgres.');
  }
  // Rooms in Postgres are for several instances; without Redis, phones on two of them would
  // never hear each other's taps.
  if (options.postgres && !options.redis) {
    throw new Error('--postgres: several instances share taps through Redis: add --redis.');
  }
  if (options.idleDays !== undefined && !(options.idleDays > 0)) {
    throw new Error(
      `--idle-days ${options.idleDays}: every room would count as idle and be removed at start. Give 1 or more days.`
    );
  }
  if (options.importDir && !options.postgres)
    throw new Error('--import-dir: rooms are imported into --postgres.');
  const store: Rooms = options.postgres
    ? await PostgresRooms.open(options.postgres)
    : new RoomStore(resolve(options.dir ?? './sync-data'));
  if (options.importDir && store instanceof PostgresRooms) {
    const copied = await store.importFiles(new RoomStore(resolve(options.importDir)));
    log(`imported ${copied.length} room${copied.length === 1 ? '' : 's'} from ${resolve(options.importDir)}`);
  }
  const counters = newCounters();
  const from = addressOf(!!options.trustProxy);
  let redis: IORedis | undefined;
  if (options.redis) redis = await openRedis(options.redis);
  // Counted in Redis when there is one, so that N instances still allow each address what one does.
  const tally = (what: string, cap: number, lastsMs: number): Tally =>
    redis ? new RedisTally(redis, what, cap, lastsMs, log) : new LocalTally(cap, lastsMs);
  const openings = tally('rooms', limits.roomsPerHour, HOUR);
  const held = tally('sockets', limits.connectionsPerAddress, SOCKET_LASTS);

  /** The socket each upgrade request became, so a hook that has only the request can close it. */
  const socketOf = new WeakMap<IncomingMessage, WebSocket>();
  const closeSocket = (request: IncomingMessage, code: number) => {
    // After the answer Hocuspocus sends once the hook returns.
    setTimeout(() => socketOf.get(request)?.close(code), 20).unref();
  };
  const keeper = new RoomKeeper({ store, limits, counters, openings, addressOf: from, closeSocket, log });
  const extensions: Extension[] = [keeper];
  const shared = redis ? new SharedThroughRedis(redis, () => hocuspocus, log) : undefined;
  if (shared) extensions.push(shared.extension);
  /** The rooms each socket was let into. */
  const admitted = new WeakMap<object, Set<string>>();
  extensions.push({
    connected: async ({ connection, documentName }) => {
      const rooms = admitted.get(connection.webSocket) ?? new Set<string>();
      rooms.add(documentName);
      admitted.set(connection.webSocket, rooms);
    }
  });
  const hocuspocus = new Hocuspocus({ quiet: true, extensions });

  let closing = false;
  /** What is away, in words a proxy's operator reads; the details went to the log. */
  let lastTrouble = '';
  const degraded = async (): Promise<string[]> => {
    const away: string[] = [];
    const storeTrouble = await store.healthy();
    if (storeTrouble || keeper.healing) away.push('the store is away');
    if (redis && redis.status !== 'ready') away.push('Redis is away');
    const now = [storeTrouble, redis && redis.status !== 'ready' ? `Redis is ${redis.status}` : '']
      .filter(Boolean)
      .join('; ');
    if (now !== lastTrouble) log(now ? `degraded: ${now}` : 'no longer degraded');
    lastTrouble = now;
    return away;
  };

  const http = createServer((request, response) => {
    // One request per socket (every answer here is a few bytes): a socket is then either
    // answered, upgraded, or dropped by the timer below.
    response.shouldKeepAlive = false;
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/healthz') {
      void degraded().then((away) => {
        // Degraded is still serving: a proxy following /healthz keeps every instance.
        response.writeHead(closing ? 503 : 200, { 'Content-Type': 'text/plain' });
        response.end(
          closing ? 'down: shutting down\n' : away.length ? `degraded: ${away.join(', ')}\n` : 'ok\n'
        );
      });
      return;
    }
    if (path === '/metrics') {
      void degraded().then((away) => {
        response.writeHead(200, { 'Content-Type': 'text/plain; version=0.0.4' });
        response.end(prometheus(hocuspocus, counters, away));
      });
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/plain' });
    response.end('Tableside sync server\n');
  });
  // A request that dribbles in is dropped rather than held: Node's own headersTimeout stops
  // being checked here once one connection has come and gone (Node 20), so every socket gets a
  // timer of its own, cleared when its request has come in whole or it became a WebSocket.
  const dribbling = new WeakMap<Duplex, ReturnType<typeof setTimeout>>();
  const arrived = (socket: Duplex) => clearTimeout(dribbling.get(socket));
  http.on('connection', (socket: Duplex) => {
    const timer = setTimeout(() => {
      refused(counters, 'slow-request');
      socket.destroy();
    }, limits.requestMs);
    timer.unref();
    dribbling.set(socket, timer);
    socket.once('close', () => arrived(socket));
  });
  http.on('request', (request: IncomingMessage) => arrived(request.socket));
  // Sockets that are not WebSockets (slow or idle HTTP) count towards an address's cap too;
  // behind a proxy every socket comes from the proxy, and the proxy holds its own limits.
  if (!options.trustProxy) {
    const tcp = new Map<string, number>();
    http.on('connection', (socket) => {
      const address = socket.remoteAddress ?? 'unknown';
      const count = (tcp.get(address) ?? 0) + 1;
      if (count > limits.connectionsPerAddress) {
        refused(counters, 'connections');
        socket.destroy();
        return;
      }
      tcp.set(address, count);
      socket.once('close', () => {
        const left = (tcp.get(address) ?? 1) - 1;
        if (left > 0) tcp.set(address, left);
        else tcp.delete(address);
      });
    });
  }

  const openSockets = new Map<WebSocket, { address: string; id: string }>();
  // Kept counted in Redis while open: an instance that dies stops keeping its own, and they stop
  // counting a minute later.
  const keeping = setInterval(() => {
    const byAddress = new Map<string, string[]>();
    for (const { address, id } of openSockets.values())
      byAddress.set(address, [...(byAddress.get(address) ?? []), id]);
    for (const [address, ids] of byAddress) void held.keep(address, ids, Date.now());
  }, SOCKET_LASTS / 3);
  keeping.unref();

  const cut = (ws: WebSocket, limit: string, code: number, words: string, address: string) => {
    cutOff(counters, limit);
    log(`cut off ${address}: ${words}`);
    ws.close(code, limit);
    setTimeout(() => ws.terminate(), 1000).unref();
  };

  // A message over maxPayload closes the connection with 1009 (CUT_OFF.tooBig) by itself.
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes });
  http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    arrived(socket);
    socket.on('error', () => socket.destroy());
    const address = from(request);
    const id = randomUUID();
    void held.take(address, id, Date.now()).then((fits) => {
      if (socket.destroyed) {
        if (fits) void held.give(address, id);
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws: WebSocket) => {
        ws.on('error', () => {});
        if (!fits) {
          refused(counters, 'connections');
          // After the upgrade, so the phone reads why: too many sockets from its address.
          return cut(ws, 'connections', CUT_OFF.tooManyConnections, 'too many connections', address);
        }
        counters.sockets += 1;
        openSockets.set(ws, { address, id });
        socketOf.set(request, ws);
        const bucket = new Bucket(limits.messagesPerSecond, limits.messageBurst, Date.now());
        /** Bytes sent for each room whose key is still being checked (Hocuspocus holds them),
         * and their sum: bounded per socket, however many rooms it names. */
        const unchecked = new Map<string, number>();
        let uncheckedBytes = 0;
        let gone = false;
        // Every message passes here before Hocuspocus hears of it: once the connection is cut
        // off, what it already sent in the same burst is dropped too, not handled while the
        // close goes out.
        const emit = ws.emit.bind(ws);
        ws.emit = (event: string, ...args: unknown[]) => {
          if (event !== 'message') return emit(event, ...args);
          if (gone) return false;
          counters.messages += 1;
          const stop = (limit: string, code: number, words: string) => {
            gone = true;
            cut(ws, limit, code, words, address);
            return false;
          };
          if (!bucket.take(Date.now()))
            return stop('rate', CUT_OFF.tooFast, `more than ${limits.messagesPerSecond} messages a second`);
          const data = args[0] as Buffer;
          const message = readMessage(data);
          if (message) {
            if (!admitted.get(ws)?.has(message.room)) {
              uncheckedBytes += data.length;
              if (uncheckedBytes > limits.uncheckedBytes)
                return stop(
                  'unchecked',
                  CUT_OFF.unchecked,
                  `${uncheckedBytes} bytes before a key was checked`
                );
              unchecked.set(message.room, (unchecked.get(message.room) ?? 0) + data.length);
            } else {
              // Let in: what it sent meanwhile has been handed on, not held any more.
              uncheckedBytes -= unchecked.get(message.room) ?? 0;
              unchecked.delete(message.room);
              if (message.grows && !keeper.mayGrow(message.room))
                return stop('room-bytes', CUT_OFF.roomTooBig, `room ${message.room} holds its quota`);
            }
          }
          return emit(event, ...args);
        };
        const patience = setTimeout(() => {
          if (!admitted.has(ws)) ws.close(NOT_ADMITTED, 'not let into any room');
        }, options.admitPatienceMs ?? 10_000);
        patience.unref();
        ws.on('close', () => {
          clearTimeout(patience);
          counters.sockets -= 1;
          openSockets.delete(ws);
          void held.give(address, id);
        });
        hocuspocus.handleConnection(ws as never, request);
      });
    });
  });

  await new Promise<void>((ok, fail) => {
    http.once('error', fail);
    http.listen(options.port ?? 1234, host, () => ok());
  });
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  log(
    `Sync server on ws://${host}:${port}, rooms in ${store.where}` +
      (options.redis ? `, updates shared through ${options.redis}` : '')
  );

  const idleMs = (options.idleDays ?? 90) * DAY;
  const sweep = () => keeper.sweep(hocuspocus, idleMs);
  const sweeping = setInterval(
    () => void sweep().catch((e) => log(`sweep failed: ${String(e)}`)),
    60 * 60 * 1000
  );
  sweeping.unref();
  await sweep();

  let healing = false;
  const heal = setInterval(() => {
    if (healing || !keeper.healing) return;
    healing = true;
    void keeper.heal(hocuspocus).finally(() => (healing = false));
  }, HEAL_EVERY);
  heal.unref();

  const every = options.metricsEveryMs ?? 60_000;
  let since = snapshot(counters);
  const counting =
    every > 0
      ? setInterval(() => {
          log(minuteLine(hocuspocus, counters, since));
          since = snapshot(counters);
        }, every)
      : undefined;
  counting?.unref();

  return {
    host,
    port,
    sweep,
    async close() {
      closing = true;
      clearInterval(sweeping);
      clearInterval(heal);
      clearInterval(keeping);
      if (counting) clearInterval(counting);
      const closed = new Promise<void>((ok) => http.close(() => ok()));
      // Every update is stored as it arrives; closing the sockets lets each room compact and
      // leave memory as its last phone goes.
      for (const ws of wss.clients) ws.terminate();
      const end = Date.now() + CLOSE_PATIENCE;
      while (hocuspocus.getDocumentsCount() > 0 && Date.now() < end)
        await new Promise((r) => setTimeout(r, 10));
      await new Promise<void>((ok) => wss.close(() => ok()));
      await closed;
      // Redis' extension says goodbye to Redis here, which waits for ever when Redis is gone.
      const destroyed = hocuspocus.hooks('onDestroy', { instance: hocuspocus }).catch(() => {});
      await Promise.race([destroyed, new Promise((r) => setTimeout(r, CLOSE_PATIENCE).unref())]);
      shared?.close();
      redis?.disconnect();
      await store.close();
    }
  };
}

function option(args: string[], name: string): string | undefined {
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  return args[at].includes('=') ? args[at].slice(args[at].indexOf('=') + 1) : args[at + 1];
}

function count(args: string[], name: string): number | undefined {
  const given = option(args, name);
  if (given === undefined) return undefined;
  const n = Number(given);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name}: not a number of 0 or more: ${given}`);
  return n;
}

async function main() {
  const args = process.argv.slice(2);
  const port = Number(option(args, 'port') ?? 1234);
  const host = option(args, 'host') ?? '127.0.0.1';
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port: not a port: ${port}`);
  const limits: Partial<Limits> = {};
  const set = (key: keyof Limits, flag: string) => {
    const n = count(args, flag);
    if (n !== undefined) limits[key] = n;
  };
  set('maxMessageBytes', 'max-message-bytes');
  set('messagesPerSecond', 'messages-per-second');
  set('messageBurst', 'message-burst');
  set('roomsPerHour', 'rooms-per-hour');
  set('phonesPerRoom', 'phones-per-room');
  set('connectionsPerAddress', 'connections-per-address');
  set('roomBytes', 'room-bytes');
  const server = await startSyncServer({
    host,
    port,
    dir: option(args, 'dir'),
    redis: option(args, 'redis'),
    postgres: option(args, 'postgres'),
    importDir: option(args, 'import-dir'),
    idleDays: count(args, 'idle-days'),
    trustProxy: args.includes('--trust-proxy'),
    limits,
    log: (line) => console.log(`${new Date().toISOString()} ${line}`)
  });
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') {
    console.log('Not on loopback: phones on HTTPS reach it only as wss://, through a TLS proxy.');
  }
  // Hocuspocus runs some hooks without waiting for them (Redis' publish on every change among
  // them): one that fails while Redis is away must be logged, not end the process and every
  // table on it.
  process.on('unhandledRejection', (error) => console.error(`${new Date().toISOString()} ${String(error)}`));
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
