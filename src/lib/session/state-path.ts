/**
 * A state value as the dotted path to its active leaf ('turn.age.now'), for screens. A string
 * compares by value, so a screen part that reads it is redrawn when the step changes, not on every
 * new snapshot; and asking "is the game in this step?" is a string test instead of xstate's
 * `matches`, which walks both values each time. The game machines have no parallel states, so
 * one path names the whole state.
 */
import type { AnyStateMachine, SnapshotFrom, StateValue } from 'xstate';

/** Every dotted path in a state value type: { turn: 'start' | { age: 'now' } } gives 'turn' | 'turn.start' | 'turn.age' | 'turn.age.now'. */
type Paths<V> = V extends string
  ? V
  : V extends object
    ? { [K in keyof V & string]: K | `${K}.${Paths<V[K]>}` }[keyof V & string]
    : never;

/**
 * The dotted paths of a machine's states, from the state value type xstate infers from its config;
 * a machine typed loosely (AnyStateMachine) gives plain strings.
 */
export type StatePath<M extends AnyStateMachine> = SnapshotFrom<M>['value'] extends infer V
  ? string extends V
    ? string
    : Paths<V>
  : never;

export function statePath(value: StateValue): string {
  const names: string[] = [];
  let at: StateValue = value;
  while (typeof at === 'object') {
    const [name] = Object.keys(at);
    if (name === undefined) break;
    names.push(name);
    at = at[name] as StateValue;
  }
  if (typeof at === 'string') names.push(at);
  return names.join('.');
}

/** True when `path` is the state `step` ('turn.age') or one inside it ('turn.age.now'). */
export function inStep(path: string, step: string): boolean {
  return path === step || (path.startsWith(step) && path.charAt(step.length) === '.');
}

/**
 * The play screens' one question, "is the game in this step?" (`stepIs(path, 'turn.age')`): with
 * `path` typed by its machine (playState's third type), a step that names no state of that machine
 * fails type-checking instead of quietly answering false.
 */
export function stepIs<P extends string>(path: P, step: NoInfer<P>): boolean {
  return inStep(path, step);
}
