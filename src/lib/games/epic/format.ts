/**
 * Epic formats and setups: how many packs, how big a deck must be, whether a sideboard exists,
 * who sits where and who goes first. Pure data and functions; the machine, the setup screen,
 * setup codes and backups all use them.
 */
import type { BaseSetup } from '../kit';
import { isObject, playersProblem } from '../players';

/** Screens read a player's name through their game's format, the one way every game does. */
export { playerName } from '../players';

export type EpicFormat = 'sealed' | 'pack-war' | 'draft' | 'designed';

export const MIN_PLAYERS = 2;
/** The rulebook sets no upper limit; the app's layouts hold 8 at 360 px with 40-character names. */
export const MAX_PLAYERS = 8;
export const STARTING_MOJO = 30;
export const STARTING_HAND = 5;
export const HAND_LIMIT = 10;
export const PACK_SIZE = 15;
export const SIDEBOARD_SIZE = 15;
/** Sealed Pack and Draft take 2 packs or more; more than 9 each is no game anyone plays. */
export const MIN_PACKS = 2;
export const MAX_PACKS = 9;
/** A match is best two of three: the first to win this many games takes it. */
export const MATCH_WINS = 2;

export interface EpicSetup extends BaseSetup {
  format: EpicFormat;
  /** Packs per player: 1 in Pack War, 2 or more in Sealed Pack and Draft, 0 for a designed deck. */
  packs: number;
  /** Best two of three games, in one session. */
  match: boolean;
  /** Seat index (in `players`, clockwise) of the player who takes the first turn of game 1. */
  first: number;
  /** True when the seats were drawn with the seed (the setup code then rebuilds the same order). */
  shuffledSeats: boolean;
}

export const FORMAT_TITLES: Record<EpicFormat, string> = {
  sealed: 'Sealed Pack',
  'pack-war': 'Pack War',
  draft: 'Draft',
  designed: 'Designed deck'
};

/** "Sealed Pack 3", "Pack War", "Draft 2", "Designed deck". */
export function formatName(setup: Pick<EpicSetup, 'format' | 'packs'>): string {
  const title = FORMAT_TITLES[setup.format];
  return setup.format === 'sealed' || setup.format === 'draft' ? `${title} ${setup.packs}` : title;
}

/** The packs a format uses: fixed for Pack War (1) and a designed deck (0), chosen otherwise. */
export function packsFor(format: EpicFormat, chosen: number): number {
  if (format === 'pack-war') return 1;
  if (format === 'designed') return 0;
  return chosen;
}

/** The smallest legal deck in a format. Pack War plays its one pack as it comes. */
export function minimumDeck(format: EpicFormat): number {
  if (format === 'designed') return 60;
  if (format === 'pack-war') return PACK_SIZE;
  return 30;
}

/**
 * Our reading (ruling-sideboard-formats): a sideboard only where the book talks of building one
 * and there are cards to spare: Sealed Pack 3+, Draft 3+ and a designed deck.
 */
export function sideboardAllowed(setup: Pick<EpicSetup, 'format' | 'packs'>): boolean {
  if (setup.format === 'designed') return true;
  if (setup.format === 'pack-war') return false;
  return setup.packs >= 3;
}

/** True when the table builds decks in the app's guide before play (Sealed 3+ and Draft). */
export function buildsDecks(setup: Pick<EpicSetup, 'format' | 'packs'>): boolean {
  return setup.format === 'draft' || (setup.format === 'sealed' && setup.packs >= 3);
}

/** Why a setup cannot start (or reopen) a game, in plain words; undefined when it is sound. */
export function epicSetupProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'the setup is missing';
  const s = value as Partial<EpicSetup>;
  if (!s.format || !(s.format in FORMAT_TITLES)) return `“${String(s.format)}” is not an Epic format`;
  const players = playersProblem(s.players, { min: MIN_PLAYERS, max: MAX_PLAYERS, game: 'Epic' });
  if (players) return players;
  const n = s.players!.length;
  if (typeof s.seed !== 'string') return 'the seed is missing';
  if (!Number.isInteger(s.packs)) return 'the number of packs must be a whole number';
  const packs = s.packs!;
  if (s.format === 'pack-war' && packs !== 1) return 'Pack War is played with one pack each';
  if (s.format === 'designed' && packs !== 0) return 'a designed deck uses no packs';
  if ((s.format === 'sealed' || s.format === 'draft') && (packs < MIN_PACKS || packs > MAX_PACKS)) {
    return `${FORMAT_TITLES[s.format]} takes ${MIN_PACKS} to ${MAX_PACKS} packs each, not ${packs}`;
  }
  if (typeof s.match !== 'boolean') return 'say whether this is a match or a single game';
  if (typeof s.shuffledSeats !== 'boolean') return 'say whether the seats were drawn';
  if (!Number.isInteger(s.first) || s.first! < 0 || s.first! >= n)
    return 'the first player must be one of the players';
  return undefined;
}
