/**
 * One rule for names in a finished game (History's rows, the home list, a game's page): the names
 * it was played with, as its summary, board, chart and history tell it; a remembered player renamed
 * since gets the name they go by now once beside it, "Ben (now Bo)". Stats are about people, not
 * games, and use the name now.
 */
import type { SessionRecord } from '../db/records';
import { sameName } from '../util/player-name';

export interface SeatName {
  /** The remembered player's id, or "guest:<name>" for a guest or a player no longer remembered. */
  key: string;
  /** The name played with. */
  asPlayed: string;
  /** The name now: the remembered player's, else the name played with. */
  now: string;
}

/**
 * Whether a player goes by another name now. Typed "BEN" or " ben" at a setup, a remembered Ben
 * was seated as himself (seatProfiles matches that way), so that is not a rename.
 */
export function renamed(asPlayed: string, now: string): boolean {
  return !sameName(asPlayed, now);
}

/** "Ben", or "Ben (now Bo)" once Ben was renamed Bo. */
export function nameAsPlayed(asPlayed: string, now: string): string {
  return renamed(asPlayed, now) ? `${asPlayed} (now ${now})` : asPlayed;
}

/** Each seat of a stored game, in seat order, by `profiles` (profile id → name now). */
export function seatNames(session: SessionRecord, profiles: ReadonlyMap<string, string>): SeatName[] {
  return session.setup.players.map((p) => {
    const profile = session.profiles?.[p.id];
    const now = profile === undefined ? undefined : profiles.get(profile);
    return now === undefined
      ? { key: `guest:${p.name}`, asPlayed: p.name, now: p.name }
      : { key: profile!, asPlayed: p.name, now };
  });
}

/** The players' line of a game in a list: "Ana, Ben (now Bo)". */
export function seatLine(session: SessionRecord, profiles: ReadonlyMap<string, string>): string {
  return seatNames(session, profiles)
    .map((s) => nameAsPlayed(s.asPlayed, s.now))
    .join(', ');
}
