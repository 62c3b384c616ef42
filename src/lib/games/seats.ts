/**
 * The "This phone is…" list for a game's entry (light: no game module): every player by name,
 * with the team beside it where the game is played in teams.
 */
import type { BaseSetup } from './kit';
import type { SeatOption } from './types';

const names = (setup: BaseSetup): SeatOption[] =>
  (Array.isArray(setup.players) ? setup.players : []).map((p) => ({ name: String(p?.name ?? '') }));

/**
 * Teams given as lists of player ids ("Team 2, with Cy"); when every team is one player (a Duel,
 * a Free-For-All) the names alone.
 */
export function seatsByTeamIds(setup: BaseSetup, teams: unknown): SeatOption[] {
  const plain = names(setup);
  if (!Array.isArray(teams) || !teams.some((t) => Array.isArray(t) && t.length > 1)) return plain;
  return setup.players.map((p, i) => {
    const team = teams.findIndex((t) => Array.isArray(t) && t.includes(p.id));
    if (team < 0) return plain[i];
    const mates = (teams[team] as string[])
      .filter((id) => id !== p.id)
      .map((id) => setup.players.find((q) => q.id === id)?.name)
      .filter(Boolean);
    return {
      name: plain[i].name,
      note: `Team ${team + 1}${mates.length ? `, with ${mates.join(' & ')}` : ''}`
    };
  });
}

/** Teams given as a team number per seat (0-based), or null when everyone plays alone. */
export function seatsByTeamNumbers(setup: BaseSetup, teams: unknown): SeatOption[] {
  const plain = names(setup);
  if (!Array.isArray(teams)) return plain;
  return plain.map((option, seat) =>
    Number.isInteger(teams[seat]) ? { ...option, note: `Team ${(teams[seat] as number) + 1}` } : option
  );
}

/** The chooser's list for a game: its entry's own, else every player by name. */
export function seatsFor(
  entry: { seats?: (setup: BaseSetup & Record<string, unknown>) => SeatOption[] },
  setup: BaseSetup & Record<string, unknown>
): SeatOption[] {
  return entry.seats ? entry.seats(setup) : names(setup);
}
