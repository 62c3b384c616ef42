/** The ways opening or saving a game can fail, each with a message a person can act on. */

/** The stored session cannot be opened at all (its setup is not one this version understands). */
export class SessionUnreadableError extends Error {
  constructor(reason: string) {
    super(`This saved game cannot be opened: ${reason}. It has been left exactly as it was.`);
    this.name = 'SessionUnreadableError';
  }
}

export { SessionNotFoundError, storageTrouble, type StorageTrouble } from './storage-trouble';
import { chain, storageTrouble, type StorageTrouble } from './storage-trouble';

const STORAGE_MESSAGES: Record<StorageTrouble, string> = {
  missing:
    'This game is no longer in the browser’s saved data (it was deleted in another tab, or by the browser), so the last change was not saved and has been taken back.',
  full: 'Your phone’s storage is full, so the last change was not saved and has been taken back. Free some space on the phone (photos, videos or apps you do not need), then tap again. Export a backup from Settings now so no game is lost.',
  'other-tab':
    'This game was changed in another tab or window. Here it is now; your last tap was not applied.',
  closed:
    'The browser closed Tableside’s saved data while this game was open, so the last change was not saved and has been taken back. Reload Tableside: your games come back from its recovery copy.',
  refused:
    'The browser refused to save the last change, so it has been taken back. Tap again; if it keeps happening, export a backup from Settings now and reload Tableside.'
};

/**
 * What the play screen says while a write has failed and the page holds the only copy of the
 * game's newest steps (see SessionRuntime's `held`). A full phone rarely says so: Chromium
 * reports an UnknownError or an aborted transaction as often as a QuotaExceededError, and then
 * may close or delete the database. So every kind of failure but another tab's is held, and
 * the words say what is most likely.
 */
export function heldMessage(error: unknown): string {
  const keep =
    'This game is kept only on this screen until there is room: keep it open, every tap is kept. Free some space (photos, videos or apps you do not need), then tap Try again, or send the game as a file now.';
  return storageTrouble(error) === 'full'
    ? `Your phone is out of space. ${keep}`
    : `The browser would not save this game, most likely because the phone is out of space. ${keep}`;
}

/** A write the browser refused, in words that say what happened and what to do. */
export function storageFailure(error: unknown): string {
  const trouble = storageTrouble(error);
  const message = STORAGE_MESSAGES[trouble];
  if (trouble !== 'refused') return message;
  const e = chain(error)[0];
  const detail = e?.message || e?.name || String(error);
  return `${message} (The browser said: ${detail})`;
}
