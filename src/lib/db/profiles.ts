/**
 * Remembered players. Names typed in a new game become profiles (unless marked guest), offered
 * again next time; a profile can be renamed in one place and two can be merged. A game keeps the
 * names it was played with in its setup; its seats point at profiles (SessionRecord.profiles),
 * so history and stats follow a rename or a merge. At most MAX_PROFILES are remembered.
 */
import type { PlayerSetup, ProfileRecord, SessionRecord } from './records';
import type { TablesideDB } from './schema';
import { newId } from '../util/id';
import { MAX_NAME, MAX_PROFILES, nameProblem, normalizeName, sameName } from '../util/player-name';

export { MAX_NAME, MAX_PROFILES, nameProblem, normalizeName, sameName };

export interface SeatedProfiles {
  /** Player id → profile id. */
  links: Record<string, string>;
  /**
   * Names that would have become new players but did not, the phone remembering MAX_PROFILES
   * already: they play as guests do (no profile), each name once.
   */
  notRemembered: string[];
}

/**
 * Links each seat of a new game to a profile: the one with that name, or a new one while fewer
 * than MAX_PROFILES are remembered. Guests and seats left without a name get none.
 */
export async function seatProfiles(
  db: TablesideDB,
  players: readonly PlayerSetup[],
  now = Date.now()
): Promise<SeatedProfiles> {
  return db.transaction('rw', db.profiles, async () => {
    const known = await db.profiles.toArray();
    const seated: SeatedProfiles = { links: {}, notRemembered: [] };
    for (const p of players) {
      if (p.guest || nameProblem(p.name)) continue;
      let profile = known.find((k) => sameName(k.name, p.name));
      if (!profile) {
        if (known.length >= MAX_PROFILES) {
          if (!seated.notRemembered.some((n) => sameName(n, p.name))) {
            seated.notRemembered.push(normalizeName(p.name));
          }
          continue;
        }
        profile = { id: newId(), name: normalizeName(p.name), created: now };
        await db.profiles.add(profile);
        known.push(profile);
      }
      seated.links[p.id] = profile.id;
    }
    return seated;
  });
}

/**
 * What the table is told when names were not remembered: "Tableside remembers at most 1,000
 * players, so Ana plays as a guest this game. Merge players under Players to make room."
 */
export function notRememberedText(names: readonly string[]): string {
  const who = names.length < 3 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const plays = names.length === 1 ? 'plays as a guest' : 'play as guests';
  return `Tableside remembers at most ${MAX_PROFILES.toLocaleString('en')} players, so ${who} ${plays} this game. Merge players under Players to make room.`;
}

/** How many games (not deleted) each remembered player is seated in, by profile id. */
export function gamesPerProfile(games: readonly SessionRecord[]): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  for (const s of games) {
    if (s.deletedAt !== undefined) continue;
    for (const id of new Set(Object.values(s.profiles ?? {}))) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** Known players, the most recently seated first. */
export async function knownProfiles(db: TablesideDB): Promise<ProfileRecord[]> {
  const [profiles, sessions] = await Promise.all([db.profiles.toArray(), db.sessions.toArray()]);
  const lastSeated = new Map<string, number>();
  for (const s of sessions) {
    for (const id of Object.values(s.profiles ?? {})) {
      lastSeated.set(id, Math.max(lastSeated.get(id) ?? 0, s.updated));
    }
  }
  const seen = (p: ProfileRecord) => lastSeated.get(p.id) ?? p.updated ?? p.created;
  return profiles.sort((a, b) => seen(b) - seen(a) || a.name.localeCompare(b.name));
}

export type ProfileChange = { ok: true } | { ok: false; reason: string };

/** "Ana and Ben played in one game together (Titans of Eden, 21 Nov 2026): …", newest first. */
function satTogether(
  a: string,
  b: string,
  games: readonly SessionRecord[],
  titleOf: (game: string) => string
): string {
  return `${a} and ${b} played in ${gamesNamed(games, titleOf)}, so they are two people and cannot be merged. Rename one instead.`;
}

function sharedTable(
  player: string,
  guest: string,
  games: readonly SessionRecord[],
  titleOf: (game: string) => string
): string {
  return `${player} played with a guest called ${guest} in ${gamesNamed(games, titleOf)}: two players called ${guest} at one table could not be told apart. Choose another name.`;
}

/** "3 games together (Titans of Eden, 8 Nov 2026; …)", newest first. */
function gamesNamed(games: readonly SessionRecord[], titleOf: (game: string) => string): string {
  const newest = [...games].sort((x, y) => y.created - x.created);
  const named = newest.slice(0, 3).map((s) => {
    const day = new Date(s.created).toLocaleDateString(undefined, {
      day: 'numeric',
      month: 'short',
      year: 'numeric'
    });
    return `${titleOf(s.game)}, ${day}`;
  });
  const more = newest.length > 3 ? ` and ${newest.length - 3} more` : '';
  const count = games.length === 1 ? 'one game' : `${games.length} games`;
  return `${count} together (${named.join('; ')}${more})`;
}

/**
 * Renames a remembered player. A game shows its players by the names they have now
 * (results/names.ts), so the new name must not be another player's, nor a guest's at a table
 * this player sat at: two Bos at one table could not be told apart (`titleOf` names the games).
 */
export async function renameProfile(
  db: TablesideDB,
  id: string,
  name: string,
  now = Date.now(),
  titleOf: (game: string) => string = (game) => game
): Promise<ProfileChange> {
  const problem = nameProblem(name);
  if (problem) return { ok: false, reason: problem };
  return db.transaction('rw', db.profiles, db.sessions, async () => {
    const profile = await db.profiles.get(id);
    if (!profile) return { ok: false, reason: 'That player is no longer there.' };
    const taken = (await db.profiles.toArray()).find((p) => p.id !== id && sameName(p.name, name));
    if (taken) return { ok: false, reason: `“${taken.name}” is already a player: merge the two instead.` };
    const withGuest = (await db.sessions.toArray()).filter(
      (s) =>
        s.deletedAt === undefined &&
        Object.values(s.profiles ?? {}).includes(id) &&
        s.setup.players.some((p) => !s.profiles?.[p.id] && sameName(p.name, name))
    );
    if (withGuest.length) {
      const guest = normalizeName(name);
      return { ok: false, reason: sharedTable(profile.name, guest, withGuest, titleOf) };
    }
    await db.profiles.put({ ...profile, name: normalizeName(name), updated: now });
    return { ok: true };
  });
}

/** Folds `drop` into `keep`: every game seated with `drop` now points at `keep`. */
/**
 * Merges `drop` into `keep`: every game of `drop` becomes `keep`'s. Two players who sat at one
 * table are two people, and merged they would play against themselves in history and stats:
 * refused, naming the games (`titleOf` gives a game's name; the database layer has no registry).
 */
export async function mergeProfiles(
  db: TablesideDB,
  keep: string,
  drop: string,
  titleOf: (game: string) => string = (game) => game
): Promise<ProfileChange> {
  if (keep === drop) return { ok: false, reason: 'Choose two different players to merge.' };
  return db.transaction('rw', db.profiles, db.sessions, async () => {
    const [kept, dropped] = [await db.profiles.get(keep), await db.profiles.get(drop)];
    if (!kept || !dropped) {
      return { ok: false, reason: 'One of these players is no longer there.' };
    }
    const sessions = await db.sessions.toArray();
    const together = sessions.filter((s) => {
      const seated = Object.values(s.profiles ?? {});
      return s.deletedAt === undefined && seated.includes(keep) && seated.includes(drop);
    });
    if (together.length)
      return { ok: false, reason: satTogether(kept.name, dropped.name, together, titleOf) };
    for (const s of sessions) {
      const links = s.profiles;
      if (!links || !Object.values(links).includes(drop)) continue;
      const relinked = Object.fromEntries(
        Object.entries(links).map(([seat, p]) => [seat, p === drop ? keep : p])
      );
      await db.sessions.update(s.id, { profiles: relinked });
    }
    await db.profiles.delete(drop);
    return { ok: true };
  });
}
