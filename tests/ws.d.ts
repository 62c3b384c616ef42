/**
 * The little of `ws` the sync server (scripts/sync-server.ts), its tests and its benchmark use.
 * The copy installed is 6.2.x (what @y/websocket-server asks for): one default export, the
 * server as `WebSocket.Server`. The package ships no types and @types/ws is not a dependency.
 * Here under tests/ because that is where the type check looks (scripts are checked through the
 * tests that import them).
 */
declare module 'ws' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage } from 'node:http';
  import type { Duplex } from 'node:stream';

  class WebSocketServer extends EventEmitter {
    constructor(options: { noServer?: boolean; maxPayload?: number });
    readonly clients: Set<WebSocket>;
    handleUpgrade(
      request: IncomingMessage,
      socket: Duplex,
      head: Buffer,
      callback: (ws: WebSocket, request: IncomingMessage) => void
    ): void;
    close(callback?: (error?: Error) => void): void;
  }

  class WebSocket extends EventEmitter {
    constructor(address: string, protocols?: string | string[]);
    static readonly OPEN: number;
    static readonly Server: typeof WebSocketServer;
    readonly readyState: number;
    binaryType: string;
    send(data: Uint8Array | ArrayBuffer, cb?: (error?: Error) => void): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
  }

  /** The server class's type (at run time it is only reachable as `WebSocket.Server`). */
  export type Server = WebSocketServer;
  export default WebSocket;
}
