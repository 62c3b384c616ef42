/**
 * Keeps the main database's copy of a shared game: its session record (the home list's line,
 * status, head) and its events in effect as a single phone's log, so the history page, stats,
 * backups and the recovery journal read a shared game like any other. The shared document is
 * the truth; this copy is rewritten from the first line that changed whenever it changes.
 */
import type { EventRecord, SessionRecord } from '../db/records';
import type { TablesideDB } from '../db/schema';
import { logRange } from '../session/load';

export class Mirror {
  /** The lines last written, as the view's own objects (a kept line is the same object). */
  private written: readonly EventRecord[] = [];
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: TablesideDB,
    private readonly sessionId: string
  ) {}

  /** Reads what is stored, so the first write only replaces what differs. */
  async start(lines: readonly EventRecord[]): Promise<void> {
    const [lower, upper] = logRange(this.sessionId);
    const stored = await this.db.events.where('[sessionId+seq]').between(lower, upper, true, true).toArray();
    let same = 0;
    while (same < stored.length && same < lines.length && sameLine(stored[same], lines[same])) same++;
    // Lines that match are taken as written; the rest (and anything stored beyond) is rewritten.
    this.written = [...lines.slice(0, same), ...stored.slice(same)];
  }

  /**
   * Writes the lines that changed and the record's fields, in one transaction. Writes run one
   * after another; each writes what is current when it starts.
   */
  write(lines: readonly EventRecord[], fields: () => Partial<SessionRecord>): Promise<void> {
    const run = this.writing.then(() => this.flush(lines.slice(), fields()));
    this.writing = run.catch(() => {});
    return run;
  }

  /** Resolves once the writes asked for so far are done. */
  idle(): Promise<void> {
    return this.writing;
  }

  private async flush(lines: EventRecord[], fields: Partial<SessionRecord>): Promise<void> {
    const old = this.written;
    let same = 0;
    while (same < old.length && same < lines.length && old[same] === lines[same]) same++;
    const changed = same < old.length;
    const id = this.sessionId;
    const { db } = this;
    let found = false;
    await db.transaction('rw', db.sessions, db.events, db.snapshots, async () => {
      found = (await db.sessions.get(id)) !== undefined;
      if (!found) return;
      if (changed) {
        const [, upper] = logRange(id);
        await db.events
          .where('[sessionId+seq]')
          .between([id, same + 1], upper, true, true)
          .delete();
        await db.snapshots
          .where('[sessionId+eventSeq]')
          .between([id, same + 1], upper, true, true)
          .delete();
      }
      if (lines.length > same) await db.events.bulkPut(lines.slice(same));
      await db.sessions.update(id, fields);
    });
    if (found) this.written = lines;
  }
}

function sameLine(a: EventRecord, b: EventRecord): boolean {
  return (
    a.seq === b.seq &&
    a.kind === b.kind &&
    a.time === b.time &&
    a.label === b.label &&
    JSON.stringify(a.event) === JSON.stringify(b.event)
  );
}
