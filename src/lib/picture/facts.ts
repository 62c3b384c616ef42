/**
 * A table picture's facts: who sits where round the table, their teams, the arenas or Realms they
 * play in and who starts. Each game turns its setup into these (src/lib/games/<game>/picture.ts);
 * one renderer draws them (ui/TablePicture.svelte) and says the same facts in words. Pure.
 */

export interface PictureSeat {
  /** The player's name, whole: the drawing shortens it, the words never do. */
  name: string;
  /** The team (0-based), where the game is played in teams. */
  team?: number;
  /** The places (indices into `places`) this player plays in. */
  places: number[];
  /** A few words the seat carries: "Starts", "Avatar Mat", "Deals first". */
  marks: string[];
}

export interface TablePicture {
  /** "Three arenas, 6 players". */
  title: string;
  /** The seats clockwise round the table, the first nearest the phone (at the bottom). */
  seats: PictureSeat[];
  /** Arenas or Realms: their names ("Arena 1"); empty when the table is one game. */
  places: string[];
  /**
   * Where the places lie: `between` the seats that play there (Titans' arenas, each between the
   * two players facing across it), or side by side in the `middle` (Theos' Realms).
   */
  placing: 'between' | 'middle';
  /** Whatever else the table needs to know, as sentences ("Team 2 starts with the Avatar Mat."). */
  notes: string[];
}

export const teamLabel = (team: number) => `Team ${team + 1}`;

const list = (words: string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/** One seat in words: "Ana: Team 1, Arena 1 and Arena 2, Avatar Mat". */
export function seatLine(picture: TablePicture, seat: PictureSeat): string {
  const parts = [
    ...(seat.team === undefined ? [] : [teamLabel(seat.team)]),
    ...(picture.places.length > 1 ? [list(seat.places.map((p) => picture.places[p]))] : []),
    ...seat.marks
  ];
  return parts.length ? `${seat.name}: ${parts.join(', ')}` : seat.name;
}

/** Who plays in a place: "Arena 1: Ana (Team 1) v Cy (Team 3)", "Realm 2: Ana, Ben and Cy". */
export function placeLine(picture: TablePicture, place: number): string {
  const seats = picture.seats.filter((s) => s.places.includes(place));
  const who = (s: PictureSeat) => (s.team === undefined ? s.name : `${s.name} (${teamLabel(s.team)})`);
  const names =
    picture.placing === 'between' && seats.length === 2 ? seats.map(who).join(' v ') : list(seats.map(who));
  return `${picture.places[place]}: ${names || 'nobody'}`;
}

/** The picture in words, for a screen reader and for the names the drawing shortens. */
export function pictureWords(picture: TablePicture): { seats: string[]; places: string[]; notes: string[] } {
  return {
    seats: picture.seats.map((s) => seatLine(picture, s)),
    places: picture.places.length > 1 ? picture.places.map((_, i) => placeLine(picture, i)) : [],
    notes: picture.notes
  };
}

/**
 * The picture of a game played round one table with no arenas or Realms (Epic, Twilight, WiZ):
 * the players clockwise in the setup's order, a team per seat where there are teams, and one
 * seat marked (who starts, who deals).
 */
export function aroundOneTable(options: {
  title: string;
  names: string[];
  teams?: readonly (number | null | undefined)[] | null;
  marked: { seat: number; mark: string };
  notes: string[];
}): TablePicture {
  return {
    title: options.title,
    seats: options.names.map((name, i) => {
      const team = options.teams?.[i];
      return {
        name,
        team: Number.isInteger(team) ? (team as number) : undefined,
        places: [],
        marks: i === options.marked.seat ? [options.marked.mark] : []
      };
    }),
    places: [],
    placing: 'middle',
    notes: options.notes
  };
}
