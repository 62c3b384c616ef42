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
  readonly journal: Journal;
  readonly messages: (JournalRequest | JournalRequest[])[] = [];
  pings = 0;
  /** A worker that stopped, as Chromium left the journal's when a full disk took its storage. */
  hung = false;
  terminated = false;

  constructor(readonly files = new MemoryFiles()) {
    super();
    this.journal = new Journal(files, undefined, Infinity);
  }

  terminate(): void {
    this.terminated = true;
  }

  postMessage(message: JournalMessage): void {
    if (this.hung || this.terminated) return;
    if ('ping' in message) {
      this.pings++;
      const data = { pong: message.ping };
      queueMicrotask(() => this.dispatchEvent(new MessageEvent('message', { data })));
      return;
    }
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

const ops = (message: JournalRequest | JournalRequest[]) =>
  (Array.isArray(message) ? message : [message]).map((r) => r.op);

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

  it('a worker that stops answering is replaced, and the new one gets every request left unanswered, in order', async () => {
    const files = new MemoryFiles();
    const first = new FakeWorker(files);
    const second = new FakeWorker(files);
    const spawned: FakeWorker[] = [];
    const journal = new WorkerJournal(first as unknown as Worker, async () => {
      spawned.push(second);
      return second as unknown as Worker;
    });
    await journal.start(record);
    first.hung = true;
    const appended = journal.append(record.id, [entry(1)]);
    const rewritten = journal.rewrite({ record, people: [], events: [entry(1), entry(2)] });
    // A long wait alone replaces nothing: the worker is asked first.
    await vi.advanceTimersByTimeAsync(5300);
    expect(spawned).toEqual([]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(first.terminated).toBe(true);
    expect(spawned).toEqual([second]);
    expect(second.messages.map(ops)).toEqual([['append', 'rewrite']]);
    await appended;
    await rewritten;
    expect((await journal.read(record.id))?.events.map((e) => e.seq)).toEqual([1, 2]);
    expect(journalStatus.state).toBe('on');
  });

  it('a busy worker that answers when asked is kept', async () => {
    const worker = new FakeWorker();
    let spawned = 0;
    const journal = new WorkerJournal(worker as unknown as Worker, async () => (spawned++, undefined));
    await journal.start(record);
    // A request that takes long (a rewrite of a long game), with the worker still listening.
    let finish!: () => void;
    const slow = new Promise<void>((resolve) => (finish = resolve));
    const rewrite = worker.journal.rewrite.bind(worker.journal);
    worker.journal.rewrite = async (game) => (await slow, rewrite(game));
    const rewritten = journal.rewrite({ record, people: [], events: [entry(1)] });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(worker.pings).toBeGreaterThan(1);
    expect(spawned).toBe(0);
    finish();
    await rewritten;
    expect(worker.terminated).toBe(false);
  });

  it('when no new worker can start, what waited is refused and the status says so', async () => {
    const worker = new FakeWorker();
    const journal = new WorkerJournal(worker as unknown as Worker, async () => undefined);
    await journal.start(record);
    worker.hung = true;
    const failed = journal.flush().catch((error: Error) => error);
    await vi.advanceTimersByTimeAsync(9000);
    expect(await failed).toMatchObject({ message: 'the recovery copy stopped answering' });
    expect(journalStatus.state).toBe('failing');
  });
});
