/**
 * Backups: everything in one JSON file, and an import that checks the whole file first and writes
 * nothing unless all of it is valid. Errors name the record and field: "events[12].seq: expected a
 * number". The snapshot cache is not exported: it is rebuilt from the log.
 */
import * as v from 'valibot';
import { SETTING_KEYS, SETTING_SCHEMAS, type SettingKey } from '../settings/schema';
import { foldLog, logProblem } from '../session/log';
import { initialState, replay, ReplayError } from '../session/replay';
import type { GameLogic } from '../session/types';
import type { EventRecord, ProfileRecord, SessionRecord, SettingRecord } from './records';
import { SCHEMA_VERSION, type TablesideDB } from './schema';

export const BACKUP_FORMAT = 'tableside-backup';
export const BACKUP_FORMAT_VERSION = 1;
/** Far above any real collection of games; protects the phone from a file that is not a backup. */
export const MAX_BACKUP_BYTES = 32 * 1024 * 1024;
/** No text people type, nor any label, comes near this. */
export const MAX_TEXT = 10_000;
const MAX_DEPTH = 40;
const MAX_SESSIONS = 10_000;
const MAX_EVENTS = 1_000_000;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

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
}

export type GameResolver = (game: string) => Promise<GameLogic<any> | undefined>;

export type BackupCheck = { ok: true; backup: Backup } | { ok: false; errors: string[] };

export interface ImportSummary {
  sessions: number;
  events: number;
  replaced: number;
}

export async function exportBackup(db: TablesideDB, appVersion: string, now = Date.now()): Promise<Backup> {
  return db
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
}

export function backupFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `tableside-backup-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

// ---- the schema ------------------------------------------------------------------------------------

const text = (max: number) =>
  v.pipe(
    v.string('expected text'),
    v.maxLength(max, (i) => `text is too long (${i.received} characters; at most ${max})`)
  );
const nonEmptyText = (max: number) => v.pipe(text(max), v.minLength(1, 'must not be empty'));
const timestamp = v.pipe(
  v.number('expected a number'),
  v.finite('expected a finite number'),
  v.integer('expected a whole number'),
  v.minValue(0, 'expected a time after 1970')
);
const whole = (min: number) =>
  v.pipe(
    v.number('expected a number'),
    v.integer('expected a whole number'),
    v.minValue(min, `expected ${min} or more`)
  );
const id = v.pipe(
  nonEmptyText(64),
  v.regex(/^[A-Za-z0-9_-]+$/, 'expected an id of letters, digits, “-” or “_”')
);

const playerSchema = v.strictObject(
  { id, name: nonEmptyText(60), guest: v.optional(v.boolean('expected true or false')) },
  unexpectedKey
);
const setupSchema = v.looseObject({
  players: v.pipe(
    v.array(playerSchema, 'expected a list'),
    v.minLength(1, 'expected at least one player'),
    v.maxLength(12, 'expected at most 12 players')
  ),
  seed: nonEmptyText(32)
});

const sessionSchema = v.strictObject(
  {
    id,
    game: nonEmptyText(40),
    setup: setupSchema,
    created: timestamp,
    updated: timestamp,
    status: v.picklist(['active', 'finished', 'archived'], 'expected active, finished or archived'),
    summary: text(500),
    head: whole(0),
    deletedAt: v.optional(timestamp),
    guide: v.optional(v.boolean('expected true or false')),
    profiles: v.optional(v.record(id, id, 'expected an object of player ids to profile ids'))
  },
  unexpectedKey
);

const eventSchema = v.strictObject(
  {
    sessionId: id,
    seq: whole(1),
    kind: v.picklist(['event', 'undo', 'redo'], 'expected event, undo or redo'),
    event: v.optional(v.looseObject({ type: nonEmptyText(60) }, 'expected an object')),
    time: timestamp,
    label: text(500),
    period: v.optional(whole(1)),
    minor: v.optional(v.literal(true, 'expected true'))
  },
  unexpectedKey
);

const settingSchema = v.strictObject(
  {
    key: v.picklist(SETTING_KEYS, `expected one of: ${SETTING_KEYS.join(', ')}`),
    value: v.unknown()
  },
  unexpectedKey
);

const profileSchema = v.strictObject(
  { id, name: nonEmptyText(60), created: timestamp, updated: v.optional(timestamp) },
  unexpectedKey
);

const backupSchema = v.strictObject(
  {
    format: v.literal(BACKUP_FORMAT, 'this is not a Tableside backup'),
    formatVersion: v.number('expected a number'),
    appVersion: text(40),
    schemaVersion: whole(1),
    exportedAt: timestamp,
    sessions: v.pipe(
      v.array(sessionSchema, 'expected a list'),
      v.maxLength(MAX_SESSIONS, `too many games (at most ${MAX_SESSIONS})`)
    ),
    events: v.pipe(
      v.array(eventSchema, 'expected a list'),
      v.maxLength(MAX_EVENTS, `too many steps (at most ${MAX_EVENTS})`)
    ),
    settings: v.array(settingSchema, 'expected a list'),
    profiles: v.array(profileSchema, 'expected a list')
  },
  unexpectedKey
);

function unexpectedKey(issue: v.StrictObjectIssue | v.ObjectIssue): string {
  if (issue.type === 'strict_object' && issue.expected === 'never') return 'unexpected field';
  if (issue.input === undefined || issue.received === 'undefined') return 'missing';
  return 'expected an object';
}

// ---- checking ----------------------------------------------------------------------------------------

function pathText(path: readonly (string | number)[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out ? `.${key}` : key;
  return out || 'the file';
}

/** Problems no schema sees: prototype-polluting keys, absurdly deep nesting, huge strings. */
function structuralProblems(value: unknown, errors: string[]): void {
  const walk = (node: unknown, path: (string | number)[], depth: number) => {
    if (errors.length >= 20) return;
    if (depth > MAX_DEPTH) return void errors.push(`${pathText(path)}: nested too deeply`);
    if (typeof node === 'string') {
      if (node.length > MAX_TEXT) {
        errors.push(
          `${pathText(path)}: text is too long (${node.length.toLocaleString('en')} characters; at most ${MAX_TEXT.toLocaleString('en')})`
        );
      }
      return;
    }
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, [...path, i], depth + 1));
    if (node && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        if (FORBIDDEN_KEYS.has(key)) {
          errors.push(`${pathText([...path, key])}: this key is not allowed in a backup`);
          continue;
        }
        walk((node as Record<string, unknown>)[key], [...path, key], depth + 1);
      }
    }
  };
  walk(value, [], 0);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const message = (e as Error).message;
    const at = /position (\d+)/.exec(message);
    const atEnd = at !== null && Number(at[1]) >= text.trimEnd().length - 1;
    if (/end of (JSON )?(input|data)|Unterminated/i.test(message) || atEnd || text.trim().length === 0) {
      return {
        ok: false,
        error: 'The file ends too early: it looks cut off. Export the backup again and retry.'
      };
    }
    return { ok: false, error: `The file is not a readable backup (it is not valid JSON: ${message}).` };
  }
}

/** Checks a backup file's text completely; the import writes nothing unless this says ok. */
export async function checkBackup(text: string, resolveGame: GameResolver): Promise<BackupCheck> {
  const fail = (...errors: string[]): BackupCheck => ({ ok: false, errors });
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_BACKUP_BYTES) {
    return fail(
      `The file is too large for a backup (${(bytes / 1024 / 1024).toFixed(1)} MB; at most ${MAX_BACKUP_BYTES / 1024 / 1024} MB).`
    );
  }
  const parsed = parseJson(text);
  if (!parsed.ok) return fail(parsed.error);
  const raw = parsed.value;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    return fail('The file is not a Tableside backup (expected an object at the top).');
  }
  const marker = (raw as Record<string, unknown>).format;
  if (marker !== BACKUP_FORMAT)
    return fail('The file is not a Tableside backup (format: expected “tableside-backup”).');
  const version = (raw as Record<string, unknown>).formatVersion;
  if (typeof version !== 'number') return fail('formatVersion: expected a number');
  if (version !== BACKUP_FORMAT_VERSION) {
    return fail(
      version > BACKUP_FORMAT_VERSION
        ? `This backup was made by a newer version of Tableside (backup format ${version}; this version reads format ${BACKUP_FORMAT_VERSION}). Update Tableside and try again.`
        : `formatVersion: backup format ${version} is not supported (expected ${BACKUP_FORMAT_VERSION})`
    );
  }

  const errors: string[] = [];
  structuralProblems(raw, errors);
  if (errors.length) return fail(...errors);

  const result = v.safeParse(backupSchema, raw, { abortEarly: false });
  if (!result.success) {
    return fail(
      ...result.issues.slice(0, 20).map((issue) => {
        const path = (issue.path ?? []).map((p) => p.key as string | number);
        return `${pathText(path)}: ${issue.message}`;
      })
    );
  }
  const backup = result.output as Backup;
  if (backup.schemaVersion > SCHEMA_VERSION) {
    return fail(
      `schemaVersion: this backup comes from a newer version of Tableside (data version ${backup.schemaVersion}; this version knows ${SCHEMA_VERSION}). Update Tableside and try again.`
    );
  }
  errors.push(...(await consistencyProblems(backup, resolveGame)));
  return errors.length ? fail(...errors.slice(0, 20)) : { ok: true, backup };
}

async function consistencyProblems(backup: Backup, resolveGame: GameResolver): Promise<string[]> {
  const errors: string[] = [];
  const sessions = new Map<string, number>();
  backup.sessions.forEach((s, i) => {
    if (sessions.has(s.id))
      errors.push(`sessions[${i}].id: “${s.id}” appears twice (also sessions[${sessions.get(s.id)}])`);
    else sessions.set(s.id, i);
  });
  const settings = new Map<string, number>();
  backup.settings.forEach((s, i) => {
    if (settings.has(s.key)) errors.push(`settings[${i}].key: “${s.key}” appears twice`);
    settings.set(s.key, i);
    const check = v.safeParse(SETTING_SCHEMAS[s.key as SettingKey], s.value);
    if (!check.success) errors.push(`settings[${i}].value: ${check.issues[0].message}`);
  });
  const profiles = new Set<string>();
  backup.profiles.forEach((p, i) => {
    if (profiles.has(p.id)) errors.push(`profiles[${i}].id: “${p.id}” appears twice`);
    profiles.add(p.id);
  });

  // Events: each belongs to a session in the file, numbered 1, 2, 3… in order, never twice.
  const logs = new Map<string, { entry: EventRecord; index: number }[]>();
  backup.events.forEach((e, i) => {
    if (!sessions.has(e.sessionId)) {
      errors.push(`events[${i}].sessionId: no game “${e.sessionId}” in this backup`);
      return;
    }
    let log = logs.get(e.sessionId);
    if (!log) logs.set(e.sessionId, (log = []));
    const expected = (log.at(-1)?.entry.seq ?? 0) + 1;
    if (log.some((x) => x.entry.seq === e.seq)) {
      errors.push(`events[${i}].seq: step ${e.seq} of game “${e.sessionId}” appears twice`);
    } else if (e.seq !== expected) {
      errors.push(
        `events[${i}].seq: out of order (step ${e.seq} of game “${e.sessionId}” where step ${expected} was expected)`
      );
    }
    if ((e.kind === 'event') !== (e.event !== undefined)) {
      errors.push(
        `events[${i}].event: ${e.kind === 'event' ? 'missing' : `not expected on an ${e.kind} step`}`
      );
    }
    log.push({ entry: e, index: i });
  });
  if (errors.length) return errors;

  for (const [sid, index] of sessions) {
    const session = backup.sessions[index];
    const log = logs.get(sid) ?? [];
    const head = log.length ? log[log.length - 1].entry.seq : 0;
    if (session.head !== head) {
      errors.push(`sessions[${index}].head: is ${session.head} but the game has ${head} steps`);
      continue;
    }
    const shape = logProblem(log.map((x) => x.entry));
    if (shape) {
      errors.push(`events[${log[shape.validLength].index}]: ${shape.message}`);
      continue;
    }
    const logic = await resolveGame(session.game);
    if (!logic) {
      errors.push(`sessions[${index}].game: “${session.game}” is not a game this version of Tableside knows`);
      continue;
    }
    const setupProblem = logic.setupProblem(session.setup);
    if (setupProblem) {
      errors.push(`sessions[${index}].setup: ${setupProblem}`);
      continue;
    }
    // Replaying proves every step is one the game accepts, so an import can never corrupt a game.
    const effective = foldLog(log.map((x) => x.entry)).effective;
    try {
      replay(
        logic,
        initialState(logic, session.setup),
        effective.map((e) => e.event!)
      );
    } catch (e) {
      if (!(e instanceof ReplayError)) throw e;
      const bad = log.find((x) => x.entry === effective[e.index])!;
      errors.push(
        `events[${bad.index}].event: the game does not accept this step (“${effective[e.index].label}”)`
      );
    }
  }
  return errors;
}

/** Checks, then writes everything in one transaction; games in the file replace games with the same id. */
export async function importBackup(
  db: TablesideDB,
  text: string,
  resolveGame: GameResolver
): Promise<{ ok: true; summary: ImportSummary } | { ok: false; errors: string[] }> {
  const check = await checkBackup(text, resolveGame);
  if (!check.ok) return check;
  const { backup } = check;
  let replaced = 0;
  await db.transaction('rw', [db.sessions, db.events, db.snapshots, db.settings, db.profiles], async () => {
    for (const session of backup.sessions) {
      if (await db.sessions.get(session.id)) {
        replaced++;
        await db.events.where('sessionId').equals(session.id).delete();
        await db.snapshots.where('sessionId').equals(session.id).delete();
      }
    }
    await db.sessions.bulkPut(backup.sessions);
    await db.events.bulkAdd(backup.events);
    await db.settings.bulkPut(backup.settings);
    await db.profiles.bulkPut(backup.profiles);
  });
  return {
    ok: true,
    summary: { sessions: backup.sessions.length, events: backup.events.length, replaced }
  };
}
