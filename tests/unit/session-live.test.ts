import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { LiveSession, SLOW_SAVE_MS } from '../../src/lib/session/live.svelte';
import { asRepeat, repeating } from '../../src/lib/session/repeat';
import { tallyLogic, tallySetup } from '../fixtures/tally';
import { fakeClock, freshDb } from './helpers';
import type { StepMeta } from '../../src/lib/session/types';

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

describe('the step on screen', () => {
  it('stays the same object while a game that words its steps says the same, and changes when it does', async () => {
    // describeStep builds a new object on every read, as the Epic and Theos modules' do.
    const logic = {
      ...tallyLogic,
      describeStep: (_snapshot: unknown, _setup: unknown, meta: StepMeta) => ({
        ...meta,
        rules: [...meta.rules]
      })
    };
    const rt = await SessionRuntime.create(freshDb(), logic, 'tally', tallySetup(), { now: fakeClock() });
    const live = new LiveSession(rt);
    const first = live.meta;
    expect(first?.title).toBe('Scoring');
    live.send({ type: 'ADD', player: 0, amount: 1 });
    expect(live.meta).toBe(first);
    live.send({ type: 'NEXT_ROUND' });
    expect(live.meta?.title).toBe('Bonus');
    expect(live.meta).not.toBe(first);
    await rt.saved();
  });
});

describe('a "one more" step sent before the first one is painted', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts inside asRepeat (the shared counter), and is held back outside it', async () => {
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (run: () => void) => frames.push(run));
    const rt = await SessionRuntime.create(freshDb(), tallyLogic, 'tally', tallySetup(), {
      now: fakeClock()
    });
    const live = new LiveSession(rt);
    expect(live.send({ type: 'ADD', player: 0, amount: 1 }).ok).toBe(true);
    // Nothing painted yet: a tap made on the old screen is not applied to the new state...
    expect(live.send({ type: 'ADD', player: 0, amount: 1 }).ok).toBe(false);
    // ...unless it is a step of a counter, which means the same change whatever was painted.
    expect(asRepeat(() => live.send({ type: 'ADD', player: 0, amount: 1 })).ok).toBe(true);
    expect(repeating()).toBe(false);
    frames.splice(0).forEach((run) => run());
    expect(live.send({ type: 'ADD', player: 0, amount: 1 }).ok).toBe(true);
    await rt.saved();
  });
});
