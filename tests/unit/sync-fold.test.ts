import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/lib/db/records';
import { initialState, replay, sameState } from '../../src/lib/session/replay';
import {
  compareEntries,
  fold,
  newClock,
  newDeviceId,
  newRoomKey,
  nextEntry,
  parseEntry,
  redoTarget,
  refold,
  seeEntries,
  undoTarget,
  type Clock,
  type EntryBody,
  type EntryId,
  type SharedEntry
} from '../../src/lib/sync';
import { tallyLogic, tallySetup, type TallyContext } from '../fixtures/tally';
import { titansDuelSetup, titansGuidedTurn } from '../fixtures/long-logs';
import { titansLogic } from '../../src/lib/games/titans/logic';

/** A phone in a test: its clock, and what it writes. */
class Phone {
  clock: Clock;
  constructor(device: string) {
    this.clock = newClock(device);
  }
  write(body: EntryBody): SharedEntry {
    const made = nextEntry(this.clock, body, 0);
    this.clock = made.clock;
    return made.entry;
  }
  tap(event: GameEvent): SharedEntry {
    return this.write({ kind: 'event', event });
  }
  undo(target: EntryId): SharedEntry {
    return this.write({ kind: 'undo', target });
  }
  see(entries: SharedEntry[]): this {
    this.clock = seeEntries(this.clock, entries);
    return this;
  }
}

const setup = tallySetup(['Ana', 'Ben'], 100);
const scores = (entries: SharedEntry[]) =>
  (fold(tallyLogic, setup, entries).snapshot.context as TallyContext).scores;
const add = (player: number, amount: number) => ({ type: 'ADD', player, amount });

describe('identity and order', () => {
  it('sorts by lamport, then device, then counter, whatever order the entries come in', () => {
    const a = new Phone('a');
    const b = new Phone('b');
    const a1 = a.tap(add(0, 1));
    const b1 = b.tap(add(1, 1));
    const a2 = a.tap(add(0, 1));
    const b2 = b.see([a1, a2]).tap(add(1, 1));
    expect([a1.lamport, b1.lamport, a2.lamport, b2.lamport]).toEqual([1, 1, 2, 3]);
    const order = [b2, a2, b1, a1].sort(compareEntries);
    expect(order).toEqual([a1, b1, a2, b2]);
    // Code-unit order, never the locale's: 'B' < 'a'.
    expect(
      [new Phone('a').tap(add(0, 1)), new Phone('B').tap(add(0, 1))].sort(compareEntries)[0].id.device
    ).toBe('B');
  });

  it('counts each device from 1, and a lamport above everything seen', () => {
    const a = new Phone('a');
    const seen = new Phone('z');
    const far = [seen.tap(add(0, 1)), seen.tap(add(0, 1)), seen.tap(add(0, 1))];
    const first = a.tap(add(0, 1));
    const next = a.see(far).tap(add(0, 1));
    expect(first.id).toEqual({ device: 'a', counter: 1 });
    expect(next.id).toEqual({ device: 'a', counter: 2 });
    expect(next.lamport).toBe(4);
  });

  it('makes random URL-safe ids of at least 128 bits', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newRoomKey()));
    expect(ids.size).toBe(200);
    for (const id of [...ids, newDeviceId()]) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('checks entries that come from other phones', () => {
    const good = new Phone('a').tap(add(0, 1));
    expect(parseEntry(JSON.parse(JSON.stringify(good)))).toEqual(good);
    expect(parseEntry({ ...good, lamport: 0 })).toBeUndefined();
    expect(parseEntry({ ...good, kind: 'redo' })).toBeUndefined();
    expect(parseEntry({ ...good, event: { player: 1 } })).toBeUndefined();
    expect(parseEntry({ ...good, kind: 'undo', target: { device: 'a' } })).toBeUndefined();
    expect(parseEntry(null)).toBeUndefined();
  });
});

describe('fold', () => {
  it('keeps the later of two identical taps as not applied, with a plain reason', () => {
    const a = new Phone('a');
    const b = new Phone('b');
    // Both phones see the round's scores and tap "Next round" at the same moment.
    const start = [a.tap(add(0, 3))];
    b.see(start);
    const fromA = a.tap({ type: 'NEXT_ROUND' });
    const fromB = b.tap({ type: 'NEXT_ROUND' });
    const f = fold(tallyLogic, setup, [fromB, ...start, fromA]);
    expect(f.entries).toEqual([start[0], fromA, fromB]);
    expect(f.outcomes[1]).toEqual({ status: 'applied' });
    expect(f.outcomes[2]).toEqual({ status: 'not-applied', reason: 'That is not possible during “Bonus”.' });
    expect(f.effective).toEqual([add(0, 3), { type: 'NEXT_ROUND' }]);
    expect(f.snapshot.value).toEqual({ round: 'bonus' });
  });

  it('two phones resolving the same Titans battle: the second is refused by the machine', () => {
    const s = titansDuelSetup();
    const a = new Phone('a');
    const b = new Phone('b');
    const turn = titansGuidedTurn(4).slice(0, -2); // up to RESOLVE_BATTLE
    const played = turn.slice(0, -1).map((e) => a.tap(e));
    b.see(played);
    const both = [a.tap({ type: 'RESOLVE_BATTLE' }), b.tap({ type: 'RESOLVE_BATTLE' })];
    const f = fold(titansLogic, s, [...played, ...both]);
    const outcomes = f.outcomes.slice(-2);
    expect(outcomes[0].status).toBe('applied');
    expect(outcomes[1].status).toBe('not-applied');
    expect(outcomes[1].status === 'not-applied' && outcomes[1].reason.length).toBeGreaterThan(5);
    expect(sameState(f.snapshot, replay(titansLogic, initialState(titansLogic, s), turn))).toBe(true);
  });

  it('an undo naming an entry in the middle cancels just that one', () => {
    const a = new Phone('a');
    const entries = [a.tap(add(0, 1)), a.tap(add(0, 10)), a.tap(add(1, 100))];
    const undo = a.undo(entries[1].id);
    const f = fold(tallyLogic, setup, [...entries, undo]);
    expect(scores(f.entries as SharedEntry[])).toEqual([1, 100]);
    expect(f.outcomes).toEqual([
      { status: 'applied' },
      { status: 'undone', by: undo.id },
      { status: 'applied' },
      { status: 'applied' }
    ]);
  });

  it('redo is an undo of the undo, and undo after redo works again', () => {
    const a = new Phone('a');
    const tap = a.tap(add(0, 5));
    const undo = a.undo(tap.id);
    expect(scores([tap, undo])).toEqual([0, 0]);
    const redo = a.undo(undo.id);
    const f = fold(tallyLogic, setup, [tap, undo, redo]);
    expect(scores([tap, undo, redo])).toEqual([5, 0]);
    expect(f.outcomes[1]).toEqual({ status: 'undone', by: redo.id });
    expect(undoTarget(f)).toEqual(tap.id);
    const again = a.undo(tap.id);
    expect(scores([tap, undo, redo, again])).toEqual([0, 0]);
  });

  it('undo and redo targets follow a redo stack', () => {
    const a = new Phone('a');
    const e1 = a.tap(add(0, 1));
    const e2 = a.tap(add(0, 2));
    const u2 = a.undo(e2.id);
    const u1 = a.undo(e1.id);
    let f = fold(tallyLogic, setup, [e1, e2, u2, u1]);
    expect(undoTarget(f)).toBeUndefined();
    expect(redoTarget(f)).toEqual(u1.id);
    const r1 = a.undo(u1.id);
    f = refold(f, [r1]);
    expect(redoTarget(f)).toEqual(u2.id);
    expect(undoTarget(f)).toEqual(e1.id);
    // A new tap starts a new future: nothing to redo.
    f = refold(f, [a.tap(add(1, 1))]);
    expect(redoTarget(f)).toBeUndefined();
  });

  it('an undo of an entry that was not applied cancels it and changes nothing else', () => {
    const a = new Phone('a');
    const b = new Phone('b');
    const start = [a.tap(add(0, 3))];
    b.see(start);
    const fromA = a.tap({ type: 'NEXT_ROUND' });
    const fromB = b.tap({ type: 'NEXT_ROUND' }); // refused once both are merged
    const undoB = b.undo(fromB.id); // B saw its own tap applied, and took it back
    const f = fold(tallyLogic, setup, [...start, fromA, fromB, undoB]);
    expect(f.outcomes.map((o) => o.status)).toEqual(['applied', 'applied', 'undone', 'applied']);
    expect(f.snapshot.value).toEqual({ round: 'bonus' });
  });

  it('an undo whose target has not arrived cancels nothing until it does', () => {
    const a = new Phone('a');
    const b = new Phone('b');
    const tap = a.tap(add(0, 7));
    const undo = b.see([tap]).undo(tap.id);
    const early = fold(tallyLogic, setup, [undo]);
    expect(early.outcomes[0].status).toBe('not-applied');
    const later = refold(early, [tap]);
    expect(later.outcomes.map((o) => o.status)).toEqual(['undone', 'applied']);
    expect(sameState(later.snapshot, fold(tallyLogic, setup, [tap, undo]).snapshot)).toBe(true);
  });

  it('refold gives what a fresh fold gives, for late entries anywhere in a long log', () => {
    const a = new Phone('a');
    const b = new Phone('b');
    const mine: SharedEntry[] = [];
    for (let i = 0; i < 700; i++) mine.push(a.tap(add(i % 2, 1)));
    // B was offline from the start, and comes back with taps and an undo of its own.
    const theirs = [b.tap(add(0, 50)), b.tap(add(1, 2))];
    theirs.push(b.undo(theirs[1].id));
    let f = fold(tallyLogic, setup, mine.slice(0, 512));
    f = refold(f, mine.slice(512));
    f = refold(f, theirs);
    const fresh = fold(tallyLogic, setup, [...mine, ...theirs]);
    expect(f.entries).toEqual(fresh.entries);
    expect(f.outcomes).toEqual(fresh.outcomes);
    expect(f.effective).toEqual(fresh.effective);
    expect(sameState(f.snapshot, fresh.snapshot)).toBe(true);
    expect(refold(f, theirs)).toBe(f); // nothing new
  });
});
