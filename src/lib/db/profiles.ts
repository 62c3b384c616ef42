/**
 * Remembered players. Names typed in a new game become profiles (unless marked guest), offered
 * again next time; a profile can be renamed in one place and two can be merged. A game keeps the
 * names it was played with in its setup; its seats point at profiles (SessionRecord.profiles),
 * so history and stats follow a rename or a merge.
 */
import type { PlayerSetup, ProfileRecord } from './records';
import type { TablesideDB } from './schema';
import { newId } from '../util/id';
import { MAX_NAME, nameProblem, normalizeName, sameName } from '../util/player-name';

export { MAX_NAME, nameProblem, normalizeName, sameName };

/**
 * Links each seat of a new game to a profile: the one with that name, or a new one. Guests and
 * seats left without a name get none. Returns player id → profile id.
 */
export async function seatProfiles(
  db: TablesideDB,
  players: readonly PlayerSetup[],
  now = Date.now()
): Promise<Record<string, string>> {
  return db.transaction('rw', db.profiles, async () => {
    const known = await db.profiles.toArray();
    const links: Record<string, string> = {};
    for (const p of players) {
      if (p.guest || nameProblem(p.name)) continue;
      let profile = known.find((k) => sameName(k.name, p.name));
      if (!profile) {
        profile = { id: newId(), name: normalizeName(p.name), created: now };
        await db.profiles.add(profile);
        known.push(profile);
      }
      links[p.id] = profile.id;
    }
    return links;
  });
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

export async function renameProfile(
  db: TablesideDB,
  id: string,
  name: string,
  now = Date.now()
): Promise<ProfileChange> {
  const problem = nameProblem(name);
  if (problem) return { ok: false, reason: problem };
  return db.transaction('rw', db.profiles, async () => {
    const profile = await db.profiles.get(id);
    if (!profile) return { ok: false, reason: 'That player is no longer there.' };
    const taken = (await db.profiles.toArray()).find((p) => p.id !== id && sameName(p.name, name));
    if (taken) return { ok: false, reason: `“${taken.name}” is already a player: merge the two instead.` };
    await db.profiles.put({ ...profile, name: normalizeName(name), updated: now });
    return { ok: true };
  });
}

/** Folds `drop` into `keep`: every game seated with `drop` now points at `keep`. */
export async function mergeProfiles(db: TablesideDB, keep: string, drop: string): Promise<ProfileChange> {
  if (keep === drop) return { ok: false, reason: 'Choose two different players to merge.' };
  return db.transaction('rw', db.profiles, db.sessions, async () => {
    if (!(await db.profiles.get(keep)) || !(await db.profiles.get(drop))) {
      return { ok: false, reason: 'One of these players is no longer there.' };
    }
    const sessions = await db.sessions.toArray();
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
