/** Hands a file to the browser as a download (backups, a shared game's file). */
import { backupFileName, type Backup } from '../backup/format';

export function downloadBackup(backup: Backup): void {
  downloadFile(backupFileName(), new Blob([JSON.stringify(backup, null, 1)], { type: 'application/json' }));
}

export function downloadFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  // Revoked once the download has had time to start; the file itself is the browser's by then.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Offers a file through the phone's share sheet (to a nearby phone, a chat), or downloads it
 * where there is none. Returns how it went, in words for the screen.
 */
export async function shareFile(file: File, title: string): Promise<string> {
  const nav = navigator as Navigator & { canShare?: (data: ShareData) => boolean };
  if (nav.share && nav.canShare?.({ files: [file] })) {
    try {
      await nav.share({ files: [file], title });
      return 'Sent. On the other phone, open the file with Tableside (Settings → Open a game file).';
    } catch (error) {
      if ((error as Error).name === 'AbortError') return '';
    }
  }
  downloadFile(file.name, file);
  return 'Saved as a file. Pass it to the other phone and open it there (Settings → Open a game file).';
}
