/**
 * Names on Theos's compact rows (the cleanup pad's list): cut in the middle so that two long,
 * similar names still read differently.
 */
import { describe, expect, it } from 'vitest';
import { middleCut } from '../../src/lib/util/names';

describe('middleCut', () => {
  it('keeps short names whole and long ones their start and end', () => {
    expect(middleCut('Ana', 20)).toBe('Ana');
    expect(middleCut('Alexander Hamilton Worthington the Third', 24)).toBe('Alexander Ham…the Third');
    const a = middleCut('Alexander Hamilton Worthington the Third', 24);
    const b = middleCut('Alexander Hamilton Worthington the Fifth', 24);
    expect(a).not.toBe(b);
    expect([...a].length).toBeLessThanOrEqual(24);
  });
});
