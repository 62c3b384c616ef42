/** Messages between the page and the journal's worker. */
import type { JournalApi } from './journal';

export type JournalOp = keyof JournalApi;

export interface JournalRequest {
  id: number;
  op: JournalOp;
  args: unknown[];
}

/**
 * What the page posts: one request, or several in one message (appends and updates queued
 * together on the page, see client.ts), done in their order.
 */
export type JournalMessage = JournalRequest | JournalRequest[] | JournalPing;

/**
 * "Are you there?": answered at once with the same number (`{ pong }`), ahead of any work queued.
 * The page asks when a request has waited long (client.ts): a worker that does not answer has
 * stopped (Chromium left it hanging when it deleted the origin's storage under a full disk).
 */
interface JournalPing {
  ping: number;
}

/** An answer to one request. */
export type JournalAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; message: string } };

export type JournalReply =
  /** Sent once, when the worker has started: whether it can keep a journal here. */
  | { ready: true }
  | { ready: false; reason: string }
  | JournalAnswer
  /** The answers to a message of several requests, in one message. */
  | { answers: JournalAnswer[] }
  | { pong: number };
