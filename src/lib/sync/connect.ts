/**
 * A shared game's connection to the sync server: Hocuspocus' provider on the game's document,
 * reduced to what the screen says about it (connecting, connected, offline, refused). The room
 * key travels as the provider's token; the server checks it before it sends any of the game.
 * The provider reconnects by itself after a lost connection, and stops for good when the server
 * refuses the room (a permission-denied reason, or a close code for a broken limit; see
 * protocol.ts).
 *
 * Offline is said within 2 s, never after the socket's own close (a socket over a dead network can
 * take many seconds to close, and Hocuspocus' own check waits 30 s): at once on the browser's
 * offline event or a tap with no open socket to go out on, and when the server has not answered
 * for SILENT_MS although asked every HEARTBEAT_MS (a sync step one: the state vector out, the
 * server's diff and its own state vector back, a few bytes each way).
 */
import {
  HocuspocusProvider,
  HocuspocusProviderWebsocket,
  type onCloseParameters
} from '@hocuspocus/provider';
import type * as Y from 'yjs';
import type { LinkState } from '../session/log-store';
import type { SharedGame } from '../db/records';
import { isCutOff, refusalText } from './protocol';

export interface Link {
  readonly state: LinkState;
  /** Why the server refused, in plain words, when it did. */
  readonly refusal: string | undefined;
  onChange(listener: () => void): () => void;
  destroy(): void;
}

export type Connect = (doc: Y.Doc, shared: SharedGame) => Link;

/** How often a connected phone asks the server for news, and how long a silence means offline. */
const HEARTBEAT_MS = 600;
export const SILENT_MS = 1500;
/** How often the silence is judged. */
const CHECK_MS = 200;
/** WebSocket.OPEN, without needing a WebSocket global where this module is loaded. */
const OPEN = 1;
/** What a forced close says (Hocuspocus' own code for a connection that went quiet). */
const WENT_SILENT = { code: 4408, reason: 'silent' };

/**
 * Judges a link that looks connected: silent once nothing was heard for SILENT_MS. A check that
 * ran late (the page was busy or frozen, so answers may be queued behind it) or on a hidden page
 * (its timers are throttled) judges nothing: the silence counts from that check instead.
 */
export class Silence {
  private lastCheck: number;
  private since: number;
  constructor(now: number) {
    this.lastCheck = this.since = now;
  }
  check(now: number, lastHeard: number, hidden = false): boolean {
    if (hidden || now - this.lastCheck > SILENT_MS / 2) this.since = now;
    this.lastCheck = now;
    return now - Math.max(this.since, lastHeard) > SILENT_MS;
  }
}

export const connectWebsocket: Connect = (doc, shared) => {
  if (!shared.server) return noServer;
  const listeners = new Set<() => void>();
  let state: LinkState = 'connecting';
  let refusal: string | undefined;
  const set = (next: LinkState) => {
    if (state === next || state === 'refused') return;
    state = next;
    for (const listener of listeners) listener();
  };
  const refuse = (why: string | number) => {
    if (state === 'refused') return;
    refusal = refusalText(why);
    // Also when called from the socket's close: this runs before the socket's own close handler,
    // which then schedules no reconnect.
    socket.disconnect();
    set('refused');
  };
  const socket = new HocuspocusProviderWebsocket({
    url: shared.server,
    // Back within a few seconds of the server (or the network) coming back; Hocuspocus' own
    // default waits up to 30 s between tries.
    maxDelay: 5000,
    onClose: ({ event }) => {
      if (isCutOff(event.code)) refuse(event.code);
    },
    onStatus: ({ status }) => {
      if (status === 'disconnected') set('offline');
    }
  });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: shared.room,
    document: doc,
    token: shared.key,
    // Connected once the server has answered its half of the sync, not when it accepted the key
    // (the room may still be loading) nor when a socket opened (it can open onto a link that
    // carries nothing back). Each new socket starts unsynced (the provider's close resets it).
    onSynced: () => {
      if (socket.webSocket?.readyState === OPEN) set('connected');
    },
    onAuthenticationFailed: ({ reason }) => refuse(reason)
  });
  provider.attach();

  const open = () => socket.webSocket?.readyState === OPEN;
  // Closes the socket as its own close event would (the provider resets, the socket schedules a
  // new one), without waiting for a close handshake a dead network never completes.
  const drop = () => {
    set('offline');
    if (!socket.shouldConnect || !socket.webSocket) return;
    const close: onCloseParameters = { event: WENT_SILENT as onCloseParameters['event'] };
    provider.onClose();
    socket.onClose(close);
  };
  const silence = new Silence(Date.now());
  let lastAsked = 0;
  const watchdog = setInterval(() => {
    const now = Date.now();
    const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
    const quiet = silence.check(now, socket.lastMessageReceived, hidden);
    if (quiet && open() && state === 'connected') return drop();
    // The heartbeat, on an open socket only (the socket queues what it cannot send, and would
    // send a long absence's worth at once). Also before the server answered: an answer lost on
    // the way is asked for again.
    if (open() && now - lastAsked >= HEARTBEAT_MS) {
      lastAsked = now;
      provider.forceSync();
    }
  }, CHECK_MS);
  const offline = () => drop();
  const online = () => {
    // Back on the network: try at once rather than after the socket's backoff.
    if (!open() && socket.shouldConnect) void socket.connect();
  };
  // A tap while no socket is open goes nowhere yet: it is kept here (y-dexie) and sent later.
  const update = (_: Uint8Array, origin: unknown) => {
    if (origin !== provider && state === 'connected' && !open()) set('offline');
  };
  doc.on('update', update);
  if (typeof window !== 'undefined') {
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
  }
  return {
    get state() {
      return state;
    },
    get refusal() {
      return refusal;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    destroy() {
      clearInterval(watchdog);
      doc.off('update', update);
      if (typeof window !== 'undefined') {
        window.removeEventListener('offline', offline);
        window.removeEventListener('online', online);
      }
      // A reconnect already scheduled would open a socket after destroy (its timer calls
      // connect(), which wants to connect again): nothing may connect from here on.
      socket.connect = async () => {};
      provider.destroy();
      socket.destroy();
    }
  };
};

/** Sharing by file only: nothing to connect to, nothing is sent. */
const noServer: Link = {
  state: 'no-server',
  refusal: undefined,
  onChange: () => () => {},
  destroy: () => {}
};
