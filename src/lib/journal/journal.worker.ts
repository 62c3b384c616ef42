/**
 * The journal's worker: the only place the journal's files are touched (sync access handles
 * exist only in workers). It passes each request from the page to `Journal` and answers.
 */
import { Journal } from './journal';
import { OpfsFiles, opfsUsable } from './opfs';
import type { JournalAnswer, JournalMessage, JournalReply, JournalRequest } from './protocol';

const post = (reply: JournalReply) => (self as unknown as Worker).postMessage(reply);

async function start(): Promise<Journal | undefined> {
  if (!opfsUsable()) {
    post({ ready: false, reason: 'this browser has no private file storage for web apps' });
    return undefined;
  }
  try {
    const journal = new Journal(await OpfsFiles.open());
    post({ ready: true });
    return journal;
  } catch (error) {
    post({ ready: false, reason: (error as Error)?.message ?? String(error) });
    return undefined;
  }
}

const journal = start();
const OPS = new Set([
  'start',
  'append',
  'update',
  'rewrite',
  'rewriteFromStore',
  'remove',
  'flush',
  'scan',
  'read'
]);

async function answer(j: Journal | undefined, { id, op, args }: JournalRequest): Promise<JournalAnswer> {
  try {
    if (!j) throw new Error('the journal is not available');
    if (!OPS.has(op)) throw new Error(`unknown journal request “${op}”`);
    const run = j[op] as (...a: unknown[]) => Promise<unknown>;
    return { id, ok: true, value: await run.apply(j, args) };
  } catch (error) {
    const e = error as { name?: string; message?: string };
    return { id, ok: false, error: { name: e?.name ?? 'Error', message: e?.message ?? String(error) } };
  }
}

self.addEventListener('message', (event: MessageEvent<JournalMessage>) => {
  const message = event.data;
  if ('ping' in message) return post({ pong: message.ping });
  void journal.then(async (j) => {
    if (!Array.isArray(message)) return post(await answer(j, message));
    // Handed to the journal together (each call queues at once, in order), so the appends of a
    // batch go in one write and one flush; answered together too.
    post({ answers: await Promise.all(message.map((request) => answer(j, request))) });
  });
});
