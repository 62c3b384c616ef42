import { describe, expect, it } from 'vitest';
import { NumberEntry } from '../../src/lib/ui/entering.svelte';

describe('NumberEntry (the number a play screen types on EntrySheet)', () => {
  it('opens on a field with its number so far, and a refusal goes with the next key', () => {
    const pad = new NumberEntry<{ player: string }>();
    pad.open({ player: 'ana' }, '12');
    expect(pad.editing).toEqual({ player: 'ana' });
    expect(pad.draft).toBe('12');
    pad.message = 'Power is at most 99';
    pad.input('1');
    expect([pad.draft, pad.message]).toEqual(['1', '']);
    pad.message = 'Too many';
    pad.open({ player: 'ben' });
    expect([pad.draft, pad.message]).toEqual(['', '']);
  });

  it('closed, the sheet still knows what it was last for, so it hides instead of being torn down', () => {
    const pad = new NumberEntry<{ player: string }>();
    expect(pad.sheetFor).toBeUndefined();
    pad.open({ player: 'ana' });
    expect(pad.sheetFor).toEqual({ player: 'ana' });
    pad.close();
    expect(pad.editing).toBeUndefined();
    expect(pad.sheetFor).toEqual({ player: 'ana' });
    pad.open({ player: 'cy' });
    expect(pad.sheetFor).toEqual({ player: 'cy' });
  });
});
