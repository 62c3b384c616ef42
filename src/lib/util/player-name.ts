/**
 * Players' names as typed: how long one may be, how two compare, and what is wrong with one. Apart
 * from the remembered players (db/profiles.ts) so the home screen's list can compare names
 * without the profiles' database code.
 */
export const MAX_NAME = 40;

/**
 * How many players one phone remembers. Beyond it a new name plays as a guest, and a backup that
 * would pass it is refused: 20,000 remembered players kept the Players page from painting for
 * half a minute, and no table meets that many people.
 */
export const MAX_PROFILES = 1000;

/** Names compare without case or surrounding and repeated spaces. */
export const sameName = (a: string, b: string) =>
  normalizeName(a).toLowerCase() === normalizeName(b).toLowerCase();
export const normalizeName = (name: string) => name.trim().replace(/\s+/g, ' ');

/** A name problem in plain words, or undefined. */
export function nameProblem(name: string): string | undefined {
  const n = normalizeName(name);
  if (!n) return 'Type a name first.';
  if (n.length > MAX_NAME) return `A name has at most ${MAX_NAME} characters.`;
  return undefined;
}
