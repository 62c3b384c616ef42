import type { Component } from 'svelte';
import type { BaseSetup } from './kit';
import type { LiveSession } from './kit';
import type { GameLogic } from './kit';
import type { TablePicture } from '../picture/facts';

/** What a game's new-game screen receives: call onstart with a finished setup. */
export interface SetupProps<S extends BaseSetup = BaseSetup> {
  onstart: (setup: S) => Promise<void>;
  /** A setup to start from (e.g. from a shared link), already checked by the game. */
  initial?: S;
}

/** What a game's play screen receives: the live session (state, send, undo…). */
export interface PlayProps<S extends BaseSetup = BaseSetup> {
  session: LiveSession<S>;
  /**
   * Guide me (true): walk every step with a Next button. The quick flow (false): reminders are
   * a checklist (StepChecklist) and only what changes a number is asked for.
   */
  guide: boolean;
  /** Opens the rules sections with these ids over the game ("what now?" for a checklist item). */
  help: (ids: string[], title: string) => void;
  /**
   * The player this phone is (an index into the setup's players, chosen in the ⋯ menu and kept on
   * this phone only), or undefined: table order. Their area comes first, or near where two areas
   * face each other (`seatFirst`, `facingAreas` in ui/seat.ts); only the order on screen changes,
   * never which player an event names.
   */
  seat?: number;
}

/** One player a phone can be, in the "This phone is…" chooser. */
export interface SeatOption {
  name: string;
  /** A few words beside the name, e.g. the team. */
  note?: string;
}

/**
 * A game's new-game screen and its setup-code reader: all the new-game page needs to paint, so
 * the machine, the rules logic and the play screen load behind it (GameEntry.loadSetup).
 */
export interface GameSetupModule<S extends BaseSetup = any> {
  Setup: Component<SetupProps<S>>;
  /** Reads a shared setup code or link parameter back into a setup (optional). */
  decodeSetup?: (code: string) => { ok: true; setup: S } | { ok: false; reason: string };
}

/** What a game adds to its setup screen to be played: its rules logic and play screen (module.ts). */
export interface GamePlayModule<S extends BaseSetup = any> {
  logic: GameLogic<S>;
  Play: Component<PlayProps<S>>;
  /**
   * Its table picture from a setup (its picture.ts): who sits where, teams, arenas or Realms, who
   * starts; the play menu's "Table picture" draws it. A game without one offers no picture.
   */
  picture?: (setup: S) => TablePicture;
}

/**
 * How a rulebook in shared/seeds/ marks its sections, so the rules reference can be checked to
 * cover every one: markdown headings, or a table of contents between two marker lines whose
 * entries are "Title<TAB>page" (`before-tab`) or "page – Title" (`after-dash`).
 */
export type RulebookHeadings =
  | { kind: 'markdown' }
  | {
      kind: 'contents';
      from: RegExp;
      to: RegExp;
      entry: 'before-tab' | 'after-dash';
      /** An entry with no page number continues on the next line ("Pre-Built / Decks:"). */
      joinBroken?: boolean;
      /** Lines of the contents page that are not sections (scanner noise, a copyright line). */
      skip?: RegExp;
    };

/** A rulebook in ../shared/seeds/ and how it marks its sections. */
export interface Rulebook {
  file: string;
  headings: RulebookHeadings;
}

/** The light part: what the home list and the router need, with no machine or UI loaded. */
export interface GameEntry {
  id: string;
  title: string;
  /** One line on the home screen. */
  blurb: string;
  players: { min: number; max: number };
  /** The id of its rules reference (src/lib/games/<id>/rules.md). */
  rules: string;
  /**
   * The letters that start its setup codes ("T" for "T2-…"), unique among games; a code typed
   * on the wrong game's screen is named by it (src/lib/share/setup-code.ts).
   */
  codePrefix?: string;
  /**
   * The setup in a few words for the home list, so saved games tell themselves apart: "Duel ·
   * classic", "Three arenas · 5 players". Light: must not pull in the game's module.
   */
  describeSetup: (setup: BaseSetup & Record<string, unknown>) => string;
  /**
   * Who a phone can be, in the setup's player order (the chooser's list); without it, every player
   * by name. An empty list: nobody sits apart (WiZ solo), so the phone is never asked. Light.
   */
  seats?: (setup: BaseSetup & Record<string, unknown>) => SeatOption[];
  /**
   * Its rulebook in ../shared/seeds/ (the file name) and how that book marks its sections
   * (`rulebook.ts` in its folder, loaded only by the rules checks). Every game in the registry has
   * one (the rules checks fail without it); a test game may not.
   */
  rulebook?: () => Promise<{ default: Rulebook }>;
  /** A few words worth searching in its rules, for the search box's hint: "capture, surge, haunt". */
  searchHint: string;
  /** The heavy part, loaded only when a game is played or replayed: its logic and play screen. */
  load: () => Promise<GamePlayModule>;
  /** The new-game screen and its code reader: the new-game page's first paint. */
  loadSetup: () => Promise<GameSetupModule>;
}
