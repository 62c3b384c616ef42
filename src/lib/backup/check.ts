/**
 * Checking an incoming file completely before anything is written: its bytes and JSON (read.ts),
 * every record's shape (record-checks.ts), the records together (cross-checks.ts), each game
 * replayed through its machine with everything derived rebuilt (rebuild.ts), then each shared
 * document on a scratch Y.Doc. Problems name the record and field: "events[12].seq: expected a
 * number"; a refusal is said in the app's words (words.ts).
 */
import type { SharedDocEntry } from '../sync/backup-docs';
import { EARLIEST_TIME } from '../util/dates';
import { SCHEMA_VERSION } from '../db/schema';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type Backup, type GameResolver } from './format';
import { Problems, readBackup, structuralProblems, Where } from './read';
import { recordChecks } from './record-checks';
import { consistency } from './cross-checks';
import { rebuildGame, type FileGame, type RebuiltGame } from './rebuild';
import { Slicer, type Progress } from './slices';
import { refusal, type FileKind, type Refusal } from './words';

const DAY = 24 * 60 * 60 * 1000;

export interface CheckOptions {
  /** Told how far the check has come, from 0 to 1. */
  onProgress?: Progress;
  /** The time now (tests fix it): no date in a file may be later than a day after it. */
  now?: number;
  /** What the refusal calls the file: a backup (the default) or a game file. */
  words?: FileKind;
}

/**
 * A checked backup, ready to write: every game rebuilt (derived fields recomputed), with what
 * each copy looks like for the conflict chooser.
 */
export interface CheckedBackup {
  backup: Backup;
  games: RebuiltGame[];
  /** Each shared document of the file, by session id, as bytes checked on a scratch document. */
  docs: ReadonlyMap<string, Uint8Array>;
  /** How many events are in effect in each shared document, once folded. */
  steps: ReadonlyMap<string, number>;
}

/** A refusal: `errors` in plain words, `details` the same problems where the checks found them. */
export type BackupCheck = ({ ok: true } & CheckedBackup) | ({ ok: false } & Refusal);

/** How much of the check's time the record checks take; the replays take the rest. */
const RECORDS_SHARE = 0.15;

/**
 * Checks a backup file completely (its bytes or text); the import writes nothing unless this
 * says ok. Linear in the file's size, and in slices that let the page run between them.
 */
export async function checkBackup(
  input: string | Uint8Array,
  resolveGame: GameResolver,
  options: CheckOptions = {}
): Promise<BackupCheck> {
  const slicer = new Slicer(options.onProgress);
  slicer.report(0);
  const read = readBackup(input);
  if (!read.ok) return { ok: false, ...refusal(read.errors) };
  return checkBackupValue(read.value, resolveGame, options, slicer);
}

/**
 * The backup's checks on a value already read: a backup file's JSON, or a game that came in
 * another way (a game file, a share, a room's first document: sync/game-file.ts) put in a
 * backup's shape, so every way in is checked by the very same rules.
 */
export async function checkBackupValue(
  raw: unknown,
  resolveGame: GameResolver,
  options: CheckOptions = {},
  slicer = new Slicer(options.onProgress)
): Promise<BackupCheck> {
  let found: unknown;
  const fail = (errors: string[]): BackupCheck => ({ ok: false, ...refusal(errors, found, options.words) });
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    return fail(['The file is not a Tableside backup (expected an object at the top).']);
  }
  const file = (found = raw) as Record<string, unknown>;
  if (file.format !== BACKUP_FORMAT) {
    return fail(['The file is not a Tableside backup (format: expected “tableside-backup”).']);
  }
  const version = file.formatVersion;
  if (typeof version !== 'number') return fail(['formatVersion: expected a number']);
  if (version !== BACKUP_FORMAT_VERSION) {
    return fail([
      version > BACKUP_FORMAT_VERSION
        ? `This backup was made by a newer version of Tableside (backup format ${version}; this version reads format ${BACKUP_FORMAT_VERSION}). Update Tableside and try again.`
        : `formatVersion: backup format ${version} is not supported (expected ${BACKUP_FORMAT_VERSION})`
    ]);
  }

  const problems = new Problems();
  const where = new Where(problems);
  const now = options.now ?? Date.now();
  const checks = recordChecks({ min: EARLIEST_TIME, max: now + DAY });
  checks.top(file, where);
  if (problems.any) return fail(problems.list);
  const backup = file as unknown as Backup;
  if (backup.schemaVersion > SCHEMA_VERSION) {
    return fail([
      `schemaVersion: this backup comes from a newer version of Tableside (data version ${backup.schemaVersion}; this version knows ${SCHEMA_VERSION}). Update Tableside and try again.`
    ]);
  }

  // Every record: structure (keys, depth, huge strings), then its own fields.
  const lists = [
    ['sessions', checks.session],
    ['settings', checks.setting],
    ['profiles', checks.profile],
    ['events', checks.event],
    ['sharedDocs', checks.sharedDoc]
  ] as const;
  const sharedDocs = backup.sharedDocs ?? [];
  const total =
    backup.sessions.length +
    backup.events.length +
    backup.settings.length +
    backup.profiles.length +
    sharedDocs.length;
  let done = 0;
  for (const [name, check] of lists) {
    const items = (backup[name] ?? []) as unknown[];
    where.push(name);
    for (let i = 0; i < items.length && !problems.full; i++) {
      const before = problems.list.length;
      where.push(i);
      // The record checks refuse unknown fields and overlong text; only the parts left open
      // (an event's own fields, a setup's, a setting's value) need the structural walk. Events
      // are most of a file, so theirs is walked alone. A shared document's check leaves nothing
      // open (and its document is one long text, past the walk's limit).
      const item = items[i] as { event?: unknown } | null;
      if (name === 'events') {
        if (item && typeof item === 'object' && 'event' in item) {
          where.push('event');
          structuralProblems(item.event, where);
          where.pop();
        }
      } else if (name !== 'sharedDocs') structuralProblems(item, where);
      if (problems.list.length === before) check(item, where);
      where.pop();
      if (slicer.due()) await slicer.pause((RECORDS_SHARE * (done + i)) / Math.max(1, total));
    }
    where.pop();
    done += items.length;
  }
  if (problems.any) return fail(problems.list);

  const games = consistency(backup, problems);
  if (problems.any || !games) return fail(problems.list);

  // Replays, the heavy part: each game through its machine, derived fields rebuilt.
  const rebuilt: RebuiltGame[] = [];
  let replayed = 0;
  const totalEvents = Math.max(1, backup.events.length);
  for (const game of games) {
    if (problems.full) break;
    const logic = await resolveGame(game.session.game);
    if (!logic) {
      problems.add(
        `sessions[${game.index}].game`,
        `“${game.session.game}” is not a game this version of Tableside knows`
      );
      continue;
    }
    const base = replayed;
    const result = await rebuildGame(
      game,
      logic,
      problems,
      slicer,
      (n) => RECORDS_SHARE + ((1 - RECORDS_SHARE) * (base + n)) / totalEvents
    );
    replayed += game.log.length;
    if (result) rebuilt.push(result);
  }
  if (problems.any) return fail(problems.list);
  // After the replays: a shared copy is folded with its game's rules, on a setup they accepted.
  const { docs, steps } = await readSharedDocs(sharedDocs, games, resolveGame, problems, slicer);
  if (problems.any) return fail(problems.list);
  slicer.report(1);
  return {
    ok: true,
    backup: { ...backup, sessions: rebuilt.map((g) => g.session), events: rebuilt.flatMap((g) => g.log) },
    games: rebuilt,
    docs,
    steps
  };
}

/**
 * Each shared document of the file, read on a scratch Y.Doc (sync/backup-docs.ts): it must
 * belong to a shared game of the file, once, be base64 that Yjs can apply, be of that game and
 * setup, and hold only entries a phone writes (sync/check-copy.ts). A broken one is refused
 * here, so it never reaches a stored game.
 */
async function readSharedDocs(
  entries: readonly SharedDocEntry[],
  games: readonly FileGame[],
  resolveGame: GameResolver,
  problems: Problems,
  slicer: Slicer
): Promise<{ docs: Map<string, Uint8Array>; steps: Map<string, number> }> {
  const docs = new Map<string, Uint8Array>();
  const steps = new Map<string, number>();
  if (!entries.length) return { docs, steps };
  const byId = new Map(games.map((g) => [g.session.id, g]));
  const seen = new Map<string, number>();
  const { readDoc } = await import('../sync/backup-docs');
  for (let i = 0; i < entries.length && !problems.full; i++) {
    const { sessionId, doc } = entries[i];
    const game = byId.get(sessionId);
    const first = seen.get(sessionId);
    if (!game) problems.add(`sharedDocs[${i}].sessionId`, `no game “${sessionId}” in this backup`);
    else if (!game.session.shared) {
      problems.add(
        `sharedDocs[${i}].sessionId`,
        `game “${sessionId}” is not shared (sessions[${game.index}] has no “shared”)`
      );
    } else if (first !== undefined) {
      problems.add(`sharedDocs[${i}].sessionId`, `“${sessionId}” appears twice (also sharedDocs[${first}])`);
    } else {
      seen.set(sessionId, i);
      const { game: name, setup } = game.session;
      const read = readDoc(doc, { game: name, setup, logic: await resolveGame(name) });
      if (read.ok) {
        docs.set(sessionId, read.update);
        steps.set(sessionId, read.effective);
      } else problems.add(`sharedDocs[${i}].doc`, read.problem);
    }
    if (slicer.due()) await slicer.pause(1);
  }
  return { docs, steps };
}
