/** The table's clocks as plain arithmetic over a stored record and `now` (#57). */
import { describe, expect, it } from 'vitest';
import {
  STALE_MS,
  clockMinutes,
  clockProblem,
  clockText,
  closeStale,
  durationWords,
  gameTime,
  markSeen,
  newClock,
  overLimit,
  pause,
  playerTime,
  reachTurn,
  resume,
  running,
  turnTime
} from '../../src/lib/comforts/table-clock';

const T = 1_800_000_000_000;

describe('the table clock', () => {
  it('runs only between resume and pause, and keeps what ran', () => {
    let c = newClock();
    expect(gameTime(c, T + 5000)).toBe(0);
    c = resume(c, T);
    expect(running(c)).toBe(true);
    expect(gameTime(c, T + 5000)).toBe(5000);
    c = pause(c, T + 5000);
    expect(running(c)).toBe(false);
    expect(gameTime(c, T + 60_000)).toBe(5000);
    c = resume(c, T + 60_000);
    expect(gameTime(c, T + 61_000)).toBe(6000);
    // Resuming a running clock does not restart its run.
    expect(resume(c, T + 61_000)).toBe(c);
  });

  it('times each player’s turns from the game’s active player, the turn folding into their total', () => {
    let c = resume(reachTurn(newClock(), { player: 'ana', period: 1 }, T), T);
    expect(turnTime(c, T + 10_000)).toBe(10_000);
    expect(playerTime(c, 'ana', T + 10_000)).toBe(10_000);
    expect(playerTime(c, 'ben', T + 10_000)).toBe(0);
    c = reachTurn(c, { player: 'ben', period: 2 }, T + 10_000);
    expect(running(c)).toBe(true);
    expect(turnTime(c, T + 14_000)).toBe(4000);
    expect(playerTime(c, 'ana', T + 14_000)).toBe(10_000);
    expect(playerTime(c, 'ben', T + 14_000)).toBe(4000);
    // The same turn again (a step within it) changes nothing.
    expect(reachTurn(c, { player: 'ben', period: 2 }, T + 14_000)).toBe(c);
    c = reachTurn(c, { player: 'ana', period: 3 }, T + 20_000);
    expect(playerTime(c, 'ana', T + 21_000)).toBe(11_000);
    expect(playerTime(c, 'ben', T + 21_000)).toBe(10_000);
    expect(gameTime(c, T + 21_000)).toBe(21_000);
  });

  it('adds to no player’s total while the turn clock is off', () => {
    let c = resume(reachTurn(newClock(false), { player: 'ana', period: 1 }, T), T);
    expect(playerTime(c, 'ana', T + 5000)).toBe(0);
    c = pause(c, T + 5000);
    expect(c.playerMs).toEqual({});
    expect(gameTime(c, T + 5000)).toBe(5000);
  });

  it('times a turn played all at once without a player, and a paused turn change stays paused', () => {
    let c = reachTurn(newClock(), { period: 1 }, T);
    expect(running(c)).toBe(false);
    c = resume(c, T);
    c = pause(c, T + 3000);
    c = reachTurn(c, { period: 2 }, T + 9000);
    expect(running(c)).toBe(false);
    expect(turnTime(c, T + 20_000)).toBe(0);
    expect(c.playerMs).toEqual({});
    expect(gameTime(c, T + 20_000)).toBe(3000);
  });

  it('flags a turn over the table’s limit, and never with no limit or no turn clock', () => {
    const c = resume(reachTurn(newClock(true, 60), { player: 'ana', period: 1 }, T), T);
    expect(overLimit(c, T + 60_000)).toBe(false);
    expect(overLimit(c, T + 60_001)).toBe(true);
    expect(overLimit({ ...c, limit: 0 }, T + 600_000)).toBe(false);
    expect(overLimit({ ...c, turns: false }, T + 600_000)).toBe(false);
  });

  it('ends a run left open by a phone that went away where it was last seen', () => {
    let c = resume(newClock(), T);
    c = markSeen(c, T + 20_000);
    // Back soon (a reload): the run goes on, the gap counted.
    expect(closeStale(c, T + 30_000)).toBe(c);
    const later = closeStale(c, T + 20_000 + STALE_MS + 1);
    expect(running(later)).toBe(false);
    expect(gameTime(later, T + 10 * STALE_MS)).toBe(20_000);
  });

  it('writes times and durations plainly', () => {
    expect(clockText(0)).toBe('0:00');
    expect(clockText(65_999)).toBe('1:05');
    expect(clockText(3_723_000)).toBe('1:02:03');
    expect(durationWords(30_000)).toBe('under a minute');
    expect(durationWords(61 * 60_000)).toBe('1 hour 1 minute');
    expect(durationWords(12 * 60_000)).toBe('12 minutes');
    expect(clockMinutes({ ...newClock(), gameMs: 150_000 })).toBe(3);
  });

  it('refuses a malformed stored clock in plain words', () => {
    const ok = pause(resume(reachTurn(newClock(true, 120), { player: 'ana', period: 1 }, T), T), T + 5);
    expect(clockProblem(ok, ['ana', 'ben'])).toBeUndefined();
    expect(clockProblem('soon', ['ana'])).toBe('expected a clock');
    expect(clockProblem({ ...ok, gameMs: -1 }, ['ana'])).toMatch(/whole number/);
    expect(clockProblem({ ...ok, limit: 1e9 }, ['ana'])).toMatch(/limit/);
    expect(clockProblem({ ...ok, playerMs: { zed: 5 } }, ['ana'])).toMatch(/player the game does not have/);
    expect(clockProblem({ ...ok, turn: { period: 1, ms: 0, player: 'zed' } }, ['ana'])).toMatch(/turn/);
    expect(clockProblem({ ...ok, colour: 'red' }, ['ana'])).toMatch(/unexpected field/);
    expect(clockProblem({ ...ok, since: 'now' }, ['ana'])).toMatch(/dates/);
  });
});
