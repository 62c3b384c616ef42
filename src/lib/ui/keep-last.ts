/**
 * What a sheet is for, kept after it closes: `$derived.by(keepLast(() => editing))` is `editing`
 * while that is set and its last value after. A number sheet stays in the page once opened, hidden
 * while closed (EntrySheet's `open`), and goes on showing what it was last for: a ✓ that closes it
 * then only hides it, instead of tearing down the pad's twenty-odd elements (and the focused
 * field) inside the tap's frame, and opening it again builds nothing.
 */
export function keepLast<T>(read: () => T | undefined): () => T | undefined {
  let last: T | undefined;
  return () => (last = read() ?? last);
}
