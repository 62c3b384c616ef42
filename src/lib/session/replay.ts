/**
 * Pure replay: from a setup and a list of events to a machine snapshot. No storage, no clock.
 */
import { createActor, type AnyActorScope, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import type { BaseSetup, GameEvent, StoredState } from '../db/records';
import type { GameLogic } from './types';
import { stableJson } from '../util/json';

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

/** The next state, or undefined when the machine refuses the event in this state. */
export function step(
  logic: GameLogic<any>,
  snapshot: AnyMachineSnapshot,
  event: GameEvent
): AnyMachineSnapshot | undefined {
  if (snapshot.status !== 'active') return undefined;
  if (typeof event?.type !== 'string') return undefined;
  // xstate hands back the very same snapshot when no transition is enabled for the event, so
  // that is the refusal; asking `snapshot.can(event)` first would select the transitions twice.
  const next = logic.machine.transition(snapshot, event, scopeFor(logic.machine)) as AnyMachineSnapshot;
  return next === snapshot ? undefined : next;
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
