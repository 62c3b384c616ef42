/**
 * "Back to here": a 'back' log entry takes the newest steps back as one action, one Undo brings
 * them all back and Redo after that takes them again, on one phone (log.ts, the Timeline, the
 * send path) and in a shared game (sync/fold.ts, convert.ts) alike.
 */
import { describe, expect, it } from 'vitest';
import type { BackRecord, EventRecord, SessionRecord, StepRecord } from '../../src/lib/db/records';
import { decodeJournal, encodeEntries, encodeHeader } from '../../src/lib/journal/format';
import { foldLog, foldWindow, logProblem } from '../../src/lib/session/log';
import { backLabel, backPlan } from '../../src/lib/session/back';
import { decide, type Intent } from '../../src/lib/session/send';
import { Timeline } from '../../src/lib/session/timeline';
import { initialState, replay, sameState } from '../../src/lib/session/replay';
import {
  convertLog,
  fold,
  newClock,
  nextEntry,
  parseEntry,
  redoTarget,
  undoTarget,
  type EntryBody,
  type SharedEntry
} from '../../src/lib/sync';
import { SharedView } from '../../src/lib/sync/view';
import { tallyLogic, tallySetup, type TallyContext } from '../fixtures/tally';

const setup = tallySetup(['Ana', 'Ben'], 1_000_000);
const add = (player: number, amount: number) => ({ type: 'ADD', player, amount });

/** A log written entry by entry: events are labelled e1, e2, … by their own seq. */
class Log {
  entries: EventRecord[] = [];
  private put(fields: Partial<EventRecord> & Pick<EventRecord, 'kind'>): this {
    const seq = this.entries.length + 1;
    this.entries.push({ sessionId: 's', seq, time: seq, label: `e${seq}`, ...fields } as EventRecord);
    return this;
  }
  event(n = 1): this {
    for (let i = 0; i < n; i++) this.put({ kind: 'event', event: add(0, 1) });
    return this;
  }
  undo(): this {
    return this.put({ kind: 'undo' });
  }
  redo(): this {
    return this.put({ kind: 'redo' });
  }
  back(steps: unknown): this {
    return this.put({ kind: 'back', steps } as Partial<BackRecord> & { kind: 'back' });
  }
}
const seqs = (records: readonly StepRecord[]) => records.map((r) => r.seq);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('the fold of a log with backs', () => {
  it('takes ten steps back as one action; one undo brings them all back, redo takes them again', () => {
    const log = new Log().event(12).back(10);
    expect(seqs(foldLog(log.entries).effective)).toEqual([1, 2]);
    expect(foldLog(log.entries).redo).toEqual([]);
    log.undo();
    expect(seqs(foldLog(log.entries).effective)).toEqual(range(1, 12));
    log.redo();
    expect(seqs(foldLog(log.entries).effective)).toEqual([1, 2]);
    // Undo after the redo reverses the back again, and a second undo then takes the 12th step.
    log.undo().undo();
    expect(seqs(foldLog(log.entries).effective)).toEqual(range(1, 11));
    log.redo().redo();
    expect(seqs(foldLog(log.entries).effective)).toEqual([1, 2]);
    expect(logProblem(log.entries)).toBeUndefined();
  });

  it('a step after a back is undone first, then the back; a back starts a new future', () => {
    // 1..5, undo 5 (redoable), back 2 (3 and 4): the undone 5 can no longer be redone.
    const log = new Log().event(5).undo().back(2);
    expect(seqs(foldLog(log.entries).effective)).toEqual([1, 2]);
    expect(foldLog(log.entries).redo).toEqual([]);
    expect(logProblem(new Log().event(5).undo().back(2).redo().entries)?.message).toBe(
      'entry 8 redoes an event, but there is nothing to redo'
    );
    log.event(); // seq 8
    expect(seqs(foldLog(log.entries).effective)).toEqual([1, 2, 8]);
    log.undo();
    expect(seqs(foldLog(log.entries).effective)).toEqual([1, 2]);
    log.undo();
    expect(seqs(foldLog(log.entries).effective)).toEqual([1, 2, 3, 4]);
    log.undo();
    expect(seqs(foldLog(log.entries).effective)).toEqual([1, 2, 3]);
    // Redo walks the same way forward: step 4, then the back, then step 8.
    log.redo();
    expect(seqs(foldLog(log.entries).effective)).toEqual([1, 2, 3, 4]);
    log.redo();
    expect(seqs(foldLog(log.entries).effective)).toEqual([1, 2]);
    log.redo();
    expect(seqs(foldLog(log.entries).effective)).toEqual([1, 2, 8]);
    expect(logProblem(log.entries)).toBeUndefined();
  });

  it('a back of a back: each undo reverses the newest', () => {
    const log = new Log().event(6).back(2).back(3);
    expect(seqs(foldLog(log.entries).effective)).toEqual([1]);
    log.undo();
    expect(seqs(foldLog(log.entries).effective)).toEqual(range(1, 4));
    log.undo();
    expect(seqs(foldLog(log.entries).effective)).toEqual(range(1, 6));
    expect(logProblem(log.entries)).toBeUndefined();
  });

  it('refuses, in plain words, a back that goes further than there are steps or says no count', () => {
    const problem = (log: Log) => logProblem(log.entries);
    expect(problem(new Log().event(10).back(12))).toEqual({
      validLength: 10,
      message: 'entry 11 goes back 12 steps, but only 10 are in effect'
    });
    expect(problem(new Log().back(1))?.message).toBe('entry 1 goes back 1 steps, but only 0 are in effect');
    expect(problem(new Log().event(3).undo().undo().back(2))?.message).toBe(
      'entry 6 goes back 2 steps, but only 1 is in effect'
    );
    for (const bad of [0, -1, 1.5, '2', undefined, null, Number.NaN, 2 ** 60]) {
      expect(problem(new Log().event(3).back(bad))).toEqual({
        validLength: 3,
        message: 'entry 4 goes back, but does not say how many steps (a whole number from 1)'
      });
    }
    // The lenient fold (a damaged log's sound beginning is shown) takes nothing back for it.
    expect(seqs(foldLog(new Log().event(3).back(7).entries).effective)).toEqual([1, 2, 3]);
    expect(seqs(foldLog(new Log().event(3).back('x').entries).effective)).toEqual([1, 2, 3]);
    const unknown = new Log().event(1);
    unknown.entries.push({ sessionId: 's', seq: 2, kind: 'jump', time: 0, label: '' } as never);
    expect(logProblem(unknown.entries)?.message).toBe('entry 2 is of a kind this app does not know');
  });

  it('folds a window that goes back within it, never past its first event', () => {
    const log = new Log().event(20).back(5).undo().back(3);
    const tail = log.entries.slice(9); // from event 10
    const whole = foldLog(log.entries);
    const window = foldWindow(tail)!;
    expect(window).toBeDefined();
    expect(seqs(window.effective)).toEqual(seqs(whole.effective).slice(9));
    // Going back to or past the window's first event needs what comes before it.
    expect(foldWindow(new Log().event(20).back(11).entries.slice(9))).toBeUndefined();
    expect(foldWindow(new Log().event(20).back(10).entries.slice(9))!.effective).toHaveLength(1);
    // An undo of a back inside the window is known there.
    const undone = foldWindow(new Log().event(20).back(10).undo().entries.slice(9))!;
    expect(seqs(undone.effective)).toEqual(range(10, 20));
  });
});

/** A Timeline driven through the send path, as the runtime drives it. */
function drive(t: Timeline<any>, intent: Intent): boolean {
  const d = decide(t, intent, { sessionId: 's', time: t.head + 1 });
  if (!d.ok) return false;
  const { entry, next } = d;
  if (entry.kind === 'event') t.appendEvent(entry, next);
  else if (entry.kind === 'undo') t.appendUndo(entry, next);
  else if (entry.kind === 'back') t.appendBack(entry, next);
  else t.appendRedo(entry, next);
  return true;
}
const scores = (t: Timeline<any>) => (t.snapshot.context as TallyContext).scores;

describe('the send path and the Timeline', () => {
  it('back to here over ten steps, one undo, one redo: each the state a replay gives', () => {
    const t = new Timeline(tallyLogic, setup, 4);
    for (let i = 1; i <= 12; i++) drive(t, { kind: 'event', event: add(i % 2, i) });
    expect(scores(t)).toEqual([42, 36]);
    const plan = backPlan(tallyLogic, t.effective, 2);
    expect(plan).toMatchObject({ steps: 10, kept: t.effective[1].label });
    expect((plan as { lines: string[] }).lines).toEqual(
      t.effective
        .slice(2)
        .map((e) => e.label)
        .reverse()
    );
    expect(drive(t, { kind: 'back', steps: 10 })).toBe(true);
    expect(t.log.at(-1)).toMatchObject({
      kind: 'back',
      steps: 10,
      label: backLabel(10, t.effective[1].label)
    });
    expect(scores(t)).toEqual([2, 1]);
    expect(drive(t, { kind: 'undo' })).toBe(true);
    expect(t.log.at(-1)!.label).toBe(`Undo: ${backLabel(10, t.effective[1].label)}`);
    expect(scores(t)).toEqual([42, 36]);
    expect(drive(t, { kind: 'redo' })).toBe(true);
    expect(scores(t)).toEqual([2, 1]);
    const replayed = replay(tallyLogic, initialState(tallyLogic, setup), [add(1, 1), add(0, 2)]);
    expect(sameState(replayed, t.snapshot)).toBe(true);
    expect(logProblem(t.log)).toBeUndefined();
  });

  it('refuses a back of nothing, of too much, and past what a window holds', () => {
    const t = new Timeline(tallyLogic, setup, 4);
    for (let i = 1; i <= 3; i++) drive(t, { kind: 'event', event: add(0, 1) });
    const no = (intent: Intent) => decide(t, intent, { sessionId: 's', time: 0 });
    expect(no({ kind: 'back', steps: 0 })).toMatchObject({ ok: false });
    expect(no({ kind: 'back', steps: 4 })).toEqual({
      ok: false,
      reason: 'The game has only 3 steps to take back, not 4.'
    });
    expect(backPlan(tallyLogic, t.effective, 3)).toEqual({
      reason: 'That is already the newest step: there is nothing to take back.'
    });
    expect(backPlan(tallyLogic, t.effective, 99)).toEqual({
      reason: 'That step is no longer in effect, so the game cannot go back to it.'
    });
    // A window onto steps 5.. of 10 holds 6 steps and can take back 5.
    const whole = new Timeline(tallyLogic, setup, 4);
    for (let i = 1; i <= 10; i++) drive(whole, { kind: 'event', event: add(0, 1) });
    const w = new Timeline(tallyLogic, setup, 4);
    const ok = w.resetWindow(whole.log.slice(4) as EventRecord[], { depth: 5, snapshot: whole.stateAt(5) });
    expect(ok).toBe(true);
    expect(w.backReach).toBe(5);
    expect(decide(w, { kind: 'back', steps: 6 }, { sessionId: 's', time: 0 })).toEqual({
      ok: false,
      reason: 'Reading earlier steps. Try Back to here again in a moment.'
    });
    expect(drive(w, { kind: 'back', steps: 5 })).toBe(true);
    expect(scores(w)).toEqual([5, 0]);
    expect(drive(w, { kind: 'undo' })).toBe(true);
    expect(scores(w)).toEqual([10, 0]);
  });
});

/** A small seeded generator: the same runs every time. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('random play with backs, undo and redo', () => {
  it('the Timeline, a refold of its log, and the shared fold of the converted log all agree', () => {
    for (let run = 0; run < 40; run++) {
      const random = seeded(run + 1);
      const t = new Timeline(tallyLogic, setup, 3);
      for (let i = 0; i < 60; i++) {
        const r = random();
        const intent: Intent =
          r < 0.45
            ? { kind: 'event', event: add(Math.floor(random() * 2), 1 + Math.floor(random() * 9)) }
            : r < 0.65
              ? { kind: 'undo' }
              : r < 0.85
                ? { kind: 'redo' }
                : { kind: 'back', steps: 1 + Math.floor(random() * Math.max(1, t.effective.length)) };
        drive(t, intent);
        const log = t.log as EventRecord[];
        expect(logProblem(log)).toBeUndefined();
        const folded = foldLog(log);
        expect(seqs(folded.effective)).toEqual(seqs(t.effective));
        const events = folded.effective.map((e) => e.event);
        expect(sameState(replay(tallyLogic, initialState(tallyLogic, setup), events), t.snapshot)).toBe(true);
        // Shared later: the same effective events, and undo and redo offered alike.
        const converted = convertLog(log, 'one');
        const shared = fold(tallyLogic, setup, converted.entries);
        expect(shared.effective).toEqual(events);
        expect(undoTarget(shared) !== undefined).toBe(t.undoNext !== undefined);
        expect(redoTarget(shared) !== undefined).toBe(t.redoNext !== undefined);
        // The shared Undo and Redo pick what the one-phone ones would (the next tap on a phone).
        for (const [kind, target] of [
          ['undo', undoTarget(shared)],
          ['redo', redoTarget(shared)]
        ] as const) {
          if (!target) continue;
          const next = nextEntry(converted.clock, { kind: 'undo', target }, 0).entry;
          const after = fold(tallyLogic, setup, [...converted.entries, next]).effective;
          const one = foldLog([...log, { sessionId: 's', seq: log.length + 1, kind, time: 0, label: '' }]);
          expect(after).toEqual(one.effective.map((e) => e.event));
        }
      }
    }
  });
});

/** A phone writing shared entries. */
function phone(device: string) {
  let clock = newClock(device);
  return (body: EntryBody): SharedEntry => {
    const made = nextEntry(clock, body, 0);
    clock = made.clock;
    return made.entry;
  };
}

describe('a back in a shared game', () => {
  it('cancels the events it names; undo of it revives them; redo takes them again', () => {
    const a = phone('a');
    const events = Array.from({ length: 12 }, (_, i) => a({ kind: 'event', event: add(0, i + 1) }));
    const back = a({ kind: 'back', targets: events.slice(2).map((e) => e.id) });
    const total = (entries: SharedEntry[]) =>
      (fold(tallyLogic, setup, entries).snapshot.context as TallyContext).scores[0];
    expect(total([...events, back])).toBe(3);
    const f = fold(tallyLogic, setup, [...events, back]);
    expect(undoTarget(f)).toEqual(back.id);
    expect(redoTarget(f)).toBeUndefined();
    const undo = a({ kind: 'undo', target: back.id });
    expect(total([...events, back, undo])).toBe(78);
    expect(redoTarget(fold(tallyLogic, setup, [...events, back, undo]))).toEqual(undo.id);
    const redo = a({ kind: 'undo', target: undo.id });
    expect(total([...events, back, undo, redo])).toBe(3);
    // The view names it for the Undo button, and both phones' views agree in any order.
    const before = new SharedView(tallyLogic, setup, 's', events);
    expect(before.backTargets(10)).toEqual(events.slice(2).map((e) => e.id));
    expect(before.backTargets(13)).toBeUndefined();
    const view = new SharedView(tallyLogic, setup, 's', [back, ...events]);
    expect(view.undoLabel).toBe(backLabel(10, view.records[1].label));
    const undone = new SharedView(tallyLogic, setup, 's', [undo, back, ...events]);
    expect(undone.redoLabel).toBe(backLabel(10, undone.records[1].label));
  });

  it('a back naming a tap that has not arrived, or something that is not a tap, changes nothing', () => {
    const a = phone('a');
    const e1 = a({ kind: 'event', event: add(0, 1) });
    const e2 = a({ kind: 'event', event: add(0, 2) });
    const missing = a({ kind: 'back', targets: [e2.id, { device: 'b', counter: 9 }] });
    const f = fold(tallyLogic, setup, [e1, e2, missing]);
    expect(f.effective).toHaveLength(2);
    expect(f.outcomes[2]).toEqual({
      status: 'not-applied',
      reason: 'The tap it undoes has not reached this phone yet.'
    });
    const u = a({ kind: 'undo', target: e2.id });
    const odd = a({ kind: 'back', targets: [u.id] });
    const g = fold(tallyLogic, setup, [e1, e2, u, odd]);
    expect(g.effective).toHaveLength(1);
    expect(g.outcomes[3]).toEqual({
      status: 'not-applied',
      reason: 'It goes back over something that is not a tap, so it changed nothing.'
    });
  });

  it('reads only well-formed backs from another phone', () => {
    const base = { id: { device: 'a', counter: 3 }, lamport: 3, time: 0, kind: 'back' };
    const target = { device: 'a', counter: 1 };
    expect(parseEntry({ ...base, targets: [target] })).toMatchObject({ kind: 'back', targets: [target] });
    for (const targets of [[], undefined, 'x', [{ device: '', counter: 1 }], [{ device: 'a', counter: 0 }]]) {
      expect(parseEntry({ ...base, targets })).toBeUndefined();
    }
  });

  it('a one-phone log with a back, shared later, folds the same', () => {
    // The third undo reverses the back: all twelve are in effect again.
    const log = new Log().event(12).back(10).undo().redo().event(2).undo().undo().undo();
    const entries: EventRecord[] = log.entries.map((e) =>
      e.kind === 'event' ? { ...e, event: add(0, e.seq) } : e
    );
    const effective = foldLog(entries).effective.map((e) => e.event);
    const converted = convertLog(entries, 'one').entries;
    expect(converted.filter((e) => e.kind === 'back')).toHaveLength(1);
    expect(fold(tallyLogic, setup, converted).effective).toEqual(effective);
    expect(effective).toHaveLength(12);
  });
});

describe('a back in the recovery journal', () => {
  it('is written and read back with its count; a line with a bad count is damaged, not a crash', () => {
    const log = new Log().event(3).back(2).undo();
    const record = {
      id: 's',
      game: 'tally',
      setup,
      created: 0,
      updated: 0,
      status: 'active',
      summary: '',
      head: log.entries.length
    } as unknown as SessionRecord;
    const text = encodeHeader(record) + encodeEntries(log.entries);
    const read = decodeJournal(text);
    expect(read.damaged).toBe(0);
    expect(read.game!.events).toEqual(log.entries);
    const spoiled = text.replace('"steps":2', '"steps":"two"');
    expect(spoiled).not.toBe(text);
    const bad = decodeJournal(spoiled);
    expect(bad.damaged).toBe(1);
    // The entries after the damaged line wait for it: the game is whole up to step 3.
    expect(bad.game!.events).toHaveLength(3);
  });
});
