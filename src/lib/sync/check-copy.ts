/**
 * A shared game's document from outside the phone (a backup's, a game file's, a room's first
 * one), checked on a scratch Y.Doc before any of it reaches a stored game: the game and setup it
 * says it is, and entries as phones write them. What a phone never writes is refused, so it
 * cannot break the order of the taps made after it here:
 *
 * - An entry's lamport is 1 + the highest it had seen, so in a whole document none is above the
 *   number of entries (each entry seen is in the document too). COPY_SLACK allows for a
 *   document that has not yet received some of what its writers saw. The same bound holds for a
 *   device's counter (its own entries, numbered 1, 2, 3…). An entry at 2^53 - 1 once made every
 *   later tap unreadable after a reload.
 * - A time is a whole number of milliseconds a date can hold (not NaN, not 1e300).
 * - A tap's event has the shape of a person's data (no prototype keys, nesting or text past the
 *   backup's limits). A step or field this version does not know is kept: the fold leaves it
 *   out as not applied (a newer phone's), on every phone alike.
 * - The fold and its history lines are built once, so a copy whose steps the game's own code
 *   cannot read is refused here instead of failing the play screen.
 */
import * as Y from 'yjs';
import type { GameLogic } from '../session/types';
import { Problems, structuralProblems, Where } from '../backup/read';
import { shortText } from '../backup/incoming';
import { mergeDoc } from './doc';
import { entryKey, parseEntry, type SharedEntry } from './entry';
import { SharedView } from './view';

/** Steps a shared game may hold, as a backup may (MAX_EVENTS in backup/format.ts). */
const MAX_COPY_ENTRIES = 1_000_000;
/** How far a lamport or counter may run ahead of the entries a document holds. */
const COPY_SLACK = 1000;
/** The widest time a Date can hold (ms either side of 1970). */
const MAX_DATE = 8.64e15;

export interface CopyExpectation {
  /** The game's id the copy must name. */
  game: string;
  /** The setup the copy must hold: the record's own. */
  setup: unknown;
  /** The game's rules, to fold the copy with (absent: the game is not known; checked elsewhere). */
  logic?: GameLogic<any>;
}

type CopyCheck =
  | { ok: true; entries: SharedEntry[]; /** Events in effect once folded. */ effective: number }
  | { ok: false; problem: string };

/** The game as the document holds it, untouched: what its writer really put there. */
export function rawMeta(doc: Y.Doc): Record<string, unknown> | undefined {
  const value = doc.getMap<unknown>('meta').get('game');
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Checks a document already applied to a scratch Y.Doc. */
export function checkCopy(doc: Y.Doc, expected: CopyExpectation): CopyCheck {
  const fail = (problem: string): CopyCheck => ({ ok: false, problem });
  const meta = rawMeta(doc);
  if (!meta) return fail('the shared copy holds no game');
  if (meta.game !== expected.game) {
    const named = typeof meta.game === 'string' ? `the game “${shortText(meta.game)}”` : 'no game';
    return fail(`the shared copy is of ${named}, not of this game (“${expected.game}”)`);
  }
  if (!sameJson(meta.setup, expected.setup))
    return fail('the shared copy holds another setup than this game’s');

  const map = doc.getMap<unknown>('entries');
  const count = map.size;
  if (count > MAX_COPY_ENTRIES)
    return fail(`the shared copy holds too many steps (at most ${MAX_COPY_ENTRIES})`);
  const bound = count + COPY_SLACK;
  const entries: SharedEntry[] = [];
  let problem: string | undefined;
  let n = 0;
  map.forEach((value, key) => {
    n++;
    if (problem) return;
    const entry = parseEntry(value);
    if (!entry || entryKey(entry.id) !== key) {
      problem = `step ${n} of the shared copy is not a step a phone writes`;
      return;
    }
    if (entry.lamport > bound || entry.id.counter > bound) {
      problem = `step ${n} of the shared copy is numbered ${Math.max(entry.lamport, entry.id.counter)}, beyond the ${count} steps it holds`;
      return;
    }
    if (!Number.isInteger(entry.time) || Math.abs(entry.time) > MAX_DATE) {
      problem = `step ${n} of the shared copy has a time that is not a real date (${String(entry.time)})`;
      return;
    }
    if (entry.kind === 'event') {
      const problems = new Problems();
      structuralProblems(entry.event, new Where(problems));
      if (problems.any) {
        problem = `step ${n} of the shared copy: ${problems.list[0].replace(/^the file: /, '')}`;
        return;
      }
    }
    entries.push(entry);
  });
  if (problem) return fail(problem);
  if (!expected.logic) return { ok: true, entries, effective: 0 };
  try {
    const view = new SharedView(expected.logic, expected.setup as never, 'check', entries);
    void view.history;
    return { ok: true, entries, effective: view.records.length };
  } catch (error) {
    return fail(
      `the game’s steps in the shared copy could not be read (${(error as Error)?.message ?? error})`
    );
  }
}

/** Applies an update to a new scratch document, then checks it; the scratch goes afterwards. */
export function checkUpdate(update: Uint8Array, expected: CopyExpectation): CopyCheck {
  const scratch = new Y.Doc();
  try {
    // Bytes that are not an update throw here. (An update whose parts wait for pieces it lacks is
    // not refused: a phone's document can hold such parts, and Yjs keeps them waiting, harmless.)
    mergeDoc(scratch, update);
  } catch {
    scratch.destroy();
    return { ok: false, problem: 'the game’s shared copy is damaged (it could not be read)' };
  }
  try {
    return checkCopy(scratch, expected);
  } finally {
    scratch.destroy();
  }
}

/** Two JSON values alike, whatever the order of their keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => sameJson(item, other[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) =>
      Object.prototype.hasOwnProperty.call(b, k) &&
      sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])
  );
}
