/**
 * Writing accepted entries to IndexedDB, right after the screen has painted them. Entries are
 * written in order; entries that arrive while a write is running go together in the next
 * transaction. When a write fails, that entry and everything queued behind it are handed back
 * (they were built on the state that failed), so the runtime can take them off the screen.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { EventRecord, SessionRecord, SnapshotRecord } from '../db/records';
import type { TablesideDB } from '../db/schema';
import { storeState } from './replay';
import { SessionNotFoundError } from './errors';
import type { Scheduler } from '../util/after-paint';
import type { Timeline } from './timeline';

export interface CommitJob {
  entry: EventRecord;
  /** The state after the entry, to cache as a snapshot (every N events). */
  cache?: { depth: number; eventSeq: number; version: number; snapshot: AnyMachineSnapshot };
  /** Session record fields to write with this entry (status or turn changed). */
  record?: Partial<SessionRecord>;
}

interface CommitHandlers {
  committed(jobs: CommitJob[]): void;
  /** `jobs` failed to write; `dropped` were queued behind them and were not tried. */
  failed(jobs: CommitJob[], dropped: CommitJob[], error: unknown): void;
}

export class CommitQueue {
  private waiting: CommitJob[] = [];
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: TablesideDB,
    private readonly sessionId: string,
    private readonly schedule: Scheduler,
    private readonly handlers: CommitHandlers
  ) {}

  get busy(): boolean {
    return this.running !== undefined || this.waiting.length > 0;
  }

  /** Queues entries; entries pushed together are written in one transaction. */
  push(...jobs: CommitJob[]): void {
    this.waiting.push(...jobs);
    this.running ??= new Promise<void>((resolve) => this.schedule(() => void this.drain().finally(resolve)));
  }

  /** Resolves once every queued entry has been written (or handed back as failed). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length) {
        const batch = this.waiting.splice(0);
        try {
          await this.write(batch);
        } catch (error) {
          this.handlers.failed(batch, this.waiting.splice(0), error);
          continue;
        }
        this.handlers.committed(batch);
      }
    } finally {
      this.running = undefined;
    }
  }

  private async write(batch: CommitJob[]): Promise<void> {
    const { db, sessionId } = this;
    // Built here, after the paint: the structured copy of a state is the costly part.
    const caches = cacheRecords(sessionId, batch);
    const record = recordOf(batch);
    await db.transaction('rw', db.events, db.sessions, db.snapshots, async () => {
      // The compound key [sessionId+seq] refuses a second writer (another tab) for the same step.
      for (const job of batch) await db.events.add(job.entry);
      if (record) {
        if ((await db.sessions.update(sessionId, record)) === 0) throw new SessionNotFoundError(sessionId);
      } else if (!(await db.sessions.get(sessionId))) throw new SessionNotFoundError(sessionId);
      if (caches.length) await db.snapshots.bulkPut(caches);
    });
  }
}

/** The snapshot cache records a batch of jobs asks for. */
export function cacheRecords(sessionId: string, jobs: readonly Pick<CommitJob, 'cache'>[]): SnapshotRecord[] {
  return jobs.flatMap(({ cache }) =>
    cache
      ? [
          {
            sessionId,
            eventSeq: cache.eventSeq,
            depth: cache.depth,
            version: cache.version,
            state: storeState(cache.snapshot)
          }
        ]
      : []
  );
}

/** The record fields a batch of jobs writes, the newest winning. */
function recordOf(jobs: readonly CommitJob[]): Partial<SessionRecord> | undefined {
  return jobs.reduce<Partial<SessionRecord> | undefined>(
    (acc, job) => (job.record ? { ...acc, ...job.record } : acc),
    undefined
  );
}

/**
 * Writes the current state to the snapshot cache, after the screen has painted, with the few
 * checkpoints before it: the next open starts a window at one of those (see load.ts). Only a
 * cache: a failed write changes nothing.
 */
export function cacheCheckpoints(
  db: TablesideDB,
  schedule: Scheduler,
  sessionId: string,
  version: number,
  timeline: Timeline
): Promise<void> {
  const last = timeline.effective.at(-1);
  if (!last) return Promise.resolve();
  const now = { depth: timeline.depth, eventSeq: last.seq, snapshot: timeline.snapshot };
  const states = [now, ...timeline.recentCheckpoints(4).filter((c) => c.depth < now.depth)];
  const jobs = states.map((cache) => ({ cache: { ...cache, version } }));
  return new Promise<void>((resolve) =>
    schedule(() => {
      db.snapshots
        .bulkPut(cacheRecords(sessionId, jobs))
        .catch(() => {})
        .finally(resolve);
    })
  );
}
