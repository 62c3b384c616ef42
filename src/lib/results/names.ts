/**
 * The one rename rule. A player goes by the name they have now everywhere a name is shown or
 * sent: the home and history lists and their summary lines, a game's page (heading, table,
 * chart, board), its play screen and the words of steps taken from now on, stats, Players, the
 * BG Stats link and a shared result. Only what a game already wrote stays as it was said: the
 * words of its earlier steps, and the setup it keeps (backups carry it, with the profiles as they
 * are now, so a restore shows the same). A game's own page says once who played under another
 * name: "Bo played as Ben." A guest, or a player no longer remembered, keeps the name played with.
 */
import type { BaseSetup, SessionRecord } from '../db/records';
import { summaryNamed } from '../session/summary-seats';
import { sameName } from '../util/player-name';

interface SeatName {
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
function renamed(asPlayed: string, now: string): boolean {
  return !sameName(asPlayed, now);
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

/** The name each seat goes by now, in seat order. */
export function namesNow(session: SessionRecord, profiles: ReadonlyMap<string, string>): string[] {
  return seatNames(session, profiles).map((s) => s.now);
}

/** The setup with each seat named as `names` says (the same object when nothing changed). */
export function setupNamed<S extends BaseSetup>(setup: S, names: readonly string[]): S {
  if (setup.players.every((p, i) => names[i] === undefined || names[i] === p.name)) return setup;
  return { ...setup, players: setup.players.map((p, i) => ({ ...p, name: names[i] ?? p.name })) };
}

/** The players' line of a game in a list: "Ana, Bo". */
export function seatLine(session: SessionRecord, profiles: ReadonlyMap<string, string>): string {
  return namesNow(session, profiles).join(', ');
}

/** The game's summary line with the names now ("Bo won · Ana 0 - Bo 3"). */
export function summaryNow(session: SessionRecord, profiles: ReadonlyMap<string, string>): string {
  return summaryNamed(session.summary, session.summarySeats, namesNow(session, profiles));
}

/** "Bo played as Ben." for every seat renamed since; undefined when nobody was. */
export function playedAsLine(
  session: SessionRecord,
  profiles: ReadonlyMap<string, string>
): string | undefined {
  const changed = seatNames(session, profiles).filter((s) => renamed(s.asPlayed, s.now));
  if (!changed.length) return undefined;
  return `${changed.map((s) => `${s.now} played as ${s.asPlayed}`).join('; ')}.`;
}
