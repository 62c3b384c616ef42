/**
 * The one rename rule (results/names.ts): a remembered player renamed since a game goes by the
 * name they have now everywhere the game is shown or sent; only the words of steps already taken
 * stay as said, and the game's page says once who played as whom.
 */
import { describe, expect, it } from 'vitest';
import { finishedGames, storedFinished } from '../fixtures/finished';
import { initialState, replay } from '../../src/lib/session/replay';
import { summaryFields, summaryNamed, MAX_SEAT_SPANS } from '../../src/lib/session/summary-seats';
import {
  namesNow,
  playedAsLine,
  seatLine,
  seatNames,
  setupNamed,
  summaryNow
} from '../../src/lib/results/names';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { openSession } from '../../src/lib/app/open-game';
import { renameProfile, seatProfiles } from '../../src/lib/db/profiles';
import { playRecord } from '../../src/lib/results/stats';
import { loadPlays } from '../../src/lib/results/load';
import { bgStatsPlay } from '../../src/lib/results/bgstats';
import { shareText } from '../../src/lib/results/share';
import { exportBackup } from '../../src/lib/backup/write';
import { importBackup } from '../../src/lib/backup/import';
import { logicFor } from '../../src/lib/games/registry';
import { freshDb } from './helpers';

// Names chosen to trip a careless substitution: one inside another, emoji, and marker-like text.
const ODD = ['Bo', 'Anabel', 'Zoë 👩‍👩‍👧', '\u00001\u0001', 'Turn', 'x'];

describe('a summary knows where its names are', () => {
  it('every game, at its start, midway and at its end: the line with new names is the line the game writes for them', () => {
    for (const game of finishedGames()) {
      const start = initialState(game.logic, game.setup);
      const states = [0, Math.floor(game.events.length / 2), game.events.length].map((n) =>
        replay(game.logic, start, game.events.slice(0, n))
      );
      for (const snapshot of states) {
        const fields = summaryFields(game.logic, snapshot, game.setup);
        expect(fields.summary).toBe(game.logic.summarize(snapshot, game.setup));
        const names = game.setup.players.map((_, i) => ODD[i % ODD.length]);
        const expected = game.logic.summarize(snapshot, setupNamed(game.setup, names));
        // A line that names nobody (a draft) has no places, and needs none.
        if (!fields.summarySeats) {
          expect(expected, game.entry.id).toBe(fields.summary);
          continue;
        }
        expect(summaryNamed(fields.summary, fields.summarySeats, names), game.entry.id).toBe(expected);
      }
    }
  });

  it('the finished games all name a player in their line, so each has places', () => {
    for (const game of finishedGames()) {
      const end = replay(game.logic, initialState(game.logic, game.setup), game.events);
      expect(summaryFields(game.logic, end, game.setup).summarySeats, game.entry.id).toBeDefined();
    }
  });

  it('places that do not fit the line leave it as stored', () => {
    const line = 'Ben won · Ana 0 - Ben 3';
    const names = ['Ana', 'Bo'];
    expect(
      summaryNamed(
        line,
        [
          [0, 3, 1],
          [10, 3, 0],
          [18, 3, 1]
        ],
        names
      )
    ).toBe('Bo won · Ana 0 - Bo 3');
    for (const bad of [
      undefined,
      'x',
      [],
      [[0, 3]],
      [[0, 3, 2]], // no such seat
      [[0, 30, 1]], // past the end
      [
        [10, 3, 0],
        [0, 3, 1]
      ], // out of order
      [
        [0, 3, 1],
        [2, 3, 0]
      ], // overlapping
      [[-1, 3, 1]],
      [[0.5, 3, 1]],
      [['0', 3, 1]],
      Array.from({ length: MAX_SEAT_SPANS + 1 }, () => [0, 0, 0])
    ]) {
      expect(summaryNamed(line, bad, names)).toBe(line);
    }
  });
});

/** A finished Epic game of three, with Ana, Ben and Cy remembered; Ben then renamed Bo. */
async function renamedGame() {
  const db = freshDb();
  const game = finishedGames().find((g) => g.entry.id === 'epic')!;
  const { links } = await seatProfiles(db, game.setup.players);
  const runtime = await SessionRuntime.create(db, game.logic, 'epic', game.setup, {
    profiles: links,
    schedule: (run) => run()
  });
  for (const event of game.events) expect(runtime.send(event).ok).toBe(true);
  await runtime.saved();
  const ben = game.setup.players[1];
  expect(ben.name).toBe('Ben');
  expect(await renameProfile(db, links[ben.id], 'Bo')).toEqual({ ok: true });
  const profiles = new Map((await db.profiles.toArray()).map((p) => [p.id, p.name]));
  const record = (await db.sessions.get(runtime.session.id))!;
  return { db, game, record, profiles, id: record.id };
}

describe('a renamed player goes by the name now, everywhere', () => {
  it('lists: the players line and the summary line', async () => {
    const { record, profiles } = await renamedGame();
    expect(record.status).toBe('finished');
    expect(record.summary).toContain('Ben'); // stored as written...
    expect(seatLine(record, profiles)).toBe('Ana, Bo, Cy');
    const line = summaryNow(record, profiles);
    expect(line).toContain('Bo');
    expect(line).not.toContain('Ben'); // ...shown with the name now
    expect(line).toBe(record.summary.replaceAll('Ben', 'Bo'));
  });

  it('the game opened again: its screen, its summary and new words use the name now; the stored setup and old words stay', async () => {
    const { db, record, id } = await renamedGame();
    const opened = await openSession(db, id, { whole: true, shared: false });
    if (!opened.ok) throw new Error(opened.message);
    const rt = opened.runtime;
    expect(rt.setup.players.map((p: { name: string }) => p.name)).toEqual(['Ana', 'Bo', 'Cy']);
    expect(rt.summary).toContain('Bo');
    expect(rt.summary).not.toContain('Ben');
    expect((await db.sessions.get(id))!.setup.players[1].name).toBe('Ben');
    // The game's own history keeps the words it was told in.
    expect(rt.history.some((h) => h.label.includes('Ben'))).toBe(true);
    expect(rt.history.some((h) => h.label.includes('Bo'))).toBe(false);
    expect(record.summarySeats?.length).toBeGreaterThan(0);
  });

  it('the result: heading and table, BG Stats and the shared text use the name now; "Bo played as Ben" once', async () => {
    const { db, game, record, profiles } = await renamedGame();
    const byId = new Map((await db.profiles.toArray()).map((p) => [p.id, p]));
    const log = await db.events.where('sessionId').equals(record.id).sortBy('seq');
    const play = playRecord(
      record,
      log,
      { title: game.entry.title, describeSetup: game.entry.describeSetup, logic: game.logic },
      byId
    );
    expect(play.players.map((p) => p.name)).toEqual(['Ana', 'Bo', 'Cy']);
    expect(play.players[1].asPlayed).toBe('Ben');
    const sent = bgStatsPlay(play, game.logic.scoring);
    expect(sent.players.map((p) => p.name)).toEqual(['Ana', 'Bo', 'Cy']);
    const text = shareText(play, game.logic.scoring);
    expect(text).toContain('Bo');
    expect(text).not.toContain('Ben');
    expect(playedAsLine(record, profiles)).toBe('Bo played as Ben.');
    expect(playedAsLine(record, new Map())).toBeUndefined(); // nobody remembered: as played
  });

  it('a backup keeps the game as played and the players as now: restored, it shows the same', async () => {
    const { db, id } = await renamedGame();
    const text = JSON.stringify(await exportBackup(db, '0.5.0'));
    const target = freshDb();
    expect(await importBackup(target, text, logicFor)).toMatchObject({ ok: true, written: true });
    const restored = (await target.sessions.get(id))!;
    const profiles = new Map((await target.profiles.toArray()).map((p) => [p.id, p.name]));
    expect(restored.setup.players[1].name).toBe('Ben');
    expect(seatLine(restored, profiles)).toBe('Ana, Bo, Cy');
    expect(summaryNow(restored, profiles)).not.toContain('Ben');
    expect(namesNow(restored, profiles)).toEqual(['Ana', 'Bo', 'Cy']);
  });

  it('a backup whose places are not three whole numbers is refused in words', async () => {
    const { db } = await renamedGame();
    const backup = await exportBackup(db, '0.5.0');
    const tried = async (seats: unknown) => {
      (backup.sessions[0] as unknown as Record<string, unknown>).summarySeats = seats;
      const result = await importBackup(freshDb(), JSON.stringify(backup), logicFor);
      expect(result.ok).toBe(false);
      return result.ok ? [] : (result as { details: string[] }).details;
    };
    expect(await tried([[0, 'x', 1]])).toContain('sessions[0].summarySeats[0][1]: expected a number');
    expect(await tried([[0, 3]])).toContain(
      'sessions[0].summarySeats[0]: expected three whole numbers: where a name starts, its length and its seat'
    );
  });

  it('a game finished before summaries had places gets them when its results are read, its words unchanged', async () => {
    const db = freshDb();
    const game = finishedGames().find((g) => g.entry.id === 'wiz')!;
    const { session, log, info } = storedFinished(game, 'old-wiz');
    const end = replay(game.logic, initialState(game.logic, game.setup), game.events);
    const old = { ...session, summary: game.logic.summarize(end, game.setup) };
    await db.sessions.add(old);
    await db.events.bulkAdd(log);
    await loadPlays(db, { games: new Map([['wiz', info]]) });
    await expect.poll(async () => (await db.sessions.get('old-wiz'))!.summarySeats).toBeDefined();
    const now = (await db.sessions.get('old-wiz'))!;
    expect(now.summary).toBe(old.summary);
    expect(summaryNamed(now.summary, now.summarySeats, ['A1', 'B2', 'C3'])).toBe(
      game.logic.summarize(end, setupNamed(game.setup, ['A1', 'B2', 'C3']))
    );
  });

  it('a rename to a guest’s name at one of the player’s tables is refused, naming the games', async () => {
    const db = freshDb();
    const game = finishedGames().find((g) => g.entry.id === 'epic')!;
    const setup = {
      ...game.setup,
      players: game.setup.players.map((p, i) => (i === 2 ? { ...p, guest: true } : p))
    };
    const { links } = await seatProfiles(db, setup.players);
    await SessionRuntime.create(db, game.logic, 'epic', setup, { profiles: links });
    const result = await renameProfile(db, links.p2, 'cy', Date.now(), () => 'Epic');
    expect(result).toMatchObject({ ok: false });
    expect(result.ok || result.reason).toMatch(
      /^Ben played with a guest called cy in one game together \(Epic, .+\): two players called cy at one table could not be told apart\. Choose another name\.$/
    );
    expect(seatNames((await db.sessions.toArray())[0], new Map([[links.p2, 'Ben']]))[1].now).toBe('Ben');
  });
});
