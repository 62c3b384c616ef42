/**
 * The sync server's rooms as a Hocuspocus extension: who may open a room (the key check and the
 * limits), where its document comes from and goes to (a store: files on one machine, Postgres
 * for several), and when an untouched room is removed.
 */
import type { IncomingMessage } from 'node:http';
import * as Y from 'yjs';
import type {
  beforeUnloadDocumentPayload,
  Extension,
  Hocuspocus,
  onAuthenticatePayload,
  onChangePayload,
  onLoadDocumentPayload
} from '@hocuspocus/server';
import { REFUSED, ROOM_KEY, ROOM_NAME } from '../src/lib/sync/protocol';
import { Openings, type Limits } from './limits';
import type { Counters } from './metrics';

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
  /** The last phone left this instance: the room's stored updates may become one. */
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
  /** The address a connection comes from (behind a proxy, the one the proxy names). */
  addressOf: (request: IncomingMessage) => string;
  log: (line: string) => void;
  now?: () => number;
}

export class RoomKeeper implements Extension {
  extensionName = 'Tableside rooms';
  /**
   * Before Redis' extension (1000): Hocuspocus runs each hook extension after extension, each
   * waiting for the last, so an update is stored before it is published, and a Redis that does
   * not answer never holds it back.
   */
  priority = 2000;
  private readonly openings: Openings;
  private readonly now: () => number;

  constructor(private readonly options: KeeperOptions) {
    this.openings = new Openings(options.limits.roomsPerHour);
    this.now = options.now ?? Date.now;
  }

  /** Runs before Hocuspocus loads the document or sends the phone anything of it. */
  async onAuthenticate({ token, documentName: room, request, instance }: onAuthenticatePayload) {
    const { store, limits, counters, log } = this.options;
    const address = this.options.addressOf(request);
    const refuse = (reason: string, words: string) => {
      counters.refused += 1;
      log(`refused ${ROOM_NAME.test(room) ? room : '(not a room)'} from ${address}: ${words}`);
      return refusal(reason);
    };
    if (!ROOM_NAME.test(room)) throw refuse(REFUSED.badRoom, 'not a room');
    if (!token) throw refuse(REFUSED.noKey, 'no key');
    if (!ROOM_KEY.test(token)) throw refuse(REFUSED.wrongKey, 'wrong key');
    const open = instance.documents.get(room);
    if (open && open.getConnectionsCount() >= limits.phonesPerRoom) {
      throw refuse(REFUSED.roomFull, `room full (${limits.phonesPerRoom} phones)`);
    }
    const now = this.now();
    const verdict = await store.admit(room, token, this.openings.mayOpen(address, now));
    if (verdict === 'wrong') throw refuse(REFUSED.wrongKey, 'wrong key');
    if (verdict === 'unknown') {
      throw refuse(REFUSED.tooManyRooms, `${limits.roomsPerHour} new rooms in the last hour`);
    }
    if (verdict === 'new') this.openings.opened(address, now);
  }

  async onLoadDocument({ document, documentName }: onLoadDocumentPayload) {
    const saved = await this.options.store.load(documentName);
    if (saved) Y.applyUpdate(document, saved);
  }

  /**
   * Every update from a phone is stored as it arrives (Hocuspocus' own onStoreDocument waits
   * seconds, and a server killed in between would lose what it held). Never throws: nothing
   * awaits this hook, and a rejection would end the process.
   */
  async onChange({ documentName, document, update, transactionOrigin }: onChangePayload) {
    if (transactionOrigin === FROM_REDIS) return;
    try {
      await this.options.store.append(documentName, update, () => Y.encodeStateAsUpdate(document));
    } catch (error) {
      this.options.log(`could not store an update of ${documentName}: ${String(error)}`);
    }
  }

  async beforeUnloadDocument({ documentName, document }: beforeUnloadDocumentPayload) {
    try {
      await this.options.store.compact(documentName, Y.encodeStateAsUpdate(document));
    } catch (error) {
      this.options.log(`could not compact ${documentName}: ${String(error)}`);
    }
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
