/**
 * The journal's files in the Origin Private File System, seen from its worker. Appends go through
 * `FileSystemSyncAccessHandle` (worker-only): a write at the end of the file and a flush, whatever
 * the file's length (`createWritable` would copy the whole file for every write).
 *
 * A sync access handle locks its file against every other tab. So the handles are opened under
 * one Web Lock and let go when the journal has been idle a moment, or at once when another tab
 * is waiting for them.
 */
import { JOURNAL_DIRECTORY } from '../db/names';
import { cutRanges, type ByteRange, type FileParts, type JournalFiles } from './files';

/** The sync access handle's methods (TypeScript's DOM library lacks them: they are worker-only). */
interface SyncHandle {
  read(buffer: Uint8Array, options?: { at?: number }): number;
  write(buffer: Uint8Array, options?: { at?: number }): number;
  truncate(size: number): void;
  getSize(): number;
  flush(): void;
  close(): void;
}
type SyncFileHandle = FileSystemFileHandle & { createSyncAccessHandle(): Promise<SyncHandle> };

export { JOURNAL_DIRECTORY };
const LOCK = 'tableside-journal';
/** Handles are kept this long after the last write, so a game's taps do not reopen them. */
const IDLE_MS = 1500;
/** How often to try for a file another tab still holds (only without Web Locks). */
const BUSY_TRIES = 40;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isNotFound = (e: unknown) => (e as { name?: string })?.name === 'NotFoundError';
/**
 * What a handle says once its file or folder is gone: Chromium deletes the whole origin's storage,
 * the journal's folder with it, when a full disk fails a write (docs/architecture.md, "A full
 * phone"), and the handles this object kept point at nothing from then on.
 */
const isGone = (e: unknown) => isNotFound(e) || (e as { name?: string })?.name === 'InvalidStateError';

/** True when this context can keep a journal: OPFS with sync access handles (a worker). */
export function opfsUsable(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.storage?.getDirectory === 'function' &&
    typeof FileSystemFileHandle !== 'undefined' &&
    'createSyncAccessHandle' in FileSystemFileHandle.prototype
  );
}

export class OpfsFiles implements JournalFiles {
  private handles = new Map<string, SyncHandle>();
  /** File handles met while listing the directory: asking for each again costs a round trip. */
  private files = new Map<string, FileSystemFileHandle>();
  private dirty = new Set<string>();
  private holding: Promise<void> | undefined;
  private release: (() => void) | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every use, so letting go never happens in the middle of one. */
  private uses = 0;

  private constructor(private dir: FileSystemDirectoryHandle) {}

  static async open(): Promise<OpfsFiles> {
    return new OpfsFiles(await OpfsFiles.folder());
  }

  private static async folder(): Promise<FileSystemDirectoryHandle> {
    const root = await navigator.storage.getDirectory();
    return root.getDirectoryHandle(JOURNAL_DIRECTORY, { create: true });
  }

  /**
   * The folder made again and every kept handle dropped: the browser deleted the folder under the
   * open journal. Without this, every later write (the write-back after a full disk included)
   * would fail on the dead handles for as long as the page stays open.
   */
  private async reopen(): Promise<void> {
    for (const handle of this.handles.values())
      try {
        handle.close();
      } catch {
        // Already dead with its file.
      }
    this.handles.clear();
    this.files.clear();
    this.dirty.clear();
    this.dir = await OpfsFiles.folder();
  }

  async names(): Promise<string[]> {
    const out: string[] = [];
    const entries = (
      this.dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }
    ).entries();
    for await (const [name, handle] of entries) {
      if (handle.kind !== 'file') continue;
      out.push(name);
      this.files.set(name, handle as FileSystemFileHandle);
    }
    return out;
  }

  async read(name: string): Promise<string | undefined> {
    const open = this.handles.get(name);
    if (open) return decoder.decode(readAll(open));
    // Through a sync access handle (under the lock, so no other tab is halfway through a write):
    // measured, `getFile().text()` costs several milliseconds a file, which the start-up check
    // would pay for every game.
    const handle = await this.existing(name);
    if (!handle) return undefined;
    const text = decoder.decode(readAll(handle));
    this.letGoIfOnlyRead(name, handle);
    return text;
  }

  async readRanges(name: string, ranges: readonly ByteRange[]): Promise<FileParts | undefined> {
    const open = this.handles.get(name);
    const handle = open ?? (await this.existing(name));
    if (!handle) return undefined;
    const size = handle.getSize();
    const parts = cutRanges(size, ranges, (at, into) => void handle.read(into, { at }));
    if (!open) this.letGoIfOnlyRead(name, handle);
    return { size, parts };
  }

  async lastChar(name: string): Promise<string | undefined> {
    const handle = await this.existing(name);
    if (!handle) return undefined;
    const size = handle.getSize();
    if (size === 0) return '';
    const byte = new Uint8Array(1);
    handle.read(byte, { at: size - 1 });
    return byte[0] === 0x0a ? '\n' : String.fromCharCode(byte[0]);
  }

  append(name: string, text: string): Promise<void> {
    return this.put(name, text, false);
  }

  write(name: string, text: string): Promise<void> {
    return this.put(name, text, true);
  }

  async remove(name: string): Promise<void> {
    await this.hold();
    this.handles.get(name)?.close();
    this.handles.delete(name);
    this.files.delete(name);
    this.dirty.delete(name);
    try {
      await this.dir.removeEntry(name);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async flush(): Promise<void> {
    for (const name of this.dirty) this.handles.get(name)?.flush();
    this.dirty.clear();
  }

  idle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.letGo(), IDLE_MS);
    // Another tab waiting for the journal gets it now rather than after the pause.
    const uses = this.uses;
    void navigator.locks
      ?.query()
      .then((state) => {
        if (this.uses === uses && state.pending?.some((lock) => lock.name === LOCK)) this.letGo();
      })
      .catch(() => {});
  }

  private letGo(): void {
    clearTimeout(this.idleTimer);
    for (const [name, handle] of this.handles) {
      if (this.dirty.has(name)) handle.flush();
      handle.close();
    }
    this.handles.clear();
    this.dirty.clear();
    this.release?.();
    this.release = undefined;
    this.holding = undefined;
  }

  /** Takes the journal's Web Lock (once, however many files are opened at the same time). */
  private hold(): Promise<void> {
    this.uses++;
    clearTimeout(this.idleTimer);
    if (typeof navigator.locks?.request !== 'function') return Promise.resolve();
    this.holding ??= new Promise<void>((acquired) => {
      void navigator.locks.request(
        LOCK,
        () =>
          new Promise<void>((release) => {
            this.release = release;
            acquired();
          })
      );
    });
    return this.holding;
  }

  /** Writes `text` at the file's end, or as its whole content when `replace`. */
  private async put(name: string, text: string, replace: boolean): Promise<void> {
    try {
      await this.putOnce(name, text, replace);
    } catch (error) {
      if (!isGone(error)) throw error;
      // The folder went (with the rest of the origin's storage): write into a new one. An append
      // then starts a file with no header, which reading skips; the write-back after a full disk
      // rewrites the whole game (runtime.ts), which is what brings the journal back whole.
      await this.reopen();
      await this.putOnce(name, text, replace);
    }
  }

  private async putOnce(name: string, text: string, replace: boolean): Promise<void> {
    const handle = await this.access(name, true);
    const bytes = encoder.encode(text);
    if (replace) handle.truncate(0);
    const written = handle.write(bytes, { at: replace ? 0 : handle.getSize() });
    this.dirty.add(name);
    if (written < bytes.length) {
      throw Object.assign(new Error('the disk took only part of the write'), { name: 'QuotaExceededError' });
    }
  }

  /** The file's handle, as `access` opens it; undefined when there is no such file. */
  private async existing(name: string): Promise<SyncHandle | undefined> {
    try {
      return await this.access(name, false);
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /** A file only read is let go at once, rather than holding a handle per game until idle. */
  private letGoIfOnlyRead(name: string, handle: SyncHandle): void {
    if (this.dirty.has(name)) return;
    handle.close();
    this.handles.delete(name);
  }

  private async access(name: string, create: boolean): Promise<SyncHandle> {
    this.uses++;
    clearTimeout(this.idleTimer);
    const open = this.handles.get(name);
    if (open) return open;
    await this.hold();
    let known = this.files.get(name);
    if (!known) {
      known = await this.dir.getFileHandle(name, { create });
      this.files.set(name, known);
    }
    const file = known as SyncFileHandle;
    for (let attempt = 1; ; attempt++) {
      try {
        const handle = await file.createSyncAccessHandle();
        this.handles.set(name, handle);
        return handle;
      } catch (error) {
        // Another tab has the file open (a browser without Web Locks): wait for it, a while.
        if ((error as { name?: string })?.name !== 'NoModificationAllowedError' || attempt >= BUSY_TRIES)
          throw error;
        await sleep(25 * attempt);
      }
    }
  }
}

function readAll(handle: SyncHandle): Uint8Array {
  const buffer = new Uint8Array(handle.getSize());
  handle.read(buffer, { at: 0 });
  return buffer;
}
