/** Another tab's writes are noticed through the log's head. */
import { describe, expect, it } from 'vitest';
import { followLog } from '../../src/lib/session/tabs';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { logHead } from '../../src/lib/session/load';
import { tallyLogic, tallySetup } from '../fixtures/tally';
import { freshDb, reopen } from './helpers';

describe('following another tab', () => {
  it('hears every new head of the log, from any connection', async () => {
    const db = freshDb();
    const rt = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup());
    const heads: number[] = [];
    const stop = followLog(db, rt.session.id, (h) => heads.push(h));
    await expect.poll(() => heads).toEqual([0]);
    const other = await SessionRuntime.open(reopen(db), tallyLogic, rt.session.id);
    other.send({ type: 'ADD', player: 0, amount: 1 });
    await other.saved();
    await expect.poll(() => heads.at(-1)).toBe(1);
    await rt.reload();
    expect(rt.head).toBe(1);
    stop();
  });

  it('reads the head only after writes to the log, and stops when told', async () => {
    const db = freshDb();
    const rt = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup());
    const heads: number[] = [];
    const stop = followLog(db, rt.session.id, (h) => heads.push(h));
    await expect.poll(() => heads).toEqual([0]);
    // A settings write tells nothing about the log.
    await db.settings.put({ key: 'theme', value: 'dark' } as never);
    rt.send({ type: 'ADD', player: 0, amount: 1 });
    await rt.saved();
    await expect.poll(() => heads.at(-1)).toBe(1);
    const before = heads.length;
    await db.settings.put({ key: 'theme', value: 'light' } as never);
    await new Promise((r) => setTimeout(r, 50));
    expect(heads.length).toBe(before);
    // The same answer as the Dexie query the runtime opens with.
    expect(heads.at(-1)).toBe(await logHead(db, rt.session.id));
    stop();
    rt.send({ type: 'ADD', player: 0, amount: 1 });
    await rt.saved();
    await new Promise((r) => setTimeout(r, 50));
    expect(heads.at(-1)).toBe(1);
  });
});
