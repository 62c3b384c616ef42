/**
 * Reading finished games for the history and stats pages: the sessions, their logs and the
 * remembered players, turned into play records by replaying each log through its game.
 */
import type { EventRecord, SessionRecord } from '../db/records';
import type { TablesideDB } from '../db/schema';
import { GAMES } from '../games/registry';
import { playRecord, type GameInfo, type PlayRecord } from './stats';

/** Finished games still in the list (not deleted), newest first. */
export async function finishedSessions(db: TablesideDB): Promise<SessionRecord[]> {
  const rows = await db.sessions.where('status').equals('finished').toArray();
  return rows
    .filter((s) => s.deletedAt === undefined)
    .sort((a, b) => b.updated - a.updated || b.created - a.created);
}

/** Each game's title, setup words and logic, for the games these sessions belong to. */
export async function gameInfo(games: Iterable<string>): Promise<Map<string, GameInfo>> {
  const out = new Map<string, GameInfo>();
  for (const id of new Set(games)) {
    const entry = GAMES.find((g) => g.id === id);
    if (!entry) continue;
    const { logic } = await entry.load();
    out.set(id, { title: entry.title, describeSetup: entry.describeSetup, logic });
  }
  return out;
}

export async function loadPlays(
  db: TablesideDB,
  options: { sessions?: SessionRecord[]; games?: Map<string, GameInfo> } = {}
): Promise<PlayRecord[]> {
  const list = options.sessions ?? (await finishedSessions(db));
  const games = await (options.games ?? gameInfo(list.map((s) => s.game)));
  // One read transaction: the players and the whole log table (kept in [sessionId+seq] order).
  const { profiles, events } = await db.transaction('r', db.profiles, db.events, async () => ({
    profiles: await db.profiles.toArray(),
    events: list.length ? await db.events.toArray() : []
  }));
  const logs = new Map<string, EventRecord[]>();
  for (const e of events) {
    let log = logs.get(e.sessionId);
    if (!log) logs.set(e.sessionId, (log = []));
    log.push(e);
  }
  const byId = new Map(profiles.map((p) => [p.id, p]));
  const plays: PlayRecord[] = [];
  for (const s of list) {
    const game = games.get(s.game);
    if (!game) continue; // a game this version does not know is kept, not counted
    plays.push(playRecord(s, logs.get(s.id) ?? [], game, byId));
  }
  return plays;
}
