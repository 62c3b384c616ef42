/**
 * Where held-copy.ts keeps a held game in localStorage, and whether any is there. Apart from it
 * so the start-up check reads no more than this: the copies' code (with the session's) loads only
 * when there is a copy to bring back, not on every first paint.
 */
export const HELD_PREFIX = 'tableside.held.';

/** True when localStorage holds at least one held game's copy. */
export function anyHeldCopy(): boolean {
  try {
    if (typeof localStorage === 'undefined') return false;
    for (let i = 0; i < localStorage.length; i++)
      if (localStorage.key(i)?.startsWith(HELD_PREFIX)) return true;
  } catch {
    // Storage refused: there is nothing to bring back from it.
  }
  return false;
}
