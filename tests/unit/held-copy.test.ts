import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { heldCopies, restoreHeldCopies } from '../../src/lib/session/held-copy';
import { tallyLogic, tallySetup } from '../fixtures/tally';
import { fakeClock, freshDb, reopen } from './helpers';

/** A localStorage for node, as the browser's (keys in order of insertion). */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, String(v)),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear()
  };
}

describe('the held game’s localStorage copy', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: Storage }).localStorage = memoryStorage();
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: Storage }).localStorage;
  });

  it('a page killed while it held the game: the next start puts the whole game back from the copy', async () => {
    const db = freshDb();
    const rt = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup(), {
      now: fakeClock(),
      schedule: (run) => run()
    });
    rt.send({ type: 'ADD', player: 0, amount: 2 });
    await rt.saved();
    const hook = (() => {
      throw Object.assign(new Error('UnknownError'), { name: 'UnknownError' });
    }) as never;
    db.events.hook('creating', hook);
    rt.send({ type: 'ADD', player: 1, amount: 4 });
    await rt.saved();
    rt.send({ type: 'NEXT_ROUND' });
    expect(rt.held).toBe(true);
    expect(heldCopies().map((c) => c.events.length)).toEqual([3]);
    rt.close(); // the page is killed here
    db.events.hook('creating').unsubscribe(hook);
    // The browser also threw the database away.
    await db.transaction('rw', db.events, db.sessions, async () => {
      await db.events.clear();
      await db.sessions.clear();
    });

    const next = reopen(db);
    expect(await restoreHeldCopies(next)).toEqual([rt.session.id]);
    expect(heldCopies()).toEqual([]);
    const opened = await SessionRuntime.open(next, tallyLogic, rt.session.id);
    expect(opened.log.map((e) => e.label)).toEqual(rt.log.map((e) => e.label));
  });

  it('a copy storage has caught up with is dropped without writing', async () => {
    const db = freshDb();
    const rt = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup(), { now: fakeClock() });
    rt.send({ type: 'ADD', player: 0, amount: 2 });
    await rt.saved();
    localStorage.setItem(
      `tableside.held.${rt.session.id}`,
      JSON.stringify({ record: rt.session, events: rt.log })
    );
    expect(await restoreHeldCopies(db)).toEqual([]);
    expect(heldCopies()).toEqual([]);
    expect(await db.events.count()).toBe(1);
  });
});
