/**
 * The fast replay walk against xstate's own transition(). Beyond these cases, the unit tests'
 * setup turns on `crossCheck`, so every step and replay in every unit test is taken both ways.
 */
import { describe, expect, it, vi } from 'vitest';
import { assign, setup, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { compileMachine, whyNotCompiled } from '../../src/lib/session/fast-replay';
import {
  crossCheck,
  initialState,
  replay,
  ReplayError,
  replaySlowly,
  step,
  stepSlowly,
  storeState
} from '../../src/lib/session/replay';
import { stepMeta } from '../../src/lib/session/send';
import type { GameLogic } from '../../src/lib/session/types';
import type { GameEvent } from '../../src/lib/db/records';
import { stableJson } from '../../src/lib/util/json';
import { longLogs } from '../fixtures/long-logs';
import { titansLogic } from '../../src/lib/games/titans/logic';
import { titansSetup } from '../fixtures/titans';

const form = (s: AnyMachineSnapshot) => stableJson(storeState(s));

/** Both ways: the end state, or the index of the refused event and the state before it. */
function bothWays(logic: GameLogic<any>, start: AnyMachineSnapshot, events: GameEvent[]) {
  const run = (walk: typeof replay) => {
    try {
      return { end: form(walk(logic, start, events)) };
    } catch (error) {
      if (!(error instanceof ReplayError)) throw error;
      return { refused: error.index, before: form(error.lastGood) };
    }
  };
  // Compared here once, at the end, not at every step as the setup's cross-check does.
  const was = crossCheck.on;
  crossCheck.on = false;
  try {
    return { fast: run(replay), xstate: run(replaySlowly) };
  } finally {
    crossCheck.on = was;
  }
}

/** A GameLogic around a bare machine, enough for replay. */
function logicOf(machine: AnyStateMachine): GameLogic<any> {
  return { machine, input: () => ({}) } as unknown as GameLogic<any>;
}

const startOf = (machine: AnyStateMachine) => initialState(logicOf(machine), {} as never);

describe('fast replay', () => {
  it('compiles every game machine (and the test fixture)', () => {
    for (const log of longLogs()) expect(whyNotCompiled(log.logic.machine), log.name).toBeUndefined();
  });

  it('ends each 10,000-event log where xstate ends it', () => {
    for (const log of longLogs()) {
      const { fast, xstate } = bothWays(log.logic, log.start, log.events);
      expect(fast.refused, `${log.name} refused an event`).toBeUndefined();
      expect(fast, log.name).toEqual(xstate);
    }
  }, 60_000);

  it('views read like real snapshots: the same history lines, turns, summaries and steps for every game', () => {
    for (const log of longLogs()) {
      const fast = compileMachine(log.logic.machine)!;
      let real = log.start;
      let state = fast.fromSnapshot(real)!;
      for (const [i, event] of log.events.slice(0, 600).entries()) {
        const nextReal = stepSlowly(log.logic, real, event);
        const next = fast.step(state, event);
        expect(next === undefined, `${log.name} ${event.type}`).toBe(nextReal === undefined);
        if (!nextReal || !next || next === 'xstate') continue;
        const [before, after] = [fast.view(state), fast.view(next)];
        const read = (b: AnyMachineSnapshot, a: AnyMachineSnapshot) => [
          log.logic.describe(event, b, a, log.setup),
          log.logic.period(b, log.setup),
          i % 10 ? '' : log.logic.summarize(a, log.setup),
          stepMeta(log.logic, a, log.setup)
        ];
        expect(read(before, after), `${log.name} ${event.type}`).toEqual(read(real, nextReal));
        // A view read back is the state it shows, and given to xstate it steps as the real one.
        expect(fast.fromSnapshot(after)).toBe(next);
        expect(form(stepSlowly(log.logic, after, event) ?? after)).toEqual(
          form(stepSlowly(log.logic, nextReal, event) ?? nextReal)
        );
        [real, state] = [nextReal, next];
      }
    }
  }, 60_000);

  it('steps a tap through the compiled machine, never through xstate, for every game', () => {
    const was = crossCheck.on;
    crossCheck.on = false; // the setup's cross-check would take each step through xstate too
    try {
      for (const log of longLogs()) {
        const transition = vi.spyOn(log.logic.machine, 'transition');
        let snapshot = log.start;
        for (const event of log.events.slice(0, 200)) snapshot = step(log.logic, snapshot, event) ?? snapshot;
        expect(transition, log.name).not.toHaveBeenCalled();
        transition.mockRestore();
        // What it ends in is xstate's end, meta included.
        const slow = replaySlowly(log.logic, log.start, log.events.slice(0, 200));
        expect(form(snapshot), log.name).toEqual(form(slow));
        expect(snapshot.getMeta(), log.name).toEqual(slow.getMeta());
      }
    } finally {
      crossCheck.on = was;
    }
  });

  it('refuses the same event as xstate, with the same state before it', () => {
    const setup = titansSetup('duel');
    const start = initialState(titansLogic, setup);
    const events: GameEvent[] = [
      { type: 'POWER', arena: 0, side: 0, power: 4 },
      { type: 'POWER', arena: 0, side: 1, power: 2 },
      { type: 'RESOLVE_BATTLE' },
      { type: 'POWER', arena: 0, side: 3, power: 2 }
    ];
    const { fast, xstate } = bothWays(titansLogic, start, events);
    expect(fast.refused).toBe(3);
    expect(fast).toEqual(xstate);
  });

  const counter = setup({
    types: { context: {} as { n: number }, events: {} as { type: string; by?: number } },
    guards: { small: ({ context }) => context.n < 3, boom: () => JSON.parse('{') as boolean }
  }).createMachine({
    id: 'counter',
    context: { n: 0 },
    output: ({ context }) => ({ total: context.n }),
    initial: 'counting',
    states: {
      counting: {
        initial: 'low',
        on: {
          // Taken from any child: an ancestor's transition, tried after the child's own.
          ADD: { actions: assign({ n: ({ context, event }) => context.n + (event.by ?? 1) }) },
          NOTHING: {},
          STAY: { target: '.low' },
          FUSE: { guard: 'boom', target: 'done' }
        },
        states: {
          low: {
            always: { guard: ({ context }) => context.n >= 3, target: 'high' },
            on: { ADD: { guard: 'small', actions: assign({ n: ({ context }) => context.n + 10 }) } }
          },
          high: { on: { END: '#counter.done' } }
        }
      },
      done: { type: 'final' }
    }
  });

  it('follows xstate on ancestors, always, targetless and self-targeting moves, and the end', () => {
    expect(whyNotCompiled(counter)).toBeUndefined();
    const start = startOf(counter);
    const logic = logicOf(counter);
    const logs: GameEvent[][] = [
      [{ type: 'ADD' }], // the child's own ADD (+10), then always to high
      [{ type: 'ADD' }, { type: 'ADD', by: 2 }, { type: 'END' }], // the ancestor's ADD, then the end
      [{ type: 'NOTHING' }], // targetless and without actions: xstate hands back the same snapshot
      [{ type: 'STAY' }], // a move onto the same state, no actions: refused the same way
      [{ type: 'ADD' }, { type: 'END' }, { type: 'ADD' }], // nothing after the end
      [{ type: 'UNKNOWN' }],
      [{ type: 'xstate.stop' }, { type: 'ADD' }] // xstate's own event, taken by xstate
    ];
    for (const events of logs) {
      const { fast, xstate } = bothWays(logic, start, events);
      expect(fast, JSON.stringify(events)).toEqual(xstate);
    }
    const end = replay(logic, start, [{ type: 'ADD' }, { type: 'END' }]);
    expect(end.status).toBe('done');
    expect(end.output).toEqual({ total: 10 });
    expect(bothWays(logic, start, [{ type: 'NOTHING' }]).fast.refused).toBe(0);
  });

  it('words a guard that throws as xstate does', () => {
    const start = startOf(counter);
    const message = (walk: typeof replay) => {
      try {
        walk(logicOf(counter), start, [{ type: 'FUSE' }]);
      } catch (error) {
        return (error as Error).message.split('\n')[0];
      }
    };
    expect(message(replay)).toBe(
      "Unable to evaluate guard 'boom' in transition for event 'FUSE' in state node 'counter.counting':"
    );
    expect(message(replay)).toBe(message(replaySlowly));
  });

  it('leaves machines with more than the subset to xstate, with the same results', () => {
    const withEntry = setup({ types: { context: {} as { n: number } } }).createMachine({
      context: { n: 0 },
      initial: 'a',
      states: {
        a: { on: { GO: 'b' } },
        b: { entry: assign({ n: ({ context }) => context.n + 1 }), on: { GO: 'a' } }
      }
    });
    const parallel = setup({}).createMachine({
      type: 'parallel',
      states: { x: { on: { GO: {} } }, y: {} }
    });
    expect(whyNotCompiled(withEntry)).toMatch(/entry or exit/);
    expect(whyNotCompiled(parallel)).toMatch(/parallel/);
    expect(compileMachine(withEntry)).toBeUndefined();
    const events = [{ type: 'GO' }, { type: 'GO' }, { type: 'GO' }];
    const end = replay(logicOf(withEntry), startOf(withEntry), events);
    expect(end.context).toEqual({ n: 2 });
    expect(end.value).toBe('b');
  });
});
