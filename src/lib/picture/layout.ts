/**
 * Where a table picture's parts go, as coordinates in a 320-wide drawing: the seats clockwise
 * round an oval table (the first at the bottom, nearest the phone; a first team side by side
 * there, so teams sit together and face the other across the table), each a card with the name
 * and a second line (the marks, else the team), and the arenas or Realms inside the table. Names
 * are shortened here, with an ellipsis, so that no label is cut at a phone's width. Pure.
 */
import { teamLabel, type TablePicture } from './facts';

export const WIDTH = 320;
export const CHIP = { width: 104, height: 40 };
export const PLACE = { width: 70, height: 26 };
export const FONT = { name: 14, line: 11.5, place: 12 };
/** Room left inside a card either side of its words. */
const PAD = 6;
const RING = { rx: 104, ry: 116 };

export interface SeatBox {
  x: number;
  y: number;
  /** The name as drawn: whole, or shortened with an ellipsis. */
  name: string;
  /** Its second line: the marks, else the team, shortened the same way; empty for neither. */
  line: string;
  team?: number;
  marked: boolean;
}

export interface PlaceBox {
  x: number;
  y: number;
  label: string;
}

export interface PictureLayout {
  width: number;
  height: number;
  table: { cx: number; cy: number; rx: number; ry: number };
  seats: SeatBox[];
  places: PlaceBox[];
  /** Lines from a seat to each place it plays in (drawn under the cards). */
  links: { x1: number; y1: number; x2: number; y2: number }[];
}

/**
 * A width for a text in em, reckoned generously (wide letters wide), so a label measured to fit
 * here fits in any phone's sans-serif.
 */
export function textWidth(text: string, size: number): number {
  let em = 0;
  for (const ch of text) {
    if (/[iljtfrI.,:;'!|·\s]/.test(ch)) em += 0.34;
    else if (/[mwMW@%&]/.test(ch)) em += 0.95;
    else if (/[A-Z0-9]/.test(ch)) em += 0.7;
    else if (ch.charCodeAt(0) > 0x2e7f)
      em += 1.05; // CJK, emoji: a full square
    else em += 0.6;
  }
  return em * size;
}

/** The text whole when it fits `width`, else as much as fits followed by "…". */
export function fitText(text: string, size: number, width: number): string {
  if (textWidth(text, size) <= width) return text;
  const chars = [...text];
  while (chars.length && textWidth(`${chars.join('').trimEnd()}…`, size) > width) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/** How many seats from the first share its team (teams sit together: that side goes at the bottom). */
function firstSide(picture: TablePicture): number {
  const first = picture.seats[0]?.team;
  if (first === undefined) return 1;
  let n = 0;
  while (n < picture.seats.length && picture.seats[n].team === first) n++;
  return n;
}

export function layoutPicture(picture: TablePicture): PictureLayout {
  const n = picture.seats.length;
  const margin = CHIP.height / 2 + 4;
  const height = Math.round(2 * RING.ry + 2 * margin);
  const cx = WIDTH / 2;
  const cy = height / 2;
  const step = n ? (2 * Math.PI) / n : 0;
  // Clockwise on screen is a growing angle (y grows downwards); the bottom is a quarter turn.
  const start = Math.PI / 2 - (step * (firstSide(picture) - 1)) / 2;
  const inner = CHIP.width - 2 * PAD;
  const seats: SeatBox[] = picture.seats.map((s, i) => {
    const angle = start + i * step;
    const line = s.marks.length
      ? [...(s.team === undefined ? [] : [`T${s.team + 1}`]), ...s.marks].join(' · ')
      : s.team === undefined
        ? ''
        : teamLabel(s.team);
    return {
      x: round(cx + RING.rx * Math.cos(angle)),
      y: round(cy + RING.ry * Math.sin(angle)),
      name: fitText(s.name.trim() || '?', FONT.name, inner),
      line: fitText(line, FONT.line, inner),
      team: s.team,
      marked: s.marks.length > 0
    };
  });
  const places: PlaceBox[] = [];
  for (const [p, label] of picture.places.entries()) {
    const fitted = fitText(label, FONT.place, PLACE.width - 2 * PAD);
    if (picture.placing === 'middle') {
      // One above the other in the middle: the table's middle column is clear of every card.
      const offset = (p - (picture.places.length - 1) / 2) * (PLACE.height + 8);
      places.push({ x: cx, y: round(cy + offset), label: fitted });
      continue;
    }
    // Between its players, moved in towards the middle of the table until clear of every card.
    const at = seats.filter((_, i) => picture.seats[i].places.includes(p));
    const mx = at.length ? at.reduce((t, s) => t + s.x, 0) / at.length : cx;
    const my = at.length ? at.reduce((t, s) => t + s.y, 0) / at.length : cy;
    let spot = { x: cx, y: cy };
    for (let t = 0; t <= 1; t += 0.05) {
      const tried = { x: round(mx + (cx - mx) * t), y: round(my + (cy - my) * t) };
      if (clear(tried, seats, places)) {
        spot = tried;
        break;
      }
    }
    places.push({ ...spot, label: fitted });
  }
  const links =
    picture.places.length > 1
      ? picture.seats.flatMap((s, i) =>
          s.places
            .filter((p) => places[p])
            .map((p) => ({ x1: seats[i].x, y1: seats[i].y, x2: places[p].x, y2: places[p].y }))
        )
      : [];
  return {
    width: WIDTH,
    height,
    table: { cx, cy, rx: RING.rx - 18, ry: RING.ry - 26 },
    seats,
    places,
    links
  };
}

const round = (v: number) => Math.round(v * 10) / 10;

/** A place at `at` covers no card and no place already put down. */
function clear(at: { x: number; y: number }, seats: SeatBox[], places: PlaceBox[]): boolean {
  const gap = 2;
  const off = (o: { x: number; y: number }, w: number, h: number) =>
    Math.abs(at.x - o.x) >= (PLACE.width + w) / 2 + gap ||
    Math.abs(at.y - o.y) >= (PLACE.height + h) / 2 + gap;
  return (
    seats.every((s) => off(s, CHIP.width, CHIP.height)) &&
    places.every((p) => off(p, PLACE.width, PLACE.height))
  );
}
