/**
 * A "one more" tap in progress. A counter's − and + (and its bigger steps) mean the same change
 * whatever the screen had painted, so the event they send may skip the painted-head check that
 * drops the second half of a double tap (see `SendOptions.repeat`). The shared counter runs its
 * `onchange` inside `asRepeat`, so every game's counter repeats without each game passing a flag:
 * the event is sent synchronously from within that call, and `LiveSession.send` asks `repeating`.
 */
let depth = 0;

export function asRepeat<T>(run: () => T): T {
  depth++;
  try {
    return run();
  } finally {
    depth--;
  }
}

/** True while a "one more" control's change is being sent. */
export const repeating = (): boolean => depth > 0;
