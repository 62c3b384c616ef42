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
   * Why the machine refused an event its current state does take (a guard said no: a count out
   * of range, a player who is out), in plain words. Returning undefined falls back to a general
   * sentence naming the current step.
   */
  refusal(snapshot: AnyMachineSnapshot, event: GameEvent, setup: TSetup): string | undefined;
  /**
   * Why an event is not for this step: asked only when the current state has no transition for
   * the event's type at all (read from the machine, see replay.ts takesEvent). Each game words
   * it per event type (gameLogic's `notNow`).
   */
  notNow(snapshot: AnyMachineSnapshot, event: GameEvent, setup: TSetup): string | undefined;
  /** A history line for an accepted event, e.g. "Arena 1: Ana wins, Ben loses a temple". */
  describe(event: GameEvent, before: AnyMachineSnapshot, after: AnyMachineSnapshot, setup: TSetup): string;
  /** One line for the home list: "Turn 4 · Ana 2 temples, Ben 1". */
  summarize(snapshot: AnyMachineSnapshot, setup: TSetup): string;
  /**
   * Optional: adapts the current state's meta to the game in progress (the age number, the
   * format's own rules links). Gets the deepest state's meta; returns what the screen shows.
   */
  describeStep?(snapshot: AnyMachineSnapshot, setup: TSetup, meta: StepMeta): StepMeta;
  /**
   * Event types that only walk through reminders (Guide me's "Next"): they change no number, so
   * the history folds their lines away and leads with what changed the score.
   */
  stepEvents: readonly string[];
  /**
   * Event types that are the game's main outcomes (a battle resolved, a round scored, a Seize):
   * their history line is said aloud to a screen reader when they happen (a polite live region).
   * The turn line, when the turn changes, and game over are said for every game.
   */
  outcomes: readonly string[];
  /**
   * Optional: the counters a tap adjusts step by step (a Mojo −1 button). Quick taps on one
   * counter in a row are one history line and one undo step (see adjust.ts).
   */
  adjusts?: Adjusts;
  /** What the game counts its length in, and the number of the turn or round in progress. */
  period(snapshot: AnyMachineSnapshot, setup: TSetup): Period;
  /**
   * Optional: the player (id) whose turn it is, for the table's turn clock. Absent, or undefined,
   * where the table plays a turn all at once (the clock then times the turn or round as a whole).
   */
  activePlayer?(snapshot: AnyMachineSnapshot, setup: TSetup): string | undefined;
  /**
   * Each player's score right now in the game's own terms (temples, Mojo, Life Stack, Followers,
   * EP), and the line they race towards where there is one (the Ascension Die × team size, the
   * EP target). Charts sample it once per turn or round; `result` ranks by it.
   */
  standing(snapshot: AnyMachineSnapshot, setup: TSetup): Standing;
  /** Where the game ended (or stands): winners, each player's score and rank, who started. */
  result(snapshot: AnyMachineSnapshot, setup: TSetup): GameResult;
  /** How the game's score reads, for results, stats and exports. */
  scoring: Scoring;
  /**
   * The fields this game's setups and events may have. A backup import refuses anything else
   * with its path ("sessions[3].setup.colour: unexpected field"), so data the game would never
   * read (another app's, a typo) is never stored. Every game lists them; optional only for
   * test fixtures.
   */
  fields?: GameFields;
}

export interface Adjusts {
  /** The counter this event adjusts ("mojo:ben:attack"), or undefined for any other event. */
  key(event: GameEvent): string | undefined;
  /** Events with one key, oldest first, as one event (their changes summed): what the line names. */
  sum(events: readonly GameEvent[]): GameEvent;
}

/**
 * How a stored object's fields look: `true` for a value the game checks itself (text, a number,
 * a list of them, or a record keyed by player ids), or the fields of a nested object (for a list
 * of objects, of each item). Every field listed may be absent; the game's checks say what must
 * be there.
 */
export type FieldShape = true | { readonly [field: string]: FieldShape };

/** Every key of every member of a union (keyof a union gives only the common ones). */
type KeysOf<T> = T extends unknown ? keyof T : never;

/** The setup's own fields, besides `players` and `seed` (every game has those). */
export type SetupFields<S extends BaseSetup> = {
  readonly [K in Exclude<keyof S, keyof BaseSetup>]-?: FieldShape;
};

/** Each event type's fields besides `type`: the compiler keeps the list in step with the union. */
export type EventFields<E extends { type: string }> = {
  readonly [T in E['type']]: {
    readonly [K in Exclude<KeysOf<Extract<E, { type: T }>>, 'type'>]-?: FieldShape;
  };
};

export interface GameFields {
  setup: { readonly [field: string]: FieldShape };
  events: { readonly [type: string]: { readonly [field: string]: FieldShape } };
}

export interface Period {
  unit: 'turn' | 'round';
  /** 1 for the first turn or round. */
  number: number;
}

interface Standing {
  /** Score by player id. Team games give every member the team's score. */
  scores: Record<string, number>;
  /** A line the score races towards, when the game has one. */
  target?: number;
}

export interface Scoring {
  /** The score's name, plural: "temples", "Mojo", "cards in Life Stack", "Followers", "EP". */
  unit: string;
  /** True when the highest score wins (false e.g. for nothing; every game here is true). */
  highestWins: boolean;
  /** True when the score is not points in the usual sense (BG Stats' noPoints). */
  noPoints: boolean;
}

export interface PlayerResult {
  id: string;
  name: string;
  score: number;
  /** 1 for the winners; players who tie share a rank. */
  rank: number;
  /** Team index when the game was played in teams. */
  team?: number;
  winner: boolean;
  /** True for the player (or team) who took the first turn. */
  started: boolean;
}

export interface GameResult {
  /** True once the game has ended by its own rules (a winner, or a tie the rules call a draw). */
  finished: boolean;
  /** Ids of the winning players (every member of a winning team); empty when nobody won yet. */
  winners: string[];
  /** Index of the winning team, for team games. */
  winningTeam?: number;
  /** True when the game ended with more than one winner by a tie (not a team win). */
  tie: boolean;
  players: PlayerResult[];
  /**
   * How the players below the winners are ranked: by `score`; by `elimination` (a player out
   * earlier ranks below one out later, players out at one moment share a rank, players still in
   * rank above both, by score); or by `team` (a team's players share its rank).
   */
  ranking: 'score' | 'elimination' | 'team';
  /** Length so far: turns or rounds played (the one in progress counts). */
  length: Period;
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
