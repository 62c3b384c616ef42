/**
 * The recovery journal's file format: JSON lines, one file per game.
 *
 *   {"t":"game","v":1,"record":{…SessionRecord},"people":[…ProfileRecord]}   first line
 *   {"t":"e","seq":1,"kind":"event","event":{…},"time":…,"label":"…"}        one per stored log entry
 *   {"t":"r","set":{"status":"finished","summary":"…"}}                       record fields changed
 *
 * A file is only ever appended to, so a kill can only tear its last line; a line that does not
 * parse (torn, or zeroed by the disk after a power cut) is skipped and counted, never trusted.
 * Entries are keyed by seq: a repeated seq (a top-up that wrote an entry twice) counts once, and
 * lines from two tabs may arrive out of order. The log read back is the run 1, 2, 3… without gaps.
 *
 * Pure: no browser, storage or Svelte here, so it is tested in Node.
 */
import type { EventRecord, ProfileRecord, SessionRecord } from '../db/records';

export const JOURNAL_VERSION = 1;

/** A game as its journal tells it. */
export interface JournalGame {
  record: SessionRecord;
  /** The log: seq 1, 2, 3… with no gap (entries after a gap are left out). */
  events: EventRecord[];
  /** The remembered players the game's seats pointed at when it started. */
  people: ProfileRecord[];
}

/** What reading one file found, including what had to be skipped. */
export interface DecodedJournal {
  /** Undefined when the file has no readable first line: the journal cannot restore this game. */
  game: JournalGame | undefined;
  /** Lines skipped because they do not parse or do not have the right shape. */
  damaged: number;
  /** True when the last line was cut short (the writer was killed in the middle of it). */
  torn: boolean;
  /** Entries left out because an earlier seq is missing. */
  afterGap: number;
}

/** Record fields no update line may change: they name the game. */
const FIXED_FIELDS = new Set(['id', 'game', 'setup', 'created']);
/** Keys that would reach an object's prototype if copied naively. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function encodeHeader(record: SessionRecord, people: readonly ProfileRecord[] = []): string {
  return `${JSON.stringify({ t: 'game', v: JOURNAL_VERSION, record, people })}\n`;
}

/** Log entries as lines; the session id is the file's, so it is not repeated on every line. */
export function encodeEntries(entries: readonly EventRecord[]): string {
  let out = '';
  for (const { sessionId: _, seq, ...rest } of entries) {
    // seq first: a person reading the file sees the order at a glance.
    out += `${JSON.stringify({ t: 'e', seq, ...rest })}\n`;
  }
  return out;
}

/**
 * A change to record fields. A field set to undefined is removed (as Dexie's update does), and
 * travels as null since JSON has no undefined.
 */
export function encodeUpdate(fields: Partial<SessionRecord>): string {
  const set: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (FIXED_FIELDS.has(key) || UNSAFE_KEYS.has(key)) continue;
    set[key] = value === undefined ? null : value;
  }
  return Object.keys(set).length ? `${JSON.stringify({ t: 'r', set })}\n` : '';
}

/** A whole file for a game known in full (a new journal, or one rewritten from IndexedDB). */
export function encodeGame(game: JournalGame): string {
  return encodeHeader(game.record, game.people) + encodeEntries(game.events);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function readRecord(v: unknown): SessionRecord | undefined {
  if (!isObject(v)) return undefined;
  const setup = v.setup;
  if (
    typeof v.id !== 'string' ||
    !v.id ||
    typeof v.game !== 'string' ||
    !isObject(setup) ||
    !Array.isArray(setup.players) ||
    typeof setup.seed !== 'string' ||
    typeof v.created !== 'number' ||
    typeof v.updated !== 'number' ||
    !['active', 'finished', 'archived'].includes(v.status as string) ||
    typeof v.summary !== 'string' ||
    !isCount(v.head)
  ) {
    return undefined;
  }
  return v as unknown as SessionRecord;
}

function readEntry(v: Record<string, unknown>, sessionId: string): EventRecord | undefined {
  const { t: _, ...rest } = v;
  const entry = { sessionId, ...rest } as Record<string, unknown>;
  if (!isCount(entry.seq) || entry.seq === 0) return undefined;
  if (!['event', 'undo', 'redo'].includes(entry.kind as string)) return undefined;
  if (typeof entry.time !== 'number' || typeof entry.label !== 'string') return undefined;
  if (entry.kind === 'event' && !(isObject(entry.event) && typeof entry.event.type === 'string'))
    return undefined;
  return entry as unknown as EventRecord;
}

function readPeople(v: unknown): ProfileRecord[] {
  if (!Array.isArray(v)) return [];
  return v.filter(
    (p): p is ProfileRecord =>
      isObject(p) && typeof p.id === 'string' && typeof p.name === 'string' && typeof p.created === 'number'
  );
}

function applyUpdate(record: SessionRecord, set: Record<string, unknown>): SessionRecord {
  const next: Record<string, unknown> = { ...record };
  for (const [key, value] of Object.entries(set)) {
    if (FIXED_FIELDS.has(key) || UNSAFE_KEYS.has(key)) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  // A damaged update must not make the record unreadable: keep the last good one instead.
  return readRecord(next) ?? record;
}

/** Reads a journal file. Never throws: what cannot be read is skipped and counted. */
export function decodeJournal(text: string): DecodedJournal {
  const lines = text.split('\n');
  // Every complete line ends with "\n": whatever follows the last one was cut short.
  const tail = lines.pop() ?? '';
  const torn = tail.replace(/\0/g, '').trim() !== '';
  let damaged = 0;
  let record: SessionRecord | undefined;
  let people: ProfileRecord[] = [];
  const bySeq = new Map<number, EventRecord>();
  const updates: Record<string, unknown>[] = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      damaged++;
      continue;
    }
    if (!isObject(value)) {
      damaged++;
      continue;
    }
    if (value.t === 'game' && record === undefined) {
      record = readRecord(value.record);
      if (!record) damaged++;
      else people = readPeople(value.people);
    } else if (value.t === 'e' && record) {
      const entry = readEntry(value, record.id);
      if (!entry) damaged++;
      else if (!bySeq.has(entry.seq)) bySeq.set(entry.seq, entry);
    } else if (value.t === 'r' && record && isObject(value.set)) {
      updates.push(value.set);
    } else {
      damaged++;
    }
  }
  if (!record) return { game: undefined, damaged, torn, afterGap: 0 };
  for (const set of updates) record = applyUpdate(record, set);
  const events: EventRecord[] = [];
  while (bySeq.has(events.length + 1)) events.push(bySeq.get(events.length + 1)!);
  return {
    game: { record, events, people },
    damaged,
    torn,
    afterGap: bySeq.size - events.length
  };
}

/** A file name for a game's journal; ids from a backup may hold any character. */
export function journalFileName(sessionId: string): string {
  return `${encodeURIComponent(sessionId)}.jsonl`;
}

/** The game id of a journal file, or undefined for a file that is not a journal. */
export function sessionIdOf(fileName: string): string | undefined {
  if (!fileName.endsWith('.jsonl')) return undefined;
  try {
    return decodeURIComponent(fileName.slice(0, -'.jsonl'.length)) || undefined;
  } catch {
    return undefined;
  }
}
