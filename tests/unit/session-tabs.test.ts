/** Another tab's writes are noticed through the log's head. */
import { describe, expect, it } from 'vitest';
import { followLog } from '../../src/lib/session/tabs';
import { SessionRuntime } from '../../src/lib/session/runtime';
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
});
