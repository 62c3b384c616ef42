/**
 * What kind of control a tap came from, told to the session without each game passing flags:
 * the shared controls (`Counter`, `RepeatButton`, an `EntrySheet`) run the game's handler inside
 * `asControl`, the handler sends synchronously from within that call, and `LiveSession.send`
 * asks `repeating()` and `saysItsRefusals()`.
 *
 * - A "one more" control (a counter's − and +, one more card) means the same change whatever the
 *   screen had painted, so its event may skip the painted-head check that drops the second half
 *   of a double tap (`SendOptions.repeat`), and quick taps on it are one adjustment (adjust.ts).
 * - A control that says its own refusals (a counter's box, a number sheet) keeps the reason beside
 *   itself; the play screen then neither toasts nor places it (`Outcome.inline`).
 */
let repeatDepth = 0;
let inlineDepth = 0;

interface ControlKind {
  repeat?: boolean;
  /** The control shows a refusal beside itself. */
  inline?: boolean;
}

export function asControl<T>(kind: ControlKind, run: () => T): T {
  if (kind.repeat) repeatDepth++;
  if (kind.inline) inlineDepth++;
  try {
    return run();
  } finally {
    if (kind.repeat) repeatDepth--;
    if (kind.inline) inlineDepth--;
  }
}

/** A "one more" control's change that says its own refusal (the shared counter's steps). */
export function asRepeat<T>(run: () => T): T {
  return asControl({ repeat: true, inline: true }, run);
}

/** True while a "one more" control's change is being sent. */
export const repeating = (): boolean => repeatDepth > 0;

/** True while a control that shows its own refusals is sending. */
export const saysItsRefusals = (): boolean => inlineDepth > 0;
