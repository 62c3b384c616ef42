/**
 * Results that last: each game's `result`, the score series for the chart, stats computed from
 * stored logs (checked on 200 generated games against counts made independently here), players
 * renamed and merged without losing any game, the BG Stats export and the share text.
 */
import { describe, expect, it } from 'vitest';
import type { EventRecord, SessionRecord } from '../../src/lib/db/records';
import { titansLogic } from '../../src/lib/games/titans/logic';
import type { TitansFormat } from '../../src/lib/games/titans/format';
import type { TitansEvent } from '../../src/lib/machines/titans';
import { scoreSeries } from '../../src/lib/results/series';
import {
  gameStats,
  headToHead,
  monthOf,
  playerStats,
  playRecord,
  type GameInfo,
  type PlayRecord
} from '../../src/lib/results/stats';
import { loadPlays } from '../../src/lib/results/load';
import { bgStatsLink, bgStatsPlay, BG_STATS_URL, localDate, MAX_LINK } from '../../src/lib/results/bgstats';
import { shareText } from '../../src/lib/results/share';
import { mergeProfiles, renameProfile, seatProfiles } from '../../src/lib/db/profiles';
import { titans } from '../../src/lib/games/titans';
import { TitansDriver, titansSetup } from '../fixtures/titans';
import { finishedGames } from '../fixtures/finished';
import { playedAsLine, seatLine, seatNames } from '../../src/lib/results/names';
import { initialState, replay } from '../../src/lib/session/replay';
import { freshDb } from './helpers';

const info: GameInfo = { title: titans.title, describeSetup: titans.describeSetup, logic: titansLogic };

/** Plays a Titans game to its end with the given powers per turn (quick flow), logging every event. */
function playTitans(format: TitansFormat, players: number, turns: [number, number][][], avatarTeam = 0) {
  const d = new TitansDriver(titansSetup(format, players, { avatarTeam }));
  const events: TitansEvent[] = [];
  const send = (e: TitansEvent) => (d.send(e), events.push(e));
  for (const powers of turns) {
    powers.forEach(([a, b], arena) => {
      send({ type: 'POWER', arena, side: 0, power: a });
      send({ type: 'POWER', arena, side: 1, power: b });
    });
    send({ type: 'RESOLVE_BATTLE' });
    if (d.snapshot.status === 'done') break;
    send({ type: 'NEXT_TURN' });
  }
  return { d, events };
}

describe('Titans of Eden: result', () => {
  it('a Duel: the winner ranks first with 3 temples, the loser second with 0; who started; length in turns', () => {
    const { d } = playTitans('duel', 2, [[[9, 1]], [[9, 1]], [[9, 1]]], 1);
    const result = titansLogic.result(d.snapshot, d.setup);
    expect(result).toMatchObject({
      finished: true,
      winners: ['p1'],
      winningTeam: 0,
      tie: false,
      length: { unit: 'turn', number: 3 }
    });
    expect(result.players).toEqual([
      { id: 'p1', name: 'Ana', score: 3, rank: 1, team: 0, winner: true, started: false },
      { id: 'p2', name: 'Ben', score: 0, rank: 2, team: 1, winner: false, started: true }
    ]);
  });

  it('two arenas: a team win makes both teammates winners, sharing rank 1 and the team’s temples', () => {
    const { d } = playTitans('two-arenas', 4, [
      [
        [5, 1],
        [4, 1]
      ],
      [
        [5, 1],
        [4, 4]
      ],
      [
        [5, 1],
        [6, 1]
      ]
    ]);
    const result = titansLogic.result(d.snapshot, d.setup);
    expect(result.finished).toBe(true);
    expect(result.winningTeam).toBe(0);
    expect(result.winners.sort()).toEqual(d.setup.teams[0].slice().sort());
    for (const p of result.players) {
      const won = d.setup.teams[0].includes(p.id);
      expect(p).toMatchObject({ winner: won, rank: won ? 1 : 3, score: won ? 3 : 0 });
    }
  });

  it('three arenas: the winning team’s players rank first; the others are ranked by their team’s temples, ties sharing a rank', () => {
    // Team 1 (Ana, Dee in Arenas 1 and 2) beats both of its opponents twice; Arena 3 stays even.
    const { d } = playTitans('three-arenas', 6, [
      [
        [5, 1],
        [5, 1],
        [3, 3]
      ],
      [
        [5, 1],
        [5, 1],
        [3, 3]
      ]
    ]);
    const result = titansLogic.result(d.snapshot, d.setup);
    expect(result.finished).toBe(true);
    expect(result.winningTeam).toBe(0);
    const byTeam = (t: number) => result.players.filter((p) => p.team === t);
    expect(byTeam(0).every((p) => p.winner && p.rank === 1)).toBe(true);
    // Teams 2 and 3 each lost their arena against team 1 and kept 2 temples in Arena 3: a tie.
    expect(new Set([...byTeam(1), ...byTeam(2)].map((p) => [p.rank, p.score].join()))).toEqual(
      new Set(['3,2'])
    );
  });

  it('an unfinished game: no winners yet, ranked by temples so far', () => {
    const { d } = playTitans('duel', 2, [[[9, 1]]]);
    const result = titansLogic.result(d.snapshot, d.setup);
    expect(result).toMatchObject({ finished: false, winners: [] });
    expect(result.players.map((p) => [p.score, p.rank])).toEqual([
      [3, 1],
      [2, 2]
    ]);
  });
});

describe('score series', () => {
  it('temples at the start and at the end of every turn, from the log', () => {
    const { d, events } = playTitans('duel', 2, [[[9, 1]], [[2, 2]], [[1, 9]], [[9, 1]], [[9, 1]]]);
    const series = scoreSeries(titansLogic, d.setup, events);
    expect(series.unit).toBe('turn');
    expect(series.periods).toEqual([0, 1, 2, 3, 4, 5]);
    expect(series.lines).toEqual([
      // Turn 3: Ben wins with 2 temples, so he destroys one of Ana's (a capture needs exactly 1).
      { id: 'p1', name: 'Ana', values: [3, 3, 3, 2, 2, 2] },
      { id: 'p2', name: 'Ben', values: [3, 2, 2, 2, 1, 0] }
    ]);
    expect(series.target).toBeUndefined();
  });

  it('a game with no steps is its starting line alone', () => {
    const series = scoreSeries(titansLogic, titansSetup('duel'), []);
    expect(series.periods).toEqual([0]);
  });
});

// ---- 200 generated games ---------------------------------------------------------------------

/** A small deterministic generator, so the fixture is the same on every run. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0), s % n);
}

interface Generated {
  session: SessionRecord;
  log: EventRecord[];
  /** What the generator knows independently of the stats code. */
  truth: {
    game: string;
    format: string;
    players: string[];
    winners: string[];
    starters: string[];
    turns: number;
    start: number;
    minutes: number;
  };
}

const PEOPLE = ['ana', 'ben', 'cy', 'dee', 'eli', 'fay'];
const FORMATS: [TitansFormat, number][] = [
  ['duel', 2],
  ['two-arenas', 3],
  ['two-arenas', 4],
  ['three-arenas', 5],
  ['three-arenas', 6]
];

function generate(count: number): Generated[] {
  const rnd = lcg(20261123);
  const out: Generated[] = [];
  const t0 = Date.UTC(2026, 0, 5, 19);
  for (let g = 0; g < count; g++) {
    const [format, n] = FORMATS[rnd(FORMATS.length)];
    const avatarTeam = rnd(format === 'three-arenas' ? 3 : 2);
    const setup = titansSetup(format, n, { avatarTeam, seed: `SEED${g}` });
    // Seat a random subset of people (a random order), the last seat sometimes a guest.
    const seated = [...PEOPLE].sort(() => rnd(3) - 1).slice(0, n);
    const guest = rnd(5) === 0;
    const d = new TitansDriver(setup);
    const events: TitansEvent[] = [];
    for (let turn = 0; turn < 60 && d.snapshot.status === 'active'; turn++) {
      d.ctx.arenas.forEach((_, arena) => {
        for (const side of [0, 1] as const) {
          const e: TitansEvent = { type: 'POWER', arena, side, power: rnd(10) };
          d.send(e);
          events.push(e);
        }
      });
      d.send({ type: 'RESOLVE_BATTLE' });
      events.push({ type: 'RESOLVE_BATTLE' });
      if (d.snapshot.status === 'active') {
        d.send({ type: 'NEXT_TURN' });
        events.push({ type: 'NEXT_TURN' });
      }
    }
    const id = `game${String(g).padStart(3, '0')}`;
    const start = t0 + g * 37 * 3600_000; // a game every day and a half, crossing months
    const minutes = 20 + rnd(90);
    const log: EventRecord[] = events.map((event, i) => ({
      sessionId: id,
      seq: i + 1,
      kind: 'event',
      event,
      time: i === events.length - 1 ? start + minutes * 60_000 : start + i * 1000,
      label: event.type
    }));
    const profiles: Record<string, string> = {};
    setup.players.forEach((p, i) => {
      if (!(guest && i === n - 1)) profiles[p.id] = seated[i];
    });
    setup.players = setup.players.map((p, i) => ({ ...p, name: seated[i].toUpperCase() }));
    const done = d.snapshot.status === 'done';
    const winners = done
      ? setup.teams[(d.ctx as { winner: number }).winner].map((pid) =>
          setup.players.findIndex((p) => p.id === pid)
        )
      : [];
    const key = (i: number) => profiles[setup.players[i].id] ?? `guest:${setup.players[i].name}`;
    out.push({
      session: {
        id,
        game: 'titans',
        setup: setup as unknown as SessionRecord['setup'],
        created: start,
        updated: start + minutes * 60_000,
        status: 'finished',
        summary: '',
        head: log.length,
        profiles
      },
      log,
      truth: {
        game: 'titans',
        format: titans.describeSetup(setup as unknown as SessionRecord['setup']),
        players: setup.players.map((_, i) => key(i)),
        winners: winners.map(key),
        starters: setup.teams[avatarTeam].map((pid) => key(setup.players.findIndex((p) => p.id === pid))),
        turns: d.ctx.turn,
        start,
        minutes
      }
    });
  }
  return out;
}

describe('stats from stored logs, on 200 generated games', { timeout: 60_000 }, () => {
  const generated = generate(200);
  // The game's logic only: these tests have no need of its screens.
  const games = new Map([['titans', info]]);

  async function stored() {
    const db = freshDb();
    await db.profiles.bulkAdd(
      PEOPLE.map((p, i) => ({ id: p, name: p[0].toUpperCase() + p.slice(1), created: i }))
    );
    await db.sessions.bulkAdd(generated.map((g) => g.session));
    await db.events.bulkAdd(generated.flatMap((g) => g.log));
    return db;
  }

  it('plays, wins, win rate, by format and player count, streaks, months: as counted independently', async () => {
    const db = await stored();
    const plays = await loadPlays(db, { games });
    expect(plays).toHaveLength(200);
    for (const person of PEOPLE) {
      const mine = generated
        .filter((g) => g.truth.players.includes(person))
        .sort((a, b) => a.truth.start - b.truth.start);
      const won = mine.map((g) => g.truth.winners.includes(person));
      const stats = playerStats(plays, person);
      expect(stats.plays, person).toBe(mine.length);
      expect(stats.wins, person).toBe(won.filter(Boolean).length);
      expect(stats.winRate).toBeCloseTo(won.filter(Boolean).length / mine.length, 10);
      // Streaks, counted here with a plain loop.
      let run = 0;
      let best = 0;
      for (const w of won) {
        run = w ? run + 1 : 0;
        best = Math.max(best, run);
      }
      expect([stats.currentStreak, stats.longestStreak], person).toEqual([run, best]);
      for (const format of new Set(mine.map((g) => g.truth.format))) {
        const inFormat = mine.filter((g) => g.truth.format === format);
        expect(stats.byFormat[`Titans of Eden · ${format}`], `${person} ${format}`).toEqual({
          plays: inFormat.length,
          wins: inFormat.filter((g) => g.truth.winners.includes(person)).length
        });
      }
      for (const n of [2, 3, 4, 5, 6]) {
        const withN = mine.filter((g) => g.truth.players.length === n);
        expect(stats.byPlayerCount[n]?.plays ?? 0).toBe(withN.length);
        expect(stats.byPlayerCount[n]?.wins ?? 0).toBe(
          withN.filter((g) => g.truth.winners.includes(person)).length
        );
      }
      expect(stats.avgLength.turn).toBeCloseTo(mine.reduce((s, g) => s + g.truth.turns, 0) / mine.length, 10);
      expect(stats.avgMinutes).toBeCloseTo(mine.reduce((s, g) => s + g.truth.minutes, 0) / mine.length, 10);
      const months = new Map<string, number>();
      for (const g of mine) months.set(monthOf(g.truth.start), (months.get(monthOf(g.truth.start)) ?? 0) + 1);
      expect(stats.playsPerMonth).toEqual([...months].sort().map(([month, n]) => ({ month, plays: n })));
      expect(stats.winRateOverTime.at(-1)!.rate).toBeCloseTo(stats.winRate, 10);
    }
  });

  it("caches each game's end on the first count; later counts use it and agree; a cache from another machine version is ignored", async () => {
    const db = await stored();
    expect(await db.snapshots.count()).toBe(0);
    const first = await loadPlays(db, { games });
    // Written in the background: wait until the ends of the longer games are cached.
    await expect.poll(() => db.snapshots.count()).toBeGreaterThan(0);
    const cached = await db.snapshots.toArray();
    for (const c of cached) {
      const g = generated.find((x) => x.session.id === c.sessionId)!;
      expect(c.depth).toBe(g.log.length);
    }
    expect(await loadPlays(db, { games })).toEqual(first);
    // A cache made by another version of the machine must not be read: poison it and compare.
    await db.snapshots.bulkPut(
      cached.map((c) => ({ ...c, version: c.version + 1, state: { ...c.state, context: { broken: true } } }))
    );
    expect(await loadPlays(db, { games })).toEqual(first);
  });

  it('head to head and first-player advantage, as counted independently', async () => {
    const plays = await loadPlays(await stored(), { games });
    for (const [a, b] of [
      ['ana', 'ben'],
      ['cy', 'fay']
    ]) {
      const both = generated.filter((g) => g.truth.players.includes(a) && g.truth.players.includes(b));
      expect(headToHead(plays, a, b)).toEqual({
        games: both.length,
        aWins: both.filter((g) => g.truth.winners.includes(a)).length,
        bWins: both.filter((g) => g.truth.winners.includes(b)).length,
        neither: both.filter((g) => !g.truth.winners.includes(a) && !g.truth.winners.includes(b)).length
      });
    }
    // A head to head names two different players: one player against themself is nothing to show.
    expect(headToHead(plays, 'ana', 'ana')).toBeUndefined();
    const decided = generated.filter((g) => g.truth.winners.length);
    const starterWon = decided.filter((g) => g.truth.winners.some((w) => g.truth.starters.includes(w)));
    expect(gameStats(plays, 'titans').firstPlayer).toEqual({
      decided: decided.length,
      starterWins: starterWon.length,
      rate: starterWon.length / decided.length
    });
  });

  it('renaming and merging players keeps every game and follows into history and stats', async () => {
    const db = await stored();
    const before = await loadPlays(db, { games });
    expect(await renameProfile(db, 'ana', 'Anastasia')).toEqual({ ok: true });
    expect((await renameProfile(db, 'ben', 'anastasia')).ok).toBe(false); // taken: merge instead
    expect((await renameProfile(db, 'ben', '   ')).ok).toBe(false);
    // Ben and Cy sat at one table: two people, never merged into one (#52: history then read
    // "Ana, Ben (now Ana)" and stats counted 6 plays of 3).
    const sat = (s: SessionRecord, id: string) => Object.values(s.profiles ?? {}).includes(id);
    const both = (await db.sessions.toArray()).filter((s) => sat(s, 'ben') && sat(s, 'cy'));
    expect(both.length).toBeGreaterThan(3);
    const refused = await mergeProfiles(db, 'ben', 'cy', (g) => (g === 'titans' ? 'Titans of Eden' : g));
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.reason).toMatch(
      new RegExp(
        `^Ben and Cy played in ${both.length} games together \\(Titans of Eden, [^;]+; Titans of Eden, [^;]+; Titans of Eden, .+ and ${both.length - 3} more\\), so they are two people and cannot be merged\\. Rename one instead\\.$`
      )
    );
    expect(await db.profiles.get('cy')).toBeDefined();
    // Where Cy played as a guest beside Ben, a merge has nothing against it.
    for (const s of both) {
      const links = Object.fromEntries(Object.entries(s.profiles!).filter(([, p]) => p !== 'cy'));
      await db.sessions.update(s.id, { profiles: links });
    }
    expect(await mergeProfiles(db, 'ben', 'cy')).toEqual({ ok: true });
    const after = await loadPlays(db, { games });
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));
    // Every game keeps the names it was played with.
    expect(after.map((p) => p.players.map((x) => x.asPlayed))).toEqual(
      before.map((p) => p.players.map((x) => x.asPlayed))
    );
    expect(
      after
        .flatMap((p) => p.players)
        .filter((x) => x.key === 'ana')
        .every((x) => x.name === 'Anastasia')
    ).toBe(true);
    const cyGames = before.filter((p) => p.players.some((x) => x.key === 'cy')).length;
    const benGames = before.filter((p) => p.players.some((x) => x.key === 'ben')).length;
    const together = before.filter(
      (p) => p.players.some((x) => x.key === 'cy') && p.players.some((x) => x.key === 'ben')
    ).length;
    expect(playerStats(after, 'ben').plays).toBe(cyGames + benGames - together);
    expect(playerStats(after, 'cy').plays).toBe(0);
    expect(await db.profiles.get('cy')).toBeUndefined();
  });

  it('one rule for names in a finished game: the name now, and "played as" once', async () => {
    const db = await stored();
    const session = (await db.sessions.toArray()).find((s) =>
      Object.values(s.profiles ?? {}).includes('ana')
    )!;
    expect(await renameProfile(db, 'ana', 'Anastasia')).toEqual({ ok: true });
    const names = new Map((await db.profiles.toArray()).map((p) => [p.id, p.name]));
    const seats = seatNames(session, names);
    const ana = seats.find((s) => s.key === 'ana')!;
    expect(ana.now).toBe('Anastasia');
    expect(ana.asPlayed.toLowerCase()).toBe('ana');
    expect(seatLine(session, names)).toBe(seats.map((s) => s.now).join(', '));
    expect(seatLine(session, names)).toContain('Anastasia');
    expect(playedAsLine(session, names)).toBe(`Anastasia played as ${ana.asPlayed}.`);
    // A player no longer remembered (or a guest) is named as played.
    expect(
      seatNames(session, new Map()).every((s) => s.key === `guest:${s.asPlayed}` && s.now === s.asPlayed)
    ).toBe(true);
  });

  it('seating a new game: known names link to their player, new names become players, guests stay guests', async () => {
    const db = await stored();
    const { links } = await seatProfiles(db, [
      { id: 'p1', name: '  ana ' },
      { id: 'p2', name: 'Gus' },
      { id: 'p3', name: 'Hal', guest: true },
      { id: 'p4', name: '' }
    ]);
    expect(links.p1).toBe('ana');
    expect(links.p2).toBeDefined();
    expect(links.p3).toBeUndefined();
    expect(links.p4).toBeUndefined();
    expect((await db.profiles.get(links.p2))!.name).toBe('Gus');
    expect(await db.profiles.count()).toBe(PEOPLE.length + 1);
  });
});

describe('BG Stats export and the share text', () => {
  const { d, events } = playTitans('two-arenas', 4, [
    [
      [5, 1],
      [4, 1]
    ],
    [
      [5, 1],
      [4, 4]
    ],
    [
      [5, 1],
      [6, 1]
    ]
  ]);
  const start = Date.UTC(2026, 10, 20, 19, 5, 9);
  const log: EventRecord[] = events.map((event, i) => ({
    sessionId: 'sess01',
    seq: i + 1,
    kind: 'event',
    event,
    time: start + (i + 1) * 60_000,
    label: event.type
  }));
  const session: SessionRecord = {
    id: 'sess01',
    game: 'titans',
    setup: d.setup as unknown as SessionRecord['setup'],
    created: start,
    updated: log.at(-1)!.time,
    status: 'finished',
    summary: '',
    head: log.length,
    profiles: { p1: 'prof-ana', p2: 'prof-ben', p3: 'prof-cy' }
  };
  const profiles = new Map(
    [
      ['prof-ana', 'Ana'],
      ['prof-ben', 'Ben'],
      ['prof-cy', 'Cy']
    ].map(([id, name]) => [id, { id, name, created: 0 }])
  );
  const play: PlayRecord = playRecord(session, log, info, profiles);

  it('has exactly the documented fields, with the right types and stable ids', () => {
    const json = bgStatsPlay(play, titansLogic.scoring);
    expect(Object.keys(json).sort()).toEqual(
      ['comments', 'durationMin', 'game', 'playDate', 'players', 'sourceName', 'sourcePlayId'].sort()
    );
    expect(json).toMatchObject({
      sourceName: 'Tableside',
      sourcePlayId: 'sess01',
      playDate: localDate(start),
      durationMin: events.length,
      comments: 'Two arenas · classic · 4 players',
      game: { name: 'Titans of Eden', sourceGameId: 'titans', highestWins: true, noPoints: false }
    });
    expect(json.playDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect('bggId' in json.game).toBe(false);
    for (const p of json.players) {
      expect(typeof p.name).toBe('string');
      expect(typeof p.score).toBe('number');
      expect(typeof p.winner).toBe('boolean');
      expect(typeof p.rank).toBe('number');
      expect(typeof p.startPlayer).toBe('boolean');
      expect(p.team).toMatch(/^Team [12]$/);
    }
    // Remembered players carry their profile id; the guest (Dee) none.
    expect(json.players.map((p) => p.sourcePlayerId)).toEqual(['prof-ana', 'prof-ben', 'prof-cy', undefined]);
    expect(
      json.players
        .filter((p) => p.winner)
        .map((p) => p.name)
        .sort()
    ).toEqual(d.setup.teams[0].map((id) => d.setup.players.find((p) => p.id === id)!.name).sort());
  });

  it('is one link under 8,000 characters to the documented address, and refuses to build a longer one', () => {
    const link = bgStatsLink(bgStatsPlay(play, titansLogic.scoring));
    expect(link.ok).toBe(true);
    if (!link.ok) return;
    expect(link.url.startsWith(`${BG_STATS_URL}?data=`)).toBe(true);
    expect(link.url.length).toBeLessThan(MAX_LINK);
    const back = JSON.parse(decodeURIComponent(link.url.slice(`${BG_STATS_URL}?data=`.length)));
    expect(back).toEqual(JSON.parse(JSON.stringify(bgStatsPlay(play, titansLogic.scoring))));
    const huge = { ...bgStatsPlay(play, titansLogic.scoring), comments: 'x'.repeat(MAX_LINK) };
    expect(bgStatsLink(huge)).toMatchObject({ ok: false, reason: expect.stringMatching(/too long/) });
  });

  it('the share text says who won, the scores and the length', () => {
    const text = shareText(play, titansLogic.scoring);
    expect(text.split('\n')[0]).toMatch(
      /^Titans of Eden \(Two arenas · classic · 4 players\): .+ & .+ win!$/
    );
    expect(text).toMatch(/1\. \w+: 3 temples/);
    expect(text).toMatch(/3\. \w+: 0 temples/);
    expect(text.split('\n').at(-1)).toBe(`3 turns, ${events.length} min`);
  });
});

describe.each(finishedGames().map((g) => [g.entry.id, g] as const))(
  'every game: %s, finished',
  (_id, game) => {
    const start = Date.UTC(2026, 10, 21, 20, 0, 0);
    const session: SessionRecord = {
      id: `done-${game.entry.id}`,
      game: game.entry.id,
      setup: game.setup as SessionRecord['setup'],
      created: start,
      updated: start,
      status: 'finished',
      summary: '',
      head: game.events.length,
      profiles: Object.fromEntries(game.setup.players.map((p) => [p.id, `profile-${p.id}`]))
    };
    const log: EventRecord[] = game.events.map((event, i) => ({
      sessionId: session.id,
      seq: i + 1,
      kind: 'event',
      event,
      time: start + (i + 1) * 30_000,
      label: event.type
    }));
    const profiles = new Map(
      game.setup.players.map((p) => [`profile-${p.id}`, { id: `profile-${p.id}`, name: p.name, created: 0 }])
    );
    const info: GameInfo = {
      title: game.entry.title,
      describeSetup: game.entry.describeSetup,
      logic: game.logic
    };

    it('has a finished result with winners ranked first, every player scored and ranked', () => {
      const end = replay(game.logic, initialState(game.logic, game.setup), game.events);
      const result = game.logic.result(end, game.setup);
      expect(result.finished).toBe(true);
      expect(result.winners.length).toBeGreaterThan(0);
      expect(result.players.map((p) => p.id).sort()).toEqual(game.setup.players.map((p) => p.id).sort());
      for (const p of result.players) {
        expect(Number.isFinite(p.score)).toBe(true);
        expect(p.rank).toBe(p.winner ? 1 : p.rank);
        if (!p.winner) expect(p.rank).toBeGreaterThan(1);
      }
      expect(['turn', 'round']).toContain(result.length.unit);
      expect(result.length.number).toBeGreaterThan(0);
    });

    it('exports to BG Stats with the documented fields and types, stable ids, under 8,000 characters', () => {
      const play = playRecord(session, log, info, profiles);
      const json = bgStatsPlay(play, game.logic.scoring);
      expect(Object.keys(json).sort()).toEqual(
        ['comments', 'durationMin', 'game', 'playDate', 'players', 'sourceName', 'sourcePlayId'].sort()
      );
      expect(json.sourceName).toBe('Tableside');
      expect(json.sourcePlayId).toBe(session.id);
      expect(json.playDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(Number.isInteger(json.durationMin)).toBe(true);
      expect(typeof json.comments).toBe('string');
      expect(Object.keys(json.game).sort()).toEqual(['highestWins', 'name', 'noPoints', 'sourceGameId']);
      expect(json.game).toMatchObject({ name: game.entry.title, sourceGameId: game.entry.id });
      expect(typeof json.game.highestWins).toBe('boolean');
      expect(typeof json.game.noPoints).toBe('boolean');
      expect(json.players).toHaveLength(game.setup.players.length);
      for (const p of json.players) {
        expect(
          Object.keys(p).every((k) =>
            ['name', 'sourcePlayerId', 'score', 'winner', 'rank', 'startPlayer', 'team'].includes(k)
          )
        ).toBe(true);
        expect(typeof p.name).toBe('string');
        expect(p.sourcePlayerId).toMatch(/^profile-p\d$/);
        expect(typeof p.score).toBe('number');
        expect(typeof p.winner).toBe('boolean');
        expect(Number.isInteger(p.rank)).toBe(true);
        expect(typeof p.startPlayer).toBe('boolean');
        if (p.team !== undefined) expect(p.team).toMatch(/^Team \d$/);
      }
      expect(json.players.some((p) => p.winner)).toBe(true);
      // The same play exports the same ids every time.
      expect(bgStatsPlay(playRecord(session, log, info, profiles), game.logic.scoring)).toEqual(json);
      const link = bgStatsLink(json);
      expect(link.ok && link.url.length < MAX_LINK).toBe(true);
    });
  }
);
