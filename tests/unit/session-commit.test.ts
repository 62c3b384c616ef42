/** The commit queue: after the paint, in order, batched, and failures handed back with what queued behind. */
import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../../src/lib/db/records';
import { CommitQueue, type CommitJob } from '../../src/lib/session/commit';
import { freshDb } from './helpers';

const entry = (seq: number): EventRecord => ({
  sessionId: 's1',
  seq,
  kind: 'event',
  event: { type: 'X' },
  time: seq,
  label: `#${seq}`
});

async function setupQueue() {
  const db = freshDb();
  await db.sessions.add({
    id: 's1',
    game: 'tally',
    setup: { players: [{ id: 'a', name: 'A' }], seed: 'S' },
    created: 0,
    updated: 0,
    status: 'active',
    summary: '',
    head: 0
  });
  const runs: (() => void)[] = [];
  const log: string[] = [];
  const queue = new CommitQueue(db, 's1', (run) => runs.push(run), {
    committed: (jobs) => log.push(`ok ${jobs.map((j) => j.entry.seq).join(',')}`),
    failed: (jobs, dropped) =>
      log.push(
        `failed ${jobs.map((j) => j.entry.seq).join(',')} dropped ${dropped.map((j) => j.entry.seq).join(',')}`
      )
  });
  return { db, queue, runs, log };
}

describe('commit queue', () => {
  it('writes nothing until the paint has happened, then everything queued in one go', async () => {
    const { db, queue, runs, log } = await setupQueue();
    queue.push({ entry: entry(1) });
    queue.push({ entry: entry(2) });
    expect(await db.events.count()).toBe(0);
    expect(runs).toHaveLength(1); // one scheduled write for both
    runs[0]();
    await queue.idle();
    expect(log).toEqual(['ok 1,2']);
    expect((await db.events.toArray()).map((e) => e.seq)).toEqual([1, 2]);
  });

  it('writes the session record only when a job carries it', async () => {
    const { db, queue, runs } = await setupQueue();
    const job: CommitJob = { entry: entry(1), record: { head: 1, summary: 'now' } };
    queue.push(job);
    runs[0]();
    await queue.idle();
    expect(await db.sessions.get('s1')).toMatchObject({ head: 1, summary: 'now' });
  });

  it('a step number already taken fails the batch and hands back what was queued behind it', async () => {
    const { db, queue, runs, log } = await setupQueue();
    await db.events.add(entry(1)); // another tab wrote step 1
    queue.push({ entry: entry(1) });
    runs[0]();
    await queue.idle();
    expect(log).toEqual(['failed 1 dropped ']);
    expect(await db.events.count()).toBe(1);
  });

  it('a deleted game is not written to', async () => {
    const { db, queue, runs, log } = await setupQueue();
    await db.sessions.delete('s1');
    queue.push({ entry: entry(1) });
    runs[0]();
    await queue.idle();
    expect(log).toEqual(['failed 1 dropped ']);
    expect(await db.events.count()).toBe(0);
  });
});
