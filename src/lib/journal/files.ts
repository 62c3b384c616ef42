/**
 * The few file operations the journal needs. In the app they are the Origin Private File System
 * seen from a worker (opfs.ts); in tests, `MemoryFiles` below.
 */
export interface JournalFiles {
  /** Every file's name. */
  names(): Promise<string[]>;
  /** A file's whole text, or undefined when there is no such file. */
  read(name: string): Promise<string | undefined>;
  /**
   * Parts of a file as bytes, with its size, from one opening: each range [at, end) is clipped
   * to the file (no end: to the end of the file). Undefined when there is no such file.
   */
  readRanges(name: string, ranges: readonly ByteRange[]): Promise<FileParts | undefined>;
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

/** Bytes [at, end) of a file; without an end, to the end of the file. */
export type ByteRange = readonly [at: number, end?: number];

export interface FileParts {
  size: number;
  parts: Uint8Array[];
}

/** The parts of a file's bytes a read asked for (see `JournalFiles.readRanges`). */
export function cutRanges(
  size: number,
  ranges: readonly ByteRange[],
  read: (at: number, into: Uint8Array) => void
): Uint8Array[] {
  return ranges.map(([at, end]) => {
    const from = Math.min(Math.max(0, at), size);
    const to = Math.max(from, Math.min(end ?? size, size));
    const part = new Uint8Array(to - from);
    if (part.length) read(from, part);
    return part;
  });
}

const encoder = new TextEncoder();

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
  /** Bytes read so far (the start-up check must not read whole journals). */
  bytesRead = 0;

  async names(): Promise<string[]> {
    return [...this.files.keys()];
  }

  async read(name: string): Promise<string | undefined> {
    const text = this.files.get(name);
    if (text !== undefined) this.bytesRead += encoder.encode(text).length;
    return text;
  }

  async readRanges(name: string, ranges: readonly ByteRange[]): Promise<FileParts | undefined> {
    const text = this.files.get(name);
    if (text === undefined) return undefined;
    const bytes = encoder.encode(text);
    const parts = cutRanges(bytes.length, ranges, (at, into) =>
      into.set(bytes.subarray(at, at + into.length))
    );
    for (const part of parts) this.bytesRead += part.length;
    return { size: bytes.length, parts };
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
