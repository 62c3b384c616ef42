/**
 * The little of `ws` the sync server (sync-server/server.ts), its tests and its benchmark use.
 * The copy installed is 8.x (what Hocuspocus asks for); its ES module exports the client as the
 * default and the server as `WebSocketServer`. The package ships no types and @types/ws is not a
 * dependency.
 */
declare module 'ws' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage } from 'node:http';
  import type { Duplex } from 'node:stream';

  export class WebSocketServer extends EventEmitter {
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
    readonly readyState: number;
    binaryType: string;
    send(data: Uint8Array | ArrayBuffer, cb?: (error?: Error) => void): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
  }

  export default WebSocket;
}
