/**
 * Running work just after the screen has painted what a tap changed: the write of an accepted
 * event (session/commit.ts), and what the screen adds around a change without being the change
 * (the "Undone … Redo" offer), so the tap's own frame holds only what the tap changed.
 */

/** Runs a function once the screen has had a chance to paint what was just changed. */
export type Scheduler = (run: () => void) => void;

export const afterPaint: Scheduler = (run) => {
  const visible =
    typeof document !== 'undefined' &&
    document.visibilityState === 'visible' &&
    typeof requestAnimationFrame === 'function';
  if (!visible) {
    setTimeout(run, 0);
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  // rAF runs just before the frame is painted; a task queued from it runs just after.
  requestAnimationFrame(() => setTimeout(once, 0));
  // A frame that never comes (the tab was hidden meanwhile) must not hold the work back.
  setTimeout(once, 100);
};

/**
 * Runs `run` once the page is idle (after the frame being drawn), and within `within` ms in any
 * case; after `fallback` ms where the browser has no requestIdleCallback (Safari). Returns a
 * function that cancels it.
 */
export function whenIdle(run: () => void, within: number, fallback = within): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: within });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, fallback);
  return () => clearTimeout(timer);
}
