/** Hands a backup to the browser as a file download (the settings export, the stuck-open export). */
import { backupFileName, type Backup } from '../db/backup';

export function downloadBackup(backup: Backup): void {
  const blob = new Blob([JSON.stringify(backup, null, 1)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = backupFileName();
  a.click();
  // Revoked once the download has had time to start; the file itself is the browser's by then.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
