/** Typing into a counter: a bare number is a new total, a signed one a change, with limits. */
import { describe, expect, it } from 'vitest';
import { parseCounterInput } from '../../src/lib/ui/counter-input';

describe('counter input', () => {
  it('reads a bare number as the new total and a signed one as a change', () => {
    expect(parseCounterInput('12', 5)).toEqual({ ok: true, total: 12 });
    expect(parseCounterInput('+3', 5)).toEqual({ ok: true, total: 8 });
    expect(parseCounterInput('-2', 5)).toEqual({ ok: true, total: 3 });
    expect(parseCounterInput('\u22122', 5)).toEqual({ ok: true, total: 3 });
    expect(parseCounterInput(' + 4 ', 5)).toEqual({ ok: true, total: 9 });
  });
  it('keeps to the limits, saying which one', () => {
    expect(parseCounterInput('-9', 5, { min: 0 })).toEqual({ ok: false, reason: 'It cannot go below 0.' });
    expect(parseCounterInput('13', 5, { max: 12 })).toEqual({ ok: false, reason: 'It cannot go above 12.' });
    expect(parseCounterInput('12', 5, { min: 0, max: 12 })).toEqual({ ok: true, total: 12 });
  });
  it('refuses what is not a whole number, in plain words', () => {
    expect(parseCounterInput('', 5)).toEqual({
      ok: false,
      reason: 'Type a number, or a change like +3 or -2.'
    });
    expect(parseCounterInput('2.5', 5)).toEqual({ ok: false, reason: '“2.5” is not a whole number.' });
    expect(parseCounterInput('abc', 5).ok).toBe(false);
    expect(parseCounterInput('1e3', 5).ok).toBe(false);
  });
});
