/**
 * Where a table picture's parts go, as coordinates in a 320-wide drawing: the seats clockwise
 * round an oval table (the first at the bottom, nearest the phone; a first team side by side
 * there, so teams sit together and face the other across the table), each a card with the name
 * and under it the team and the marks, a line each, and the arenas or Realms inside the table. Names
 * are shortened here, with an ellipsis, so that no label is cut at a phone's width. Pure.
 */
import { teamLabel, type TablePicture } from './facts';

export const WIDTH = 320;
/** A seat's card: as tall as its lines need (a name; a name and one line; a name and two). */
export const CHIP = { width: 100, heights: [26, 40, 54] };
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
  /** The lines under the name: the team, then the marks, shortened the same way. */
  lines: { text: string; mark: boolean }[];
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
  /** Every card's size: the tallest any seat needs, so the ring stays even. */
  chip: { width: number; height: number };
  table: { cx: number; cy: number; rx: number; ry: number };
  seats: SeatBox[];
  places: PlaceBox[];
  /** Lines from a seat to each place it plays in (drawn under the cards). */
  links: { x1: number; y1: number; x2: number; y2: number }[];
}

/** How wide a text is, in the drawing's units, at a font size, bold or not. */
export type Measure = (text: string, size: number, bold: boolean) => number;

/**
 * A width for a text reckoned from its letters, for where no font can be asked (the tests, the
 * first drawing): the widths of a wide sans-serif's bold (DejaVu Sans, Debian's), so a label that
 * fits here fits in a phone's narrower fonts too.
 */
export function textWidth(text: string, size: number, bold = false): number {
  let em = 0;
  for (const ch of text) {
    if (ch === ' ') em += 0.35;
    else if (/[iljI.,:;'!|·]/.test(ch)) em += 0.38;
    else if (/[rtf\-()]/.test(ch)) em += 0.49;
    else if (/[mwMW@%&…]/.test(ch)) em += 1.05;
    else if (/[A-Z0-9]/.test(ch)) em += 0.77;
    else if (ch.charCodeAt(0) > 0x2e7f)
      em += 1.05; // CJK, emoji: a full square
    else em += 0.72;
  }
  return em * size * (bold ? 1 : 0.92);
}

/** The text whole when it fits `width`, else as much as fits followed by "…". */
export function fitText(
  text: string,
  size: number,
  width: number,
  bold = false,
  measure: Measure = textWidth
): string {
  if (measure(text, size, bold) <= width) return text;
  const chars = [...text];
  while (chars.length && measure(`${chars.join('').trimEnd()}…`, size, bold) > width) chars.pop();
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

/**
 * `measure` is the browser's own where it has one (the drawing's font, measured), else the
 * reckoning above.
 */
export function layoutPicture(picture: TablePicture, measure: Measure = textWidth): PictureLayout {
  const n = picture.seats.length;
  const most = Math.max(
    0,
    ...picture.seats.map((s) => Number(s.team !== undefined) + Number(s.marks.length > 0))
  );
  const chip = { width: CHIP.width, height: CHIP.heights[most] };
  const margin = chip.height / 2 + 4;
  const height = Math.round(2 * RING.ry + 2 * margin);
  const cx = WIDTH / 2;
  const cy = height / 2;
  const step = n ? (2 * Math.PI) / n : 0;
  // Clockwise on screen is a growing angle (y grows downwards); the bottom is a quarter turn.
  const start = Math.PI / 2 - (step * (firstSide(picture) - 1)) / 2;
  const inner = CHIP.width - 2 * PAD;
  const seats: SeatBox[] = picture.seats.map((s, i) => {
    const angle = start + i * step;
    const lines = [
      ...(s.team === undefined
        ? []
        : [{ text: fitText(teamLabel(s.team), FONT.line, inner, false, measure), mark: false }]),
      ...(s.marks.length
        ? [{ text: fitText(s.marks.join(' · '), FONT.line, inner, true, measure), mark: true }]
        : [])
    ];
    return {
      x: round(cx + RING.rx * Math.cos(angle)),
      y: round(cy + RING.ry * Math.sin(angle)),
      name: fitText(s.name.trim() || '?', FONT.name, inner, true, measure),
      lines,
      team: s.team,
      marked: s.marks.length > 0
    };
  });
  const places: PlaceBox[] = [];
  for (const [p, label] of picture.places.entries()) {
    const fitted = fitText(label, FONT.place, PLACE.width - 2 * PAD, true, measure);
    if (picture.placing === 'middle') {
      // One above the other in the middle: the table's middle column is clear of every card.
      const offset = (p - (picture.places.length - 1) / 2) * (PLACE.height + 8);
      places.push({ x: cx, y: round(cy + offset), label: fitted });
      continue;
    }
    // Between its players: the clear spot nearest the middle of them (a search over the table,
    // 4 units apart), so no arena lies under a card or another arena.
    const at = seats.filter((_, i) => picture.seats[i].places.includes(p));
    const mx = at.length ? at.reduce((t, s) => t + s.x, 0) / at.length : cx;
    const my = at.length ? at.reduce((t, s) => t + s.y, 0) / at.length : cy;
    let spot = { x: round(mx), y: round(my) };
    let best = clear(spot, chip, seats, places) ? 0 : Infinity;
    if (best) spot = { x: cx, y: cy };
    for (let x = PLACE.width / 2; x <= WIDTH - PLACE.width / 2; x += 4)
      for (let y = PLACE.height / 2; y <= height - PLACE.height / 2; y += 4) {
        const d = (x - mx) ** 2 + (y - my) ** 2;
        if (d < best && clear({ x, y }, chip, seats, places)) {
          best = d;
          spot = { x, y };
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
    chip,
    table: { cx, cy, rx: RING.rx - 18, ry: RING.ry - 26 },
    seats,
    places,
    links
  };
}

const round = (v: number) => Math.round(v * 10) / 10;

/** A place at `at` covers no card and no place already put down. */
function clear(
  at: { x: number; y: number },
  chip: { width: number; height: number },
  seats: SeatBox[],
  places: PlaceBox[]
): boolean {
  const gap = 2;
  const off = (o: { x: number; y: number }, w: number, h: number) =>
    Math.abs(at.x - o.x) >= (PLACE.width + w) / 2 + gap ||
    Math.abs(at.y - o.y) >= (PLACE.height + h) / 2 + gap;
  return (
    seats.every((s) => off(s, chip.width, chip.height)) &&
    places.every((p) => off(p, PLACE.width, PLACE.height))
  );
}
