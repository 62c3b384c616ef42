/** The one strict number parser every number input uses. */
import { describe, expect, it } from 'vitest';
import { parseWhole } from '../../src/lib/util/numbers';

describe('parseWhole', () => {
  it('reads whole decimal numbers with an optional minus, spaces around ignored', () => {
    expect(parseWhole('7')).toEqual({ ok: true, value: 7 });
    expect(parseWhole(' 12 ')).toEqual({ ok: true, value: 12 });
    expect(parseWhole('-3')).toEqual({ ok: true, value: -3 });
    expect(parseWhole('\u22123')).toEqual({ ok: true, value: -3 });
    expect(parseWhole('007')).toEqual({ ok: true, value: 7 });
    expect(parseWhole('-0')).toEqual({ ok: true, value: 0 });
  });
  it.each(['0x10', '1e2', '1.5', '1,5', '+4', '1 2', '- 3', '--3', 'abc', '12a', 'Infinity', 'NaN', '٣'])(
    'refuses %j',
    (text) => {
      const parsed = parseWhole(text);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.reason).toMatch(/is not a whole number/);
    }
  );
  it('says what to do with nothing typed', () => {
    expect(parseWhole('')).toEqual({ ok: false, reason: 'Type a number first.' });
    expect(parseWhole('  ')).toEqual({ ok: false, reason: 'Type a number first.' });
    expect(parseWhole('-')).toEqual({ ok: false, reason: 'Type a number first.' });
  });
  it('keeps to limits, naming the number', () => {
    expect(parseWhole('1000', { max: 999, name: 'Power' })).toEqual({
      ok: false,
      reason: 'Power cannot go above 999.'
    });
    expect(parseWhole('-1', { min: 0, name: 'Mojo' })).toEqual({
      ok: false,
      reason: 'Mojo cannot go below 0.'
    });
    expect(parseWhole('99999999999999999999').ok).toBe(false);
  });
});
