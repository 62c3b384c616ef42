/**
 * What an import will do, game by game, decided before anything is written: the file checked
 * whole (check.ts), then each of its games set beside this phone's copy (decide.ts). The import
 * never loses play: a game already here is only brought forward by a file that continues it; an
 * older or different copy is a conflict the person settles (keep this phone's, use the backup's,
 * or keep both).
 */
import { buildTimeline, readLog } from '../session/load';
import { foldLog } from '../session/log';
import type { EventRecord, ProfileRecord, SessionRecord } from '../db/records';
import type { TablesideDB } from '../db/schema';
import type { Backup, GameResolver } from './format';
import { checkBackup, type CheckOptions } from './check';
import { versionInfo, type RebuiltGame, type VersionInfo } from './rebuild';
import { mergeProfiles, planGame, type GamePlan, type ProfileMerge } from './decide';

/** A game of the file that is also here, in a form to show side by side. */
export interface Conflict {
  id: string;
  game: string;
  setup: SessionRecord['setup'];
  /** older: this phone played on since the backup; diverged: the two went different ways. */
  why: 'older' | 'diverged';
  here: VersionInfo;
  file: VersionInfo;
}

export interface PlannedGame {
  game: RebuiltGame;
  plan: GamePlan;
  /** This phone's log head when planned (0 when the game is not here): rechecked on writing. */
  headHere: number;
}

export interface ImportPlan {
  backup: Backup;
  games: PlannedGame[];
  /** The file's shared documents, checked (CheckedBackup.docs). */
  docs: ReadonlyMap<string, Uint8Array>;
  conflicts: Conflict[];
  profiles: ProfileMerge;
}

export type PlanResult = { ok: true; plan: ImportPlan } | { ok: false; errors: string[]; details?: string[] };

/**
 * Checks the file and decides, game by game, what importing it would do; writes nothing.
 *
 * A shared game is one game wherever it is played: its room names it, and its document is the
 * truth (the log here is a copy, rewritten from the document whenever the game is opened). So a
 * shared game of the file whose room this phone plays too is never a conflict: the file's
 * document is merged into this phone's, and Yjs's union loses nothing and changes nothing that is
 * there (the same file twice, or an older one, adds nothing). Its log here is kept as it is and
 * not duplicated ("keep both" would make two games of one); the next open folds the merged
 * document and rewrites the copy. When this phone's log is simply behind or equal, the game is
 * brought forward or left as any game is, and the documents are merged too. A phone that joined
 * the game keeps it under an id of its own: the file's copy merges into that one. Any other
 * shared game (not here, or here under another room) is planned as any game, its document going
 * wherever the file's record is written.
 */
export async function planImport(
  db: TablesideDB,
  input: string | Uint8Array,
  resolveGame: GameResolver,
  options: CheckOptions = {}
): Promise<PlanResult> {
  const check = await checkBackup(input, resolveGame, options);
  if (!check.ok) return check;
  const ids = check.games.map((g) => g.session.id);
  const records = await db.sessions.bulkGet(ids);
  const holders = check.games.some((g) => g.session.shared) ? await roomHolders(db) : undefined;
  const games: PlannedGame[] = [];
  const conflicts: Conflict[] = [];
  for (let i = 0; i < check.games.length; i++) {
    const game = check.games[i];
    const id = game.session.id;
    const held = game.session.shared && holders?.get(game.session.shared.room);
    const into = held ? (held.includes(id) ? id : held[0]) : undefined;
    if (into !== undefined && into !== id) {
      games.push({ game, plan: { kind: 'merge', into }, headHere: 0 });
      continue;
    }
    const record = records[i];
    const log = record ? await readLog(db, record.id) : [];
    let plan = planGame(record ? { session: record, log } : undefined, game);
    if (into === id && plan.kind === 'conflict') plan = { kind: 'merge', into };
    games.push({ game, plan, headHere: log.length });
    if (plan.kind === 'conflict' && record) {
      conflicts.push({
        id: record.id,
        game: record.game,
        setup: record.setup,
        why: plan.why,
        here: await describeHere(db, record, log, resolveGame),
        file: game.info
      });
    }
  }
  const here = (await db.profiles.bulkGet(check.backup.profiles.map((p) => p.id))).filter(
    (p): p is ProfileRecord => p !== undefined
  );
  return {
    ok: true,
    plan: {
      backup: check.backup,
      games,
      docs: check.docs,
      conflicts,
      profiles: mergeProfiles(here, check.backup.profiles)
    }
  };
}

/** The games shared on this phone (not deleted), by room. */
async function roomHolders(db: TablesideDB): Promise<Map<string, string[]>> {
  const holders = new Map<string, string[]>();
  await db.sessions.each((s) => {
    if (!s.shared || s.deletedAt !== undefined) return;
    const ids = holders.get(s.shared.room);
    if (ids) ids.push(s.id);
    else holders.set(s.shared.room, [s.id]);
  });
  return holders;
}

/** This phone's copy of a game, replayed as it would open, for the conflict chooser. */
async function describeHere(
  db: TablesideDB,
  record: SessionRecord,
  log: EventRecord[],
  resolveGame: GameResolver
): Promise<VersionInfo> {
  const plain: VersionInfo = {
    steps: log.length,
    lastLabel: foldLog(log).effective.at(-1)?.label,
    lastPlayed: log.at(-1)?.time ?? record.updated,
    summary: record.summary
  };
  try {
    const logic = await resolveGame(record.game);
    if (!logic || logic.setupProblem(record.setup)) return plain;
    const cache = await db.snapshots.where('sessionId').equals(record.id).toArray();
    const { timeline } = buildTimeline(logic, record.setup, log, cache, 50);
    return versionInfo(logic, record.setup, timeline, record.updated);
  } catch {
    // A game this phone cannot replay is still shown by what its record says.
    return plain;
  }
}
