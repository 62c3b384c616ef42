import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as Y from 'yjs';
import { RoomStore } from '../../sync-server/store';
import { appendEntry, entryCount, mergeDoc, newClock, newRoomKey, nextEntry } from '../../src/lib/sync';

let dir: string;
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'tableside-store-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A doc and the updates its taps made, one per tap, as the server receives them. */
function taps(count: number) {
  const doc = new Y.Doc();
  const updates: Uint8Array[] = [];
  doc.on('update', (u: Uint8Array) => updates.push(u));
  let clock = newClock('d');
  for (let i = 0; i < count; i++) {
    const made = nextEntry(clock, { kind: 'event', event: { type: 'N' } }, 0);
    clock = made.clock;
    appendEntry(doc, made.entry);
  }
  return { doc, updates };
}

const loaded = (store: RoomStore, room: string) => {
  const doc = new Y.Doc();
  const saved = store.load(room);
  if (saved) mergeDoc(doc, saved);
  return entryCount(doc);
};

describe('the sync server’s room files', () => {
  it('the first key opens the room from then on; only its hash is kept', () => {
    const store = new RoomStore(dir);
    const key = newRoomKey();
    expect(store.admits('room1', key)).toBe(true);
    expect(store.admits('room1', key)).toBe(true);
    expect(store.admits('room1', newRoomKey())).toBe(false);
    expect(new RoomStore(dir).admits('room1', key)).toBe(true); // after a restart too
    const file = readFileSync(join(dir, 'room1.key'), 'utf8');
    expect(file).toMatch(/^sha256:[0-9a-f]{64}\n$/);
    expect(file).not.toContain(key);
  });

  it('refuses room names that are not the app’s', () => {
    const store = new RoomStore(dir);
    for (const room of ['../x', 'a/b', '', 'x'.repeat(65), 'a b']) {
      expect(() => store.admits(room, newRoomKey())).toThrow(/not a room/);
    }
  });

  it('appends updates, merges them on load into one frame, and drops a frame cut short', () => {
    const store = new RoomStore(dir);
    const { updates } = taps(30);
    for (const u of updates) store.append('room1', u, () => new Uint8Array());
    const file = join(dir, 'room1.yjs');
    appendFileSync(file, Buffer.from([0, 0, 1, 0, 1, 2, 3])); // a crash mid-append
    const before = statSync(file).size;
    expect(loaded(store, 'room1')).toBe(30);
    expect(statSync(file).size).toBeLessThan(before); // rewritten as one frame
    expect(loaded(new RoomStore(dir), 'room1')).toBe(30);
    expect(store.load('nothing-here')).toBeUndefined();
  });
});
