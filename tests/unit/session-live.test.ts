import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { LiveSession, SLOW_SAVE_MS } from '../../src/lib/session/live.svelte';
import { tallyLogic, tallySetup } from '../fixtures/tally';
import { fakeClock, freshDb } from './helpers';

/** A live session whose writes start only when the test lets them. */
async function held() {
  const writes: (() => void)[] = [];
  const rt = await SessionRuntime.create(freshDb(), tallyLogic, 'tally', tallySetup(), {
    now: fakeClock(),
    schedule: (run) => writes.push(run)
  });
  const release = () => writes.splice(0).forEach((run) => run());
  return { rt, live: new LiveSession(rt), release };
}

describe('the "saving" mark', () => {
  afterEach(() => vi.useRealTimers());

  it('never shows for a write that lands quickly', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { rt, live, release } = await held();
    expect(live.send({ type: 'ADD', player: 0, amount: 1 }).ok).toBe(true);
    expect(live.pending).toBe(true);
    expect(live.slowSave).toBe(false);
    release();
    await rt.saved();
    expect(live.pending).toBe(false);
    vi.advanceTimersByTime(SLOW_SAVE_MS * 2);
    expect(live.slowSave).toBe(false);
  });

  it('shows once a write has been pending for a while, and goes when it lands', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { rt, live, release } = await held();
    live.send({ type: 'ADD', player: 0, amount: 1 });
    vi.advanceTimersByTime(SLOW_SAVE_MS - 1);
    expect(live.slowSave).toBe(false);
    // A second tap while the first is still waiting does not restart the wait.
    live.send({ type: 'ADD', player: 1, amount: 2 });
    vi.advanceTimersByTime(1);
    expect(live.slowSave).toBe(true);
    release();
    await rt.saved();
    expect(live.pending).toBe(false);
    expect(live.slowSave).toBe(false);
  });
});
