/**
 * What a person types into a counter: a new total ("12"), or a change ("+3", "-2", "−2").
 * A leading sign means a change; a bare number is a total. The digits are read by the app's one
 * strict number parser.
 */
import { parseWhole, withinLimits } from '../util/numbers';

type CounterInput = { ok: true; total: number } | { ok: false; reason: string };

export function parseCounterInput(
  raw: string,
  current: number,
  limits: { min?: number; max?: number } = {}
): CounterInput {
  const text = raw.trim().replace(/\u2212/g, '-');
  if (text === '') return { ok: false, reason: 'Type a number, or a change like +3 or -2.' };
  const sign = text[0] === '+' || text[0] === '-' ? text[0] : '';
  const digits = parseWhole(sign ? text.slice(1).trim() : text);
  if (!digits.ok || digits.value < 0) return { ok: false, reason: `“${raw.trim()}” is not a whole number.` };
  const n = digits.value;
  const total = sign === '+' ? current + n : sign === '-' ? current - n : n;
  const checked = withinLimits(total, limits, 'It');
  return checked.ok ? { ok: true, total } : checked;
}
