/** What the home screen says after the app started and found data missing. Pure. */
import type { RecoveryReport } from './recover';

const games = (n: number) => (n === 1 ? '1 game' : `${n} games`);
const WHY = 'it does this after a crash or when storage is full';

/** Games kept in the recovery copy that the browser would not store again yet. */
function refusedText(n: number): string {
  if (!n) return '';
  const [it, itIs] = n === 1 ? ['it', 'it is'] : ['them', 'they are'];
  return ` ${games(n)} could not be put back yet, because the browser would not store ${it} (most likely the phone is out of space). ${itIs[0].toUpperCase()}${itIs.slice(1)} safe in Tableside’s recovery copy: open ${it} below to play on; ${itIs} saved again once there is room.`;
}

/** The message for a recovery, or undefined when nothing happened worth telling. */
export function recoveryMessage(r: RecoveryReport): string | undefined {
  const failed = r.failed.length
    ? ` ${games(r.failed.length)} could not be restored, because ${r.failed.length === 1 ? 'its' : 'their'} recovery copy is damaged: if you exported a backup, import it in Settings.`
    : '';
  const refused = refusedText(r.refused.length);
  const nothingLost = r.failed.length ? '' : '; nothing was lost';
  if (r.lost) {
    if (r.restored + r.restoredDeleted > 0 || r.failed.length || r.refused.length) {
      const restored =
        r.restored || !r.refused.length
          ? ` ${r.restored === 1 ? '1 game was' : `${r.restored} games were`} restored from Tableside’s recovery copy${nothingLost}.`
          : '';
      return `Your browser lost Tableside’s saved data (${WHY}).${restored}${refused}${failed}`;
    }
    return r.journal
      ? `Your browser lost Tableside’s saved data (${WHY}). There was nothing in Tableside’s recovery copy to restore. If you exported a backup, import it in Settings.`
      : `Your browser lost Tableside’s saved data (${WHY}). This browser cannot keep a recovery copy, so nothing could be restored. If you exported a backup, import it in Settings.`;
  }
  const parts: string[] = [];
  if (r.restored)
    parts.push(`${r.restored === 1 ? '1 missing game was' : `${r.restored} missing games were`} restored`);
  if (r.healed) parts.push(`the last steps of ${games(r.healed)} were put back`);
  if (!parts.length && !r.failed.length && !r.refused.length) return undefined;
  if (!parts.length) return `Your browser lost part of Tableside’s saved data (${WHY}).${refused}${failed}`;
  return `Your browser lost part of Tableside’s saved data (${WHY}): ${parts.join(' and ')} from Tableside’s recovery copy${nothingLost}.${refused}${failed}`;
}

/** The banner when the browser deleted the data while the app was open, after the check ran. */
export function lostWhileOpenMessage(r: RecoveryReport): string {
  const start =
    'Your browser deleted Tableside’s saved data while Tableside was open (it does this when storage is full or its files are damaged).';
  const back = r.restored + r.restoredDeleted;
  if (back && !r.failed.length && !r.refused.length) {
    return `${start} ${back === 1 ? '1 game was' : `${back} games were`} brought back from Tableside’s recovery copy; a game open on screen keeps its newest changes and saves them again.`;
  }
  return `${start} Reload Tableside to bring your games back from its recovery copy.`;
}
