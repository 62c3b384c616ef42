/**
 * The one name rule (issue #52, point 1): names counted as a person sees them, no two players at
 * one table with the same name, checked the same way by every game's Start; and games stored
 * before the rule, with two "Ana"s, still replay, rank, count in stats once per person and go
 * through a backup as they are.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_NAME,
  nameLength,
  nameProblem,
  storedNameProblem,
  tableNamesProblem
} from '../../src/lib/util/player-name';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { playerStats, playersOf, playRecord } from '../../src/lib/results/stats';
import { exportBackup } from '../../src/lib/backup/write';
import { importBackup } from '../../src/lib/backup/import';
import { finishedGames, storedFinished } from '../fixtures/finished';
import { freshDb } from './helpers';

const FAMILY = '👩‍👩‍👧'; // five code points, eight UTF-16 units: one character to a person
const THUMB = '👍🏽'; // two code points, four units

describe('the one name rule', () => {
  it('counts characters as a person sees them', () => {
    expect(nameLength(FAMILY)).toBe(1);
    expect(nameLength(THUMB.repeat(30))).toBe(30);
    expect(nameLength('Zoë')).toBe(3);
    expect(nameLength('Zoe\u0308')).toBe(3); // the same name, its ë in two code points
  });

  it('30 emoji are a name in every game; 41 characters are not', () => {
    expect(nameProblem(THUMB.repeat(30))).toBeUndefined();
    expect(nameProblem(FAMILY.repeat(MAX_NAME))).toBeUndefined();
    expect(nameProblem('x'.repeat(41))).toBe('A name has at most 40 characters.');
    expect(tableNamesProblem(['Ana', THUMB.repeat(30)])).toBeUndefined();
    expect(tableNamesProblem(['Ana', 'x'.repeat(41)])).toBe(
      '“xxxxxxxxxxxxxxx…” is longer than 40 characters'
    );
  });

  it('no two players at one table share a name, compared as the remembered players are', () => {
    expect(tableNamesProblem(['Ana', 'Ben', ' ana '])).toBe(
      'two players are called “Ana”: give one of them another name, so the results can tell them apart'
    );
    expect(tableNamesProblem(['Ana  Lee', 'ana lee'])).toMatch(/^two players are called “Ana Lee”/);
    expect(tableNamesProblem(['Ana', '  '])).toBe('player 2 needs a name');
    expect(tableNamesProblem(['Ana', 'Anna'])).toBeUndefined();
  });

  it('a stored name is only held to 400 characters and text', () => {
    expect(storedNameProblem('')).toBeUndefined();
    expect(storedNameProblem('x'.repeat(200))).toBeUndefined();
    expect(storedNameProblem('x'.repeat(401))).toBe('a player’s name is over 400 characters');
    expect(storedNameProblem(7)).toBe('a player’s name is not text');
  });
});

describe.each(finishedGames().map((g) => [g.entry.id, g] as const))('%s', (id, game) => {
  const ana = (setup: typeof game.setup) => ({
    ...setup,
    players: setup.players.map((p) => ({ ...p, name: 'Ana' }))
  });

  it('Start refuses two players called Ana in plain words, and stores nothing', async () => {
    const db = freshDb();
    await expect(SessionRuntime.create(db, game.logic, id, ana(game.setup))).rejects.toThrow(
      /^two players are called “Ana”: give one of them another name/
    );
    expect(await db.sessions.count()).toBe(0);
  });

  it('Start takes names of 30 emoji', async () => {
    const db = freshDb();
    const setup = {
      ...game.setup,
      players: game.setup.players.map((p, i) => ({ ...p, name: THUMB.repeat(29) + String(i) }))
    };
    await SessionRuntime.create(db, game.logic, id, setup);
    expect(await db.sessions.count()).toBe(1);
  });

  it('a game stored before the rule, every seat "Ana": its result keys by seat, stats count Ana once, a backup keeps it as it is', async () => {
    const setup = ana(game.setup);
    expect(game.logic.setupProblem(setup)).toBeUndefined();
    const { session, log, info } = storedFinished(game, `ana-${id}`, setup);
    const play = playRecord(session, log, info, new Map());
    // Every seat stays its own row (the result page keys by seat: two "Ana"s broke it for good).
    expect(new Set(play.players.map((p) => p.seat)).size).toBe(setup.players.length);
    const everyone = playersOf([play]);
    expect(everyone).toEqual([{ key: 'guest:Ana', name: 'Ana', plays: 1, guest: true }]);
    const stats = playerStats([play], 'guest:Ana');
    expect(stats.plays).toBe(1);
    expect(stats.wins).toBe(1); // one of the Anas won: the play is a win, once

    const db = freshDb();
    await db.sessions.add(session);
    await db.events.bulkAdd(log);
    const file = JSON.stringify(await exportBackup(db, '0.3.0'));
    const other = freshDb();
    const imported = await importBackup(other, file, async (g) => (g === id ? game.logic : undefined));
    expect(imported.ok, JSON.stringify(imported)).toBe(true);
    const back = await other.sessions.get(session.id);
    expect(back?.setup.players.map((p) => p.name)).toEqual(setup.players.map(() => 'Ana'));
  });
});
