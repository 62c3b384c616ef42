/**
 * What kind of trouble a failed write was. Apart from errors.ts (the messages) because the
 * journal's client, on every page's first load, needs only this: with the messages it pulled
 * them, and the chunk they were merged into, into the home page's first paint.
 */

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
export function chain(error: unknown): ErrorLike[] {
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
