/** The shapes stored in IndexedDB. Plain data only: everything here survives JSON export. */
import type { ClockRecord } from '../comforts/table-clock';
import type { RollRecord } from '../comforts/dice';

export type SessionStatus = 'active' | 'finished' | 'archived';

export interface PlayerSetup {
  id: string;
  name: string;
  /** A guest: played under this name, never remembered as a player or counted in their stats. */
  guest?: boolean;
}

/** What every game's setup has; each game adds its own fields (format, teams, options). */
export interface BaseSetup {
  players: PlayerSetup[];
  /** The seed for every random choice in this session. */
  seed: string;
}

export interface SessionRecord {
  id: string;
  game: string;
  setup: BaseSetup & Record<string, unknown>;
  created: number;
  updated: number;
  status: SessionStatus;
  /** One line for the home list, written by the game after every change. */
  summary: string;
  /**
   * Where each seat's name sits in `summary`, as [start, length, seat] (session/summary-seats.ts):
   * lists show the line with the names players go by now. Written with the summary, always.
   */
  summarySeats?: [number, number, number][];
  /** Seq of the newest log entry (0 when the log is empty). */
  head: number;
  /** Set when deleted from the home list; the record is purged later so the delete can be undone. */
  deletedAt?: number;
  /** Where a finished game was played, and a note on it (results/play-notes.ts); unset when empty. */
  location?: string;
  note?: string;
  /** This game's own choice of flow: true walks every step (Guide me); unset follows settings. */
  guide?: boolean;
  /**
   * Which remembered player (profile id) sat in each seat, by player id. Guests have none. The
   * game keeps the names it was played with in its setup; history and stats show the profile's.
   */
  profiles?: Record<string, string>;
  /**
   * Set while the game is played on several phones (#11): its log then lives in a shared Yjs
   * document (src/lib/sync) and the `events` kept here are a copy of what is in effect, for the
   * history, stats, backups and the recovery journal.
   */
  shared?: SharedGame;
  /**
   * The table's clocks, set once a table turns them on for this game (comforts/table-clock.ts).
   * Time kept beside the game, never in its log: it moves no machine and no undo takes it.
   * Kept on this phone (a shared game's other phones keep their own).
   */
  clock?: ClockRecord;
  /** The dice and coins thrown during the game, oldest first (comforts/dice.ts): not steps. */
  rolls?: RollRecord[];
}

/** Where a shared game meets the other phones, and the secret that lets them in. */
export interface SharedGame {
  /** The room on the sync server: random, says nothing about the game. */
  room: string;
  /** The room key (≥128 random bits): whoever has it can join. */
  key: string;
  /** The sync server's address (ws:// or wss://); empty: this phone shares by file only. */
  server: string;
}

/** A game event as it travels in the log: plain JSON with a type. */
export interface GameEvent {
  type: string;
  [key: string]: unknown;
}

/**
 * One entry of a session's append-only log. 'undo', 'redo' and 'back' are entries too, so nothing is ever
 * rewritten or deleted: the effective event list is a fold over the log (see session/log.ts).
 */
interface EntryFields {
  sessionId: string;
  seq: number;
  time: number;
  /** Human-readable line for the history, written when the entry is committed. */
  label: string;
  /** The turn or round the event happened in (GameLogic.period), for grouping the history. */
  period?: number;
  /** True for a step that only walks a reminder (Guide me's Next): the history folds it away. */
  minor?: boolean;
  /**
   * True for a tap of a "one more" control (a counter's step, one more card): quick ones in a
   * row with the same event are one adjustment, one history line and one undo (session/adjust.ts).
   * What the person did, so kept as it is by backups (never derived).
   */
  repeat?: true;
}

/** A log entry that is a step of the game: the event the machine took. */
export interface StepRecord extends EntryFields {
  kind: 'event';
  event: GameEvent;
}

/** A log entry that takes the last step back, or brings the last one taken back again. */
export interface UndoRecord extends EntryFields {
  kind: 'undo' | 'redo';
  event?: undefined;
}

/**
 * A log entry that takes the newest `steps` steps in effect back at once ("Back to here" in the
 * history): one action, so one undo brings them all back and a redo after that takes them again.
 */
export interface BackRecord extends EntryFields {
  kind: 'back';
  /** How many steps in effect it takes back: a whole number from 1 to all of them. */
  steps: number;
  event?: undefined;
}

/** One line of a game's append-only log: a step, an undo, a redo or a back. */
export type EventRecord = StepRecord | UndoRecord | BackRecord;

/** The parts of a machine snapshot that are stored; restored with machine.resolveState. */
export interface StoredState {
  value: unknown;
  context: unknown;
  status: 'active' | 'done' | 'error' | 'stopped';
  output?: unknown;
}

/** A cache of the machine state after the first `depth` effective events. Never the truth. */
export interface SnapshotRecord {
  sessionId: string;
  /** Log seq of the last effective event folded into this state. */
  eventSeq: number;
  depth: number;
  /** The machine version that made it; another version means "replay instead". */
  version: number;
  state: StoredState;
}

export interface SettingRecord {
  key: string;
  value: unknown;
}

export interface ProfileRecord {
  id: string;
  name: string;
  created: number;
  /** When the name last changed (a rename); a backup's copy wins only when newer. */
  updated?: number;
}
