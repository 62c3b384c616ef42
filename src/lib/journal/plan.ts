/**
 * Deciding what to restore, from what IndexedDB holds and what the journal holds, game by game.
 * Pure: the reading and writing is in recover.ts.
 *
 * IndexedDB is the truth while it has a game: the journal only ever adds to it (steps it lost),
 * and is itself brought up to date from it (steps written there just before a kill, games from
 * before the journal existed or from a backup).
 */
import type { JournalSummary } from './journal';

/** A game as IndexedDB has it: its log's last entry. */
export interface StoredGame {
  id: string;
  head: number;
  /** The time of entry `head`. */
  headTime: number | undefined;
}

export type RecoveryStep =
  /** IndexedDB lacks the game: bring it back whole from the journal. */
  | { kind: 'restore'; id: string }
  /** IndexedDB's log stops at `head`; the journal has more: add the missing entries. */
  | { kind: 'heal'; id: string; head: number; headTime: number | undefined }
  /** The journal stops at `head` (a kill came between the two writes): add what it lacks. */
  | { kind: 'top-up'; id: string; head: number; headTime: number | undefined }
  /** The journal is missing, unreadable, or tells another history: write it anew from IndexedDB. */
  | { kind: 'rewrite'; id: string };

export function planRecovery(
  stored: readonly StoredGame[],
  journal: readonly JournalSummary[]
): RecoveryStep[] {
  const steps: RecoveryStep[] = [];
  const journals = new Map(journal.map((j) => [j.id, j]));
  for (const s of stored) {
    const j = journals.get(s.id);
    if (!j || !j.readable) steps.push({ kind: 'rewrite', id: s.id });
    else if (j.head > s.head) steps.push({ kind: 'heal', id: s.id, head: s.head, headTime: s.headTime });
    else if (j.head < s.head) steps.push({ kind: 'top-up', id: s.id, head: j.head, headTime: j.headTime });
    else if (j.headTime !== s.headTime) steps.push({ kind: 'rewrite', id: s.id });
  }
  const known = new Set(stored.map((s) => s.id));
  for (const j of journal) if (j.readable && !known.has(j.id)) steps.push({ kind: 'restore', id: j.id });
  return steps;
}
