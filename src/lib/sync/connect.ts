/**
 * A shared game's connection to the sync server: Hocuspocus' provider on the game's document,
 * reduced to what the screen says about it (connecting, connected, offline, trouble, refused).
 * The room key travels as the provider's token; the server checks it before it sends any of the
 * game. The provider reconnects by itself after a lost connection (backing off up to 5 s), and
 * stops for good when the server refuses the room (a permission-denied reason, or a close code
 * for a broken limit; see protocol.ts). A server that cannot check the key or load the room just
 * now (its database or disk away) says "try again": that is trouble, not a refusal, and the
 * provider's reconnect tries again.
 *
 * Offline is said within 2 s of a tap the server does not acknowledge, never after the socket's
 * own close (a socket over a dead network can take many seconds to close, and Hocuspocus' own
 * check waits 30 s): at once on the browser's offline event or a tap with no open socket to go
 * out on, and when a question to the server (a tap, which the server acknowledges, or the
 * heartbeat) has gone unanswered for SILENT_MS. While nothing happens the heartbeat asks once
 * every IDLE_ASK_MS, one small message (HEARTBEAT in protocol.ts, which the server answers), so
 * an idle phone costs the server no more than Hocuspocus' stock provider.
 *
 * Taps made while no socket is open are not queued message by message: the next connection's
 * sync exchange carries them all as one update, however long the phone was away.
 */
import {
  HocuspocusProvider,
  HocuspocusProviderWebsocket,
  type onCloseParameters
} from '@hocuspocus/provider';
import type * as Y from 'yjs';
import type { LinkState } from '../session/log-store';
import type { SharedGame } from '../db/records';
import { CLOSED, HEARTBEAT, isCutOff, REFUSED, refusalText, TROUBLE_TEXT } from './protocol';

export interface Link {
  readonly state: LinkState;
  /** Why the server refused, or what trouble it has, in plain words, when it did. */
  readonly refusal: string | undefined;
  onChange(listener: () => void): () => void;
  destroy(): void;
}

export type Connect = (doc: Y.Doc, shared: SharedGame) => Link;

/** How long an unanswered question means offline. */
export const SILENT_MS = 1500;
/** How often an idle, connected phone asks whether the server is still there. */
export const IDLE_ASK_MS = 6000;
/** How often a phone whose sync the server has not answered asks for it again. */
const UNSYNCED_ASK_MS = 2000;
/** The longest wait between tries while the server says "try again". */
const TROUBLE_MAX_MS = 10_000;
/** How often the silence is judged. */
const CHECK_MS = 200;
/** WebSocket.OPEN, without needing a WebSocket global where this module is loaded. */
const OPEN = 1;
/** What a forced close says (Hocuspocus' own code for a connection that went quiet). */
const WENT_SILENT = { code: 4408, reason: 'silent' };

/**
 * Judges a link that looks connected: silent once a question went unanswered for SILENT_MS. A
 * check that ran late (the page was busy or frozen, so answers may be queued behind it) or on a
 * hidden page (its timers are throttled) judges nothing: the wait counts from that check instead.
 */
export class Silence {
  private lastCheck: number;
  private asked: number | undefined;
  constructor(now: number) {
    this.lastCheck = now;
  }
  /** A question went out: a tap (the server acknowledges each) or the heartbeat. */
  ask(now: number): void {
    this.asked ??= now;
  }
  /** Whether a question is waiting for its answer. */
  get waiting(): boolean {
    return this.asked !== undefined;
  }
  forget(): void {
    this.asked = undefined;
  }
  check(now: number, lastHeard: number, hidden = false): boolean {
    if (this.asked !== undefined && lastHeard >= this.asked) this.asked = undefined;
    if (this.asked !== undefined && (hidden || now - this.lastCheck > SILENT_MS / 2)) this.asked = now;
    this.lastCheck = now;
    return this.asked !== undefined && now - this.asked > SILENT_MS;
  }
}

/**
 * The stock provider sends every change as its own message, and queues them while no socket is
 * open: a phone back from 6,000 taps offline sent 6,000 messages and hit the server's burst
 * limit. This one sends a change only on a connection the server let in; the rest travel in the
 * sync exchange every connection starts with (the server's state vector, answered with one update
 * of everything it lacks).
 */
class BatchingProvider extends HocuspocusProvider {
  documentUpdateHandler(update: Uint8Array, origin: unknown): void {
    const socket = this.configuration.websocketProvider;
    if (!this.isAuthenticated || socket.webSocket?.readyState !== OPEN) return;
    super.documentUpdateHandler(update, origin);
  }
}

export const connectWebsocket: Connect = (doc, shared) => {
  if (!shared.server) return noServer;
  const listeners = new Set<() => void>();
  let state: LinkState = 'connecting';
  let refusal: string | undefined;
  /** The server said "try again": until it lets this phone in, a lost socket is that trouble. */
  let troubled = false;
  const set = (next: LinkState) => {
    if (troubled && (next === 'offline' || next === 'connecting')) next = 'trouble';
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
  // After "try again", the socket's own reconnect would come back every second while the
  // trouble lasts (each try opens, so it counts as a success): this phone waits longer each
  // time instead, up to TROUBLE_MAX_MS, with some jitter so a table's phones do not come back
  // in step.
  let troubleTries = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const trouble = () => {
    troubled = true;
    refusal = TROUBLE_TEXT;
    set('trouble');
    if (retry !== undefined || state === 'refused') return;
    socket.disconnect();
    const wait = Math.min(TROUBLE_MAX_MS, 1000 * 2 ** troubleTries++) * (0.75 + Math.random() / 2);
    retry = setTimeout(() => {
      retry = undefined;
      void socket.connect();
    }, wait);
  };
  const socket = new HocuspocusProviderWebsocket({
    url: shared.server,
    // Back within a few seconds of the server (or the network) coming back; Hocuspocus' own
    // default waits up to 30 s between tries.
    maxDelay: 5000,
    onClose: ({ event }) => {
      if (event.code === CLOSED.tryAgain) trouble();
      else if (isCutOff(event.code)) refuse(event.code);
    },
    onStatus: ({ status }) => {
      if (status === 'disconnected') set('offline');
    }
  });
  const provider = new BatchingProvider({
    websocketProvider: socket,
    name: shared.room,
    document: doc,
    token: shared.key,
    // Nothing here reads who else is looking, and awareness renews itself every 15 s on every
    // phone: the heartbeat below is the only idle traffic.
    awareness: null,
    // Connected once the server has answered its half of the sync, not when it accepted the key
    // (the room may still be loading) nor when a socket opened (it can open onto a link that
    // carries nothing back). Each new socket starts unsynced (the provider's close resets it).
    onSynced: () => {
      if (socket.webSocket?.readyState !== OPEN) return;
      troubled = false;
      troubleTries = 0;
      refusal = undefined;
      set('connected');
    },
    onAuthenticationFailed: ({ reason }) => (reason === REFUSED.tryAgain ? trouble() : refuse(reason))
  });
  provider.attach();

  const open = () => socket.webSocket?.readyState === OPEN;
  const silence = new Silence(Date.now());
  // Closes the socket as its own close event would (the provider resets, the socket schedules a
  // new one), without waiting for a close handshake a dead network never completes.
  const drop = () => {
    set('offline');
    silence.forget();
    if (!socket.shouldConnect || !socket.webSocket) return;
    const close: onCloseParameters = { event: WENT_SILENT as onCloseParameters['event'] };
    provider.onClose();
    socket.onClose(close);
  };
  let lastAsked = 0;
  const watchdog = setInterval(() => {
    const now = Date.now();
    const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
    const quiet = silence.check(now, socket.lastMessageReceived, hidden);
    if (quiet && open() && state === 'connected') return drop();
    if (!open() || silence.waiting) return;
    // On an open socket only (the socket queues what it cannot send). Before the server answered
    // the sync, the sync is asked for again (an answer lost on the way); after, the heartbeat.
    if (state !== 'connected') {
      if (now - lastAsked < UNSYNCED_ASK_MS) return;
      provider.forceSync();
    } else {
      if (now - Math.max(lastAsked, socket.lastMessageReceived) < IDLE_ASK_MS) return;
      provider.sendStateless(HEARTBEAT.ask);
    }
    lastAsked = now;
    silence.ask(now);
  }, CHECK_MS);
  const offline = () => drop();
  const online = () => {
    // Back on the network: try at once rather than after the socket's backoff.
    if (!open() && socket.shouldConnect) void socket.connect();
  };
  // A tap while no socket is open goes nowhere yet: it is kept here (y-dexie) and sent later. A
  // tap on an open socket is a question: the server acknowledges every change it takes.
  const update = (_: Uint8Array, origin: unknown) => {
    if (origin === provider) return;
    if (!open()) {
      if (state === 'connected') set('offline');
    } else if (state === 'connected') silence.ask(Date.now());
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
      clearTimeout(retry);
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
