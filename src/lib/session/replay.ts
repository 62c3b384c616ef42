/**
 * Pure replay: from a setup and a list of events to a machine snapshot. No storage, no clock.
 */
import { createActor, type AnyActorScope, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import type { BaseSetup, GameEvent, StoredState } from '../db/records';
import type { GameLogic } from './types';
import { stableJson } from '../util/json';
import { compileMachine, realSnapshot, type FastState } from './fast-replay';

export function initialState<S extends BaseSetup>(logic: GameLogic<S>, setup: S): AnyMachineSnapshot {
  // Through the same inert scope as step(): xstate's initialTransition() builds a whole actor for
  // each call (about 1 ms), which the stats page would pay once per finished game.
  return logic.machine.getInitialSnapshot(scopeFor(logic.machine), logic.input(setup)) as AnyMachineSnapshot;
}

/**
 * One inert actor scope per machine, reused for every step. xstate's `transition()` builds a new
 * actor for each call, which made replay cost ~50 µs an event; our machines only assign (no
 * children, no side effects), so one scope that runs nothing is enough and pure.
 */
const scopes = new WeakMap<AnyStateMachine, AnyActorScope>();

function scopeFor(machine: AnyStateMachine): AnyActorScope {
  let scope = scopes.get(machine);
  if (!scope) {
    const self = createActor(machine);
    scope = {
      self,
      id: '',
      sessionId: '',
      system: self.system,
      logger: () => {},
      defer: () => {},
      emit: () => {},
      stopChild: () => {},
      actionExecutor: () => {}
    } as AnyActorScope;
    scopes.set(machine, scope);
  }
  return scope;
}

/**
 * The next state, or undefined when the machine refuses the event in this state. A machine that
 * fast-replay compiles is stepped by it, and the new state is a view (`CompiledMachine.view`):
 * a tap's step then costs a few guards and assigns instead of xstate's whole `transition()`, and
 * the screen reads the view without a real snapshot ever being built.
 */
export function step(
  logic: GameLogic<any>,
  snapshot: AnyMachineSnapshot,
  event: GameEvent
): AnyMachineSnapshot | undefined {
  if (snapshot.status !== 'active') return undefined;
  if (typeof event?.type !== 'string') return undefined;
  const fast = stepFast(logic, snapshot, event);
  if (fast === NOT_COMPILED) return stepSlowly(logic, snapshot, event);
  if (crossCheck.on) checkStep(logic, snapshot, event, fast);
  return fast;
}

const NOT_COMPILED = Symbol('not compiled');

/**
 * Whether the state has any transition for this event type, guarded or not (its own or an
 * enclosing state's): when the machine refuses, false means "not in this step" and true means a
 * guard said no. Read from the fast replay's table; xstate's state nodes say the same (checked in
 * the unit tests).
 */
export function takesEvent(logic: GameLogic<any>, snapshot: AnyMachineSnapshot, type: string): boolean {
  if (snapshot.status !== 'active') return false;
  const fast = compileMachine(logic.machine);
  const state = fast?.fromSnapshot(snapshot);
  const quick = state ? fast!.takes(state, type) : undefined;
  if (quick !== undefined && !crossCheck.on) return quick;
  const slow = stateNodesTake(logic.machine, snapshot.value, type);
  if (quick !== undefined && quick !== slow) {
    throw new Error(
      `Fast replay disagrees with xstate on whether ${stableJson(snapshot.value)} takes “${type}”`
    );
  }
  return slow;
}

function stateNodesTake(machine: AnyStateMachine, value: unknown, type: string): boolean {
  let node = machine.root as unknown as {
    states: Record<string, unknown>;
    transitions: Map<string, unknown>;
  };
  let at = value;
  const chain = [node];
  while (at !== undefined) {
    const name = typeof at === 'string' ? at : Object.keys(at as object)[0];
    if (name === undefined) break;
    node = node.states[name] as typeof node;
    chain.push(node);
    at = typeof at === 'string' ? undefined : (at as Record<string, unknown>)[name];
  }
  return chain.some((n) => n.transitions.has(type));
}

function stepFast(
  logic: GameLogic<any>,
  snapshot: AnyMachineSnapshot,
  event: GameEvent
): AnyMachineSnapshot | undefined | typeof NOT_COMPILED {
  const fast = compileMachine(logic.machine);
  const state = fast?.fromSnapshot(snapshot);
  if (!fast || !state) return NOT_COMPILED;
  const next = fast.step(state, event);
  if (next === 'xstate') return NOT_COMPILED;
  return next && fast.view(next);
}

/** One step through xstate's own `transition()`: the reference the fast walk follows. */
export function stepSlowly(
  logic: GameLogic<any>,
  snapshot: AnyMachineSnapshot,
  event: GameEvent
): AnyMachineSnapshot | undefined {
  // A view made for reading (fast-replay's `view`) is never handed to xstate itself.
  const real = realSnapshot(snapshot);
  // xstate hands back the very same snapshot when no transition is enabled for the event, so
  // that is the refusal; asking `snapshot.can(event)` first would select the transitions twice.
  const next = logic.machine.transition(real, event, scopeFor(logic.machine)) as AnyMachineSnapshot;
  return next === real ? undefined : next;
}

/**
 * Turned on by the unit tests' setup: every step the fast walk takes is then also taken through
 * xstate, and every replay too, and the two must agree, so the whole suite's games (worked
 * examples, property tests) check `fast-replay.ts` against xstate. Off in the app.
 */
export const crossCheck = { on: false };

function same(a: AnyMachineSnapshot, b: AnyMachineSnapshot): boolean {
  const form = (s: AnyMachineSnapshot) => stableJson([s.value, s.context, s.status, s.output]);
  return form(a) === form(b);
}

/** The same keys in the same order, each with the very same value (a state node's own meta). */
function sameEntries(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const x = Object.entries(a);
  const y = Object.entries(b);
  return x.length === y.length && x.every(([k, v], i) => y[i][0] === k && y[i][1] === v);
}

/** The fast walk's step against xstate's own: the same state (meta included), or both refuse. */
function checkStep(
  logic: GameLogic<any>,
  snapshot: AnyMachineSnapshot,
  event: GameEvent,
  got: AnyMachineSnapshot | undefined
): void {
  const expected = stepSlowly(logic, snapshot, event);
  const agree =
    got && expected
      ? same(got, expected) && sameEntries(got.getMeta(), expected.getMeta())
      : got === expected; // both refuse
  if (!agree) {
    throw new Error(
      `Fast replay disagrees with xstate on “${event.type}” in ${stableJson(snapshot.value)}: ` +
        `xstate ${expected ? stableJson(expected.value) : 'refuses'}, fast ${got ? stableJson(got.value) : 'refuses'}`
    );
  }
}

export class ReplayError extends Error {
  constructor(
    /** Index in the effective event list of the event the machine refused. */
    readonly index: number,
    readonly event: GameEvent,
    /** The state just before the refused event: the last state that is known good. */
    readonly lastGood: AnyMachineSnapshot
  ) {
    super(`Event ${index + 1} (“${event?.type}”) is not accepted by this version of the game.`);
    this.name = 'ReplayError';
  }
}

export function replay(
  logic: GameLogic<any>,
  start: AnyMachineSnapshot,
  events: readonly GameEvent[],
  offset = 0
): AnyMachineSnapshot {
  if (!crossCheck.on) return replayFast(logic, start, events, offset);
  const outcome = (run: () => AnyMachineSnapshot) => {
    try {
      return run();
    } catch (error) {
      if (error instanceof ReplayError) return error;
      throw error;
    }
  };
  const fast = outcome(() => replayFast(logic, start, events, offset));
  crossCheck.on = false; // the slow walk's own steps need no second check
  try {
    const slow = outcome(() => replaySlowly(logic, start, events, offset));
    const agree =
      fast instanceof ReplayError
        ? slow instanceof ReplayError && slow.index === fast.index && same(slow.lastGood, fast.lastGood)
        : !(slow instanceof ReplayError) && same(slow, fast);
    if (!agree) throw new Error(`Fast replay of ${events.length} events disagrees with xstate's`);
  } finally {
    crossCheck.on = true;
  }
  if (fast instanceof ReplayError) throw fast;
  return fast;
}

function replayFast(
  logic: GameLogic<any>,
  start: AnyMachineSnapshot,
  events: readonly GameEvent[],
  offset: number
): AnyMachineSnapshot {
  if (events.length === 0) return start;
  const fast = compileMachine(logic.machine);
  const first = fast?.fromSnapshot(start);
  if (!fast || !first) return replaySlowly(logic, start, events, offset);
  let state: FastState = first;
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    const next: FastState | undefined | 'xstate' =
      typeof event?.type === 'string' ? fast.step(state, event) : undefined;
    if (next === 'xstate') {
      // One of xstate's own events: xstate takes it, and the fast walk goes on from its result.
      const snapshot = step(logic, fast.toSnapshot(state), event);
      const back = snapshot && fast.fromSnapshot(snapshot);
      if (!snapshot) throw new ReplayError(offset + i, event, fast.toSnapshot(state));
      if (!back) return replaySlowly(logic, snapshot, events.slice(i + 1), offset + i + 1);
      state = back;
    } else if (next === undefined) throw new ReplayError(offset + i, event, fast.toSnapshot(state));
    else state = next;
  }
  return fast.toSnapshot(state);
}

/** Replay through xstate's own `transition()`, event by event: the reference the fast walk follows. */
export function replaySlowly(
  logic: GameLogic<any>,
  start: AnyMachineSnapshot,
  events: readonly GameEvent[],
  offset = 0
): AnyMachineSnapshot {
  let snapshot = start;
  for (let i = 0; i < events.length; i++) {
    const next = step(logic, snapshot, events[i]);
    if (!next) throw new ReplayError(offset + i, events[i], snapshot);
    snapshot = next;
  }
  return snapshot;
}

export function storeState(snapshot: AnyMachineSnapshot): StoredState {
  const stored: StoredState = {
    value: snapshot.value,
    context: snapshot.context,
    status: snapshot.status
  };
  if (snapshot.output !== undefined) stored.output = snapshot.output;
  // A structured copy: what is cached must not share objects with the live state.
  return structuredClone(stored);
}

/** Rebuilds a snapshot from storage; throws when it does not fit the current machine. */
export function restoreState(logic: GameLogic<any>, stored: StoredState): AnyMachineSnapshot {
  const snapshot = logic.machine.resolveState({
    value: stored.value as never,
    context: structuredClone(stored.context) as never,
    status: stored.status as never,
    output: stored.output as never
  }) as AnyMachineSnapshot;
  return snapshot;
}

/** Two states are the same when their stored forms are; used by tests and the crash check. */
export function sameState(a: AnyMachineSnapshot, b: AnyMachineSnapshot): boolean {
  return stableJson(storeState(a)) === stableJson(storeState(b));
}
