/**
 * Getting a game off the phone while the page holds the only copy of it (storage refused its
 * newest steps: see SessionRuntime's `held`). The file is an ordinary backup with this one game,
 * built from what the screen holds, so it imports on any phone (Settings → Import). Loaded only
 * when the person asks: the backup code is the settings page's, not the play screen's.
 */
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, backupFileName, type Backup } from '../backup/format';
import { exportBackup } from '../backup/write';
import type { EventRecord, SessionRecord } from '../db/records';
import { SCHEMA_VERSION, type TablesideDB } from '../db/schema';
import { downloadBackup, shareFile } from '../ui/download';

export interface HeldGame {
  record: Readonly<SessionRecord>;
  /** The whole log as the screen holds it (taps storage refused included). */
  log: readonly EventRecord[];
  /** False when only the newest steps are held (a long game opened as a window). */
  complete: boolean;
}

/** A backup holding this one game as the screen has it. */
export function backupOfGame(game: HeldGame, appVersion: string, now = Date.now()): Backup {
  return {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    appVersion,
    schemaVersion: SCHEMA_VERSION,
    exportedAt: now,
    sessions: [{ ...game.record, head: game.log.at(-1)?.seq ?? 0 }],
    events: game.log.map((entry) => ({ ...entry })),
    settings: [],
    profiles: []
  };
}

const WINDOW_ONLY =
  'This long game’s earliest steps are not on this screen, so it cannot be saved as a file from here. Free some space and tap Try again.';

/** Hands the game to the share sheet (or downloads it); says how it went. */
export async function sendGame(game: HeldGame, title: string, appVersion: string): Promise<string> {
  if (!game.complete) return WINDOW_ONLY;
  const backup = backupOfGame(game, appVersion);
  const name = backupFileName().replace('tableside-backup-', `tableside-${game.record.game}-`);
  const file = new File([JSON.stringify(backup, null, 1)], name, { type: 'application/json' });
  const said = await shareFile(file, `${title} · Tableside`);
  // shareFile's words are about a shared game's other phone; here the file is the game's keeper.
  if (!said) return '';
  return said.startsWith('Sent')
    ? 'Sent. Open the file with Tableside (Settings → Import backup) to bring the game back.'
    : 'Saved as a file in your downloads. Import it with Tableside (Settings → Import backup) to bring the game back.';
}

/** How long the rest of the games may take to read before the backup goes without them. */
const READ_PATIENCE_MS = 3000;

/**
 * A backup of every game storage still gives (it may give none), with this game as the screen
 * holds it; downloaded. Says what it holds.
 */
export async function exportWithGame(
  game: HeldGame,
  db: TablesideDB | undefined,
  appVersion: string
): Promise<string> {
  if (!game.complete) return WINDOW_ONLY;
  const mine = backupOfGame(game, appVersion);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stored = db
    ? await Promise.race([
        exportBackup(db, appVersion).catch(() => undefined),
        new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), READ_PATIENCE_MS)))
      ])
    : undefined;
  clearTimeout(timer);
  const id = game.record.id;
  const backup: Backup = stored
    ? {
        ...stored,
        sessions: [...stored.sessions.filter((s) => s.id !== id), ...mine.sessions],
        events: [...stored.events.filter((e) => e.sessionId !== id), ...mine.events],
        sharedDocs: stored.sharedDocs?.filter((d) => d.sessionId !== id)
      }
    : mine;
  if (!backup.sharedDocs?.length) delete backup.sharedDocs;
  downloadBackup(backup);
  const others = backup.sessions.length - 1;
  return others
    ? `Exported this game and ${others} other${others === 1 ? '' : 's'} to your downloads.`
    : 'Exported this game to your downloads (the browser gave no other games to add).';
}
