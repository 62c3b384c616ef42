/**
 * The sync server's rooms as a Hocuspocus extension: who may open a room (the key check and the
 * limits), where its document comes from and goes to (a store: files on one machine, Postgres
 * for several), and when an untouched room is removed.
 *
 * Nothing a phone was told was taken is lost to a store that is away for a while (Postgres
 * restarting, a full disk): an update that could not be stored marks its room, and the room's
 * whole document is written again (`heal`, every second) until the store takes it; a marked
 * room stays in memory meanwhile, even with no phone in it. A store that cannot answer a key
 * check or a load says "try again" to the phone, never "wrong key".
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import * as Y from 'yjs';
import type {
  beforeUnloadDocumentPayload,
  Extension,
  Hocuspocus,
  onAuthenticatePayload,
  onChangePayload,
  onLoadDocumentPayload,
  onStatelessPayload
} from '@hocuspocus/server';
import { CLOSED, HEARTBEAT, REFUSED, ROOM_KEY, ROOM_NAME } from '../src/lib/sync/protocol';
import type { Limits, Tally } from './limits';
import { refused, type Counters } from './metrics';

/** What a key check found: a room just opened by it, its right key, a wrong one, or no room
 * (when the caller may not open one). */
export type Admission = 'new' | 'ok' | 'wrong' | 'unknown';

type Maybe<T> = T | Promise<T>;

/** Where rooms live. The file store answers at once; Postgres answers later. */
export interface Rooms {
  /** For the log: the directory or the database. */
  readonly where: string;
  /**
   * Checks a key. A room's first key is its key from then on: its hash is kept (never the key),
   * every later connection must bring the same one. Touches the room when the key is right.
   */
  admit(room: string, key: string, mayOpen: boolean): Maybe<Admission>;
  /** Everything the room holds, as one update; undefined for a room never written. */
  load(room: string): Maybe<Uint8Array | undefined>;
  /** Keeps one update (and touches the room); `state` is the whole document, for compaction. */
  append(room: string, update: Uint8Array, state: () => Uint8Array): Maybe<void>;
  /**
   * The room's stored updates and `state` (this instance's whole document) become one: after the
   * last phone left this instance, after many appends, and to heal appends that failed.
   */
  compact(room: string, state: Uint8Array): Maybe<void>;
  /** Rooms nobody let in or wrote to since `before` (ms since the epoch). */
  idleSince(before: number): Maybe<string[]>;
  remove(room: string): Maybe<void>;
  /** Undefined when the store can be written to; otherwise what is wrong. */
  healthy(): Maybe<string | undefined>;
  close(): Maybe<void>;
}

/** Updates another instance sent through Redis: that instance stores them. */
const FROM_REDIS = '__hocuspocus__redis__origin__';

/** A refusal Hocuspocus passes to the phone as the permission-denied reason. No `message`, so
 * Hocuspocus does not print it as an error; the log line is ours. */
const refusal = (reason: string) => ({ reason });

interface KeeperOptions {
  store: Rooms;
  limits: Limits;
  counters: Counters;
  /** New rooms per address in the last hour (in Redis when there is one). */
  openings: Tally;
  /** The address a connection comes from (behind a proxy, the one the proxy names). */
  addressOf: (request: IncomingMessage) => string;
  /** Closes the connection that made `request`, with `code`, once its answer has gone out. */
  closeSocket: (request: IncomingMessage, code: number) => void;
  log: (line: string) => void;
  now?: () => number;
}

/** An object Hocuspocus passes on without printing (no `message`): the hook refused quietly. */
const KEPT_IN_MEMORY = { reason: 'not stored yet' };

export class RoomKeeper implements Extension {
  extensionName = 'Tableside rooms';
  /**
   * Before Redis' extension (1000): Hocuspocus runs each hook extension after extension, each
   * waiting for the last, so an update is stored before it is published, and a Redis that does
   * not answer never holds it back.
   */
  priority = 2000;
  private readonly now: () => number;
  /** Rooms with an update the store did not take: written whole by `heal`. */
  private readonly unstored = new Set<string>();
  /** The bytes each open room holds, stored (what the per-room quota reads). */
  private readonly bytes = new Map<string, number>();
  /** The connection each load is for (a load's hook names only the socket). */
  private readonly requests = new Map<string, IncomingMessage>();

  constructor(private readonly options: KeeperOptions) {
    this.now = options.now ?? Date.now;
  }

  /** True while some room holds updates the store has not taken. */
  get healing(): boolean {
    return this.unstored.size > 0;
  }

  /** Whether `room` may take more: false once it holds the quota. */
  mayGrow(room: string): boolean {
    return (this.bytes.get(room) ?? 0) < this.options.limits.roomBytes;
  }

  /** The store could not be asked: the phone is told to try again, and its socket closed. */
  private troubled(request: IncomingMessage, room: string, what: string, error: unknown) {
    return this.turnAway(
      request,
      REFUSED.tryAgain,
      CLOSED.tryAgain,
      `asked ${room} to try again: could not ${what} (${String(error)})`
    );
  }

  /** Every turn-away: counted by reason, logged, the socket closed with `code`, the reason sent. */
  private turnAway(request: IncomingMessage, reason: string, code: number, line: string) {
    refused(this.options.counters, reason);
    this.options.log(line);
    this.options.closeSocket(request, code);
    return refusal(reason);
  }

  /** Runs before Hocuspocus loads the document or sends the phone anything of it. */
  async onAuthenticate({ token, documentName: room, request, instance, socketId }: onAuthenticatePayload) {
    const { store, limits, openings } = this.options;
    const address = this.options.addressOf(request);
    const refuse = (reason: string, words: string, code: number) =>
      this.turnAway(
        request,
        reason,
        code,
        `refused ${ROOM_NAME.test(room) ? room : '(not a room)'} from ${address}: ${words}`
      );
    if (!ROOM_NAME.test(room)) throw refuse(REFUSED.badRoom, 'not a room', CLOSED.noRoom);
    if (!token) throw refuse(REFUSED.noKey, 'no key', CLOSED.wrongKey);
    if (!ROOM_KEY.test(token)) throw refuse(REFUSED.wrongKey, 'wrong key', CLOSED.wrongKey);
    const open = instance.documents.get(room);
    if (open && open.getConnectionsCount() >= limits.phonesPerRoom) {
      throw refuse(REFUSED.roomFull, `room full (${limits.phonesPerRoom} phones)`, CLOSED.noRoom);
    }
    // The new room is counted before the store is asked, and given back when the room turned out
    // to exist: a burst of requests cannot all pass the count before any of them is counted.
    const opening = `${room}:${randomUUID()}`;
    const mayOpen = await openings.take(address, opening, this.now());
    let verdict: Admission;
    try {
      verdict = await store.admit(room, token, mayOpen);
    } catch (error) {
      if (mayOpen) await openings.give(address, opening);
      throw this.troubled(request, room, 'check its key', error);
    }
    if (verdict !== 'new' && mayOpen) await openings.give(address, opening);
    if (verdict === 'wrong') throw refuse(REFUSED.wrongKey, 'wrong key', CLOSED.wrongKey);
    if (verdict === 'unknown') {
      throw refuse(REFUSED.tooManyRooms, `${limits.roomsPerHour} new rooms in the last hour`, CLOSED.noRoom);
    }
    this.requests.set(socketId, request);
    // Forgotten by the load or the `connected` hook; a load that failed for another phone
    // runs neither for this one.
    setTimeout(() => this.requests.delete(socketId), 60_000).unref();
  }

  async onLoadDocument({ document, documentName, socketId }: onLoadDocumentPayload) {
    const request = this.requests.get(socketId);
    this.requests.delete(socketId);
    let saved: Uint8Array | undefined;
    try {
      saved = await this.options.store.load(documentName);
    } catch (error) {
      // Every phone waiting on this load hears "try again"; the one whose request we hold is
      // also closed here (the others close themselves on hearing it).
      if (request) throw this.troubled(request, documentName, 'load it', error);
      throw refusal(REFUSED.tryAgain);
    }
    if (saved) Y.applyUpdate(document, saved);
    this.bytes.set(documentName, saved?.length ?? 0);
  }

  /** The phones' heartbeat (protocol.ts), answered to the one that asked. */
  async onStateless({ connection, payload }: onStatelessPayload) {
    if (payload === HEARTBEAT.ask) connection.sendStateless(HEARTBEAT.answer);
  }

  async connected({ socketId }: { socketId: string }) {
    // A phone let into a room already open: its load never ran.
    this.requests.delete(socketId);
  }

  /**
   * Every update from a phone is stored as it arrives (Hocuspocus' own onStoreDocument waits
   * seconds, and a server killed in between would lose what it held). Never throws: nothing
   * awaits this hook, and a rejection would end the process.
   */
  async onChange({ documentName, document, update, transactionOrigin }: onChangePayload) {
    this.bytes.set(documentName, (this.bytes.get(documentName) ?? 0) + update.length);
    if (transactionOrigin === FROM_REDIS) return;
    if (this.unstored.has(documentName)) return; // `heal` writes it whole
    try {
      await this.options.store.append(documentName, update, () => Y.encodeStateAsUpdate(document));
    } catch (error) {
      this.unstored.add(documentName);
      this.options.log(`could not store an update of ${documentName}, kept in memory: ${String(error)}`);
    }
  }

  async beforeUnloadDocument({ documentName, document }: beforeUnloadDocumentPayload) {
    try {
      const state = Y.encodeStateAsUpdate(document);
      await this.options.store.compact(documentName, state);
      this.unstored.delete(documentName);
    } catch (error) {
      this.unstored.add(documentName);
      this.options.log(`could not store ${documentName} whole, kept in memory: ${String(error)}`);
      // Hocuspocus keeps a document whose unload hook refused; `heal` stores it and unloads it.
      throw KEPT_IN_MEMORY;
    }
  }

  async afterUnloadDocument({ documentName }: { documentName: string }) {
    this.bytes.delete(documentName);
  }

  /**
   * Writes whole every room whose updates the store did not take, until it takes them; then a
   * room no phone is in leaves memory. Gives the rooms stored.
   */
  async heal(instance: Hocuspocus): Promise<string[]> {
    const stored: string[] = [];
    for (const room of [...this.unstored]) {
      const document = instance.documents.get(room);
      if (!document) {
        this.unstored.delete(room);
        continue;
      }
      const state = Y.encodeStateAsUpdate(document);
      try {
        await this.options.store.compact(room, state);
      } catch {
        continue; // still away: next time
      }
      this.unstored.delete(room);
      this.bytes.set(room, state.length);
      stored.push(room);
      this.options.log(`stored ${room} whole: the store is back`);
      if (document.getConnectionsCount() === 0) void instance.unloadDocument(document);
    }
    return stored;
  }

  /** Removes the rooms untouched for `idleMs`, except those open here; says which in the log. */
  async sweep(instance: Hocuspocus, idleMs: number): Promise<string[]> {
    const { store, log } = this.options;
    const before = this.now() - idleMs;
    const removed: string[] = [];
    for (const room of await store.idleSince(before)) {
      if (instance.documents.has(room) || instance.loadingDocuments.has(room)) continue;
      await store.remove(room);
      removed.push(room);
    }
    const days = Math.round(idleMs / 86_400_000);
    for (const room of removed) log(`removed room ${room}: nobody touched it for ${days} days`);
    return removed;
  }
}
