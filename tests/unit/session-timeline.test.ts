/** The in-memory log: appending, undo and redo, rollback of entries that failed to store. */
import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../../src/lib/db/records';
import { Timeline } from '../../src/lib/session/timeline';
import { initialState, replay, sameState, step } from '../../src/lib/session/replay';
import { tallyLogic, tallySetup, type TallyContext, type TallyEvent } from '../fixtures/tally';

const setup = tallySetup();
const scores = (t: Timeline<any>) => (t.snapshot.context as TallyContext).scores;

function add(t: Timeline<any>, event: TallyEvent) {
  const next = step(tallyLogic, t.snapshot, event)!;
  const entry: EventRecord = { sessionId: 's', seq: t.head + 1, kind: 'event', event, time: 0, label: '' };
  t.appendEvent(entry, next);
}
const undo = (t: Timeline<any>) =>
  t.appendUndo({ sessionId: 's', seq: t.head + 1, kind: 'undo', time: 0, label: '' }, t.stateBeforeLast());

describe('timeline', () => {
  it('follows appended events, undo and redo like a replay of its log', () => {
    const t = new Timeline(tallyLogic, setup, 2);
    for (let i = 0; i < 5; i++) add(t, { type: 'ADD', player: i % 2, amount: i + 1 });
    expect(scores(t)).toEqual([9, 6]);
    undo(t);
    undo(t);
    expect(scores(t)).toEqual([4, 2]);
    const redoNext = step(tallyLogic, t.snapshot, t.redoStack.at(-1)!.event)!;
    t.appendRedo({ sessionId: 's', seq: t.head + 1, kind: 'redo', time: 0, label: '' }, redoNext);
    expect(scores(t)).toEqual([4, 6]);
    const replayed = replay(
      tallyLogic,
      initialState(tallyLogic, setup),
      t.effective.map((e) => e.event)
    );
    expect(sameState(replayed, t.snapshot)).toBe(true);
    expect(t.head).toBe(8);
  });

  it('an undo straight after a tap or a redo gives back the very state shown before it', () => {
    const t = new Timeline(tallyLogic, setup, 50);
    add(t, { type: 'ADD', player: 0, amount: 1 });
    add(t, { type: 'ADD', player: 1, amount: 2 });
    const shown = t.snapshot;
    add(t, { type: 'ADD', player: 0, amount: 4 });
    // The same object: nothing was replayed from the checkpoint at 0.
    expect(t.stateBeforeLast()).toBe(shown);
    undo(t);
    expect(t.snapshot).toBe(shown);
    const redoNext = step(tallyLogic, t.snapshot, t.redoStack.at(-1)!.event)!;
    t.appendRedo({ sessionId: 's', seq: t.head + 1, kind: 'redo', time: 0, label: '' }, redoNext);
    expect(t.stateBeforeLast()).toBe(shown);
    // A second undo in a row goes further back, by replay.
    undo(t);
    expect(scores(t)).toEqual([1, 2]);
    undo(t);
    expect(scores(t)).toEqual([1, 0]);
  });

  it('never takes a state kept before a reload for the one after it, though the numbers match', () => {
    const t = new Timeline(tallyLogic, setup, 50);
    add(t, { type: 'ADD', player: 0, amount: 1 });
    add(t, { type: 'ADD', player: 0, amount: 2 });
    add(t, { type: 'ADD', player: 0, amount: 4 });
    // Another tab wrote a different step 2 and 3: the log is read again.
    const entry = (seq: number, amount: number): EventRecord => ({
      sessionId: 's',
      seq,
      kind: 'event',
      event: { type: 'ADD', player: 1, amount },
      time: 0,
      label: ''
    });
    t.reset([t.log[0], entry(2, 10), entry(3, 20)]);
    expect((t.stateBeforeLast().context as TallyContext).scores).toEqual([1, 10]);
  });

  it('rolls back entries that failed to store, and their checkpoints with them', () => {
    const t = new Timeline(tallyLogic, setup, 2);
    add(t, { type: 'ADD', player: 0, amount: 1 });
    add(t, { type: 'ADD', player: 0, amount: 2 });
    add(t, { type: 'ADD', player: 1, amount: 4 });
    add(t, { type: 'ADD', player: 1, amount: 8 }); // a checkpoint at depth 4
    t.rollback(2);
    expect(scores(t)).toEqual([3, 0]);
    expect(t.head).toBe(2);
    // New entries reuse the numbers 3 and 4; an old checkpoint must not pass for theirs.
    add(t, { type: 'ADD', player: 1, amount: 1 });
    add(t, { type: 'ADD', player: 1, amount: 1 });
    undo(t);
    expect(scores(t)).toEqual([3, 1]);
  });

  it('shows a log it cannot fully replay as it was just before the refused step', () => {
    const t = new Timeline(tallyLogic, setup, 50);
    const entries: EventRecord[] = [
      {
        sessionId: 's',
        seq: 1,
        kind: 'event',
        event: { type: 'ADD', player: 0, amount: 2 },
        time: 0,
        label: 'a'
      },
      {
        sessionId: 's',
        seq: 2,
        kind: 'event',
        event: { type: 'ADD', player: 0, amount: -9 },
        time: 0,
        label: 'b'
      }
    ];
    expect(() => t.reset(entries)).toThrow(/not accepted/);
    expect(scores(t)).toEqual([2, 0]);
  });
});
