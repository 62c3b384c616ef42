/**
 * The dates Tableside takes from outside (a backup, another phone's entries): the range a real
 * one falls in. Apart from util/time.ts, which every page's first paint loads: what only backups
 * and shared games need stays out of it.
 */
/** No Tableside data is older than this (the app is from 2026; a margin for clocks set wrong). */
export const EARLIEST_TIME = Date.UTC(2020, 0, 1);

/**
 * A time another phone wrote, as this phone keeps and shows it: clocks on phones disagree, and a
 * stranger's entry may carry anything (NaN, 1e300), which neither a history line can show nor a
 * backup accepts. So it is taken between EARLIEST_TIME and a day after now, the range a backup
 * accepts (a clock a few minutes fast still shows its own times).
 */
export function keptTime(time: number, now: number): number {
  if (!Number.isFinite(time)) return EARLIEST_TIME;
  const latest = Math.max(now, EARLIEST_TIME) + DAY_MS;
  return Math.round(Math.min(Math.max(time, EARLIEST_TIME), latest));
}

const DAY_MS = 24 * 60 * 60 * 1000;
