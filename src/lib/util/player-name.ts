/**
 * Players' names: the one rule for them, used by every game's Start, the remembered players and
 * the import. Apart from the remembered players (db/profiles.ts) so the home screen's list can
 * compare names without the profiles' database code.
 *
 * Two limits, on purpose. A name typed for a new game is 1 to MAX_NAME characters counted as a
 * person sees them (grapheme clusters: "👩‍👩‍👧" is one), and no two players at one table share
 * one. A name already stored (an old game, a backup, another phone's game) is only held to
 * STORED_NAME_MAX code points: games made before this rule can have two "Ana"s, an empty name or
 * a 200-character one, and they must still open, export and import as they are.
 */
export const MAX_NAME = 40;

/**
 * The most a stored name may hold, in code points: far past any name MAX_NAME allows (40 family
 * emoji are 200 code points), and short of what makes a screen slow (a 10,000-character name once
 * took the play screen minutes to paint). Also the text boxes' maxlength, so a paste stops there.
 */
export const STORED_NAME_MAX = 400;

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

let graphemes: Intl.Segmenter | undefined;

/** Characters as a person counts them: an emoji with its skin tone or family joins is one. */
export function nameLength(name: string): number {
  // Past this many code points no grouping brings it back under the limit: skip the count.
  if (name.length > STORED_NAME_MAX * 2) return name.length;
  graphemes ??=
    typeof Intl.Segmenter === 'function'
      ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
      : undefined;
  if (!graphemes) return [...name].length;
  let n = 0;
  for (const _ of graphemes.segment(name)) n++;
  return n;
}

/** A name problem in plain words, or undefined: for one name on its own (a remembered player). */
export function nameProblem(name: string): string | undefined {
  const n = normalizeName(name);
  if (!n) return 'Type a name first.';
  if (nameLength(n) > MAX_NAME) return `A name has at most ${MAX_NAME} characters.`;
  return undefined;
}

/** "Maximilian Alexand…": a name cut short for a message about it. */
const shortName = (name: string) => {
  const chars = [...normalizeName(name)];
  return chars.length > 16 ? `${chars.slice(0, 15).join('')}…` : chars.join('');
};

/**
 * What stops a new game's players, in plain words (a phrase, as the games' setup problems are),
 * or undefined: every seat named, no name over MAX_NAME, no name twice (compared as the remembered
 * players are, so "ana" and "Ana " are one name: the results could not tell them apart).
 */
export function tableNamesProblem(names: readonly string[]): string | undefined {
  const blank = names.findIndex((n) => !normalizeName(n));
  if (blank >= 0) return `player ${blank + 1} needs a name`;
  const long = names.find((n) => nameLength(normalizeName(n)) > MAX_NAME);
  if (long !== undefined) return `“${shortName(long)}” is longer than ${MAX_NAME} characters`;
  const keys = names.map((n) => normalizeName(n).toLowerCase());
  const twice = keys.findIndex((k, i) => keys.indexOf(k) !== i);
  if (twice >= 0)
    return `two players are called “${normalizeName(names[keys.indexOf(keys[twice])])}”: give one of them another name, so the results can tell them apart`;
  return undefined;
}

/** Why a stored name cannot be read, or undefined (see STORED_NAME_MAX): text, not too long. */
export function storedNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string') return 'a player’s name is not text';
  let count = 0;
  for (const _ of name) if (++count > STORED_NAME_MAX) break;
  return count > STORED_NAME_MAX ? `a player’s name is over ${STORED_NAME_MAX} characters` : undefined;
}
