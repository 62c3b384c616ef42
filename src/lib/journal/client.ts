/**
 * The page's side of the journal: each call is posted to the journal's worker, which owns the
 * files. Posting costs the page a structured copy of the entries and nothing more; nothing on
 * the page waits for the disk. Failures are reported in `journalStatus` (settings shows them).
 */
import type { EventRecord, ProfileRecord, SessionRecord } from '../db/records';
import type { JournalGame } from './format';
import type { JournalApi, JournalSummary } from './journal';
import type { JournalOp, JournalReply, JournalRequest } from './protocol';
import { journalStatus } from './status.svelte';
import { storageTrouble } from '../session/errors';

/** How long the worker may take to start before the app carries on without a journal. */
const START_TIMEOUT_MS = 4000;

export class WorkerJournal implements JournalApi {
  private next = 1;
  private waiting = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();

  constructor(private readonly worker: Worker) {
    worker.addEventListener('message', (event: MessageEvent<JournalReply>) => {
      const reply = event.data;
      if (!('id' in reply)) return;
      const w = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.ok) {
        if (journalStatus.state === 'failing') journalStatus.state = 'on';
        w?.resolve(reply.value);
      } else {
        const error = Object.assign(new Error(reply.error.message), { name: reply.error.name });
        failing(error);
        w?.reject(error);
      }
    });
  }

  private call<T>(op: JournalOp, ...args: unknown[]): Promise<T> {
    const id = this.next++;
    const request: JournalRequest = { id, op, args };
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      try {
        this.worker.postMessage(request);
      } catch (error) {
        this.waiting.delete(id);
        reject(error);
      }
    });
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
