/**
 * Running background work once the person and the page have gone quiet: no tap, key or typing,
 * and (where the browser reports them) no long task, for `quietMs` in a row. Leaving the page
 * (hidden) runs it at once: nothing on screen can be slowed then, and the page may not come back.
 *
 * For work that competes with the page while it runs elsewhere, like the service worker's first
 * install (sw-start.ts): on a phone's few cores it slowed the taps and keys of a first visit.
 */

/** What the person does that keeps the page busy (capture phase, so nothing can hide them). */
const ACTIVITY = ['pointerdown', 'keydown', 'input', 'change', 'wheel'] as const;

export interface QuietEnvironment {
  /** Where input events arrive: the window. */
  target: EventTarget;
  /** Where visibilitychange arrives, and what the page's visibility is: the document. */
  page: EventTarget & { visibilityState: DocumentVisibilityState };
  /** Calls back on each long task the browser reports; returns what stops it. None in Safari. */
  longTasks?: (seen: () => void) => () => void;
}

/** The browser's own: input on the window, visibility from the document, long tasks if reported. */
export function browserQuiet(): QuietEnvironment {
  const longTasks =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('longtask')
      ? (seen: () => void) => {
          const observer = new PerformanceObserver(() => seen());
          observer.observe({ type: 'longtask' });
          return () => observer.disconnect();
        }
      : undefined;
  return { target: window, page: document, longTasks };
}

/** Runs `run` once, after `quietMs` without activity or when the page is hidden. Returns a cancel. */
export function whenQuiet(run: () => void, quietMs: number, env: QuietEnvironment): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const options = { capture: true, passive: true } as const;
  const stop = () => {
    done = true;
    clearTimeout(timer);
    for (const type of ACTIVITY) env.target.removeEventListener(type, restart, options);
    env.page.removeEventListener('visibilitychange', hidden);
    stopLongTasks?.();
  };
  const fire = () => {
    if (done) return;
    stop();
    run();
  };
  function restart() {
    if (done) return;
    clearTimeout(timer);
    timer = setTimeout(fire, quietMs);
  }
  function hidden() {
    if (env.page.visibilityState === 'hidden') fire();
  }
  for (const type of ACTIVITY) env.target.addEventListener(type, restart, options);
  env.page.addEventListener('visibilitychange', hidden);
  const stopLongTasks = env.longTasks?.(restart);
  if (env.page.visibilityState === 'hidden') fire();
  else restart();
  return stop;
}
