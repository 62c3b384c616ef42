import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { BaseSetup, GameEvent } from '../db/records';

/**
 * What the session runtime needs from a game: its machine and a few pure functions around it.
 * Everything here is deterministic; nothing touches the clock, storage or the screen.
 */
export interface GameLogic<TSetup extends BaseSetup = BaseSetup> {
  machine: AnyStateMachine;
  /**
   * Bump when the machine's states or context change shape. Cached snapshots carry this number;
   * a different number means "replay the log instead of trusting the cache".
   */
  version: number;
  /** The machine's input for a new session. */
  input(setup: TSetup): unknown;
  /** A reason the setup cannot start a game, or undefined when it is fine. */
  setupProblem(setup: unknown): string | undefined;
  /**
   * Why the machine refuses this event right now, in plain words. Called only after the machine
   * has refused; returning undefined falls back to a general sentence naming the current step.
   */
  refusal(snapshot: AnyMachineSnapshot, event: GameEvent, setup: TSetup): string | undefined;
  /** A history line for an accepted event, e.g. "Arena 1: Ana wins, Ben loses a temple". */
  describe(event: GameEvent, before: AnyMachineSnapshot, after: AnyMachineSnapshot, setup: TSetup): string;
  /** One line for the home list: "Turn 4 · Ana 2 temples, Ben 1". */
  summarize(snapshot: AnyMachineSnapshot, setup: TSetup): string;
  /**
   * Optional: adapts the current state's meta to the game in progress (the age number, the
   * format's own rules links). Gets the deepest state's meta; returns what the screen shows.
   */
  describeStep?(snapshot: AnyMachineSnapshot, setup: TSetup, meta: StepMeta): StepMeta;
}

/** The meta every state node carries, so the play screen can always say what happens now. */
export interface StepMeta {
  /** Short title: "Age 2 · Play cards". */
  title: string;
  /** What the table does now, in one line. */
  now: string;
  /** Rules section ids (in the game's reference) that apply here. */
  rules: string[];
}

export type SendResult = { ok: true } | { ok: false; reason: string };
