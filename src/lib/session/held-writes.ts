/**
 * The refused-write mode of a game on one phone: storage refused its steps (a full phone, a
 * database the browser closed or deleted), so the page holds the only copy of them. They stay
 * on screen, taps go on joining them in order, a copy goes to localStorage (held-copy.ts), and
 * the whole game is written back in one transaction once storage takes it again (`retry`, also
 * tried every RETRY_HELD_MS by itself).
 */
import type { EventRecord, SessionRecord } from '../db/records';
import type { TablesideDB } from '../db/schema';
import type { Scheduler } from '../util/after-paint';
import { cacheRecords, type CommitJob } from './commit';
import { heldMessage, storageTrouble } from './errors';
import { dropHeldCopy, keepHeldCopy } from './held-copy';
import { logHead } from './load';

/**
 * While the page holds steps storage refused, it tries to write them back this often by itself
 * (and at once when the person taps Try again). Each try is one small transaction.
 */
export const RETRY_HELD_MS = 5000;

/** What the held steps need from the log they belong to. */
export interface HeldGame {
  readonly db: TablesideDB;
  readonly schedule: Scheduler;
  /** The head storage is known to hold. */
  readonly committedHead: number;
  /** The log held on screen (all of it when `complete`). */
  readonly log: readonly EventRecord[];
  readonly head: number;
  readonly complete: boolean;
  /** The record as it stands at the head on screen. */
  wholeRecord(): SessionRecord;
  /** Storage now holds the game up to `head` (and the record, when it is the one on screen). */
  writtenBack(head: number, record?: SessionRecord): void;
  /** Another tab went on with the game while it was held: its steps win. */
  lostRace(): Promise<void>;
  changed(): void;
  savedAgain(): void;
}

export class HeldWrites {
  private jobs: CommitJob[] | undefined;
  private writingBack: Promise<boolean> | undefined;
  /** Why the last write-back was refused (for the words of a game opened held). */
  private writeBackError: unknown;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private copyQueued = false;
  /** What the screen says while steps are held. */
  message: string | undefined;

  constructor(private readonly game: HeldGame) {}

  get active(): boolean {
    return this.jobs !== undefined;
  }

  /** Storage refused these steps: the page now holds them. Returns what to tell the table. */
  hold(jobs: CommitJob[], error: unknown): string {
    this.jobs = [...(this.jobs ?? []), ...jobs];
    this.message = heldMessage(error);
    // The browser's own words stay out of the banner (they rarely help at the table).
    console.error('Tableside could not save a game; it is held on the screen:', describeError(error), error);
    this.keepCopy();
    this.retryLater();
    return this.message;
  }

  /** Taps made while held join the held steps, in order. */
  add(jobs: CommitJob[]): void {
    this.jobs!.push(...jobs);
    this.keepCopy();
  }

  /**
   * Opens a game held from the start (a whole copy storage lost: fromCopy): every step is held
   * until the write-back; when that is refused too, the screen says so and the copy is kept.
   */
  async holdAll(jobs: CommitJob[]): Promise<void> {
    this.jobs = jobs;
    if (!(await this.retry()) && this.jobs) {
      this.message = heldMessage(this.writeBackError);
      this.keepCopy();
    }
  }

  /** Writes the held game back; true once saved, false while storage still refuses. */
  retry(): Promise<boolean> {
    if (!this.jobs) return Promise.resolve(true);
    this.writingBack ??= this.writeBack().finally(() => (this.writingBack = undefined));
    return this.writingBack;
  }

  /** Stops trying to write held steps back (the screen let go of the game). */
  close(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  /**
   * The held game to localStorage too (what Chromium kept when a full disk made it delete the
   * rest), after the paint: a kill before the write-back then loses nothing. A window onto a long
   * game is not the whole game: its journal is its copy.
   */
  private keepCopy(): void {
    if (this.copyQueued || !this.game.complete) return;
    this.copyQueued = true;
    this.game.schedule(() => {
      this.copyQueued = false;
      if (this.jobs) keepHeldCopy(this.game.wholeRecord(), this.game.log);
    });
  }

  private retryLater(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.retry();
    }, RETRY_HELD_MS);
  }

  /**
   * The session record and every step storage lacks, from the one after its stored head to the
   * newest, in one transaction: a database the browser deleted gets the whole game again.
   */
  private async writeBack(): Promise<boolean> {
    const { game } = this;
    const { db } = game;
    const head = game.head;
    const record = game.wholeRecord();
    const id = record.id;
    const caches = cacheRecords(id, this.jobs!);
    let conflict = false;
    try {
      await db.transaction('rw', db.events, db.sessions, db.snapshots, async () => {
        const stored = await logHead(db, id);
        // Another tab went on with this game meanwhile: its steps win, as for any race.
        if (stored > game.committedHead) {
          conflict = true;
          return;
        }
        const entries = game.log.filter((e) => e.seq > stored);
        // A long game held as a window lacks its earliest steps: if storage lost them too, they
        // cannot come from here (the recovery copy brings them back on the next start).
        if (entries[0] && entries[0].seq !== stored + 1) throw new Error('earlier steps are missing');
        await db.events.bulkAdd(entries);
        await db.sessions.put(record);
        if (caches.length) await db.snapshots.bulkPut(caches);
      });
    } catch (error) {
      this.writeBackError = error;
      console.error('Tableside could not write the held game back yet:', describeError(error), error);
      // A connection the browser broke (its open failed while the disk was full) stays broken in
      // Dexie: let go of it, so the next try opens the database afresh.
      if (storageTrouble(error) !== 'full') db.close({ disableAutoOpen: false });
      if (this.jobs) this.retryLater();
      return false;
    }
    if (conflict) {
      this.release();
      await game.lostRace().catch(() => {});
      return true;
    }
    // Taps made during the write stay held for the next one.
    if (game.head !== head) {
      game.writtenBack(head);
      this.jobs = this.jobs!.filter((job) => job.entry.seq > head);
      return this.writeBack();
    }
    game.writtenBack(head, record);
    this.release();
    dropHeldCopy(id);
    game.changed();
    game.savedAgain();
    return true;
  }

  private release(): void {
    this.jobs = undefined;
    this.message = undefined;
    this.close();
  }
}

/** An error's name and message (and its cause's), for the console: minified classes say little. */
function describeError(error: unknown): string {
  const e = error as { name?: string; message?: string; inner?: unknown; cause?: unknown };
  const inner = e?.inner ?? e?.cause;
  return `${e?.name ?? 'Error'}: ${e?.message ?? String(error)}${inner ? ` (${describeError(inner)})` : ''}`;
}
