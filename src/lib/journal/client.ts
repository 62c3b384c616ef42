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
import { storageTrouble } from '../session/errors';

/** How long the worker may take to start before the app carries on without a journal. */
const START_TIMEOUT_MS = 4000;
/** Queued appends are posted when the page is idle, and at the latest this long after. */
const POST_WITHIN_MS = 300;
/** Where the browser has no `requestIdleCallback`: posted this long after the first was queued. */
const POST_AFTER_MS = 100;

/** Calls queued and posted together (they are on every tap). */
const QUEUED = new Set<JournalOp>(['append', 'update']);

export class WorkerJournal implements JournalApi {
  private next = 1;
  private waiting = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  /** Appends and updates not posted yet, in their order. */
  private queue: JournalRequest[] = [];
  /** Cancels the pending post of the queue. */
  private cancelPost: (() => void) | undefined;

  constructor(private readonly worker: Worker) {
    worker.addEventListener('message', (event: MessageEvent<JournalReply>) => {
      const reply = event.data;
      if ('answers' in reply) for (const answer of reply.answers) this.answered(answer);
      else if ('id' in reply) this.answered(reply);
    });
    // Leaving, or maybe about to be killed in the background: the queue goes now.
    if (typeof addEventListener === 'function') addEventListener('pagehide', () => this.post());
    if (typeof document !== 'undefined') {
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') this.post();
      });
    }
  }

  private answered(answer: JournalAnswer): void {
    const w = this.waiting.get(answer.id);
    this.waiting.delete(answer.id);
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
        this.cancelPost ??= whenIdle(() => this.post());
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
    try {
      this.worker.postMessage(requests.length === 1 ? requests[0] : requests);
    } catch (error) {
      for (const { id } of requests) {
        this.waiting.get(id)?.reject(error);
        this.waiting.delete(id);
      }
    }
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

/** Runs `run` once the page is idle (after the frame being drawn), soon in any case. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: POST_WITHIN_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, POST_AFTER_MS);
  return () => clearTimeout(timer);
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
  const off = (reason: string) => {
    journalStatus.state = 'off';
    journalStatus.reason = reason;
    return undefined;
  };
  if (typeof Worker === 'undefined' || typeof navigator === 'undefined' || !navigator.storage?.getDirectory) {
    return off('this browser has no private file storage for web apps');
  }
  let worker: Worker;
  try {
    worker = new Worker(new URL('./journal.worker.ts', import.meta.url), { type: 'module' });
  } catch (error) {
    return off(`its worker could not start (${(error as Error).message})`);
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
    return off(
      ready && 'reason' in ready ? ready.reason : 'its worker did not start (the browser may be blocking it)'
    );
  }
  journalStatus.state = 'on';
  journalStatus.reason = undefined;
  return new WorkerJournal(worker);
}
