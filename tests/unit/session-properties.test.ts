/**
 * Property-based checks of the session runtime on the fixture game: any mix of events (accepted
 * or refused), undo, redo and reopening never breaks "replay equals live state" and never loses
 * a committed log entry.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SessionRuntime, readLog } from '../../src/lib/session/runtime';
import { initialState, replay, storeState } from '../../src/lib/session/replay';
import { tallyLogic, tallySetup, type TallyEvent } from '../fixtures/tally';
import { freshDb, reopen } from './helpers';

type Command = { kind: 'send'; event: TallyEvent } | { kind: 'undo' } | { kind: 'redo' } | { kind: 'reopen' };

const event: fc.Arbitrary<TallyEvent> = fc.oneof(
  fc.record({
    type: fc.constant('ADD' as const),
    player: fc.integer({ min: -1, max: 2 }),
    amount: fc.oneof(fc.integer({ min: -6, max: 9 }), fc.constant(0.5))
  }),
  fc.record({
    type: fc.constant('ROLL' as const),
    player: fc.integer({ min: 0, max: 1 }),
    value: fc.integer({ min: 0, max: 7 })
  }),
  fc.constant({ type: 'BONUS_DONE' as const }),
  fc.constant({ type: 'NEXT_ROUND' as const }),
  fc.constant({ type: 'FINISH' as const })
);

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 6, arbitrary: event.map((e) => ({ kind: 'send' as const, event: e })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'undo' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'redo' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reopen' as const }) }
);

describe('session runtime properties', () => {
  it('replay equals live state and no committed entry is lost, whatever happens', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 6 }),
        async (commands, snapshotEvery) => {
          const db = freshDb();
          let rt = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup(['A', 'B'], 40), {
            snapshotEvery
          });
          let committed = 0;
          // An independent model of what undo and redo mean.
          const model = { effective: [] as TallyEvent[], redo: [] as TallyEvent[] };
          for (const c of commands) {
            if (c.kind === 'reopen') {
              await rt.saved();
              const fresh = await SessionRuntime.open(reopen(db), tallyLogic, rt.session.id, {
                snapshotEvery
              });
              expect(storeState(fresh.snapshot)).toEqual(storeState(rt.snapshot));
              expect(fresh.history).toEqual(rt.history);
              expect(fresh.canRedo).toBe(rt.canRedo);
              rt = fresh;
              continue;
            }
            const before = storeState(rt.snapshot);
            const result = c.kind === 'send' ? rt.send(c.event) : c.kind === 'undo' ? rt.undo() : rt.redo();
            if (c.kind === 'undo') expect(result.ok).toBe(model.effective.length > 0);
            if (c.kind === 'redo') expect(result.ok).toBe(model.redo.length > 0);
            if (result.ok) {
              committed++;
              if (c.kind === 'send') {
                model.effective.push(c.event);
                model.redo = [];
              }
              if (c.kind === 'undo') model.redo.push(model.effective.pop()!);
              if (c.kind === 'redo') model.effective.push(model.redo.pop()!);
            } else {
              expect(result.reason.length).toBeGreaterThan(0);
              expect(storeState(rt.snapshot)).toEqual(before);
            }
            expect(rt.events).toEqual(model.effective);
            // Replay of the effective events equals the live state.
            const replayed = replay(tallyLogic, initialState(tallyLogic, rt.setup), rt.events);
            expect(storeState(replayed)).toEqual(storeState(rt.snapshot));
            // Scores never go negative (the machine's own invariant).
            expect((rt.snapshot.context as { scores: number[] }).scores.every((s) => s >= 0)).toBe(true);
          }
          // Every accepted entry is in storage once written, in order, and nothing else is.
          await rt.saved();
          const stored = await readLog(db, rt.session.id);
          expect(stored).toHaveLength(committed);
          expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i + 1));
          expect(stored).toEqual(rt.log);
          db.close();
        }
      ),
      { numRuns: 150 }
    );
  }, 60_000);
});
