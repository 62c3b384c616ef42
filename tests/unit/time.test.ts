import { afterEach, describe, expect, it, vi } from 'vitest';

const Real = Intl.RelativeTimeFormat;

describe('relativeTime', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('builds no date formatter when its module loads (a page start paid for it), only when first asked', async () => {
    let made = 0;
    // Intl's members are read-only to TypeScript: the counting formatter goes in as a stubbed Intl.
    vi.stubGlobal(
      'Intl',
      Object.assign(Object.create(Intl), {
        RelativeTimeFormat: class extends Real {
          constructor(...args: ConstructorParameters<typeof Real>) {
            super(...args);
            made++;
          }
        }
      })
    );
    vi.resetModules();
    const { relativeTime } = await import('../../src/lib/util/time');
    expect(made).toBe(0);
    const now = Date.UTC(2026, 10, 28, 12);
    expect(relativeTime(now - 10_000, now)).toBe('just now');
    expect(made).toBe(0);
    expect(relativeTime(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(relativeTime(now - 3 * 3600_000, now)).toBe('3 hours ago');
    expect(relativeTime(now - 86400_000, now)).toBe('yesterday');
    expect(made).toBe(1);
  });
});
