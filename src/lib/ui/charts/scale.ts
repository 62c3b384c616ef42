/** Axis arithmetic for the small SVG charts: nice round ticks, and values to coordinates. */
export function niceTicks(min: number, max: number, count = 4, whole = false): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0];
  if (min === max) return [min];
  // Counts (plays, temples) never sit between whole numbers: no tick at 0.5 games.
  const raw = whole ? Math.max(1, (max - min) / count) : (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let v = Math.floor(min / step) * step; v <= max + step / 2; v += step)
    ticks.push(Math.round(v * 1e6) / 1e6);
  return ticks;
}

export function scale(domain: [number, number], range: [number, number]): (v: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0 || 1;
  return (v) => r0 + ((v - d0) / span) * (r1 - r0);
}

/** Distinct line colours that read in light and dark themes alike. */
export const SERIES_COLOURS = ['#2f7fc1', '#c1442f', '#2e9a5b', '#8a5cc2', '#c18a1f', '#1f9aa8'];
