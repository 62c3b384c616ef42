/**
 * What an import did, counted game by game and player by player, and said in one line for the
 * Settings page ("2 games added, 1 updated. Settings imported."). Pure, and light: the settings
 * page shows it without the checks.
 */

export interface ImportSummary {
  /** Games new to this phone (or deleted here and brought back). */
  added: number;
  /** Games here that the file continued. */
  updated: number;
  /** Conflicts settled with the backup's copy. */
  replaced: number;
  /** Conflicts settled by keeping both (the backup's as a new game). */
  keptBoth: number;
  /** Conflicts settled with this phone's copy. */
  keptPhone: number;
  /** Games identical here and in the file. */
  alreadyHere: number;
  /** Shared games whose document was merged into this phone's, the game here kept as it is. */
  merged: number;
  /** Log entries written. */
  events: number;
  settings: number;
  /** The sync server the file's settings put in place of this phone's (absent: unchanged). */
  syncServer?: { was: string; now: string };
  profilesAdded: number;
  profilesUpdated: number;
}

/** A summary of an import that did nothing yet: what each import counts up from. */
export function emptySummary(): ImportSummary {
  return {
    added: 0,
    updated: 0,
    replaced: 0,
    keptBoth: 0,
    keptPhone: 0,
    alreadyHere: 0,
    merged: 0,
    events: 0,
    settings: 0,
    profilesAdded: 0,
    profilesUpdated: 0
  };
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * "2 games added, 1 updated, 1 kept both. Settings imported; the sync server is now wss://…
 * (was none); 1 remembered player added."
 */
export function summaryText(s: ImportSummary): string {
  const parts: string[] = [];
  // The first part says "games"; the rest read on from it: "2 games added, 1 updated".
  const part = (n: number, what: string) => {
    if (n) parts.push(parts.length ? `${n} ${what}` : `${count(n, 'game')} ${what}`);
  };
  part(s.added, 'added');
  part(s.updated, 'updated');
  part(s.replaced, 'replaced by the backup’s');
  part(s.keptBoth, 'kept both');
  part(s.keptPhone, 'kept as on this phone');
  part(s.alreadyHere, 'already here');
  part(s.merged, 'merged with the shared copy here');
  const games = parts.length ? `${parts.join(', ')}.` : 'No games in the file.';
  const more: string[] = [];
  if (s.settings) more.push('settings imported');
  const server = s.syncServer;
  if (server) more.push(`the sync server is now ${server.now || 'none'} (was ${server.was || 'none'})`);
  if (s.profilesAdded) more.push(`${count(s.profilesAdded, 'remembered player')} added`);
  if (s.profilesUpdated) more.push(`${count(s.profilesUpdated, 'remembered player')} renamed`);
  if (!more.length) return games;
  const tail = more.join('; ');
  return `${games} ${tail[0].toUpperCase()}${tail.slice(1)}.`;
}
