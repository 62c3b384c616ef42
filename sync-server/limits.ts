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
  /** …after a burst of this many (a phone back from a long time offline sends its taps at once). */
  messageBurst: number;
  /** New rooms one address may open in an hour. */
  roomsPerHour: number;
  /** Phones in one room on one instance. */
  phonesPerRoom: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxMessageBytes: 32 * 1024 * 1024,
  messagesPerSecond: 100,
  messageBurst: 5000,
  roomsPerHour: 60,
  phonesPerRoom: 16
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

const HOUR = 60 * 60 * 1000;

/** The rooms each address opened in the last hour. */
export class Openings {
  private byAddress = new Map<string, number[]>();

  constructor(private readonly perHour: number) {}

  private recent(address: string, now: number): number[] {
    const times = (this.byAddress.get(address) ?? []).filter((t) => now - t < HOUR);
    if (times.length > 0) this.byAddress.set(address, times);
    else this.byAddress.delete(address);
    return times;
  }

  mayOpen(address: string, now: number): boolean {
    return this.recent(address, now).length < this.perHour;
  }

  opened(address: string, now: number): void {
    this.byAddress.set(address, [...this.recent(address, now), now]);
  }
}
