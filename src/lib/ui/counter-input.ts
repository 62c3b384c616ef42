/**
 * What a person types into a counter: a new total ("12"), or a change ("+3", "-2", "−2").
 * A leading sign means a change; a bare number is a total.
 */
export type CounterInput = { ok: true; total: number } | { ok: false; reason: string };

export function parseCounterInput(
  raw: string,
  current: number,
  limits: { min?: number; max?: number } = {}
): CounterInput {
  const text = raw
    .trim()
    .replace(/\u2212/g, '-')
    .replace(/\s+/g, '');
  if (text === '') return { ok: false, reason: 'Type a number, or a change like +3 or -2.' };
  const m = /^([+-]?)(\d+)$/.exec(text);
  if (!m) return { ok: false, reason: `“${raw.trim()}” is not a whole number.` };
  const n = Number(m[2]);
  const total = m[1] === '+' ? current + n : m[1] === '-' ? current - n : n;
  const { min = -Infinity, max = Infinity } = limits;
  if (total < min) return { ok: false, reason: `It cannot go below ${min}.` };
  if (total > max) return { ok: false, reason: `It cannot go above ${max}.` };
  return { ok: true, total };
}
