import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  appendEntry,
  encodeDoc,
  entryCount,
  mergeDoc,
  newClock,
  nextEntry,
  observeEntries,
  readEntries,
  readMeta,
  writeMeta,
  type Clock,
  type SharedEntry,
  type SharedGameMeta
} from '../../src/lib/sync';
import { tallySetup } from '../fixtures/tally';

function writer(device: string) {
  const doc = new Y.Doc();
  let clock: Clock = newClock(device);
  const tap = (amount: number): SharedEntry => {
    const made = nextEntry(clock, { kind: 'event', event: { type: 'ADD', player: 0, amount } }, 0);
    clock = made.clock;
    appendEntry(doc, made.entry);
    return made.entry;
  };
  return { doc, tap };
}

const keys = (doc: Y.Doc) => readEntries(doc).map((e) => `${e.lamport}:${e.id.device}:${e.id.counter}`);

describe('the shared Y.Doc', () => {
  it('reads entries back in the shared order, as plain JSON', () => {
    const a = writer('a');
    const b = writer('b');
    const mine = [a.tap(1), a.tap(2)];
    const theirs = [b.tap(3)];
    mergeDoc(a.doc, encodeDoc(b.doc));
    expect(readEntries(a.doc)).toEqual([mine[0], theirs[0], mine[1]]);
  });

  it('refuses to write an entry id twice', () => {
    const a = writer('a');
    const entry = a.tap(1);
    expect(() => appendEntry(a.doc, entry)).toThrow(/already/);
    expect(entryCount(a.doc)).toBe(1);
  });

  it('leaves out values that are not entries, or sit under another entry’s key', () => {
    const a = writer('a');
    const entry = a.tap(1);
    a.doc.getMap('entries').set('x:1', { nonsense: true });
    a.doc.getMap('entries').set('b:1', { ...entry });
    expect(readEntries(a.doc)).toEqual([entry]);
  });

  it('tells local appends from merged ones', () => {
    const a = writer('a');
    const b = writer('b');
    const seen: [number, boolean][] = [];
    const stop = observeEntries(a.doc, (added, local) => seen.push([added.length, local]));
    a.tap(1);
    b.tap(2);
    b.tap(3);
    mergeDoc(a.doc, encodeDoc(b.doc));
    mergeDoc(a.doc, encodeDoc(b.doc)); // nothing new: no call
    stop();
    a.tap(4);
    expect(seen).toEqual([
      [1, true],
      [2, false]
    ]);
  });

  it('writes the setup once', () => {
    const a = writer('a');
    const meta: SharedGameMeta = { game: 'tally', setup: { ...tallySetup() }, created: 5, format: 1 };
    expect(writeMeta(a.doc, meta)).toEqual(meta);
    expect(writeMeta(a.doc, { ...meta, game: 'other' }).game).toBe('tally');
    const b = new Y.Doc();
    expect(readMeta(b)).toBeUndefined();
    mergeDoc(b, encodeDoc(a.doc));
    expect(readMeta(b)).toEqual(meta);
  });

  it('"Send this game": a file merged twice, or files in either order, ends the same', () => {
    const a = writer('a');
    const b = writer('b');
    const c = writer('c');
    for (let i = 0; i < 5; i++) {
      a.tap(i);
      b.tap(i);
      c.tap(i);
    }
    const fromA = encodeDoc(a.doc);
    const fromB = encodeDoc(b.doc);
    mergeDoc(c.doc, fromA);
    mergeDoc(c.doc, fromA);
    mergeDoc(c.doc, fromB);
    const other = new Y.Doc();
    mergeDoc(other, fromB);
    mergeDoc(other, encodeDoc(c.doc));
    mergeDoc(other, fromA);
    mergeDoc(other, fromB);
    expect(entryCount(c.doc)).toBe(15);
    expect(keys(other)).toEqual(keys(c.doc));
    expect(readEntries(other)).toEqual(readEntries(c.doc));
    // And the documents themselves agree, not only what we read from them.
    expect(Y.encodeStateVector(other)).toEqual(Y.encodeStateVector(c.doc));
  });
});
