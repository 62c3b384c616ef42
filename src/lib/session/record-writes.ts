/**
 * When a game on one phone writes its session record (head, time, status, the home list's line).
 * Taps write it only when the status or the turn changes, and with a game's first step; the
 * play screen writes it when the page is hidden (flushRecord). This remembers what was written
 * last; a write that failed forgets it, so the next tap writes the record again.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { BaseSetup, SessionRecord } from '../db/records';
import { naturalStatus } from './record';
import { summaryFields } from './summary-seats';
import type { GameLogic } from './types';

export class RecordWrites<S extends BaseSetup> {
  /** The head and period the stored record was last written for; undefined: not known. */
  private written: { head: number; period: number } | undefined;

  constructor(
    private readonly logic: GameLogic<S>,
    private readonly setup: () => S
  ) {}

  /** The record's fields for a state at a head. */
  fields(snapshot: AnyMachineSnapshot, head: number, updated: number): Partial<SessionRecord> {
    return {
      head,
      updated,
      status: naturalStatus(snapshot),
      ...summaryFields(this.logic, snapshot, this.setup())
    };
  }

  /** The stored record is the one for this state at this head. */
  mark(head: number, snapshot: AnyMachineSnapshot): void {
    this.written = { head, period: this.period(snapshot) };
  }

  /** What is stored is not known (a write failed, or the game is held): write it next time. */
  forget(): void {
    this.written = undefined;
  }

  /** True when the stored record lags behind this state at this head. */
  behind(head: number, snapshot: AnyMachineSnapshot): boolean {
    return this.written?.head !== head || this.written.period !== this.period(snapshot);
  }

  /**
   * The fields to write with a step, or undefined: written when the status changes, the turn
   * does, and with a game's first step (a record still at head 0 reads as a game never played:
   * the install offer's "played and left" missed a game left in its first turn). Counted as
   * written at once.
   */
  forStep(
    next: AnyMachineSnapshot,
    statusChanged: boolean,
    head: number,
    time: number
  ): Partial<SessionRecord> | undefined {
    const period = this.period(next);
    if (!statusChanged && this.written?.period === period && this.written.head !== 0) return undefined;
    this.written = { head, period };
    return this.fields(next, head, time);
  }

  private period(snapshot: AnyMachineSnapshot): number {
    return this.logic.period(snapshot, this.setup()).number;
  }
}
