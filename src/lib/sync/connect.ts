/**
 * A shared game's connection to the sync server: y-websocket's provider on the game's document,
 * reduced to what the screen says about it (connecting, connected, offline, refused). The
 * provider reconnects by itself after a lost connection, and stops for good when the server
 * refuses the room key (close codes 4400–4499, see protocol.ts).
 *
 * Offline is said within 2 s, never after the socket's own close (a socket over a dead network can
 * take many seconds to close): at once on the browser's offline event or a tap with no open
 * socket to go out on, and when the server has not answered for SILENT_MS although asked every
 * HEARTBEAT_MS (y-websocket's resync: the state vector out, the server's diff back, a few bytes).
 */
import { WebsocketProvider } from 'y-websocket';
import type * as Y from 'yjs';
import type { LinkState } from '../session/face';
import type { SharedGame } from '../db/records';
import { refusalText } from './protocol';

export interface Link {
  readonly state: LinkState;
  /** Why the server refused, in plain words, when it did. */
  readonly refusal: string | undefined;
  onChange(listener: () => void): () => void;
  destroy(): void;
}

export type Connect = (doc: Y.Doc, shared: SharedGame) => Link;

/** How often a connected phone asks the server for news, and how long a silence means offline. */
export const HEARTBEAT_MS = 600;
export const SILENT_MS = 1500;
/** How often the silence is judged. */
const CHECK_MS = 200;

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
  const provider = new WebsocketProvider(shared.server, shared.room, doc, {
    params: { key: shared.key },
    // Other tabs of this phone get the game's updates from IndexedDB (y-dexie), not from here.
    disableBc: true,
    resyncInterval: HEARTBEAT_MS
  });
  const listeners = new Set<() => void>();
  let state: LinkState = 'connecting';
  let refusal: string | undefined;
  const set = (next: LinkState) => {
    if (state === next || state === 'refused') return;
    state = next;
    for (const listener of listeners) listener();
  };
  // Connected once the server has answered (its half of the sync), not when a socket opens: a
  // socket can open onto a link that carries nothing back.
  provider.on('sync', (synced: boolean) => {
    if (synced && provider.wsconnected) set('connected');
  });
  provider.on('status', ({ status }: { status: string }) => {
    if (status === 'disconnected') set('offline');
  });
  provider.on('connection-close', (event: CloseEvent | null) => {
    const code = event?.code ?? 0;
    if (code >= 4400 && code < 4500) {
      refusal = refusalText(code);
      set('refused');
    } else set('offline');
  });
  // Drops the socket (the provider opens a new one at once, then backs off while that fails).
  const drop = () => {
    set('offline');
    if (!provider.shouldConnect) return;
    provider.disconnect();
    provider.connect();
  };
  const silence = new Silence(Date.now());
  const watchdog = setInterval(() => {
    const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
    const quiet = silence.check(Date.now(), provider.wsLastMessageReceived, hidden);
    if (quiet && provider.wsconnected && state === 'connected') drop();
  }, CHECK_MS);
  const offline = () => drop();
  const online = () => {
    // Back on the network: try at once rather than after the provider's backoff.
    if (!provider.wsconnected && provider.shouldConnect) {
      provider.disconnect();
      provider.connect();
    }
  };
  // A tap while no socket is open goes nowhere yet: it is kept here (y-dexie) and sent later.
  const update = (_: Uint8Array, origin: unknown) => {
    if (origin !== provider && state === 'connected' && provider.ws?.readyState !== WebSocket.OPEN)
      set('offline');
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
    destroy: () => {
      clearInterval(watchdog);
      doc.off('update', update);
      if (typeof window !== 'undefined') {
        window.removeEventListener('offline', offline);
        window.removeEventListener('online', online);
      }
      provider.destroy();
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
