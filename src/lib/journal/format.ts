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
import { backSteps } from '../session/log';

const JOURNAL_VERSION = 1;

/** A game as its journal tells it. */
export interface JournalGame {
  record: SessionRecord;
  /** The log: seq 1, 2, 3… with no gap (entries after a gap are left out). */
  events: EventRecord[];
  /** The remembered players the game's seats pointed at when it started. */
  people: ProfileRecord[];
}

/** What reading one file found, including what had to be skipped. */
interface DecodedJournal {
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
  if (!['event', 'undo', 'redo', 'back'].includes(entry.kind as string)) return undefined;
  // A back's count is checked here for shape; the log check (logProblem) says if it goes too far.
  if (entry.kind === 'back' && !backSteps(entry.steps)) return undefined;
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

/** What one line of a journal says, given the record read so far (entries need its id). */
type Line =
  | { t: 'blank' }
  | { t: 'damaged' }
  | { t: 'game'; record: SessionRecord; people: unknown }
  | { t: 'e'; entry: EventRecord }
  | { t: 'r'; set: Record<string, unknown> };

function readLine(line: string, record: SessionRecord | undefined): Line {
  if (line.trim() === '') return { t: 'blank' };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { t: 'damaged' };
  }
  if (!isObject(value)) return { t: 'damaged' };
  if (value.t === 'game' && record === undefined) {
    const read = readRecord(value.record);
    return read ? { t: 'game', record: read, people: value.people } : { t: 'damaged' };
  }
  if (value.t === 'e' && record) {
    const entry = readEntry(value, record.id);
    return entry ? { t: 'e', entry } : { t: 'damaged' };
  }
  if (value.t === 'r' && record && isObject(value.set)) return { t: 'r', set: value.set };
  return { t: 'damaged' };
}

/** A fold kept in a summary file, checked as carefully as a journal line; undefined if wrong. */
export function readFold(v: unknown): JournalFold | undefined {
  if (!isObject(v)) return undefined;
  const { record, head, headTime, ahead, damaged } = v;
  const read = record === undefined || record === null ? undefined : readRecord(record);
  if ((record !== undefined && record !== null && !read) || !isCount(head) || !isCount(damaged))
    return undefined;
  if (head > 0 ? typeof headTime !== 'number' : headTime !== undefined && headTime !== null) return undefined;
  if (
    !Array.isArray(ahead) ||
    !ahead.every(
      (a) =>
        Array.isArray(a) && a.length === 2 && isCount(a[0]) && a[0] > head + 1 && typeof a[1] === 'number'
    )
  )
    return undefined;
  if (!read && head > 0) return undefined;
  return {
    record: read,
    head,
    headTime: head > 0 ? (headTime as number) : undefined,
    ahead: ahead as [number, number][],
    damaged
  };
}

/** True when what follows a file's last newline is a line cut short (not blank or zeroes). */
export const isTornTail = (tail: string) => tail.replace(/\0/g, '').trim() !== '';

/** Reads a journal file. Never throws: what cannot be read is skipped and counted. */
export function decodeJournal(text: string): DecodedJournal {
  const lines = text.split('\n');
  // Every complete line ends with "\n": whatever follows the last one was cut short.
  const torn = isTornTail(lines.pop() ?? '');
  let damaged = 0;
  let record: SessionRecord | undefined;
  let people: ProfileRecord[] = [];
  const bySeq = new Map<number, EventRecord>();
  const updates: Record<string, unknown>[] = [];
  for (const text of lines) {
    const line = readLine(text, record);
    if (line.t === 'damaged') damaged++;
    else if (line.t === 'game') {
      record = line.record;
      people = readPeople(line.people);
    } else if (line.t === 'e') {
      if (!bySeq.has(line.entry.seq)) bySeq.set(line.entry.seq, line.entry);
    } else if (line.t === 'r') updates.push(line.set);
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

/**
 * What a journal's whole lines up to some point say about the game, without its log: enough to
 * go on reading from that point (`foldLines`), so a file read once need only be read from where
 * it was left. `decodeJournal` over the same lines gives the same record, head and damage.
 */
export interface JournalFold {
  /** The record with every update so far applied; undefined while no first line was readable. */
  record: SessionRecord | undefined;
  /** Entries 1…head are all there. */
  head: number;
  /** The time of entry `head` (its first line, as `decodeJournal` keeps the first of a repeat). */
  headTime: number | undefined;
  /** Entries after a gap: [seq, time], seq > head + 1 (rare: a damaged line, two tabs). */
  ahead: [number, number][];
  /** Lines that could not be read (not counting a torn last line: that one is not whole yet). */
  damaged: number;
}

export const emptyFold = (): JournalFold => ({
  record: undefined,
  head: 0,
  headTime: undefined,
  ahead: [],
  damaged: 0
});

/**
 * Reads more whole lines into a fold (a new one is returned). `text` must be whole lines, i.e.
 * end with "\n" or be empty: a torn tail is the caller's to count (see `isTornTail`).
 */
export function foldLines(fold: JournalFold, text: string): JournalFold {
  let { record, head, headTime, damaged } = fold;
  const ahead = new Map(fold.ahead);
  const lines = text.split('\n');
  lines.pop();
  for (const text of lines) {
    const line = readLine(text, record);
    if (line.t === 'damaged') damaged++;
    else if (line.t === 'game') record = line.record;
    else if (line.t === 'r' && record) record = applyUpdate(record, line.set);
    else if (line.t === 'e') {
      const { seq, time } = line.entry;
      // The first line for a seq is the one kept; a repeat changes nothing.
      if (seq <= head || ahead.has(seq)) continue;
      ahead.set(seq, time);
      while (ahead.has(head + 1)) {
        head++;
        headTime = ahead.get(head);
        ahead.delete(head);
      }
    }
  }
  return { record, head, headTime, ahead: [...ahead], damaged };
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
