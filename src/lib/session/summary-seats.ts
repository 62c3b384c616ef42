/**
 * A game's one-line summary ("Ben won · Ana 0 - Ben 3") with where each seat's name sits in it, so
 * a list can show the line with the names players go by now (results/names.ts) without the
 * game's code or a replay. The game writes its summary as it always did; this asks it once more
 * with a marker for each name, and keeps the marked places only if the two lines agree.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { BaseSetup } from '../db/records';
import type { GameLogic } from './types';

/** One seat's name in a summary: where it starts, how long it is (UTF-16 units), whose it is. */
export type SeatSpan = [start: number, length: number, seat: number];

/** Summaries name a few players a few times; more is no summary a game wrote. */
export const MAX_SEAT_SPANS = 64;

// NUL and SOH never reach a summary from a game: a name that holds them still only makes the
// check below disagree, and the line is kept without places.
const marker = (seat: number) => `\u0000${seat}\u0001`;
// eslint-disable-next-line no-control-regex -- the markers are control characters on purpose
const MARKERS = /\u0000(\d+)\u0001/g;

/** The record's `summary` and `summarySeats`, always together (a line without places clears them). */
export function summaryFields(
  logic: GameLogic<any>,
  snapshot: AnyMachineSnapshot,
  setup: BaseSetup
): { summary: string; summarySeats: SeatSpan[] | undefined } {
  const summary = logic.summarize(snapshot, setup);
  return { summary, summarySeats: seatSpans(logic, snapshot, setup, summary) };
}

/** The same fields for a record being added: no `summarySeats` key where there are no places. */
export function storedSummary(fields: ReturnType<typeof summaryFields>): {
  summary: string;
  summarySeats?: SeatSpan[];
} {
  return fields.summarySeats ? fields : { summary: fields.summary };
}

function seatSpans(
  logic: GameLogic<any>,
  snapshot: AnyMachineSnapshot,
  setup: BaseSetup,
  summary: string
): SeatSpan[] | undefined {
  let marked: string;
  try {
    const players = setup.players.map((p, seat) => ({ ...p, name: marker(seat) }));
    marked = logic.summarize(snapshot, { ...setup, players });
  } catch {
    return undefined;
  }
  const spans: SeatSpan[] = [];
  let line = '';
  let from = 0;
  for (const m of marked.matchAll(MARKERS)) {
    const seat = Number(m[1]);
    const name = setup.players[seat]?.name;
    if (name === undefined) return undefined;
    line += marked.slice(from, m.index);
    spans.push([line.length, name.length, seat]);
    line += name;
    from = m.index + m[0].length;
  }
  line += marked.slice(from);
  // A game that shortens or reshapes a name (or reads it) wrote another line: no places then.
  if (line !== summary || spans.length === 0 || spans.length > MAX_SEAT_SPANS) return undefined;
  return spans;
}

/**
 * The summary with each seat's name as `names` gives it (by seat). Places that do not fit the line
 * (a record from elsewhere, a line written without them) leave the line as it was stored.
 */
export function summaryNamed(summary: string, spans: unknown, names: readonly string[]): string {
  if (!Array.isArray(spans) || spans.length === 0 || spans.length > MAX_SEAT_SPANS) return summary;
  let out = '';
  let from = 0;
  for (const span of spans) {
    if (!Array.isArray(span) || span.length !== 3) return summary;
    const [start, length, seat] = span as unknown[];
    if (!isWhole(start) || !isWhole(length) || !isWhole(seat)) return summary;
    if (start < from || start + length > summary.length || seat >= names.length) return summary;
    out += summary.slice(from, start) + names[seat];
    from = start + length;
  }
  return out + summary.slice(from);
}

const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
