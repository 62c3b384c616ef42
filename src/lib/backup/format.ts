/**
 * The backup file: everything on the phone in one JSON file, and what it is called. Light on
 * purpose: what only names the format (a game file, the journal's export, a download) imports
 * this and none of the checks.
 *
 * The whole service lives in this folder, over the storage layer (db/): write.ts makes a
 * backup, check.ts checks an incoming file (read.ts, record-checks.ts, cross-checks.ts,
 * rebuild.ts), plan.ts decides what importing it would do (decide.ts), apply.ts does it, and
 * import.ts is both in one go. The snapshot cache is not exported: it is rebuilt from the log.
 */
import type { SharedDocEntry } from '../sync/backup-docs';
import type { GameLogic } from '../session/types';
import type { EventRecord, ProfileRecord, SessionRecord, SettingRecord } from '../db/records';

export const BACKUP_FORMAT = 'tableside-backup';
export const BACKUP_FORMAT_VERSION = 1;
/** The most games, and steps, a file may hold: far past any phone's. */
export const MAX_SESSIONS = 10_000;
export const MAX_EVENTS = 1_000_000;

export interface Backup {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  schemaVersion: number;
  exportedAt: number;
  sessions: SessionRecord[];
  events: EventRecord[];
  settings: SettingRecord[];
  profiles: ProfileRecord[];
  /**
   * The shared document of each shared game in `sessions` that this phone holds one for. Absent
   * when there is none, so a backup without shared games has the shape it always had.
   */
  sharedDocs?: SharedDocEntry[];
}

export type GameResolver = (game: string) => Promise<GameLogic<any> | undefined>;

export function backupFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `tableside-backup-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}
