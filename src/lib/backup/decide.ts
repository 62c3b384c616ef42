/**
 * What an import does with each game and player, decided without touching storage: a backup
 * never silently overwrites play that happened after it. A game already here is left alone when
 * identical, brought forward when the file's log continues this phone's, and otherwise (the file
 * is older, or the two went different ways) becomes a conflict the person settles.
 */
import { stableJson } from '../util/json';
import { MAX_PROFILES } from '../util/player-name';
import { settingsFromRows } from '../settings/schema';
import type { EventRecord, ProfileRecord, SessionRecord, SettingRecord } from '../db/records';
import type { ImportSummary } from './summary';

export type GamePlan =
  /** Not on this phone: added. */
  | { kind: 'new' }
  /** Deleted on this phone and waiting to be purged: the file's copy takes its place. */
  | { kind: 'restore' }
  /** The same log here and in the file: nothing to write. */
  | { kind: 'same' }
  /** The file's log continues this phone's: its entries after `from` are added. */
  | { kind: 'update'; from: number }
  /**
   * `older`: this phone's log continues the file's (played on since the backup); `diverged`:
   * the two went different ways (or are not the same game). Nothing is written until the person
   * chooses.
   */
  | { kind: 'conflict'; why: 'older' | 'diverged' }
  /**
   * A shared game this phone plays too (the same room), whose log here is not simply behind the
   * file's: its shared document is the truth, so the file's document is merged into this phone's
   * (the game kept under `into`) and the main database is left as it is (see plan.ts).
   */
  | { kind: 'merge'; into: string };

/** How the person settles a conflict. */
export type Choice = 'phone' | 'backup' | 'both';

interface GameCopy {
  session: SessionRecord;
  log: readonly EventRecord[];
}

/** Two log entries are the same step when what happened, and when, match (labels are derived). */
export function sameEntry(a: EventRecord, b: EventRecord): boolean {
  return (
    a.seq === b.seq &&
    a.kind === b.kind &&
    a.time === b.time &&
    (a.event === b.event || stableJson(a.event) === stableJson(b.event))
  );
}

/** How many entries from the start the two logs share (linear). */
function sharedLength(a: readonly EventRecord[], b: readonly EventRecord[]): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && sameEntry(a[i], b[i])) i++;
  return i;
}

/** What to do with one game of the file, given this phone's copy (undefined: none here). */
export function planGame(here: GameCopy | undefined, file: GameCopy): GamePlan {
  if (!here) return { kind: 'new' };
  if (here.session.deletedAt !== undefined) return { kind: 'restore' };
  const sameGame =
    here.session.game === file.session.game &&
    stableJson(here.session.setup) === stableJson(file.session.setup);
  if (!sameGame) return { kind: 'conflict', why: 'diverged' };
  const shared = sharedLength(here.log, file.log);
  if (shared === here.log.length && shared === file.log.length) return { kind: 'same' };
  if (shared === here.log.length) return { kind: 'update', from: shared };
  if (shared === file.log.length) return { kind: 'conflict', why: 'older' };
  return { kind: 'conflict', why: 'diverged' };
}

/**
 * The backup's game as a game of its own ("Keep both"): a new id, its log re-keyed to it, all
 * else as in the file (setup, times, summary), so it is listed beside this phone's copy.
 */
export function copyGame(file: GameCopy, id: string): GameCopy {
  return {
    session: { ...file.session, id },
    log: file.log.map((e) => ({ ...e, sessionId: id }))
  };
}

export interface ProfileMerge {
  /** Profiles to write: the file's new ones, and the file's where its copy is newer. */
  put: ProfileRecord[];
  added: number;
  updated: number;
}

const changedAt = (p: ProfileRecord) => p.updated ?? p.created;

/**
 * Remembered players merge by id: a player only in the file is added; one in both keeps the
 * newer name (a rename on this phone is not undone by an older backup; on a tie, this phone's).
 */
export function mergeProfiles(here: readonly ProfileRecord[], file: readonly ProfileRecord[]): ProfileMerge {
  const known = new Map(here.map((p) => [p.id, p]));
  const merge: ProfileMerge = { put: [], added: 0, updated: 0 };
  for (const p of file) {
    const mine = known.get(p.id);
    if (!mine) {
      merge.put.push(p);
      merge.added++;
    } else if (changedAt(p) > changedAt(mine) && stableJson(p) !== stableJson(mine)) {
      merge.put.push(p);
      merge.updated++;
    }
  }
  return merge;
}

/** Thrown inside the import's transaction to refuse it in these words: nothing of it is written. */
export class ImportRefused extends Error {}

/**
 * The refusal when the players an import adds would make more than MAX_PROFILES on this phone, or
 * undefined. Counted inside the import's transaction (applyImport), as the phone stands then:
 * another tab may have remembered players since the plan.
 */
export function tooManyProfiles(stored: number, added: number): string | undefined {
  if (!added || stored + added <= MAX_PROFILES) return undefined;
  const most = MAX_PROFILES.toLocaleString('en');
  return `This backup would make more than ${most} remembered players (this phone remembers ${stored.toLocaleString('en')} and the backup adds ${added.toLocaleString('en')}), so nothing was imported. Merge players under Players to make room, then import it again.`;
}

/**
 * The sync server an import puts in place of this phone's, when it is another one: `stored` is
 * this phone's setting (read inside the import's transaction), `rows` the file's settings. Told
 * in the summary: it changes where shared games meet.
 */
export function serverChange(
  stored: SettingRecord | undefined,
  rows: readonly SettingRecord[]
): ImportSummary['syncServer'] {
  const row = rows.find((r) => r.key === 'syncServer');
  if (!row) return undefined;
  const was = settingsFromRows(stored ? [stored] : []).syncServer;
  const now = settingsFromRows([row]).syncServer;
  return was === now ? undefined : { was, now };
}
