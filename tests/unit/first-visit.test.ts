import { afterEach, describe, expect, it, vi } from 'vitest';
import { nothingSaved } from '../../src/lib/app/first-visit';
import { openDatabase } from '../../src/lib/db/connection';
import { HELD_PREFIX } from '../../src/lib/session/held-key';

describe('a first visit (nothing saved yet)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    indexedDB.deleteDatabase('tableside');
  });

  it('is said only when the browser lists no Tableside database and no copy is held', async () => {
    expect(await nothingSaved()).toBe(true);
    const db = await openDatabase({ name: 'tableside' });
    db.close();
    expect(await nothingSaved()).toBe(false);
  });

  it('is not said when a game is held in localStorage', async () => {
    const store = new Map([[`${HELD_PREFIX}g1`, '{}']]);
    vi.stubGlobal('localStorage', {
      get length() {
        return store.size;
      },
      key: (i: number) => [...store.keys()][i] ?? null
    });
    expect(await nothingSaved()).toBe(false);
  });

  it('is not said where the browser cannot list its databases, nor when the look fails', async () => {
    vi.stubGlobal('indexedDB', { ...indexedDB, databases: undefined });
    expect(await nothingSaved()).toBe(false);
    vi.stubGlobal('indexedDB', { databases: () => Promise.reject(new Error('refused')) });
    expect(await nothingSaved()).toBe(false);
  });
});
