/**
 * Backups: everything in one JSON file, and an import that checks the whole file first and writes
 * nothing unless all of it is valid. Problems name the record and field: "events[12].seq:
 * expected a number". The snapshot cache is not exported: it is rebuilt from the log.
 *
 * The import never loses play: a game already here is only brought forward by a file that
 * continues it; an older or different copy is a conflict the person settles (keep this phone's,
 * use the backup's, or keep both). Derived data (summaries, history labels, status, head) is
 * rebuilt by replaying each game, never taken from the file.
 *
 * A shared game (#11) travels with its shared document (`sharedDocs`), whose merge is Yjs's
 * union: see `planImport`. Yjs is loaded (src/lib/sync/backup-docs.ts) only when the database
 * or the file holds a shared game.
 */
import * as v from 'valibot';
import { SETTING_KEYS, SETTING_SCHEMAS, SYNC_SERVER, type SettingKey } from '../settings/schema';
import { ROOM_KEY, ROOM_NAME } from '../sync/protocol';
import type { DocWrite, SharedDocEntry } from '../sync/backup-docs';
import { buildTimeline, logHead, readLog } from '../session/load';
import { foldLog } from '../session/log';
import type { GameLogic } from '../session/types';
import { newId } from '../util/id';
import { EARLIEST_TIME } from '../util/dates';
import { MAX_PROFILES } from '../util/player-name';
import { MAX_LOCATION, MAX_NOTE } from '../results/play-notes';
import { MAX_SEAT_SPANS } from '../session/summary-seats';
import type { EventRecord, ProfileRecord, SessionRecord, SettingRecord } from './records';
import { SCHEMA_VERSION, type TablesideDB } from './schema';
import {
  Problems,
  readBackup,
  structuralProblems,
  tooLarge,
  Where,
  MAX_BACKUP_BYTES,
  MAX_TEXT
} from './import-read';
import {
  anything,
  bool,
  date,
  id,
  isTrue,
  byId,
  list,
  matching,
  object,
  oneOf,
  personName,
  seatName,
  refused,
  text,
  whole,
  type DateRange
} from './import-shape';
import {
  rebuildGame,
  versionInfo,
  type FileGame,
  type RebuiltGame,
  type VersionInfo
} from './import-rebuild';
import { Slicer, type Progress } from './import-slices';
import { refusal, type FileKind, type Refusal } from './import-words';
import {
  copyGame,
  emptySummary,
  ImportRefused,
  mergeProfiles,
  planGame,
  serverChange,
  tooManyProfiles,
  type Choice,
  type GamePlan,
  type ImportSummary,
  type ProfileMerge
} from './import-plan';

export { MAX_BACKUP_BYTES, MAX_TEXT, tooLarge };
export { emptySummary, summaryText, type Choice, type ImportSummary } from './import-plan';
export type { VersionInfo } from './import-rebuild';

export const BACKUP_FORMAT = 'tableside-backup';
export const BACKUP_FORMAT_VERSION = 1;
const MAX_SESSIONS = 10_000;
const MAX_EVENTS = 1_000_000;
export { EARLIEST_TIME };
const DAY = 24 * 60 * 60 * 1000;
/** A summary's place for a name: where it starts, its length, whose seat (session/summary-seats.ts). */
const SEAT_SPAN = 'expected three whole numbers: where a name starts, its length and its seat';

export interface Backup {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  schemaVersion: number;
  exportedAt: number;
  sessions: SessionRecord[];
  events: EventRecord[];
  settings: SettingRecord[];
  profiles: ProfileRecord[];
  /**
   * The shared document of each shared game in `sessions` that this phone holds one for. Absent
   * when there is none, so a backup without shared games has the shape it always had.
   */
  sharedDocs?: SharedDocEntry[];
}

export type GameResolver = (game: string) => Promise<GameLogic<any> | undefined>;

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

export async function exportBackup(db: TablesideDB, appVersion: string, now = Date.now()): Promise<Backup> {
  const backup = await db
    .transaction('r', [db.sessions, db.events, db.settings, db.profiles], async (): Promise<Backup> => ({
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion,
      schemaVersion: SCHEMA_VERSION,
      exportedAt: now,
      sessions: (await db.sessions.toArray()).filter((s) => s.deletedAt === undefined),
      events: await db.events.toArray(),
      settings: await db.settings.toArray(),
      profiles: await db.profiles.toArray()
    }))
    .then((backup) => {
      // Oldest game first, each game's log in order: easy to read, and the order import expects.
      backup.sessions.sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
      const order = new Map(backup.sessions.map((s, i) => [s.id, i]));
      backup.events = backup.events
        .filter((e) => order.has(e.sessionId))
        .sort((a, b) => order.get(a.sessionId)! - order.get(b.sessionId)! || a.seq - b.seq);
      // The stored record's head is written once a turn; the log is the truth.
      const heads = new Map<string, number>();
      for (const e of backup.events) heads.set(e.sessionId, e.seq);
      backup.sessions = backup.sessions.map((s) => ({ ...s, head: heads.get(s.id) ?? 0 }));
      return backup;
    });
  // A shared game's truth is its document (the events above are its copy): it goes along.
  const shared = backup.sessions.filter((s) => s.shared).map((s) => s.id);
  if (shared.length) {
    const { exportDocs } = await import('../sync/backup-docs');
    const docs = await exportDocs(shared);
    if (docs.length) backup.sharedDocs = docs;
  }
  return backup;
}

export function backupFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `tableside-backup-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

// ---- the records' shapes ------------------------------------------------------------------------

function recordChecks(dates: DateRange) {
  const when = date(dates);
  const player = object({ required: { id, name: seatName }, optional: { guest: bool } });
  // The game checks the rest of its setup (GameLogic.fields and setupProblem).
  const setup = object({
    required: {
      players: list(player, {
        min: [1, 'expected at least one player'],
        max: [12, 'expected at most 12 players']
      }),
      seed: text(32, true)
    },
    open: true
  });
  const session = object({
    required: {
      id,
      game: text(40, true),
      setup,
      created: when,
      updated: when,
      status: oneOf(['active', 'finished', 'archived'])
    },
    optional: {
      // Derived: checked for shape, then recomputed.
      summary: text(500),
      summarySeats: list(list(whole(0), { min: [3, SEAT_SPAN], max: [3, SEAT_SPAN] }), {
        max: [MAX_SEAT_SPANS, `expected at most ${MAX_SEAT_SPANS} places`]
      }),
      head: whole(0),
      location: text(MAX_LOCATION),
      note: text(MAX_NOTE),
      deletedAt: refused(
        'this game is marked as deleted, and a backup never holds deleted games (export never writes them)'
      ),
      guide: bool,
      profiles: byId(id),
      shared: object({
        required: {
          room: matching(ROOM_NAME, 64, 'a room name of letters, digits, “-” or “_” (at most 64)'),
          key: matching(ROOM_KEY, 128, 'a room key of 22 to 128 letters, digits, “-” or “_”'),
          server: matching(SYNC_SERVER, 500, 'a ws:// or wss:// address, or nothing')
        }
      })
    }
  });
  // The document itself is checked on a scratch Y.Doc once the games are known (sharedDoc).
  const sharedDoc = object({ required: { sessionId: id, doc: text(MAX_BACKUP_BYTES) } });
  const event = object({
    required: { sessionId: id, seq: whole(1), kind: oneOf(['event', 'undo', 'redo']), time: when },
    optional: {
      // The game checks the event's other fields (GameLogic.fields), and its machine the values.
      event: object({ required: { type: text(60, true) }, open: true }),
      // Derived: checked for shape, then recomputed.
      label: text(500),
      period: whole(1),
      minor: isTrue,
      // What the person did (a "one more" tap): kept, not derived.
      repeat: isTrue
    }
  });
  const setting = object({ required: { key: oneOf(SETTING_KEYS), value: anything } });
  const profile = object({
    required: { id, name: personName, created: when },
    optional: { updated: when }
  });
  const top = object({
    required: {
      format: anything,
      formatVersion: anything,
      appVersion: text(40),
      schemaVersion: whole(1),
      exportedAt: when,
      sessions: list(anything, { max: [MAX_SESSIONS, `too many games (at most ${MAX_SESSIONS})`] }),
      events: list(anything, { max: [MAX_EVENTS, `too many steps (at most ${MAX_EVENTS})`] }),
      settings: list(anything),
      // No phone remembers more (db/profiles.ts): a file past it is no phone's, refused at once.
      profiles: list(anything, {
        max: [MAX_PROFILES, `too many remembered players (at most ${MAX_PROFILES.toLocaleString('en')})`]
      })
    },
    optional: {
      sharedDocs: list(anything, { max: [MAX_SESSIONS, `too many shared games (at most ${MAX_SESSIONS})`] })
    }
  });
  return { top, session, event, setting, profile, sharedDoc };
}

// ---- checking ----------------------------------------------------------------------------------------

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

/**
 * The checks across records, all linear (Maps and Sets, no searching in loops): ids once each,
 * every event belongs to a game in the file, each game's steps numbered 1, 2, 3… in order.
 * Returns each game with its log, in the file's order.
 */
function consistency(backup: Backup, problems: Problems): FileGame[] | undefined {
  const games = new Map<string, FileGame>();
  backup.sessions.forEach((session, index) => {
    const first = games.get(session.id);
    if (first) {
      problems.add(`sessions[${index}].id`, `“${session.id}” appears twice (also sessions[${first.index}])`);
    } else games.set(session.id, { index, session, log: [], at: [] });
  });
  const settings = new Set<string>();
  backup.settings.forEach((s, i) => {
    if (settings.has(s.key)) problems.add(`settings[${i}].key`, `“${s.key}” appears twice`);
    settings.add(s.key);
    const check = v.safeParse(SETTING_SCHEMAS[s.key as SettingKey], s.value);
    // The setting schemas carry our own messages; a missing one falls back to plain words.
    if (!check.success) problems.add(`settings[${i}].value`, plainSettingMessage(s.key as SettingKey, check));
  });
  const profiles = new Map<string, number>();
  backup.profiles.forEach((p, i) => {
    if (profiles.has(p.id)) {
      problems.add(`profiles[${i}].id`, `“${p.id}” appears twice (also profiles[${profiles.get(p.id)}])`);
    } else profiles.set(p.id, i);
  });
  backup.events.forEach((e, i) => {
    const game = games.get(e.sessionId);
    if (!game) return problems.add(`events[${i}].sessionId`, `no game “${e.sessionId}” in this backup`);
    const expected = game.log.length + 1;
    // Steps arrive 1, 2, 3…: a number already passed appears twice, any other is out of order.
    if (e.seq < expected) {
      problems.add(`events[${i}].seq`, `step ${e.seq} of game “${e.sessionId}” appears twice`);
    } else if (e.seq !== expected) {
      problems.add(
        `events[${i}].seq`,
        `out of order (step ${e.seq} of game “${e.sessionId}” where step ${expected} was expected)`
      );
    }
    if ((e.kind === 'event') !== (e.event !== undefined)) {
      problems.add(
        `events[${i}].event`,
        e.kind === 'event' ? 'missing' : `not expected on an ${e.kind} step`
      );
    }
    game.log.push(e);
    game.at.push(i);
  });
  return problems.any ? undefined : [...games.values()];
}

function plainSettingMessage(key: SettingKey, result: v.SafeParseResult<v.GenericSchema>): string {
  const message = result.issues?.[0]?.message;
  return message && message.startsWith('expected') ? message : `not a value the “${key}” setting can have`;
}

// ---- importing --------------------------------------------------------------------------------------

/** A game of the file that is also here, in a form to show side by side. */
export interface Conflict {
  id: string;
  game: string;
  setup: SessionRecord['setup'];
  /** older: this phone played on since the backup; diverged: the two went different ways. */
  why: 'older' | 'diverged';
  here: VersionInfo;
  file: VersionInfo;
}

interface PlannedGame {
  game: RebuiltGame;
  plan: GamePlan;
  /** This phone's log head when planned (0 when the game is not here): rechecked on writing. */
  headHere: number;
}

export interface ImportPlan {
  backup: Backup;
  games: PlannedGame[];
  /** The file's shared documents, checked (CheckedBackup.docs). */
  docs: ReadonlyMap<string, Uint8Array>;
  conflicts: Conflict[];
  profiles: ProfileMerge;
}

export type PlanResult = { ok: true; plan: ImportPlan } | { ok: false; errors: string[]; details?: string[] };

/**
 * Checks the file and decides, game by game, what importing it would do; writes nothing.
 *
 * A shared game is one game wherever it is played: its room names it, and its document is the
 * truth (the log here is a copy, rewritten from the document whenever the game is opened). So a
 * shared game of the file whose room this phone plays too is never a conflict: the file's
 * document is merged into this phone's, and Yjs's union loses nothing and changes nothing that is
 * there (the same file twice, or an older one, adds nothing). Its log here is kept as it is and
 * not duplicated ("keep both" would make two games of one); the next open folds the merged
 * document and rewrites the copy. When this phone's log is simply behind or equal, the game is
 * brought forward or left as any game is, and the documents are merged too. A phone that joined
 * the game keeps it under an id of its own: the file's copy merges into that one. Any other
 * shared game (not here, or here under another room) is planned as any game, its document going
 * wherever the file's record is written.
 */
export async function planImport(
  db: TablesideDB,
  input: string | Uint8Array,
  resolveGame: GameResolver,
  options: CheckOptions = {}
): Promise<PlanResult> {
  const check = await checkBackup(input, resolveGame, options);
  if (!check.ok) return check;
  const ids = check.games.map((g) => g.session.id);
  const records = await db.sessions.bulkGet(ids);
  const holders = check.games.some((g) => g.session.shared) ? await roomHolders(db) : undefined;
  const games: PlannedGame[] = [];
  const conflicts: Conflict[] = [];
  for (let i = 0; i < check.games.length; i++) {
    const game = check.games[i];
    const id = game.session.id;
    const held = game.session.shared && holders?.get(game.session.shared.room);
    const into = held ? (held.includes(id) ? id : held[0]) : undefined;
    if (into !== undefined && into !== id) {
      games.push({ game, plan: { kind: 'merge', into }, headHere: 0 });
      continue;
    }
    const record = records[i];
    const log = record ? await readLog(db, record.id) : [];
    let plan = planGame(record ? { session: record, log } : undefined, game);
    if (into === id && plan.kind === 'conflict') plan = { kind: 'merge', into };
    games.push({ game, plan, headHere: log.length });
    if (plan.kind === 'conflict' && record) {
      conflicts.push({
        id: record.id,
        game: record.game,
        setup: record.setup,
        why: plan.why,
        here: await describeHere(db, record, log, resolveGame),
        file: game.info
      });
    }
  }
  const here = (await db.profiles.bulkGet(check.backup.profiles.map((p) => p.id))).filter(
    (p): p is ProfileRecord => p !== undefined
  );
  return {
    ok: true,
    plan: {
      backup: check.backup,
      games,
      docs: check.docs,
      conflicts,
      profiles: mergeProfiles(here, check.backup.profiles)
    }
  };
}

/** The games shared on this phone (not deleted), by room. */
async function roomHolders(db: TablesideDB): Promise<Map<string, string[]>> {
  const holders = new Map<string, string[]>();
  await db.sessions.each((s) => {
    if (!s.shared || s.deletedAt !== undefined) return;
    const ids = holders.get(s.shared.room);
    if (ids) ids.push(s.id);
    else holders.set(s.shared.room, [s.id]);
  });
  return holders;
}

/** This phone's copy of a game, replayed as it would open, for the conflict chooser. */
async function describeHere(
  db: TablesideDB,
  record: SessionRecord,
  log: EventRecord[],
  resolveGame: GameResolver
): Promise<VersionInfo> {
  const plain: VersionInfo = {
    steps: log.length,
    lastLabel: foldLog(log).effective.at(-1)?.label,
    lastPlayed: log.at(-1)?.time ?? record.updated,
    summary: record.summary
  };
  try {
    const logic = await resolveGame(record.game);
    if (!logic || logic.setupProblem(record.setup)) return plain;
    const cache = await db.snapshots.where('sessionId').equals(record.id).toArray();
    const { timeline } = buildTimeline(logic, record.setup, log, cache, 50);
    return versionInfo(logic, record.setup, timeline, record.updated);
  } catch {
    // A game this phone cannot replay is still shown by what its record says.
    return plain;
  }
}

export type ApplyResult = { ok: true; summary: ImportSummary } | { ok: false; errors: string[] };

class ChangedMeanwhile extends Error {}

/**
 * Writes a planned import in one transaction. Every conflict needs a choice. Games that changed
 * on this phone since the plan (another tab played on) stop the whole import: nothing is written.
 */
export async function applyImport(
  db: TablesideDB,
  plan: ImportPlan,
  choices: Readonly<Record<string, Choice>> = {}
): Promise<ApplyResult> {
  const open = plan.conflicts.filter((c) => !choices[c.id]);
  if (open.length) {
    return {
      ok: false,
      errors: [
        `Choose which copy to keep for ${open.length === 1 ? 'the game' : `${open.length} games`} first.`
      ]
    };
  }
  const summary: ImportSummary = {
    ...emptySummary(),
    settings: plan.backup.settings.length,
    profilesAdded: plan.profiles.added,
    profilesUpdated: plan.profiles.updated
  };
  /** Games whose log this import wrote: their recovery journals are rewritten to match. */
  const touched: string[] = [];
  /** What happens to the stored shared documents once the games are written. */
  const docWrites: DocWrite[] = [];
  try {
    await db.transaction('rw', [db.sessions, db.events, db.snapshots, db.settings, db.profiles], async () => {
      touched.length = 0; // a retried transaction starts again
      docWrites.length = 0;
      // Players the phone has no room for refuse the whole file, counted as the phone is now.
      const fresh = (await db.profiles.bulkGet(plan.profiles.put.map((p) => p.id))).filter((p) => !p).length;
      const crowded = tooManyProfiles(await db.profiles.count(), fresh);
      if (crowded) throw new ImportRefused(crowded);
      for (const { game, plan: p, headHere } of plan.games) {
        const id = game.session.id;
        const shared = game.session.shared;
        const update = plan.docs.get(id);
        if (p.kind === 'merge') {
          // Only the document changes; the game here is opened from it next time (planImport).
          if (update) docWrites.push({ sessionId: p.into, room: shared!.room, update });
          summary.merged++;
          continue;
        }
        const record = await db.sessions.get(id);
        const unchanged =
          p.kind === 'new'
            ? record === undefined
            : record !== undefined &&
              (record.deletedAt !== undefined) === (p.kind === 'restore') &&
              (await logHead(db, id)) === headHere;
        if (!unchanged) throw new ChangedMeanwhile();
        /** The states the check's replay ended in, cached so the game's first open is a window. */
        const cache = (sessionId: string) =>
          game.states.length
            ? db.snapshots.bulkPut(game.states.map((state) => ({ ...state, sessionId })))
            : undefined;
        const replace = async (copy: { session: SessionRecord; log: readonly EventRecord[] }) => {
          touched.push(copy.session.id);
          await db.events.where('sessionId').equals(copy.session.id).delete();
          await db.snapshots.where('sessionId').equals(copy.session.id).delete();
          await db.sessions.put(copy.session);
          await db.events.bulkAdd(copy.log as EventRecord[]);
          await cache(copy.session.id);
          summary.events += copy.log.length;
        };
        /**
         * The file's record is now stored under `to`: a shared game's document goes with it; a
         * document this phone kept there for a game shared under another room, or no longer
         * shared, goes.
         */
        const wrote = (to: string, before: SessionRecord | undefined) => {
          if (shared) docWrites.push({ sessionId: to, room: shared.room, update });
          else if (before?.shared) docWrites.push({ sessionId: to });
        };
        switch (p.kind) {
          case 'same':
            // The record here stays; the documents merge when both are of the same room.
            if (shared && update && record?.shared?.room === shared.room) {
              docWrites.push({ sessionId: id, room: shared.room, update });
            }
            summary.alreadyHere++;
            break;
          case 'new':
          case 'restore':
            await replace(game);
            wrote(id, record);
            summary.added++;
            break;
          case 'update': {
            // The shared beginning stays (and its cached states with it); the rest is added.
            const rest = game.log.slice(p.from);
            touched.push(id);
            await db.sessions.put(game.session);
            await db.events.bulkAdd(rest);
            await cache(id);
            wrote(id, record);
            summary.events += rest.length;
            summary.updated++;
            break;
          }
          case 'conflict': {
            const choice = choices[id];
            if (choice === 'phone') summary.keptPhone++;
            else if (choice === 'backup') {
              await replace(game);
              wrote(id, record);
              summary.replaced++;
            } else {
              const copy = copyGame(game, newId());
              touched.push(copy.session.id);
              await db.sessions.add(copy.session);
              await db.events.bulkAdd(copy.log as EventRecord[]);
              await cache(copy.session.id);
              wrote(copy.session.id, undefined);
              summary.events += copy.log.length;
              summary.keptBoth++;
            }
            break;
          }
        }
      }
      summary.syncServer = serverChange(await db.settings.get('syncServer'), plan.backup.settings);
      await db.settings.bulkPut(plan.backup.settings);
      await db.profiles.bulkPut(plan.profiles.put);
    });
  } catch (error) {
    if (error instanceof ImportRefused) return { ok: false, errors: [error.message] };
    if (error instanceof ChangedMeanwhile) {
      return {
        ok: false,
        errors: [
          'A game in this file was changed on this phone while the import waited (in another tab?). Import the file again to see it as it is now.'
        ]
      };
    }
    return { ok: false, errors: [writeFailure(error)] };
  }
  // The journal must tell the same history as the database (a journal that agrees at its head
  // but differs in the middle would not be noticed at the next start). In the background: the
  // import is done and stored.
  if (touched.length) void rewriteImported(db, touched);
  // The shared documents live in a database of their own, written after the games: a game whose
  // document is missing still opens (from its copy here), and importing the file again merges
  // what did not get stored (a merge adds nothing twice).
  if (docWrites.length) {
    try {
      const { writeDocs } = await import('../sync/backup-docs');
      await writeDocs(docWrites);
    } catch (error) {
      return {
        ok: false,
        errors: [
          `The games were imported, but not every shared game’s copy could be stored. ${writeFailure(error)}`
        ]
      };
    }
  }
  return { ok: true, summary };
}

async function rewriteImported(db: TablesideDB, ids: string[]): Promise<void> {
  try {
    const { journalFor } = await import('../journal/attach');
    const journal = journalFor(db);
    if (!journal) return;
    const { rewriteJournals } = await import('../journal/recover');
    await rewriteJournals(db, journal, ids);
  } catch {
    // The next start compares the two and rewrites what differs.
  }
}

function writeFailure(error: unknown): string {
  const e = error as { name?: string; message?: string; inner?: { name?: string } };
  const name = e?.inner?.name ?? e?.name;
  if (name === 'QuotaExceededError' || /quota|disk.*full|no space/i.test(e?.message ?? '')) {
    return 'The phone’s storage is full. Free some space and import again.';
  }
  return `The phone’s storage refused to save the import (${e?.message ?? String(error)}).`;
}

export type ImportResult =
  | { ok: false; errors: string[]; details?: string[] }
  /** Written: what happened to each game. */
  | { ok: true; written: true; summary: ImportSummary }
  /** Nothing written yet: these games need a choice (pass `choices`, or use `applyImport`). */
  | { ok: true; written: false; conflicts: Conflict[]; plan: ImportPlan };

/**
 * Checks and imports in one go when no game is in conflict (or `choices` settles each); else
 * returns the conflicts and writes nothing.
 */
export async function importBackup(
  db: TablesideDB,
  input: string | Uint8Array,
  resolveGame: GameResolver,
  options: CheckOptions & { choices?: Readonly<Record<string, Choice>> } = {}
): Promise<ImportResult> {
  const planned = await planImport(db, input, resolveGame, options);
  if (!planned.ok) return planned;
  const { plan } = planned;
  const choices = options.choices ?? {};
  if (plan.conflicts.some((c) => !choices[c.id])) {
    return { ok: true, written: false, conflicts: plan.conflicts, plan };
  }
  const applied = await applyImport(db, plan, choices);
  return applied.ok ? { ok: true, written: true, summary: applied.summary } : applied;
}
