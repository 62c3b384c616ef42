/** The ways opening a saved game can fail, each with a message a person can act on. */

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

/** A write the browser refused, in words that say what happened and what to do. */
export function storageFailure(error: unknown): string {
  const e = error as { name?: string; message?: string; inner?: { name?: string } };
  const name = e?.inner?.name ?? e?.name;
  if (name === 'QuotaExceededError' || /quota|disk.*full|no space/i.test(e?.message ?? '')) {
    return 'Your phone’s storage is full, so the last change was not saved and has been taken back. Free some space, or export a backup from Settings now.';
  }
  if (name === 'ConstraintError') {
    return 'This game was changed in another tab or window. Here it is now; your last tap was not applied.';
  }
  if (error instanceof SessionNotFoundError) return error.message;
  return `The last change could not be saved, so it has been taken back (${e?.message ?? String(error)}).`;
}
