/**
 * The page's side of the journal keeps it off the tap: the appends and updates a tap sends are
 * queued and posted to the worker together once the page is idle, in their order; anything else,
 * and the page being hidden or closed, posts them at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkerJournal } from '../../src/lib/journal/client';
import { Journal } from '../../src/lib/journal/journal';
import { MemoryFiles } from '../../src/lib/journal/files';
import type { JournalAnswer, JournalMessage, JournalRequest } from '../../src/lib/journal/protocol';
import { journalStatus } from '../../src/lib/journal/status.svelte';
import { tallyEntry, tallyRecord } from '../fixtures/journal';

const record = tallyRecord('game01');
const entry = (seq: number) => tallyEntry(record.id, seq);

/** A worker as journal.worker.ts is one, over files in memory; it keeps every message it got. */
class FakeWorker extends EventTarget {
  readonly files = new MemoryFiles();
  readonly journal = new Journal(this.files, undefined, Infinity);
  readonly messages: JournalMessage[] = [];

  postMessage(message: JournalMessage): void {
    this.messages.push(structuredClone(message));
    const answer = async ({ id, op, args }: JournalRequest): Promise<JournalAnswer> => {
      try {
        const run = this.journal[op] as (...a: unknown[]) => Promise<unknown>;
        return { id, ok: true, value: await run.apply(this.journal, args) };
      } catch (error) {
        return { id, ok: false, error: { name: (error as Error).name, message: (error as Error).message } };
      }
    };
    void (async () => {
      const data = Array.isArray(message)
        ? { answers: await Promise.all(message.map(answer)) }
        : await answer(message);
      this.dispatchEvent(new MessageEvent('message', { data }));
    })();
  }
}

const ops = (message: JournalMessage) => (Array.isArray(message) ? message : [message]).map((r) => r.op);

let page: EventTarget & { visibilityState?: string };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // The page's own events: Node has no window or document.
  page = new EventTarget();
  vi.stubGlobal('addEventListener', page.addEventListener.bind(page));
  vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the journal client', () => {
  it('posts a tap’s appends after the task that stored them, together and in order', async () => {
    const worker = new FakeWorker();
    const journal = new WorkerJournal(worker as unknown as Worker);
    await journal.start(record);
    expect(worker.messages).toHaveLength(1);

    const written = [
      journal.append(record.id, [entry(1)]),
      journal.append(record.id, [entry(2)], { summary: 'Round 2' }),
      journal.update(record.id, { status: 'finished' }),
      journal.append(record.id, [entry(3)])
    ];
    // Nothing posted in the task of the commit.
    expect(worker.messages).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(worker.messages).toHaveLength(2);
    expect(ops(worker.messages[1])).toEqual(['append', 'append', 'update', 'append']);
    await Promise.all(written);
    const game = await journal.read(record.id);
    expect(game?.events.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(game?.record).toMatchObject({ summary: 'Round 2', status: 'finished' });
    // The four went in one write and one flush.
    expect(worker.files.flushes).toBe(2);
  });

  it('flush and every other call post what is queued first', async () => {
    const worker = new FakeWorker();
    const journal = new WorkerJournal(worker as unknown as Worker);
    void journal.start(record);
    void journal.append(record.id, [entry(1)]);
    const flushed = journal.flush();
    // At once, without waiting for the page to be idle.
    expect(worker.messages.map(ops)).toEqual([['start'], ['append'], ['flush']]);
    await flushed;
    expect((await journal.read(record.id))?.events).toHaveLength(1);
    expect(await journal.scan()).toMatchObject([{ id: record.id, head: 1 }]);
  });

  it('the page hidden or closed posts the queue at once', async () => {
    const worker = new FakeWorker();
    const journal = new WorkerJournal(worker as unknown as Worker);
    void journal.start(record);
    void journal.append(record.id, [entry(1)]);
    Object.assign(document, { visibilityState: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(worker.messages.map(ops)).toEqual([['start'], ['append']]);
    void journal.append(record.id, [entry(2)]);
    page.dispatchEvent(new Event('pagehide'));
    expect(worker.messages.map(ops)).toEqual([['start'], ['append'], ['append']]);
    // Nothing left to post when the idle time comes.
    await vi.advanceTimersByTimeAsync(300);
    expect(worker.messages).toHaveLength(3);
  });

  it('a failed write in a batch rejects its own call and says so in the status', async () => {
    const worker = new FakeWorker();
    const journal = new WorkerJournal(worker as unknown as Worker);
    await journal.start(record);
    worker.files.failWith = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    const failed = journal.append(record.id, [entry(1)]).catch((error: Error) => error);
    await vi.advanceTimersByTimeAsync(300);
    expect(await failed).toMatchObject({ name: 'QuotaExceededError', message: 'full' });
    expect(journalStatus).toMatchObject({ state: 'failing', reason: 'your phone’s storage is full' });
    worker.files.failWith = undefined;
    const next = journal.append(record.id, [entry(2)]);
    await vi.advanceTimersByTimeAsync(300);
    await next;
    expect(journalStatus.state).toBe('on');
    expect((await journal.read(record.id))?.events.map((e) => e.seq)).toEqual([1, 2]);
  });
});
