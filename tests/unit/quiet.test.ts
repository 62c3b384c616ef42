/**
 * Background work waits for a quiet moment: no input and no long task for a while, or the page
 * left. What the service worker's first install waits for (sw-start.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenQuiet, type QuietEnvironment } from '../../src/lib/util/quiet';

function environment() {
  const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  let longTask: (() => void) | undefined;
  let watching = false;
  const env: QuietEnvironment = {
    target: new EventTarget(),
    page,
    longTasks: (seen) => {
      longTask = seen;
      watching = true;
      return () => (watching = false);
    }
  };
  return {
    env,
    input: (type = 'pointerdown') => env.target.dispatchEvent(new Event(type)),
    longTask: () => longTask?.(),
    hide: () => {
      page.visibilityState = 'hidden';
      page.dispatchEvent(new Event('visibilitychange'));
    },
    watching: () => watching
  };
}

describe('whenQuiet', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('runs once the page has been quiet for the whole wait, and only once', () => {
    const { env, watching } = environment();
    const run = vi.fn();
    whenQuiet(run, 3000, env);
    vi.advanceTimersByTime(2999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(watching()).toBe(false);
  });

  it('waits while the person taps, types or chooses a file, and while the page works', () => {
    const { env, input, longTask } = environment();
    const run = vi.fn();
    whenQuiet(run, 3000, env);
    // Something every two seconds, of every kind: never three quiet seconds.
    for (const what of ['pointerdown', 'keydown', 'input', 'change', 'wheel', 'longtask']) {
      vi.advanceTimersByTime(2000);
      if (what === 'longtask') longTask();
      else input(what);
    }
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(3000);
    expect(run).toHaveBeenCalledTimes(1);
    // Input after it ran changes nothing.
    input();
    vi.advanceTimersByTime(3000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at once when the page is hidden, or already is', () => {
    const first = environment();
    const run = vi.fn();
    whenQuiet(run, 3000, first.env);
    first.input();
    first.hide();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3000);
    expect(run).toHaveBeenCalledTimes(1);

    const hidden = environment();
    hidden.hide();
    const now = vi.fn();
    whenQuiet(now, 3000, hidden.env);
    expect(now).toHaveBeenCalledTimes(1);
  });

  it('can be called off before it runs', () => {
    const { env, input } = environment();
    const run = vi.fn();
    const cancel = whenQuiet(run, 3000, env);
    cancel();
    input();
    vi.advanceTimersByTime(10_000);
    expect(run).not.toHaveBeenCalled();
  });

  it('waits on input alone where the browser reports no long tasks (Safari)', () => {
    const { env } = environment();
    const run = vi.fn();
    whenQuiet(run, 3000, { ...env, longTasks: undefined });
    vi.advanceTimersByTime(3000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
