/** Messages between the page and the journal's worker. */
import type { JournalApi } from './journal';

export type JournalOp = keyof JournalApi;

export interface JournalRequest {
  id: number;
  op: JournalOp;
  args: unknown[];
}

export type JournalReply =
  /** Sent once, when the worker has started: whether it can keep a journal here. */
  | { ready: true }
  | { ready: false; reason: string }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; message: string } };
