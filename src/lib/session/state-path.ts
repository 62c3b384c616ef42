/**
 * A state value as the dotted path to its active leaf ('turn.age.now'), for screens. A string
 * compares by value, so a screen part that reads it is redrawn when the step changes, not on every
 * new snapshot; and asking "is the game in this step?" is a string test instead of xstate's
 * `matches`, which walks both values each time. The game machines have no parallel states, so
 * one path names the whole state.
 */
import type { StateValue } from 'xstate';

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
