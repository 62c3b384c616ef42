/**
 * The few file operations the journal needs. In the app they are the Origin Private File System
 * seen from a worker (opfs.ts); in tests, `MemoryFiles` below.
 */
export interface JournalFiles {
  /** Every file's name. */
  names(): Promise<string[]>;
  /** A file's whole text, or undefined when there is no such file. */
  read(name: string): Promise<string | undefined>;
  /** The file's last character ('' for an empty file, undefined when there is no such file). */
  lastChar(name: string): Promise<string | undefined>;
  /** Adds text at the end, creating the file when needed. */
  append(name: string, text: string): Promise<void>;
  /** Replaces a file's whole content, creating it when needed. */
  write(name: string, text: string): Promise<void>;
  remove(name: string): Promise<void>;
  /** Makes everything written so far survive a kill or a power cut. */
  flush(): Promise<void>;
  /** Nothing more to do for now: the files may be let go (other tabs can write them then). */
  idle?(): void;
}

/** Files in memory: what the journal's logic is tested on. `cut` simulates a kill mid-write. */
export class MemoryFiles implements JournalFiles {
  readonly files = new Map<string, string>();
  /** Text appended but not flushed, per file: lost by `crash()`. */
  private unflushed = new Map<string, number>();
  /** When set, the next append stores only this many characters of its text, then fails. */
  cut: number | undefined;
  /** When set, every write fails with this error (a full disk). */
  failWith: Error | undefined;
  flushes = 0;

  async names(): Promise<string[]> {
    return [...this.files.keys()];
  }

  async read(name: string): Promise<string | undefined> {
    return this.files.get(name);
  }

  async lastChar(name: string): Promise<string | undefined> {
    const text = this.files.get(name);
    return text === undefined ? undefined : text.slice(-1);
  }

  async append(name: string, text: string): Promise<void> {
    if (this.failWith) throw this.failWith;
    const before = this.files.get(name) ?? '';
    if (this.cut !== undefined) {
      const kept = text.slice(0, this.cut);
      this.cut = undefined;
      this.files.set(name, before + kept);
      throw Object.assign(new Error('killed in the middle of a write'), { name: 'AbortError' });
    }
    this.files.set(name, before + text);
    this.unflushed.set(name, (this.unflushed.get(name) ?? 0) + text.length);
  }

  async write(name: string, text: string): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.files.set(name, text);
    this.unflushed.delete(name);
  }

  async remove(name: string): Promise<void> {
    this.files.delete(name);
    this.unflushed.delete(name);
  }

  async flush(): Promise<void> {
    this.flushes++;
    this.unflushed.clear();
  }

  /** What a kill leaves: every file as of its last flush. */
  crash(): void {
    for (const [name, count] of this.unflushed) {
      const text = this.files.get(name) ?? '';
      this.files.set(name, text.slice(0, text.length - count));
    }
    this.unflushed.clear();
  }
}
