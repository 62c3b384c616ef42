/**
 * The one way Tableside reads a number a person typed: whole decimal digits with an optional
 * leading minus (the typographic − too), spaces around it ignored. Nothing else passes: no "0x10",
 * no "1e2", no "1.5", no "+", no digits with spaces between them. Every number input in the app
 * (powers, counters, totals, points) goes through here, so they all refuse the same things with
 * the same plain words.
 */
type ParsedNumber = { ok: true; value: number } | { ok: false; reason: string };

interface NumberLimits {
  min?: number;
  max?: number;
  /** What the number is, for messages: "Power", "Mojo". Defaults to "It". */
  name?: string;
}

const WHOLE = /^-?\d+$/;

export function parseWhole(raw: string, limits: NumberLimits = {}): ParsedNumber {
  const text = String(raw ?? '')
    .trim()
    .replace(/\u2212/g, '-');
  const name = limits.name ?? 'It';
  if (text === '' || text === '-') return { ok: false, reason: `Type a number first.` };
  if (!WHOLE.test(text)) return { ok: false, reason: `“${String(raw).trim()}” is not a whole number.` };
  const value = Number(text);
  if (!Number.isSafeInteger(value)) return { ok: false, reason: `${text} is too large.` };
  return withinLimits(value === 0 ? 0 : value, limits, name);
}

/** A plain reason when a number is outside its limits; used after any arithmetic too. */
export function withinLimits(
  value: number,
  limits: NumberLimits = {},
  name = limits.name ?? 'It'
): ParsedNumber {
  const { min = -Infinity, max = Infinity } = limits;
  if (value < min) return { ok: false, reason: `${name} cannot go below ${min}.` };
  if (value > max) return { ok: false, reason: `${name} cannot go above ${max}.` };
  return { ok: true, value };
}
