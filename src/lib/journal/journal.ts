/**
 * The recovery journal: a second, append-only copy of every game, one file per game, written
 * after IndexedDB has stored a step. Browsers sometimes throw an IndexedDB database away (after
 * a crash, or when the disk fills up); the journal lives in other files (the Origin Private File
 * System), so the games can be put back from it (see recover.ts).
 *
 * `Journal` is the logic: the order of writes, batching, what a failed write leaves behind. It
 * runs in the journal's worker over the real files, and in tests over `MemoryFiles`.
 */
import type { EventRecord, ProfileRecord, SessionRecord } from '../db/records';
import type { JournalFiles } from './files';
import {
  decodeJournal,
  encodeEntries,
  encodeGame,
  encodeHeader,
  encodeUpdate,
  journalFileName,
  sessionIdOf,
  type JournalGame
} from './format';
import { decodeSummary, encodeSummary, foldFile, summaryFileName, type FileFold } from './summary';
import { readStoredLog } from './read-store';

/** Summary files are brought up to date once the journal has had no write for this long. */
const SUMMARY_DELAY_MS = 1000;

/** One game's journal at a glance, for deciding what to restore without reading every log. */
export interface JournalSummary {
  id: string;
  /** False when the file has no readable first line (it cannot restore anything). */
  readable: boolean;
  /** Entries 1…head are all there. */
  head: number;
  /** The time of entry `head`: tells the same history from another one of the same length. */
  headTime: number | undefined;
  /** Marked deleted (the delete could still be undone when it was written). */
  deleted: boolean;
  /** Lines that could not be read (a torn last line included). */
  damaged: number;
}

/** What the app asks of a journal, wherever it runs (a worker in the app, memory in tests). */
export interface JournalApi {
  /** A new game, before any of its steps. */
  start(record: SessionRecord, people?: readonly ProfileRecord[]): Promise<void>;
  /** Log entries IndexedDB has stored, with the record fields stored along with them. */
  append(sessionId: string, entries: readonly EventRecord[], record?: Partial<SessionRecord>): Promise<void>;
  /** Record fields changed on their own (status, flow, deleted). */
  update(sessionId: string, fields: Partial<SessionRecord>): Promise<void>;
  /** Replaces a game's whole journal (it was missing, unreadable or behind IndexedDB). */
  rewrite(game: JournalGame): Promise<void>;
  /**
   * The same, with the log read by the journal itself from the app's IndexedDB `database`: in the
   * app, the worker reads it, so the page does not copy a whole log into a message.
   */
  rewriteFromStore(database: string, record: SessionRecord, people: readonly ProfileRecord[]): Promise<void>;
  /** Forgets a game for good. */
  remove(sessionId: string): Promise<void>;
  /** Resolves once everything sent before is on disk. */
  flush(): Promise<void>;
  scan(): Promise<JournalSummary[]>;
  read(sessionId: string): Promise<JournalGame | undefined>;
}

interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Task =
  | { kind: 'write'; texts: Map<string, string>; waiting: Deferred[] }
  | { kind: 'op'; run: () => Promise<unknown>; waiting: Deferred[] };

export class Journal implements JournalApi {
  private tasks: Task[] = [];
  private running = false;
  /** Files known to end with a complete line, so an append never glues onto a torn one. */
  private clean = new Set<string>();
  /** Text whose write failed, written first the next time (the journal never skips a step). */
  private unwritten = new Map<string, string>();
  /** What this journal last read of each file (checked against the file before each use). */
  private folds = new Map<string, FileFold>();
  /** Where each file's summary file stops, as far as this journal knows (0: none). */
  private summarized = new Map<string, number>();
  /** Files written to since their summary file was. */
  private unsummarized = new Set<string>();
  private summaryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly files: JournalFiles,
    /** When to start writing what was queued; batching happens while a write runs. */
    private readonly schedule: (run: () => void) => void = (run) => queueMicrotask(run),
    /** How long after the last write the summary files are brought up to date (see summary.ts). */
    private readonly summaryDelay: number = SUMMARY_DELAY_MS
  ) {}

  start(record: SessionRecord, people: readonly ProfileRecord[] = []): Promise<void> {
    const name = journalFileName(record.id);
    const header = encodeHeader(record, people);
    return this.op(async () => {
      try {
        await this.forgetSummary(name);
        await this.files.write(name, header);
        await this.files.flush();
        this.clean.add(name);
        this.unwritten.delete(name);
      } catch (error) {
        // Written ahead of this game's first steps once the disk takes writes again.
        this.unwritten.set(name, header);
        this.clean.delete(name);
        throw error;
      }
    });
  }

  append(sessionId: string, entries: readonly EventRecord[], record?: Partial<SessionRecord>): Promise<void> {
    const text = encodeEntries(entries) + (record ? encodeUpdate(record) : '');
    return text ? this.write(journalFileName(sessionId), text) : Promise.resolve();
  }

  update(sessionId: string, fields: Partial<SessionRecord>): Promise<void> {
    const text = encodeUpdate(fields);
    return text ? this.write(journalFileName(sessionId), text) : Promise.resolve();
  }

  rewrite(game: JournalGame): Promise<void> {
    return this.op(() => this.writeWhole(game));
  }

  rewriteFromStore(database: string, record: SessionRecord, people: readonly ProfileRecord[]): Promise<void> {
    // Read in the op, in turn with the journal's other work: what the gate holds back (gate.ts)
    // is held until this is written.
    return this.op(async () =>
      this.writeWhole({ record, people: [...people], events: await readStoredLog(database, record.id) })
    );
  }

  private async writeWhole(game: JournalGame): Promise<void> {
    const name = journalFileName(game.record.id);
    // Removed first: a kill halfway must not leave a summary of the old file next to the new.
    await this.forgetSummary(name);
    await this.files.write(name, encodeGame(game));
    await this.files.flush();
    this.clean.add(name);
    this.unwritten.delete(name);
    this.touched(name);
  }

  remove(sessionId: string): Promise<void> {
    const name = journalFileName(sessionId);
    return this.op(async () => {
      this.unwritten.delete(name);
      this.clean.delete(name);
      await this.files.remove(name);
      await this.forgetSummary(name);
    });
  }

  /** Flushes, and brings the summary files up to date (the page is being hidden or closed). */
  flush(): Promise<void> {
    return this.op(async () => {
      await this.files.flush();
      await this.summarize();
    });
  }

  /**
   * Every journal at a glance. Each is read from where its summary file stops (see summary.ts):
   * a few hundred bytes for a journal whose summary is up to date, whatever its length.
   */
  scan(): Promise<JournalSummary[]> {
    return this.op(async () => {
      const all = await this.files.names();
      const present = new Set(all);
      const names = all.filter((name) => sessionIdOf(name) !== undefined);
      // Opened all at once: each open is a round trip to the browser, and they overlap.
      const found = await Promise.all(
        names.map(async (name) => {
          let base = this.folds.get(name);
          if (!base) {
            const text = present.has(summaryFileName(name))
              ? await this.files.read(summaryFileName(name)).catch(() => undefined)
              : undefined;
            base = decodeSummary(text);
            this.summarized.set(name, base?.bytes ?? 0);
          }
          return foldFile(this.files, name, base);
        })
      );
      const out: JournalSummary[] = [];
      for (const [i, name] of names.entries()) {
        const folded = found[i];
        // Gone since the listing: as if it was never there.
        if (!folded) continue;
        const id = sessionIdOf(name)!;
        const { fold } = folded.state;
        this.folds.set(name, folded.state);
        if (folded.state.bytes !== (this.summarized.get(name) ?? 0)) this.touched(name);
        out.push({
          id,
          readable: fold.record !== undefined && fold.record.id === id,
          head: fold.head,
          headTime: fold.headTime,
          deleted: fold.record?.deletedAt !== undefined,
          damaged: fold.damaged + (folded.torn ? 1 : 0)
        });
      }
      return out;
    });
  }

  read(sessionId: string): Promise<JournalGame | undefined> {
    return this.op(async () => {
      const text = await this.files.read(journalFileName(sessionId));
      const game = text === undefined ? undefined : decodeJournal(text).game;
      return game?.record.id === sessionId ? game : undefined;
    });
  }

  // ---- summary files (summary.ts) ---------------------------------------------------------------

  /** A file changed: its summary is written again once the journal has been quiet a moment. */
  private touched(name: string): void {
    this.unsummarized.add(name);
    if (this.summaryDelay === Infinity) return;
    clearTimeout(this.summaryTimer);
    this.summaryTimer = setTimeout(() => {
      this.summaryTimer = undefined;
      if (this.unsummarized.size) this.op(() => this.summarize()).catch(() => {});
    }, this.summaryDelay);
  }

  /** Brings the summaries of the files written since up to date (reading only what was added). */
  private async summarize(): Promise<void> {
    clearTimeout(this.summaryTimer);
    this.summaryTimer = undefined;
    const names = [...this.unsummarized];
    this.unsummarized.clear();
    let wrote = false;
    for (const name of names) {
      try {
        const folded = await foldFile(this.files, name, this.folds.get(name));
        if (!folded) continue;
        this.folds.set(name, folded.state);
        if (folded.state.bytes === this.summarized.get(name)) continue;
        const text = encodeSummary(folded.state);
        if (text === undefined) continue;
        await this.files.write(summaryFileName(name), text);
        this.summarized.set(name, folded.state.bytes);
        wrote = true;
      } catch {
        // Only a shortcut: without it the next start reads the journal whole.
      }
    }
    if (wrote) await this.files.flush();
  }

  /** Removes a file's summary, before the file is written anew or removed. */
  private async forgetSummary(name: string): Promise<void> {
    this.folds.delete(name);
    this.unsummarized.delete(name);
    await this.files.remove(summaryFileName(name));
    this.summarized.set(name, 0);
  }

  // ---- the queue ---------------------------------------------------------------------------

  /** Appends text to a file, batched with every other append queued meanwhile. */
  private write(name: string, text: string): Promise<void> {
    const last = this.tasks.at(-1);
    const task =
      last?.kind === 'write'
        ? last
        : (this.tasks[this.tasks.push({ kind: 'write', texts: new Map(), waiting: [] }) - 1] as Extract<
            Task,
            { kind: 'write' }
          >);
    task.texts.set(name, (task.texts.get(name) ?? '') + text);
    return this.wait(task) as Promise<void>;
  }

  private op<T>(run: () => Promise<T>): Promise<T> {
    const task: Task = { kind: 'op', run, waiting: [] };
    this.tasks.push(task);
    return this.wait(task) as Promise<T>;
  }

  private wait(task: Task): Promise<unknown> {
    const done = new Promise<unknown>((resolve, reject) => task.waiting.push({ resolve, reject }));
    if (!this.running) {
      this.running = true;
      this.schedule(() => void this.drain());
    }
    return done;
  }

  private async drain(): Promise<void> {
    while (this.tasks.length) {
      const task = this.tasks.shift()!;
      try {
        const value = task.kind === 'write' ? await this.writeAll(task.texts) : await task.run();
        for (const w of task.waiting) w.resolve(value);
      } catch (error) {
        for (const w of task.waiting) w.reject(error);
      }
    }
    this.running = false;
    this.files.idle?.();
  }

  private async writeAll(texts: Map<string, string>): Promise<void> {
    let failure: unknown;
    for (const [name, text] of texts) {
      const all = (this.unwritten.get(name) ?? '') + text;
      try {
        let lead = '';
        if (!this.clean.has(name)) {
          const last = await this.files.lastChar(name);
          // A line cut short by a kill stays a line of its own (skipped when read), never glued
          // to the first line written now.
          if (last !== undefined && last !== '' && last !== '\n') lead = '\n';
        }
        await this.files.append(name, lead + all);
        this.unwritten.delete(name);
        this.clean.add(name);
        this.touched(name);
      } catch (error) {
        this.unwritten.set(name, all);
        this.clean.delete(name);
        failure ??= error;
      }
    }
    await this.files.flush();
    if (failure !== undefined) throw failure;
  }
}
