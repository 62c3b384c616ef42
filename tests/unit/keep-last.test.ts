import { describe, expect, it } from 'vitest';
import { keepLast } from '../../src/lib/ui/keep-last';

describe('keepLast', () => {
  it('follows the value while it is set and keeps the last one after', () => {
    let editing: { box: number } | undefined;
    const shown = keepLast(() => editing);
    expect(shown()).toBeUndefined();
    editing = { box: 1 };
    expect(shown()).toEqual({ box: 1 });
    editing = { box: 2 };
    expect(shown()).toEqual({ box: 2 });
    editing = undefined;
    expect(shown()).toEqual({ box: 2 });
    editing = { box: 0 };
    expect(shown()).toEqual({ box: 0 });
  });
});
