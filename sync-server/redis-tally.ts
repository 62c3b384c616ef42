/**
 * A Tally (limits.ts) kept in Redis, so every instance sharing it counts the same rooms and
 * sockets: two instances behind one proxy still allow an address 60 new rooms an hour, not 120.
 * Each address is a sorted set of what it holds, scored by when each stops counting; taking one
 * is a script Redis runs whole, so 200 requests in one burst cannot all pass the check before any
 * is counted. Redis away: the instance counts alone (the limit holds per instance) until it is
 * back, so a Redis outage refuses no phone.
 */
import type IORedis from 'ioredis';
import { LocalTally, type Tally } from './limits';

/** Drops what stopped counting; counts one in when under the cap. KEYS[1] the address's set;
 * ARGV: now, cap, id, until. */
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[4], ARGV[3])
redis.call('PEXPIREAT', KEYS[1], ARGV[4])
return 1
`;

export class RedisTally implements Tally {
  private readonly alone: LocalTally;

  constructor(
    private readonly redis: IORedis,
    /** Names this tally's keys: `tableside:<what>:<address>`. */
    private readonly what: string,
    private readonly cap: number,
    private readonly lastsMs: number,
    private readonly log: (line: string) => void
  ) {
    this.alone = new LocalTally(cap, lastsMs);
  }

  private key(address: string): string {
    return `tableside:${this.what}:${address}`;
  }

  private get up(): boolean {
    return this.redis.status === 'ready';
  }

  async take(address: string, id: string, now: number): Promise<boolean> {
    if (!this.up) return this.alone.take(address, id, now);
    try {
      const taken = await this.redis.eval(TAKE, 1, this.key(address), now, this.cap, id, now + this.lastsMs);
      return taken === 1;
    } catch (error) {
      this.log(`counting ${this.what} alone: Redis did not answer (${String(error)})`);
      return this.alone.take(address, id, now);
    }
  }

  async give(address: string, id: string): Promise<void> {
    await this.alone.give(address, id);
    if (!this.up) return;
    await this.redis.zrem(this.key(address), id).catch(() => {});
  }

  async keep(address: string, ids: string[], now: number): Promise<void> {
    await this.alone.keep(address, ids, now);
    if (!this.up || ids.length === 0) return;
    const until = now + this.lastsMs;
    const scored = ids.flatMap((id) => [until, id]);
    await this.redis
      .multi()
      .zadd(this.key(address), 'XX', ...scored)
      .pexpireat(this.key(address), until)
      .exec()
      .catch(() => {});
  }
}
