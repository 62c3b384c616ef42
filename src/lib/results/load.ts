/**
 * Reading finished games for the history and stats pages: the sessions, their logs and the
 * remembered players, turned into play records by replaying each log through its game.
 */
import type { EventRecord, SessionRecord, SnapshotRecord } from '../db/records';
import type { TablesideDB } from '../db/schema';
import { GAMES } from '../games/registry';
import { storeState } from '../session/replay';
import { finalState, playRecord, type GameInfo, type PlayRecord } from './stats';
import { summaryFields, type SeatSpan } from '../session/summary-seats';

/** A finished game replayed this far past its cache gets its final state cached. */
const REPLAYED_BEFORE_CACHING = 20;

/** Finished games still in the list (not deleted), newest first. */
async function finishedSessions(db: TablesideDB): Promise<SessionRecord[]> {
  const rows = await db.sessions.where('status').equals('finished').toArray();
  return rows
    .filter((s) => s.deletedAt === undefined)
    .sort((a, b) => b.updated - a.updated || b.created - a.created);
}

/** Each game's title, setup words and logic, for the games these sessions belong to. */
async function gameInfo(games: Iterable<string>): Promise<Map<string, GameInfo>> {
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
  // One read transaction: the players, the whole log table (kept in [sessionId+seq] order) and
  // the snapshot cache, which spares replaying each game from its first step.
  const { profiles, events, snapshots } = await db.transaction(
    'r',
    db.profiles,
    db.events,
    db.snapshots,
    async () => ({
      profiles: await db.profiles.toArray(),
      events: list.length ? await db.events.toArray() : [],
      snapshots: list.length ? await db.snapshots.toArray() : []
    })
  );
  const logs = new Map<string, EventRecord[]>();
  for (const e of events) {
    let log = logs.get(e.sessionId);
    if (!log) logs.set(e.sessionId, (log = []));
    log.push(e);
  }
  const caches = new Map<string, SnapshotRecord[]>();
  for (const c of snapshots) {
    const list = caches.get(c.sessionId);
    if (list) list.push(c);
    else caches.set(c.sessionId, [c]);
  }
  const byId = new Map(profiles.map((p) => [p.id, p]));
  const plays: PlayRecord[] = [];
  const toCache: SnapshotRecord[] = [];
  const toPlace: { id: string; summarySeats: SeatSpan[] }[] = [];
  for (const s of list) {
    const game = games.get(s.game);
    if (!game) continue; // a game this version does not know is kept, not counted
    const final = finalState(game.logic, s, logs.get(s.id) ?? [], caches.get(s.id));
    plays.push(playRecord(s, logs.get(s.id) ?? [], game, byId, final));
    if (!s.summarySeats) {
      // A game finished before summaries kept their names' places: its line gets them now,
      // if the game still writes that very line (its words are never changed here).
      const fields = summaryFields(game.logic, final.snapshot, s.setup);
      if (fields.summarySeats && fields.summary === s.summary)
        toPlace.push({ id: s.id, summarySeats: fields.summarySeats });
    }
    if (final.replayed >= REPLAYED_BEFORE_CACHING) {
      toCache.push({
        sessionId: s.id,
        eventSeq: final.eventSeq,
        depth: final.depth,
        version: game.logic.version,
        state: storeState(final.snapshot)
      });
    }
  }
  // Games that had no cached end (imported, or finished by an older version) get one, so the
  // next visit reads them without a replay. Only a cache: a failed write changes nothing.
  if (toCache.length) db.snapshots.bulkPut(toCache).catch(() => {});
  if (toPlace.length)
    db.sessions
      .bulkUpdate(toPlace.map(({ id, summarySeats }) => ({ key: id, changes: { summarySeats } })))
      .catch(() => {});
  return plays;
}
