/**
 * A journal whose game can be held still while its file is rewritten from IndexedDB. The
 * rewrite is made from what IndexedDB held when it was read; a step stored after that read and
 * sent to the journal before the rewrite reached it would be wiped by it. So while a game's
 * journal catches up, its other writes wait and follow the rewrite, in the order they came.
 */
import type { EventRecord, ProfileRecord, SessionRecord } from '../db/records';
import type { JournalGame } from './format';
import type { JournalApi, JournalSummary } from './journal';

/** A rewrite that takes longer than this stops holding the game's writes back. */
const HOLD_AT_MOST_MS = 15_000;

export class GatedJournal implements JournalApi {
  private gates = new Map<string, Promise<void>>();

  constructor(private readonly inner: JournalApi) {}

  /**
   * Runs `run` (which reads IndexedDB and rewrites the game's journal) with the game held. It
   * must write through the journal it is given: a write through this one would wait for itself.
   */
  async exclusive(sessionId: string, run: (journal: JournalApi) => Promise<void>): Promise<void> {
    const before = this.gates.get(sessionId) ?? Promise.resolve();
    const done = before.then(() => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the recovery copy did not answer')), HOLD_AT_MOST_MS);
      });
      return Promise.race([run(this.inner), late]).finally(() => clearTimeout(timer));
    });
    const gate = done.catch(() => {});
    this.gates.set(sessionId, gate);
    try {
      await done;
    } finally {
      if (this.gates.get(sessionId) === gate) this.gates.delete(sessionId);
    }
  }

  private after<T>(sessionId: string, write: () => Promise<T>): Promise<T> {
    const gate = this.gates.get(sessionId);
    return gate ? gate.then(write) : write();
  }

  start(record: SessionRecord, people?: readonly ProfileRecord[]): Promise<void> {
    return this.after(record.id, () => this.inner.start(record, people));
  }
  append(sessionId: string, entries: readonly EventRecord[], record?: Partial<SessionRecord>): Promise<void> {
    return this.after(sessionId, () => this.inner.append(sessionId, entries, record));
  }
  update(sessionId: string, fields: Partial<SessionRecord>): Promise<void> {
    return this.after(sessionId, () => this.inner.update(sessionId, fields));
  }
  rewrite(game: JournalGame): Promise<void> {
    return this.inner.rewrite(game);
  }
  rewriteFromStore(database: string, record: SessionRecord, people: readonly ProfileRecord[]): Promise<void> {
    return this.inner.rewriteFromStore(database, record, people);
  }
  remove(sessionId: string): Promise<void> {
    return this.after(sessionId, () => this.inner.remove(sessionId));
  }
  async flush(): Promise<void> {
    await Promise.all(this.gates.values());
    return this.inner.flush();
  }
  scan(): Promise<JournalSummary[]> {
    return this.inner.scan();
  }
  read(sessionId: string): Promise<JournalGame | undefined> {
    return this.inner.read(sessionId);
  }
}
