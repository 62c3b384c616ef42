import { describe, expect, it } from 'vitest';
import type { EventRecord, GameEvent } from '../../src/lib/db/records';
import { foldLog, logProblem } from '../../src/lib/session/log';
import { initialState, replay, sameState } from '../../src/lib/session/replay';
import { convertLog, fold, nextEntry } from '../../src/lib/sync';
import { longLogs as syncGames } from '../fixtures/long-logs';

/**
 * A single-phone log of the bench events with undo and redo mixed in as people use them:
 * two undos and two redos, an undo and the same tap again, undo-redo twice. Each pattern leaves
 * the effective events as they were, so the log stays one the machine accepts throughout.
 */
function singlePhoneLog(events: GameEvent[]): EventRecord[] {
  const log: EventRecord[] = [];
  const put = (kind: EventRecord['kind'], event?: GameEvent) =>
    log.push({
      sessionId: 's',
      seq: log.length + 1,
      kind,
      event,
      time: 1000 + log.length,
      label: ''
    } as EventRecord);
  events.forEach((event, i) => {
    put('event', event);
    if (i % 50 === 7) ['undo', 'undo', 'redo', 'redo'].forEach((k) => put(k as EventRecord['kind']));
    if (i % 77 === 9) {
      put('undo');
      put('event', event);
    }
    if (i % 131 === 3) ['undo', 'redo', 'undo', 'redo'].forEach((k) => put(k as EventRecord['kind']));
  });
  return log;
}

describe('a game saved on one phone, shared later', () => {
  for (const game of syncGames()) {
    it(`${game.name}: folds to the same state as its single-phone log`, () => {
      expect(sameState(initialState(game.logic, game.setup), game.start)).toBe(true);
      const log = singlePhoneLog(game.events);
      expect(logProblem(log)).toBeUndefined();
      const effective = foldLog(log).effective.map((r) => r.event);
      const { entries, clock } = convertLog(log, 'phone-one');
      expect(entries).toHaveLength(log.length);
      const f = fold(game.logic, game.setup, entries);
      expect(f.effective).toEqual(effective);
      expect(f.outcomes.some((o) => o.status === 'not-applied')).toBe(false);
      expect(sameState(f.snapshot, replay(game.logic, game.start, effective))).toBe(true);
      // The phone's next tap continues its own counter and sorts after everything.
      const next = nextEntry(clock, { kind: 'event', event: { type: 'X' } }).entry;
      expect(next.id.counter).toBe(log.length + 1);
      expect(next.lamport).toBe(log.length + 1);
    }, 60_000);
  }

  it('leaves out undo and redo entries that point at nothing', () => {
    const log: EventRecord[] = [
      { sessionId: 's', seq: 1, kind: 'undo', time: 0, label: '' },
      {
        sessionId: 's',
        seq: 2,
        kind: 'event',
        event: { type: 'ADD', player: 0, amount: 1 },
        time: 0,
        label: ''
      },
      { sessionId: 's', seq: 3, kind: 'redo', time: 0, label: '' }
    ];
    const { entries } = convertLog(log, 'd');
    expect(entries.map((e) => e.kind)).toEqual(['event']);
  });
});
