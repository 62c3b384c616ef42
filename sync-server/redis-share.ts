/**
 * Updates shared between instances through Redis: Hocuspocus' Redis extension, made to ride out
 * an outage. While Redis is away an instance's phones stay in step with each other but not with
 * another instance's, and what was published meanwhile is gone; so when Redis is back, every
 * room open here asks the others for what it lacks (a sync step one, which they answer with
 * their diff and their own step one) without waiting for a tap. Its clients report their errors
 * here rather than as "Unhandled error event" traces, and a publish that fails while Redis is
 * away is left to that resync instead of rejecting a hook nobody awaits.
 */
import type { Document, Extension, Hocuspocus, onChangePayload } from '@hocuspocus/server';
import { Redis } from '@hocuspocus/extension-redis';
import type IORedis from 'ioredis';

/** When to ask again after Redis is back: once its clients have subscribed again, and once more
 * in case the other instances' own clients came back later. */
const RESYNC_AFTER = [300, 1500];

class QuietRedis extends Redis {
  async onChange(data: onChangePayload): Promise<void> {
    try {
      await super.onChange(data);
    } catch {
      // Redis away: the resync when it is back carries this change.
    }
  }
}

/** The extension's own method, kept private in its types. */
type Publishing = { publishFirstSyncStep(room: string, document: Document): Promise<unknown> };

export class SharedThroughRedis {
  readonly extension: Extension;
  private readonly clients: IORedis[] = [];
  private timers: ReturnType<typeof setTimeout>[] = [];

  constructor(
    main: IORedis,
    instance: () => Hocuspocus,
    private readonly log: (line: string) => void
  ) {
    let wasAway = false;
    const extension = new QuietRedis({
      createClient: () => {
        const client = main.duplicate();
        client.on('error', () => {});
        client.on('end', () => (wasAway = true));
        client.on('close', () => (wasAway = true));
        client.on('ready', () => {
          if (!wasAway) return;
          for (const ms of RESYNC_AFTER) this.timers.push(setTimeout(() => this.resync(instance()), ms));
        });
        this.clients.push(client);
        return client;
      }
    });
    this.publisher = extension as unknown as Publishing;
    this.extension = extension;
  }

  private readonly publisher: Publishing;

  /** Asks the other instances for what each open room here lacks. */
  resync(instance: Hocuspocus): void {
    this.timers = this.timers.filter((t) => t.hasRef());
    const rooms = [...instance.documents.entries()];
    if (rooms.length === 0) return;
    this.log(`Redis is back: asking the other instances about ${rooms.length} open room(s)`);
    for (const [room, document] of rooms) {
      this.publisher.publishFirstSyncStep(room, document).catch(() => {});
    }
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
  }
}
