/** The ways opening or saving a game can fail, each with a message a person can act on. */

/** The stored session cannot be opened at all (its setup is not one this version understands). */
export class SessionUnreadableError extends Error {
  constructor(reason: string) {
    super(`This saved game cannot be opened: ${reason}. It has been left exactly as it was.`);
    this.name = 'SessionUnreadableError';
  }
}

export class SessionNotFoundError extends Error {
  constructor(id: string) {
    super(`There is no saved game with the id “${id}”. It may have been deleted.`);
    this.name = 'SessionNotFoundError';
  }
}

export type StorageTrouble = 'full' | 'other-tab' | 'missing' | 'closed' | 'refused';

interface ErrorLike {
  name?: string;
  message?: string;
  inner?: unknown;
  cause?: unknown;
}

/** The error and the ones it wraps (Dexie's `inner`, a standard `cause`), outermost first. */
function chain(error: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  let e = error as ErrorLike | undefined;
  while (e && typeof e === 'object' && out.length < 5 && !out.includes(e)) {
    out.push(e);
    e = (e.inner ?? e.cause) as ErrorLike | undefined;
  }
  return out;
}

/** What kind of trouble a failed write was, from the error the browser (or Dexie) gave. */
export function storageTrouble(error: unknown): StorageTrouble {
  if (error instanceof SessionNotFoundError) return 'missing';
  const errors = chain(error);
  const names = errors.map((e) => e.name ?? '');
  const messages = errors.map((e) => e.message ?? '').join(' ');
  // A full disk arrives as QuotaExceededError, or as an AbortError whose inner error is one.
  if (names.includes('QuotaExceededError') || /quota|disk (is )?full|no space/i.test(messages)) return 'full';
  if (names.includes('ConstraintError')) return 'other-tab';
  // The browser closed the database under the app (its data was cleared or found damaged).
  if (names.some((n) => n === 'DatabaseClosedError' || n === 'InvalidStateError')) return 'closed';
  return 'refused';
}

export const STORAGE_MESSAGES: Record<StorageTrouble, string> = {
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
