/**
 * The table's clocks on a game's result (#57): the play screen provides the line, GameOver shows
 * it, so no game wires it in. Outside a play screen there is no line.
 */
import { getContext, setContext } from 'svelte';

const KEY = Symbol('clock-result');

/** During the play route's initialisation: the line for the result, or undefined with no clock. */
export function provideClockResult(line: () => string | undefined): void {
  setContext(KEY, line);
}

export function clockResult(): () => string | undefined {
  return getContext<(() => string | undefined) | undefined>(KEY) ?? (() => undefined);
}
