/**
 * The table's clocks and rolls on a game's record (#57): they go through a backup, a file with a
 * malformed clock or roll is refused in plain words naming the field, and the game clock is the
 * play's duration for stats and BG Stats.
 */
import { describe, expect, it } from 'vitest';
import { exportBackup } from '../../src/lib/backup/write';
import { importBackup } from '../../src/lib/backup/import';
import { playRecord } from '../../src/lib/results/stats';
import { bgStatsPlay } from '../../src/lib/results/bgstats';
import { newClock, pause, reachTurn, resume } from '../../src/lib/comforts/table-clock';
import type { SessionRecord } from '../../src/lib/db/records';
import { finishedGames, storedFinished } from '../fixtures/finished';
import { freshDb } from './helpers';

const game = finishedGames()[0];
const { session, log, info } = storedFinished(game, 'clocks1');
const resolve = async (g: string) => (g === game.entry.id ? game.logic : undefined);
const first = session.setup.players[0].id;

/** 37 minutes on the game clock, all of them the first player's turn. */
function clock(at: number) {
  return pause(
    resume(reachTurn(newClock(true, 120), { player: first, period: 1 }, at), at),
    at + 37 * 60_000
  );
}

async function withComforts() {
  const db = freshDb();
  const record: SessionRecord = {
    ...structuredClone(session),
    clock: clock(session.created),
    rolls: [{ time: session.created + 1000, dice: '3×d6', values: [1, 6, 3] }]
  };
  await db.sessions.add(record);
  await db.events.bulkAdd(log);
  return { db, record };
}

async function refusal(change: (s: Record<string, unknown>) => void): Promise<string> {
  const { db } = await withComforts();
  const file = await exportBackup(db, '0.6.0');
  change(file.sessions[0] as unknown as Record<string, unknown>);
  const result = await importBackup(freshDb(), JSON.stringify(file), resolve);
  return result.ok ? 'imported' : (result.details ?? result.errors).join('\n');
}

describe('clocks and rolls on the record', () => {
  it('go through a backup as they were', async () => {
    const { db, record } = await withComforts();
    const file = await exportBackup(db, '0.6.0');
    const other = freshDb();
    expect((await importBackup(other, JSON.stringify(file), resolve)).ok).toBe(true);
    const back = await other.sessions.get(session.id);
    expect(back?.clock).toEqual(record.clock);
    expect(back?.rolls).toEqual(record.rolls);
  });

  it('a file with a malformed clock or roll is refused, naming the field in plain words', async () => {
    expect(await refusal((s) => ((s.clock as Record<string, unknown>).gameMs = 'long'))).toMatch(
      /sessions\[0\]\.clock: the game clock’s time must be a whole number/
    );
    expect(await refusal((s) => ((s.clock as Record<string, unknown>).playerMs = { stranger: 5 }))).toMatch(
      /sessions\[0\]\.clock: the clock keeps time for a player the game does not have/
    );
    expect(await refusal((s) => (s.clock = 'running'))).toMatch(/sessions\[0\]\.clock: expected a clock/);
    expect(await refusal((s) => (s.rolls = [{ time: session.created, dice: 'd20', values: [21] }]))).toMatch(
      /sessions\[0\]\.rolls\[0\]: expected faces from 1 to 20 for d20/
    );
    expect(await refusal((s) => (s.rolls = [{ time: session.created, dice: 'd7', values: [1] }]))).toMatch(
      /sessions\[0\]\.rolls\[0\]: expected dice like/
    );
    expect(await refusal((s) => (s.rolls = [{ dice: 'd6', values: [1] }]))).toMatch(
      /sessions\[0\]\.rolls\[0\]\.time: missing|sessions\[0\]\.rolls\[0\]: missing/
    );
    expect(
      await refusal((s) => (s.rolls = [{ time: session.created, dice: 'd4', values: [1], period: 0 }]))
    ).toMatch(/sessions\[0\]\.rolls\[0\]\.period: expected 1 or more/);
    expect(await refusal((s) => (s.rolls = 'many'))).toMatch(/sessions\[0\]\.rolls: expected a list/);
  });

  it('the game clock is the play’s duration, for stats and BG Stats', async () => {
    const { record } = await withComforts();
    const play = playRecord(record, log, info, new Map());
    expect(play.minutes).toBe(37);
    expect(bgStatsPlay(play, game.logic.scoring).durationMin).toBe(37);
    // Without a clock, from the first step to the last, as before.
    const plain = playRecord(session, log, info, new Map());
    expect(plain.minutes).toBe(Math.round((log.at(-1)!.time - session.created) / 60_000));
  });
});
