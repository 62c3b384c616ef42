/**
 * Plays and stats, computed from the stored logs every time (never a second copy that could
 * drift): a finished session's log is replayed to its end and the game's own `result` read off
 * the final state. The snapshot cache only shortens the replay: a cached state is used only when
 * it sits on this very log under this machine version (session/load.ts). Pure: the caller reads the sessions, logs and profiles; nothing here touches
 * storage or the clock.
 */
import { clockMinutes } from '../comforts/table-clock';
import type { EventRecord, ProfileRecord, SessionRecord, SnapshotRecord } from '../db/records';
import { foldLog } from '../session/log';
import { bestCachedSnapshot } from '../session/load';
import { initialState, step } from '../session/replay';
import type { AnyMachineSnapshot } from 'xstate';
import type { GameLogic, Period } from '../session/types';

interface PlayPlayer {
  /** The seat's id in the game: the one key that tells two seats apart, whatever their names. */
  seat: string;
  /**
   * The profile id, or "guest:<name>" for a guest (never counted as a remembered player). A game
   * stored before the one name rule can seat one key twice (two "Ana"s): stats count it once.
   */
  key: string;
  profile?: string;
  /** The profile's name now (a rename follows through), or the name played with for a guest. */
  name: string;
  /** The name the game was played with. */
  asPlayed: string;
  score: number;
  rank: number;
  winner: boolean;
  started: boolean;
  team?: number;
}

export interface PlayRecord {
  id: string;
  game: string;
  gameTitle: string;
  /** The setup in a few words: "Three arenas · classic · 5 players". */
  format: string;
  start: number;
  end: number;
  minutes: number;
  length: Period;
  finished: boolean;
  tie: boolean;
  players: PlayPlayer[];
  /** Where it was played and a note on it, as typed on its result page. */
  location?: string;
  note?: string;
}

export interface GameInfo {
  title: string;
  describeSetup: (setup: SessionRecord['setup']) => string;
  logic: GameLogic<any>;
}

interface FinalState {
  snapshot: AnyMachineSnapshot;
  /** Effective events folded into it, and the log seq of the last of them. */
  depth: number;
  eventSeq: number;
  /** How many events had to be replayed past the snapshot cache. */
  replayed: number;
}

/** The final state of a stored log, as far as this version can replay it. */
export function finalState(
  logic: GameLogic<any>,
  session: SessionRecord,
  log: readonly EventRecord[],
  cache: readonly SnapshotRecord[] = []
): FinalState {
  const effective = foldLog(log).effective;
  const cached = cache.length ? bestCachedSnapshot(logic, cache, effective) : undefined;
  let snapshot = cached?.snapshot ?? initialState(logic, session.setup);
  let depth = cached?.depth ?? 0;
  const from = depth;
  for (; depth < effective.length; depth++) {
    const next = step(logic, snapshot, effective[depth].event);
    if (!next) break;
    snapshot = next;
  }
  return { snapshot, depth, eventSeq: depth ? effective[depth - 1].seq : 0, replayed: depth - from };
}

export function playRecord(
  session: SessionRecord,
  log: readonly EventRecord[],
  game: GameInfo,
  profiles: ReadonlyMap<string, ProfileRecord>,
  cache: readonly SnapshotRecord[] | FinalState = []
): PlayRecord {
  const final = 'snapshot' in cache ? cache : finalState(game.logic, session, log, cache);
  const result = game.logic.result(final.snapshot, session.setup);
  const end = log.length ? log[log.length - 1].time : session.updated;
  const links = session.profiles ?? {};
  return {
    id: session.id,
    game: session.game,
    gameTitle: game.title,
    format: safeDescribe(game, session),
    start: session.created,
    end,
    // The table's game clock, when it kept one, knows the time played (pauses left out).
    minutes: session.clock
      ? clockMinutes(session.clock)
      : Math.max(0, Math.round((end - session.created) / 60_000)),
    length: result.length,
    finished: result.finished,
    tie: result.tie,
    ...(session.location ? { location: session.location } : {}),
    ...(session.note ? { note: session.note } : {}),
    players: result.players.map((p) => {
      const profile = links[p.id] ? profiles.get(links[p.id]) : undefined;
      return {
        seat: p.id,
        key: profile ? profile.id : `guest:${p.name}`,
        ...(profile ? { profile: profile.id } : {}),
        name: profile?.name ?? p.name,
        asPlayed: p.name,
        score: p.score,
        rank: p.rank,
        winner: p.winner,
        started: p.started,
        ...(p.team !== undefined ? { team: p.team } : {})
      };
    })
  };
}

function safeDescribe(game: GameInfo, session: SessionRecord): string {
  try {
    return game.describeSetup(session.setup);
  } catch {
    return '';
  }
}

export interface WinCount {
  plays: number;
  wins: number;
}

interface PlayerStats {
  key: string;
  name: string;
  plays: number;
  wins: number;
  /** 0 to 1; 0 with no plays. */
  winRate: number;
  byGame: Record<string, WinCount>;
  byFormat: Record<string, WinCount>;
  byPlayerCount: Record<number, WinCount>;
  /** Average length, per unit (turns for some games, rounds for others). */
  avgLength: Partial<Record<Period['unit'], number>>;
  avgMinutes: number;
  currentStreak: number;
  longestStreak: number;
  /** After each play, oldest first: the win rate so far. */
  winRateOverTime: { time: number; rate: number }[];
  /** Plays per calendar month ("2026-11"), oldest first. */
  playsPerMonth: { month: string; plays: number }[];
}

interface GameStats {
  game: string;
  title: string;
  plays: number;
  byFormat: Record<string, number>;
  byPlayerCount: Record<number, number>;
  avgLength: Partial<Record<Period['unit'], number>>;
  avgMinutes: number;
  /** Of the plays that had a winner: how often a player who started won. */
  firstPlayer: { decided: number; starterWins: number; rate: number };
}

const byTime = (a: PlayRecord, b: PlayRecord) => a.start - b.start || a.id.localeCompare(b.id);
const rate = (wins: number, plays: number) => (plays ? wins / plays : 0);
const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

function count<K extends string | number>(into: Record<K, WinCount>, key: K, win: boolean): void {
  const c = (into[key] ??= { plays: 0, wins: 0 });
  c.plays++;
  if (win) c.wins++;
}

function averageLength(plays: readonly PlayRecord[]): Partial<Record<Period['unit'], number>> {
  const out: Partial<Record<Period['unit'], number>> = {};
  for (const unit of ['turn', 'round'] as const) {
    const lengths = plays.filter((p) => p.length.unit === unit).map((p) => p.length.number);
    if (lengths.length) out[unit] = mean(lengths);
  }
  return out;
}

/** A month in local time, as "YYYY-MM". */
export function monthOf(time: number): string {
  const d = new Date(time);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

function perMonth(plays: readonly PlayRecord[]): { month: string; plays: number }[] {
  const months = new Map<string, number>();
  for (const p of plays) months.set(monthOf(p.start), (months.get(monthOf(p.start)) ?? 0) + 1);
  return [...months.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, n]) => ({ month, plays: n }));
}

export function playerStats(all: readonly PlayRecord[], key: string): PlayerStats {
  const plays = all.filter((p) => p.players.some((x) => x.key === key)).sort(byTime);
  const me = (p: PlayRecord) => p.players.find((x) => x.key === key)!;
  // Two seats of one key (a game from before the one name rule) win once, if either won.
  const won = (p: PlayRecord) => p.players.some((x) => x.key === key && x.winner);
  const stats: PlayerStats = {
    key,
    name: plays.length ? me(plays[plays.length - 1]).name : '',
    plays: plays.length,
    wins: 0,
    winRate: 0,
    byGame: {},
    byFormat: {},
    byPlayerCount: {},
    avgLength: averageLength(plays),
    avgMinutes: mean(plays.map((p) => p.minutes)),
    currentStreak: 0,
    longestStreak: 0,
    winRateOverTime: [],
    playsPerMonth: perMonth(plays)
  };
  let streak = 0;
  for (const p of plays) {
    const win = won(p);
    if (win) stats.wins++;
    count(stats.byGame, p.game, win);
    count(stats.byFormat, `${p.gameTitle}${p.format ? ` · ${p.format}` : ''}`, win);
    count(stats.byPlayerCount, p.players.length, win);
    streak = win ? streak + 1 : 0;
    stats.longestStreak = Math.max(stats.longestStreak, streak);
    stats.winRateOverTime.push({ time: p.start, rate: rate(stats.wins, stats.winRateOverTime.length + 1) });
  }
  stats.currentStreak = streak;
  stats.winRate = rate(stats.wins, stats.plays);
  return stats;
}

export function gameStats(all: readonly PlayRecord[], game: string): GameStats {
  const plays = all.filter((p) => p.game === game);
  const decided = plays.filter((p) => p.players.some((x) => x.winner));
  const starterWins = decided.filter((p) => p.players.some((x) => x.winner && x.started)).length;
  const byFormat: Record<string, number> = {};
  const byPlayerCount: Record<number, number> = {};
  for (const p of plays) {
    byFormat[p.format] = (byFormat[p.format] ?? 0) + 1;
    byPlayerCount[p.players.length] = (byPlayerCount[p.players.length] ?? 0) + 1;
  }
  return {
    game,
    title: plays[0]?.gameTitle ?? game,
    plays: plays.length,
    byFormat,
    byPlayerCount,
    avgLength: averageLength(plays),
    avgMinutes: mean(plays.map((p) => p.minutes)),
    firstPlayer: { decided: decided.length, starterWins, rate: rate(starterWins, decided.length) }
  };
}

interface HeadToHead {
  games: number;
  aWins: number;
  bWins: number;
  /** Games they both played that neither won (someone else did, or nobody). */
  neither: number;
}

/** Two different players' games together; nothing for one player against themself. */
export function headToHead(all: readonly PlayRecord[], a: string, b: string): HeadToHead | undefined {
  if (a === b) return undefined;
  const both = all.filter((p) => p.players.some((x) => x.key === a) && p.players.some((x) => x.key === b));
  const won = (p: PlayRecord, key: string) => p.players.some((x) => x.key === key && x.winner);
  const aWins = both.filter((p) => won(p, a)).length;
  const bWins = both.filter((p) => won(p, b)).length;
  return { games: both.length, aWins, bWins, neither: both.filter((p) => !won(p, a) && !won(p, b)).length };
}

/** Everyone who played, remembered players first (by plays), guests after. */
export function playersOf(
  all: readonly PlayRecord[]
): { key: string; name: string; plays: number; guest: boolean }[] {
  const seen = new Map<string, { key: string; name: string; plays: number; guest: boolean }>();
  for (const p of [...all].sort(byTime)) {
    const counted = new Set<string>();
    for (const x of p.players) {
      const e = seen.get(x.key) ?? { key: x.key, name: x.name, plays: 0, guest: !x.profile };
      if (!counted.has(x.key)) e.plays++;
      counted.add(x.key);
      e.name = x.name;
      seen.set(x.key, e);
    }
  }
  return [...seen.values()].sort(
    (a, b) => Number(a.guest) - Number(b.guest) || b.plays - a.plays || a.name.localeCompare(b.name)
  );
}
