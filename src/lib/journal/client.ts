/**
 * The page's side of the journal: each call is posted to the journal's worker, which owns the
 * files. Posting costs the page a structured copy of the entries and nothing more; nothing on
 * the page waits for the disk. Failures are reported in `journalStatus` (settings shows them).
 *
 * Appends and updates (what every tap sends, right after IndexedDB stored it) are not posted in
 * the task that stored them, where the copy, the post and the worker's write would compete with
 * the next frame: they are queued and posted together in one message when the page is idle
 * (`requestIdleCallback`, at most POST_WITHIN_MS later; a short timeout where there is none), in
 * their order. Any other call, `flush()` included, posts the queue first, and so does the page
 * being hidden or closed (`visibilitychange`, `pagehide`). A kill (the browser or the phone
 * stopping the page) can lose only that queue, i.e. the journal's last steps, never a gap; they
 * are IndexedDB's already, and the journal is the second copy: the next start finds the journal
 * behind IndexedDB and tops it up (recover.ts). Only a kill that also made the browser throw
 * IndexedDB away would lose those last steps, as a kill between the two writes always could.
 */
import type { EventRecord, ProfileRecord, SessionRecord } from '../db/records';
import type { JournalGame } from './format';
import type { JournalApi, JournalSummary } from './journal';
import type { JournalAnswer, JournalOp, JournalReply, JournalRequest } from './protocol';
import { journalStatus } from './status.svelte';
import { storageTrouble } from '../session/storage-trouble';
import { whenIdle } from '../util/after-paint';

/** How long the worker may take to start before the app carries on without a journal. */
const START_TIMEOUT_MS = 4000;
/** Queued appends are posted when the page is idle, and at the latest this long after. */
const POST_WITHIN_MS = 300;
/** Where the browser has no `requestIdleCallback`: posted this long after the first was queued. */
const POST_AFTER_MS = 100;

/**
 * A request unanswered this long makes the page ask the worker whether it is still there; no
 * answer to that within PONG_WITHIN_MS, and the worker is replaced (see `checkAlive`). Long
 * enough for a rewrite of a long game on a slow phone, which answers pings meanwhile.
 */
const CHECK_AFTER_MS = 5000;
const PONG_WITHIN_MS = 3000;
/** Workers started in a row with no answer from any: then the journal is given up for now. */
const MAX_RESTARTS = 3;

/** Calls queued and posted together (they are on every tap). */
const QUEUED = new Set<JournalOp>(['append', 'update']);

export class WorkerJournal implements JournalApi {
  private next = 1;
  private waiting = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  /** Requests posted to the worker and not answered yet, by id: sent again to a new worker. */
  private unanswered = new Map<number, JournalRequest>();
  /** Appends and updates not posted yet, in their order. */
  private queue: JournalRequest[] = [];
  /** Cancels the pending post of the queue. */
  private cancelPost: (() => void) | undefined;
  private aliveTimer: ReturnType<typeof setTimeout> | undefined;
  private pings = 0;
  private restarts = 0;
  private restarting: Promise<void> | undefined;

  /**
   * `spawn` starts a worker like the first (undefined when it cannot): a worker that stops
   * answering is replaced by a new one, which gets every request left unanswered, in order.
   */
  constructor(
    private worker: Worker,
    private readonly spawn: () => Promise<Worker | undefined> = async () => undefined
  ) {
    this.listen(worker);
    // Leaving, or maybe about to be killed in the background: the queue goes now.
    if (typeof addEventListener === 'function') addEventListener('pagehide', () => this.post());
    if (typeof document !== 'undefined') {
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') this.post();
      });
    }
  }

  private listen(worker: Worker): void {
    worker.addEventListener('message', (event: MessageEvent<JournalReply>) => {
      if (worker !== this.worker) return;
      const reply = event.data;
      if ('answers' in reply) for (const answer of reply.answers) this.answered(answer);
      else if ('id' in reply) this.answered(reply);
      else if ('pong' in reply && reply.pong === this.pings) this.watch();
    });
  }

  /**
   * While requests wait, checks now and then that the worker is alive. Chromium, deleting the
   * origin's storage under a full disk, left the journal's worker hanging for good: every later
   * write (the whole game written back once there was room again) waited on it forever.
   */
  private watch(): void {
    clearTimeout(this.aliveTimer);
    this.aliveTimer = undefined;
    if (!this.unanswered.size) return;
    this.aliveTimer = setTimeout(() => this.checkAlive(), CHECK_AFTER_MS);
  }

  private checkAlive(): void {
    const ping = ++this.pings;
    this.aliveTimer = setTimeout(() => {
      if (ping === this.pings) void this.restart();
    }, PONG_WITHIN_MS);
    try {
      this.worker.postMessage({ ping });
    } catch {
      // A worker that cannot take a message is as good as gone: the timer replaces it.
    }
  }

  /** A new worker in place of one that stopped answering; it gets what was left unanswered. */
  private restart(): Promise<void> {
    this.restarting ??= (async () => {
      this.worker.terminate();
      const worker = ++this.restarts <= MAX_RESTARTS ? await this.spawn() : undefined;
      const left = [...this.unanswered.values()];
      if (!worker) {
        const error = new Error('the recovery copy stopped answering');
        failing(error);
        this.unanswered.clear();
        for (const { id } of left) this.settle(id)?.reject(error);
        return;
      }
      this.worker = worker;
      this.listen(worker);
      if (left.length) this.postNow(left);
    })().finally(() => (this.restarting = undefined));
    return this.restarting;
  }

  private settle(id: number) {
    const w = this.waiting.get(id);
    this.waiting.delete(id);
    return w;
  }

  private answered(answer: JournalAnswer): void {
    const w = this.settle(answer.id);
    this.unanswered.delete(answer.id);
    this.restarts = 0;
    this.watch();
    if (answer.ok) {
      if (journalStatus.state === 'failing') journalStatus.state = 'on';
      w?.resolve(answer.value);
    } else {
      const error = Object.assign(new Error(answer.error.message), { name: answer.error.name });
      failing(error);
      w?.reject(error);
    }
  }

  private call<T>(op: JournalOp, ...args: unknown[]): Promise<T> {
    const id = this.next++;
    const request: JournalRequest = { id, op, args };
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      if (QUEUED.has(op)) {
        this.queue.push(request);
        this.cancelPost ??= whenIdle(() => this.post(), POST_WITHIN_MS, POST_AFTER_MS);
        return;
      }
      // Everything queued before this call goes first.
      this.post();
      this.send([request]);
    });
  }

  /** Posts the queued appends and updates now, in one message. */
  post(): void {
    this.cancelPost?.();
    this.cancelPost = undefined;
    if (!this.queue.length) return;
    const batch = this.queue;
    this.queue = [];
    this.send(batch);
  }

  private send(requests: JournalRequest[]): void {
    // While a new worker starts, requests wait for it (in their order, after those left over).
    for (const request of requests) this.unanswered.set(request.id, request);
    if (!this.restarting) this.postNow(requests);
  }

  private postNow(requests: JournalRequest[]): void {
    try {
      this.worker.postMessage(requests.length === 1 ? requests[0] : requests);
    } catch (error) {
      for (const { id } of requests) {
        this.unanswered.delete(id);
        this.settle(id)?.reject(error);
      }
    }
    if (this.aliveTimer === undefined) this.watch();
  }

  start(record: SessionRecord, people: readonly ProfileRecord[] = []): Promise<void> {
    return this.call('start', record, people);
  }
  append(sessionId: string, entries: readonly EventRecord[], record?: Partial<SessionRecord>): Promise<void> {
    return this.call('append', sessionId, entries, record);
  }
  update(sessionId: string, fields: Partial<SessionRecord>): Promise<void> {
    return this.call('update', sessionId, fields);
  }
  rewrite(game: JournalGame): Promise<void> {
    return this.call('rewrite', game);
  }
  rewriteFromStore(database: string, record: SessionRecord, people: readonly ProfileRecord[]): Promise<void> {
    return this.call('rewriteFromStore', database, record, people);
  }
  remove(sessionId: string): Promise<void> {
    return this.call('remove', sessionId);
  }
  flush(): Promise<void> {
    return this.call('flush');
  }
  scan(): Promise<JournalSummary[]> {
    return this.call('scan');
  }
  read(sessionId: string): Promise<JournalGame | undefined> {
    return this.call('read', sessionId);
  }
}

function failing(error: Error): void {
  const trouble = storageTrouble(error);
  journalStatus.state = 'failing';
  journalStatus.reason =
    trouble === 'full'
      ? 'your phone’s storage is full'
      : `the browser refused to write it (${error.message || error.name})`;
}

/**
 * Starts the journal's worker. Resolves to undefined where there can be no journal (no workers,
 * no private file storage, or a worker that does not answer); `journalStatus` says why.
 */
export async function startJournal(): Promise<WorkerJournal | undefined> {
  if (typeof Worker === 'undefined' || typeof navigator === 'undefined' || !navigator.storage?.getDirectory) {
    journalStatus.state = 'off';
    journalStatus.reason = 'this browser has no private file storage for web apps';
    return undefined;
  }
  const started = await spawnWorker();
  journalStatus.state = 'worker' in started ? 'on' : 'off';
  journalStatus.reason = 'worker' in started ? undefined : started.reason;
  if (!('worker' in started)) return undefined;
  return new WorkerJournal(started.worker, async () => {
    const again = await spawnWorker();
    return 'worker' in again ? again.worker : undefined;
  });
}

/** A journal worker that said it is ready, or why there is none. */
async function spawnWorker(): Promise<{ worker: Worker } | { reason: string }> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./journal.worker.ts', import.meta.url), { type: 'module' });
  } catch (error) {
    return { reason: `its worker could not start (${(error as Error).message})` };
  }
  const ready = await new Promise<JournalReply | undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), START_TIMEOUT_MS);
    worker.addEventListener('error', () => (clearTimeout(timer), resolve(undefined)), { once: true });
    worker.addEventListener(
      'message',
      (event: MessageEvent<JournalReply>) => (clearTimeout(timer), resolve(event.data)),
      { once: true }
    );
  });
  if (!ready || !('ready' in ready) || !ready.ready) {
    worker.terminate();
    return {
      reason:
        ready && 'reason' in ready
          ? ready.reason
          : 'its worker did not start (the browser may be blocking it)'
    };
  }
  return { worker };
}
