/**
 * Part of Tableside's own code that would not load: the server no longer has the files an older
 * page names (a new version was deployed since), or the phone is offline before the service
 * worker stored them. The browser says so in its own words, which mean nothing at a table
 * ("Failed to fetch dynamically imported module: …/CPRRkJ_b.js"); these say what happened and
 * that the games are untouched (they are in IndexedDB, which a missing script cannot reach).
 *
 * Two places keep their own copy of the test and their own words: static/boot.js, for an app that
 * cannot start at all (it runs before any module), and hooks.client.ts, for a page's code (this
 * module imported there grew the home page's first paint; see that file).
 */

export const CODE_MISSING =
  'Part of Tableside could not be loaded: it may have just been updated, or this phone is offline. Your games are safe on this phone. Reload to try again.';

/**
 * A dynamic import that failed to fetch or evaluate its file, as each engine words it: Chromium
 * "Failed to fetch dynamically imported module", Firefox "error loading dynamically imported
 * module", Safari "Importing a module script failed.", and Vite's "Unable to preload CSS" for a
 * chunk's stylesheet.
 */
export function isCodeLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /dynamically imported module|module script failed|unable to preload css/i.test(message);
}

/** Thrown in place of the browser's error, so every screen that shows `message` says it plainly. */
export class CodeUnavailableError extends Error {
  constructor(readonly cause: unknown) {
    super(CODE_MISSING);
    this.name = 'CodeUnavailableError';
  }
}
