/** Opening: the newest cached snapshot that fits, a full replay otherwise, damaged logs read-only. */
import { describe, expect, it } from 'vitest';
import type { SnapshotRecord, StepRecord } from '../../src/lib/db/records';
import { buildTimeline } from '../../src/lib/session/load';
import { initialState, replay, storeState } from '../../src/lib/session/replay';
import { tallyLogic, tallySetup, type TallyContext } from '../fixtures/tally';

const setup = tallySetup();
const log: StepRecord[] = [1, 2, 3, 4].map((n) => ({
  sessionId: 's',
  seq: n,
  kind: 'event',
  event: { type: 'ADD', player: 0, amount: n },
  time: 0,
  label: `+${n}`
}));
const stateAfter = (n: number) =>
  replay(
    tallyLogic,
    initialState(tallyLogic, setup),
    log.slice(0, n).map((e) => e.event)
  );
const cacheAt = (n: number, patch: Partial<SnapshotRecord> = {}): SnapshotRecord => ({
  sessionId: 's',
  eventSeq: n,
  depth: n,
  version: tallyLogic.version,
  state: storeState(stateAfter(n)),
  ...patch
});
const score = (l: ReturnType<typeof buildTimeline>) =>
  (l.timeline.snapshot.context as TallyContext).scores[0];

describe('loading a session', () => {
  it('starts from the newest fitting cache and replays the tail', () => {
    const cache = cacheAt(2);
    (cache.state.context as TallyContext).scores = [100, 0]; // visible if the cache is used
    const loaded = buildTimeline(tallyLogic, setup, log, [cache], 50);
    expect(score(loaded)).toBe(107);
    expect(loaded.replayedAll).toBe(false);
  });

  it('ignores caches from another machine version or another history', () => {
    const other = cacheAt(2, { version: 99 });
    const stale = cacheAt(3, { eventSeq: 7 });
    const loaded = buildTimeline(tallyLogic, setup, log, [other, stale], 50);
    expect(score(loaded)).toBe(10);
    expect(loaded.replayedAll).toBe(true);
  });

  it('a damaged log is shown up to the damage, read-only', () => {
    const gap = [log[0], log[1], log[3]];
    const loaded = buildTimeline(tallyLogic, setup, gap, [], 50);
    expect(score(loaded)).toBe(3);
    expect(loaded.problem).toMatch(/damaged/);
  });
});
