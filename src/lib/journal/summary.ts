/**
 * A journal's summary without reading the whole journal. The start-up check only needs each
 * game's head (how many steps, the last one's time), whether it is marked deleted and whether it
 * is readable; decoding a 100,000-step journal to learn that took seconds on every start.
 *
 * So next to each journal `<name>.jsonl` lies a small summary file `<name>.jsonl.summary`: what
 * the journal's whole lines up to byte `bytes` say (a `JournalFold`: the record with its updates,
 * the head, damaged lines), with a fingerprint of the journal's bytes there. The journal is only
 * ever appended to, so the summary stays true of those bytes; reading the journal from `bytes`
 * on and folding those lines in gives the summary of the whole file, exactly what decoding all of
 * it would. The fingerprint (the first line, the last 256 bytes before `bytes`, and `bytes` within
 * the file's size) tells a summary of another file apart: a journal rewritten or replaced behind
 * the summary's back is read whole. The writer removes the summary before it rewrites a journal,
 * so that is only a safety net. A summary missing, unreadable or not matching: the journal is
 * read whole, as before, and a new summary written after.
 *
 * Pure over `JournalFiles`: tested in Node over `MemoryFiles`.
 */
import type { JournalFiles } from './files';
import { emptyFold, foldLines, isTornTail, readFold, type JournalFold } from './format';

/** How much of the first line the fingerprint covers (a header is about 1 KB). */
const HEAD_BYTES = 4096;
/** How much of the journal before the summary's end the fingerprint covers. */
const TAIL_BYTES = 256;
/** A fold holding more entries after a gap than this is not worth a summary file. */
const MAX_AHEAD = 1000;
const SUMMARY_VERSION = 1;

/** A journal's fold up to byte `bytes`, and the fingerprint of those bytes. */
export interface FileFold {
  bytes: number;
  check: string;
  fold: JournalFold;
}

/** What reading a journal (from its summary on) found. */
interface FoldedFile {
  /** The fold of every whole line. */
  state: FileFold;
  /** The file ends in a torn line (it counts as one more damaged line). */
  torn: boolean;
  /** False when the journal had to be read whole (no summary, or one that did not match). */
  fromSummary: boolean;
}

export function summaryFileName(journalName: string): string {
  return `${journalName}.summary`;
}

/** FNV-1a, 32 bits, continued from `hash`. */
function fnv(bytes: Uint8Array, hash = 0x811c9dc5): number {
  for (let i = 0; i < bytes.length; i++) hash = Math.imul(hash ^ bytes[i], 0x01000193) >>> 0;
  return hash;
}

/**
 * The fingerprint of a journal's first `bytes` bytes, from the start of the file (`head`, at least
 * its first HEAD_BYTES or the whole file) and the bytes just before `bytes` (`before` ends there).
 */
function fingerprint(head: Uint8Array, before: Uint8Array, bytes: number): string {
  let first = head.subarray(0, Math.min(head.length, bytes, HEAD_BYTES));
  const newline = first.indexOf(0x0a);
  if (newline >= 0) first = first.subarray(0, newline + 1);
  const last = before.subarray(Math.max(0, before.length - TAIL_BYTES));
  return `${bytes}:${fnv(first).toString(16)}:${fnv(last).toString(16)}`;
}

const decodeFrom0 = new TextDecoder();
/** Past the start of a file a byte-order mark is text like any other (as when read whole). */
const decodeLater = new TextDecoder('utf-8', { ignoreBOM: true });

/** Folds the journal's bytes from `base.bytes` on; `bytes` holds the file from `from` to its end. */
function advance(
  base: FileFold,
  head: Uint8Array,
  bytes: Uint8Array,
  from: number,
  fromSummary: boolean
): FoldedFile {
  const start = base.bytes - from;
  // Whole lines end at the last newline; what follows it is a torn line, or nothing.
  const end = Math.max(start, bytes.lastIndexOf(0x0a) + 1);
  const decoder = base.bytes === 0 ? decodeFrom0 : decodeLater;
  const fold = end > start ? foldLines(base.fold, decoder.decode(bytes.subarray(start, end))) : base.fold;
  const at = from + end;
  const torn = isTornTail((at === 0 ? decodeFrom0 : decodeLater).decode(bytes.subarray(end)));
  return {
    state: { bytes: at, check: fingerprint(head, bytes.subarray(0, end), at), fold },
    torn,
    fromSummary
  };
}

/**
 * Folds a journal, from `base` (its summary, or what this journal last read of it) when that
 * still matches the file, else from its first byte. Undefined when there is no such file.
 */
export async function foldFile(
  files: JournalFiles,
  name: string,
  base: FileFold | undefined
): Promise<FoldedFile | undefined> {
  if (base && base.bytes > 0) {
    const from = Math.max(0, base.bytes - TAIL_BYTES);
    const got = await files.readRanges(name, [[0, HEAD_BYTES], [from]]);
    if (!got) return undefined;
    const [head, rest] = got.parts;
    if (
      got.size >= base.bytes &&
      fingerprint(head, rest.subarray(0, base.bytes - from), base.bytes) === base.check
    )
      return advance(base, head, rest, from, true);
  }
  const got = await files.readRanges(name, [[0]]);
  if (!got) return undefined;
  const [all] = got.parts;
  return advance({ bytes: 0, check: '', fold: emptyFold() }, all, all, 0, false);
}

/** The summary file's text, or undefined when this fold is not worth keeping in one. */
export function encodeSummary(state: FileFold): string | undefined {
  if (state.fold.ahead.length > MAX_AHEAD) return undefined;
  return JSON.stringify({ v: SUMMARY_VERSION, bytes: state.bytes, check: state.check, fold: state.fold });
}

/** Reads a summary file; undefined for one that is missing or not in the right shape. */
export function decodeSummary(text: string | undefined): FileFold | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { v, bytes, check, fold } = value as Record<string, unknown>;
  if (v !== SUMMARY_VERSION || typeof check !== 'string') return undefined;
  if (typeof bytes !== 'number' || !Number.isInteger(bytes) || bytes < 0) return undefined;
  const read = readFold(fold);
  return read && { bytes, check, fold: read };
}
