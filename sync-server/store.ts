/**
 * The sync server's disk (the default store of one instance): per room, the hash of its key and
 * its Yjs updates. The format is the one the server before Hocuspocus (#35) wrote, so its rooms
 * open as they are.
 *
 *   <dir>/<room>.key   "sha256:<hex>\n", written by the room's first connection, never changed
 *   <dir>/<room>.yjs   frames of [4-byte big-endian length][Yjs update], appended as they arrive
 *
 * Appending is synchronous, so an update is on disk (in the OS's cache: a killed server loses
 * nothing, a power cut may lose the last moments) before the next message is read. Loading
 * merges all frames; a frame cut short by a crash is dropped. The file is rewritten as one frame
 * (to a temporary file, then renamed, so a crash mid-way leaves the old one) when a room is
 * loaded or emptied, and after many appends, so it never grows without bound. A room is touched
 * (its files' times) whenever a phone is let in or sends something: what the idle sweep reads.
 *
 * A full disk costs no room: a key is written to a temporary file and linked into place whole
 * (a key file is never left empty), an append that fails is cut back off the file (so no half
 * frame sits before the next), and until a write succeeds again `healthy` says what is wrong.
 * A key file left empty by an older version counts as no key yet: the room's next key is kept.
 */
import {
  accessSync,
  appendFileSync,
  constants,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync
} from 'node:fs';
import { createHash, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import * as Y from 'yjs';
import { ROOM_NAME } from '../src/lib/sync/protocol';
import type { Admission, Rooms } from './rooms';

/** Appends between rewrites: a long evening's taps stay one small file. */
const COMPACT_AFTER = 2000;

const frame = (update: Uint8Array) => {
  const out = Buffer.alloc(4 + update.length);
  out.writeUInt32BE(update.length, 0);
  out.set(update, 4);
  return out;
};

const hashOf = (key: string) => `sha256:${createHash('sha256').update(key, 'utf8').digest('hex')}\n`;
const A_HASH = /^sha256:[0-9a-f]{64}\n$/;

export class RoomStore implements Rooms {
  private appended = new Map<string, number>();
  /** The last write that failed, until one succeeds. */
  private failing: string | undefined;
  private temporaries = 0;

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  private path(room: string, ext: 'key' | 'yjs'): string {
    // Room names reach the disk, so only the app's own kind (URL-safe base64) ever does.
    if (!ROOM_NAME.test(room)) throw new Error(`not a room name: ${room}`);
    return join(this.dir, `${room}.${ext}`);
  }

  /**
   * True when the key opens the room. The first key a room sees is the room's key from then on:
   * its hash goes to disk (never the key), and every later connection must bring the same one.
   */
  admits(room: string, key: string): boolean {
    return this.admit(room, key, true) !== 'wrong';
  }

  get where(): string {
    return this.dir;
  }

  admit(room: string, key: string, mayOpen: boolean): Admission {
    const file = this.path(room, 'key');
    const hash = hashOf(key);
    if (mayOpen) {
      const temporary = `${file}.${process.pid}-${this.temporaries++}.tmp`;
      try {
        this.written(() => writeFileSync(temporary, hash));
        // A link fails when the key exists, as an exclusive create would, and puts the whole
        // key there at once.
        linkSync(temporary, file);
        return 'new';
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      } finally {
        rmSync(temporary, { force: true });
      }
    } else if (!existsSync(file)) return 'unknown';
    const text = readFileSync(file, 'utf8');
    if (!A_HASH.test(text)) {
      if (!mayOpen) return 'unknown';
      this.written(() => {
        writeFileSync(`${file}.tmp`, hash);
        renameSync(`${file}.tmp`, file);
      });
      return 'new';
    }
    const stored = Buffer.from(text);
    const given = Buffer.from(hash);
    if (stored.length !== given.length || !timingSafeEqual(stored, given)) return 'wrong';
    const now = new Date();
    utimesSync(file, now, now);
    return 'ok';
  }

  /** Every room kept here. */
  rooms(): string[] {
    return readdirSync(this.dir)
      .filter((name) => name.endsWith('.key'))
      .map((name) => name.slice(0, -4))
      .filter((room) => ROOM_NAME.test(room));
  }

  /** The stored hash of the room's key, as `sha256:<hex>`. */
  keyHash(room: string): string {
    return readFileSync(this.path(room, 'key'), 'utf8').trim();
  }

  idleSince(before: number): string[] {
    const idle: string[] = [];
    for (const room of this.rooms()) {
      const times = (['key', 'yjs'] as const)
        .map((ext) => this.path(room, ext))
        .filter((file) => existsSync(file))
        .map((file) => statSync(file).mtimeMs);
      if (Math.max(...times) < before) idle.push(room);
    }
    return idle;
  }

  remove(room: string): void {
    rmSync(this.path(room, 'yjs'), { force: true });
    rmSync(this.path(room, 'key'), { force: true });
    this.appended.delete(room);
  }

  healthy(): string | undefined {
    if (this.failing) return this.failing;
    try {
      accessSync(this.dir, constants.W_OK);
      return undefined;
    } catch {
      return `cannot write to ${this.dir}`;
    }
  }

  /** Runs a write, remembering whether the disk took it (what `healthy` reports). */
  private written<T>(write: () => T): T {
    try {
      const done = write();
      this.failing = undefined;
      return done;
    } catch (error) {
      this.failing = `cannot write to ${this.dir}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
      throw error;
    }
  }

  compact(room: string, state: Uint8Array): void {
    this.rewrite(room, state);
  }

  close(): void {}

  /**
   * Everything the room holds, as one update; undefined for a room never written. `compact`
   * false only reads (a look at a room the server has open).
   */
  load(room: string, compact = true): Uint8Array | undefined {
    const file = this.path(room, 'yjs');
    if (!existsSync(file)) return undefined;
    const bytes = readFileSync(file);
    const updates: Uint8Array[] = [];
    let at = 0;
    while (at + 4 <= bytes.length) {
      const length = bytes.readUInt32BE(at);
      if (at + 4 + length > bytes.length) break; // cut short by a crash mid-append
      updates.push(bytes.subarray(at + 4, at + 4 + length));
      at += 4 + length;
    }
    if (updates.length === 0) return undefined;
    const merged = updates.length === 1 ? updates[0] : Y.mergeUpdates(updates);
    if (compact && (updates.length > 1 || at !== bytes.length)) {
      try {
        this.rewrite(room, merged);
      } catch {
        // A full disk: the frames stay as they are, and the room opens all the same.
      }
    }
    return merged;
  }

  append(room: string, update: Uint8Array, state: () => Uint8Array): void {
    const file = this.path(room, 'yjs');
    const before = existsSync(file) ? statSync(file).size : 0;
    try {
      this.written(() => appendFileSync(file, frame(update)));
    } catch (error) {
      // What part of the frame went in comes off again, or the next frame would be read as its end.
      try {
        truncateSync(file, before);
      } catch {
        // Nothing more to do: load() drops a last frame cut short.
      }
      throw error;
    }
    const count = (this.appended.get(room) ?? 0) + 1;
    this.appended.set(room, count);
    if (count >= COMPACT_AFTER) this.rewrite(room, state());
  }

  /** Replaces the room's file with one frame holding `state` (the whole document). */
  rewrite(room: string, state: Uint8Array): void {
    const file = this.path(room, 'yjs');
    try {
      this.written(() => {
        writeFileSync(`${file}.tmp`, frame(state));
        renameSync(`${file}.tmp`, file);
      });
    } catch (error) {
      rmSync(`${file}.tmp`, { force: true });
      throw error;
    }
    this.appended.set(room, 0);
  }
}
