/**
 * A shared game's connection to the sync server: Hocuspocus' provider on the game's document,
 * reduced to what the screen says about it (connecting, connected, offline, refused). The room
 * key travels as the provider's token; the server checks it before it sends any of the game.
 * The provider reconnects by itself after a lost connection, and stops for good when the server
 * refuses the room (a permission-denied reason, or a close code for a broken limit; see
 * protocol.ts).
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import type * as Y from 'yjs';
import type { LinkState } from '../session/face';
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
    onAuthenticated: () => set('connected'),
    onAuthenticationFailed: ({ reason }) => refuse(reason)
  });
  provider.attach();
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
