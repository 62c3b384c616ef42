/**
 * A shared game's connection to the sync server: y-websocket's provider on the game's document,
 * reduced to what the screen says about it (connecting, connected, offline, refused). The
 * provider reconnects by itself after a lost connection, and stops for good when the server
 * refuses the room key (close codes 4400–4499, see protocol.ts).
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

export const connectWebsocket: Connect = (doc, shared) => {
  if (!shared.server) return noServer;
  const provider = new WebsocketProvider(shared.server, shared.room, doc, {
    params: { key: shared.key },
    // Other tabs of this phone get the game's updates from IndexedDB (y-dexie), not from here.
    disableBc: true
  });
  const listeners = new Set<() => void>();
  let state: LinkState = 'connecting';
  let refusal: string | undefined;
  const set = (next: LinkState) => {
    if (state === next || state === 'refused') return;
    state = next;
    for (const listener of listeners) listener();
  };
  provider.on('status', ({ status }: { status: string }) => {
    if (status === 'connected') set('connected');
    else if (status === 'disconnected') set(provider.wsconnected ? 'connected' : 'offline');
  });
  provider.on('connection-close', (event: CloseEvent | null) => {
    const code = event?.code ?? 0;
    if (code >= 4400 && code < 4500) {
      refusal = refusalText(code);
      set('refused');
    } else set('offline');
  });
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
    destroy: () => provider.destroy()
  };
};

/** Sharing by file only: nothing to connect to, nothing is sent. */
const noServer: Link = {
  state: 'no-server',
  refusal: undefined,
  onChange: () => () => {},
  destroy: () => {}
};
