/**
 * "Export what can be read", for when the saved games will not open: a backup from the
 * recovery journal (the database is not needed), handed to the browser as a download. Loaded
 * only when asked: the backup code is the settings page's, not the play screen's.
 */
import { recoveryJournal } from './database.svelte';

/** Exports what the journal holds; says in plain words what was exported, or why nothing was. */
export async function exportFromJournal(appVersion: string): Promise<string> {
  const journal = await recoveryJournal();
  if (!journal) {
    return 'This browser keeps no recovery copy of your games, so nothing can be exported until they open. Close other Tableside tabs, then try again.';
  }
  try {
    const [{ backupFromJournal }, { downloadBackup }] = await Promise.all([
      import('../journal/export'),
      import('../ui/download')
    ]);
    const backup = await backupFromJournal(journal, appVersion);
    if (!backup.sessions.length) return 'The recovery copy holds no games, so there was nothing to export.';
    downloadBackup(backup);
    const n = backup.sessions.length;
    return `Exported ${n} game${n === 1 ? '' : 's'} from the recovery copy. Import the file on any phone, or here once your games open.`;
  } catch (error) {
    return `Nothing was exported: the recovery copy could not be read (${(error as Error).message}).`;
  }
}
