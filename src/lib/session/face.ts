/**
 * What a screen needs from a game in progress, whoever keeps its log: the single-phone runtime
 * (session/runtime.ts, the log in IndexedDB) or a game shared with other phones
 * (sync/runtime.ts, the log in a Yjs document). LiveSession and the play screen see only this.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { BaseSetup, EventRecord, GameEvent, SessionRecord } from '../db/records';
import type { HistoryItem, SendOptions, SendOutcome } from './runtime';
import type { GameLogic, StepMeta } from './types';

/** How a shared game's phone is connected to the others (undefined for a game not shared). */
export type LinkState =
  /** Sharing by file only: no server is set. */
  | 'no-server'
  | 'connecting'
  | 'connected'
  /** Lost the server; playing on, and trying again. */
  | 'offline'
  /** The server turned the room key away: nothing more is tried. */
  | 'refused';

export interface GameRuntime<S extends BaseSetup = BaseSetup> {
  readonly logic: GameLogic<S>;
  readonly session: Readonly<SessionRecord>;
  readonly setup: S;
  readonly snapshot: AnyMachineSnapshot;
  /** Grows with every change to the log, this phone's or not: what a tap was made on. */
  readonly head: number;
  readonly pending: boolean;
  readonly meta: StepMeta | undefined;
  readonly summary: string;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly undoLabel: string | undefined;
  readonly redoLabel: string | undefined;
  readonly complete: boolean;
  readonly history: HistoryItem[];
  /** The log held (all of it once `complete`), for a file made from the screen. */
  readonly log?: readonly EventRecord[];
  readonly problem: string | undefined;
  readonly unsaved: string | undefined;
  /** True while the page holds steps storage refused (the only copy of them); see `retry`. */
  readonly held?: boolean;
  /** Set for a shared game. */
  readonly link?: LinkState;
  /** Why the sync server turned this phone away, in plain words, once `link` is refused. */
  readonly refusal?: string;
  subscribe(listener: () => void): () => void;
  onFailure(listener: (reason: string) => void): () => void;
  /** Hears when held steps were written back: the game is saved again. */
  onSavedAgain?(listener: () => void): () => void;
  /** Writes held steps back now, with the whole game; true once saved. */
  retry?(): Promise<boolean>;
  check(event: GameEvent): string | undefined;
  send(event: GameEvent, options?: SendOptions): SendOutcome;
  undo(options?: SendOptions): SendOutcome;
  redo(options?: SendOptions): SendOutcome;
  readWhole(): Promise<string | undefined>;
  saved(): Promise<void>;
  /** Another tab of this phone changed the stored game: catch up. */
  reload(heard?: number): Promise<void>;
  flushRecord(): Promise<void>;
  setGuide(guide: boolean | undefined): Promise<void>;
  /**
   * The seat chosen under "This phone is…" (its name), or undefined. A shared game writes it with
   * each tap so the other phones can name this phone; a game on one phone has no use for it.
   */
  setSeat?(name: string | undefined): void;
  finish(): Promise<void>;
  archive(): Promise<void>;
  reopen(): Promise<void>;
  /** Lets go of what the game holds open (a shared game's connection). */
  close?(): void;
}
