/**
 * The port a game session keeps its log through. A game on one phone keeps it in IndexedDB
 * (indexed-log.ts); a game shared with other phones in a Yjs document (sync/shared-log.ts). The
 * session (game-session.ts) holds everything else a game in progress is: what the screen reads,
 * the stale-tap rule, the status, the listeners. A store tells the session what happened through
 * the sink it is given, never a screen.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type {
  BaseSetup,
  EventRecord,
  GameEvent,
  SessionRecord,
  SessionStatus,
  StepRecord
} from '../db/records';
import type { Intent } from './send';
import type { SendResult } from './types';

/** How a shared game's phone is connected to the others (undefined for a game not shared). */
export type LinkState =
  /** Sharing by file only: no server is set. */
  | 'no-server'
  | 'connecting'
  | 'connected'
  /** Lost the server; playing on, and trying again. */
  | 'offline'
  /** The server is there but cannot take the game just now (its database or disk is away):
   * playing on, and trying again. */
  | 'trouble'
  /** The server turned the room key away: nothing more is tried. */
  | 'refused';

export interface HistoryItem {
  seq: number;
  label: string;
  time: number;
  /** True for events that were undone and can be redone. */
  undone: boolean;
  /** The turn or round it happened in, when known. */
  period?: number;
  /** A step that only walked a reminder. */
  minor: boolean;
  /**
   * A shared game's tap that changed nothing (another phone did the same thing first): `label`
   * then says why. Kept in the history, never dropped.
   */
  notApplied?: boolean;
  /**
   * A throw of dice or the coin (comforts/roll-history.ts): no step of the game, so nothing to
   * undo or go back to; its `seq` is negative, a key that no step has.
   */
  roll?: true;
}

export interface SendOptions {
  /** The log head the screen showed when the person tapped (see game-session.ts). */
  seen?: number;
  /** A tap of a "one more" control: quick ones in a row are one adjustment (adjust.ts). */
  repeat?: boolean;
}

export type SendOutcome = SendResult & { quiet?: boolean };

/** What a store tells its session. */
export interface StoreSink {
  /** The game changed (a tap, another tab's or phone's, a write that landed or failed). */
  changed(): void;
  /** A write failed after its tap was shown, in plain words. */
  failed(reason: string): void;
  /** Steps storage had refused are written back: the game is saved again. */
  savedAgain(): void;
}

export interface LogStore<S extends BaseSetup = BaseSetup> {
  /** The session record as this page knows it (head and status follow every accepted tap). */
  readonly record: Readonly<SessionRecord>;
  /** The setup with each seat named as it is now; the record keeps it as started. */
  readonly setup: S;
  readonly snapshot: AnyMachineSnapshot;
  /** Grows with every change to the log, this page's or not: what a tap was made on. */
  readonly head: number;
  /** The head right after the game last changed from outside this page; 0 if never. */
  readonly external: number;
  /** What a tap on a state another tab or phone has just changed is told. */
  readonly staleWords: string;
  /** True while accepted taps are still being written. */
  readonly pending: boolean;
  /** True while the page holds steps storage refused: the only copy of them. */
  readonly held: boolean;
  /** False while only the newest steps are held: `history` then lists those only. */
  readonly complete: boolean;
  /** Set when the stored game cannot be fully read; the game is then shown read-only. */
  readonly problem: string | undefined;
  /** Why the last write failed, until a write succeeds again. */
  readonly unsaved: string | undefined;
  readonly link: LinkState | undefined;
  /** Why the sync server turned this phone away, in plain words, once `link` is refused. */
  readonly refusal: string | undefined;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly undoLabel: string | undefined;
  readonly redoLabel: string | undefined;
  readonly history: HistoryItem[];
  /** The steps in effect held, oldest first (what "Back to here" counts from). */
  readonly steps: readonly StepRecord[];
  /** How many of the newest steps a back can take from what is held (Timeline.backReach). */
  readonly backReach: number;
  /** The state after all but the newest `steps` steps in effect (what a back leads to). */
  stateBack(steps: number): AnyMachineSnapshot;
  /** The log held (all of it once `complete`). */
  readonly log: readonly EventRecord[];
  /** The events in effect, in order. */
  readonly events: GameEvent[];

  /** Starts telling the session; called once, by it. */
  connect(sink: StoreSink): void;
  /** Takes a tap the session let through (a game read-only and stale taps are refused before). */
  apply(intent: Intent, repeat: boolean): SendOutcome;
  /** Writes fields a person changed on their own (the flow). */
  saveFields(fields: Partial<SessionRecord>): Promise<void>;
  setStatus(status: SessionStatus): Promise<void>;
  /** Resolves once every accepted tap has been written (or taken back). */
  saved(): Promise<void>;
  /** Another tab changed the stored game: catch up (`heard`: the stored head heard of). */
  reload(heard?: number): Promise<void>;
  /** Reads the steps before a window, so the history lists every step; a reason when it cannot. */
  readWhole(): Promise<string | undefined>;
  /** Writes the record if it lags behind the log (the page is being hidden or closed). */
  flushRecord(): Promise<void>;
  /** Writes held steps back now, with the whole game; true once saved. */
  retry(): Promise<boolean>;
  /** The seat chosen under "This phone is…", for a store that tells other phones. */
  setSeat(name: string | undefined): void;
  /** Lets go of what the game holds open (timers, a connection). */
  close(): void;
}
