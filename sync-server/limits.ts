/**
 * What one phone, one address and one room may ask of the sync server. Each limit refuses with
 * something the phone explains in plain words (REFUSED reasons and CUT_OFF codes in
 * src/lib/sync/protocol.ts).
 */
export interface Limits {
  /** The largest message: a whole long game sent at once is far below the default. */
  maxMessageBytes: number;
  /** Messages per second one connection may keep up… */
  messagesPerSecond: number;
  /** …after a burst of this many. */
  messageBurst: number;
  /** New rooms one address may open in an hour (across every instance sharing a Redis). */
  roomsPerHour: number;
  /** Phones in one room on one instance. */
  phonesPerRoom: number;
  /** Connections one address may hold open at once (across every instance sharing a Redis). */
  connectionsPerAddress: number;
  /**
   * What a connection may send for a room whose key is still being checked: Hocuspocus holds it
   * in memory until the check ends. A phone sends a few hundred bytes then.
   */
  uncheckedBytes: number;
  /** What one room may hold, stored: a game past it is told so and stops sharing. */
  roomBytes: number;
  /** An HTTP request (or a WebSocket's upgrade) not read whole in this long is dropped. */
  requestMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxMessageBytes: 16 * 1024 * 1024,
  messagesPerSecond: 100,
  messageBurst: 5000,
  roomsPerHour: 60,
  phonesPerRoom: 16,
  connectionsPerAddress: 64,
  uncheckedBytes: 256 * 1024,
  roomBytes: 64 * 1024 * 1024,
  requestMs: 5000
};

/** A token bucket: `take` is false once the connection spent its burst faster than the rate. */
export class Bucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rate: number,
    private readonly capacity: number,
    now: number
  ) {
    this.tokens = capacity;
    this.at = now;
  }

  take(now: number): boolean {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.rate);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * A count of things each address holds for a while (rooms it opened in the last hour, sockets it
 * has open), under a cap. `take` counts one in and answers whether it fitted, in one step, so a
 * burst cannot slip past between a check and its count; `give` takes one back (a room that
 * turned out to exist, a socket closed). Kept in this process, or in Redis for every instance.
 */
export interface Tally {
  take(address: string, id: string, now: number): Promise<boolean>;
  give(address: string, id: string): Promise<void>;
  /** Still held (a socket still open): counted for another `lastsMs`. */
  keep(address: string, ids: string[], now: number): Promise<void>;
}

export class LocalTally implements Tally {
  private byAddress = new Map<string, Map<string, number>>();

  constructor(
    private readonly cap: number,
    /** How long a thing taken counts unless kept. */
    private readonly lastsMs: number
  ) {}

  private held(address: string, now: number): Map<string, number> {
    const held = this.byAddress.get(address) ?? new Map<string, number>();
    for (const [id, until] of held) if (until <= now) held.delete(id);
    if (held.size === 0) this.byAddress.delete(address);
    return held;
  }

  async take(address: string, id: string, now: number): Promise<boolean> {
    const held = this.held(address, now);
    if (held.size >= this.cap) return false;
    held.set(id, now + this.lastsMs);
    this.byAddress.set(address, held);
    return true;
  }

  async give(address: string, id: string): Promise<void> {
    const held = this.byAddress.get(address);
    held?.delete(id);
    if (held?.size === 0) this.byAddress.delete(address);
  }

  async keep(address: string, ids: string[], now: number): Promise<void> {
    const held = this.byAddress.get(address);
    for (const id of ids) if (held?.has(id)) held.set(id, now + this.lastsMs);
  }
}
