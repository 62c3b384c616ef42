/**
 * Reading a backup file: its size, its bytes as UTF-8 text, its JSON, and the problems no record
 * check sees (keys that would pollute prototypes, absurd nesting, huge strings). Every problem is
 * a plain sentence naming where it is: "profiles[2].name: contains bytes that are not valid text".
 */

/** Far above any real collection of games; protects the phone from a file that is not a backup. */
export const MAX_BACKUP_BYTES = 32 * 1024 * 1024;
/** No text people type, nor any label, comes near this. */
export const MAX_TEXT = 10_000;
/** A problem list longer than this says nothing more useful. */
const MAX_PROBLEMS = 20;
const MAX_DEPTH = 40;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

type PathPart = string | number;

/** "sessions[0].setup.players[1].name"; the empty path is "the file". */
function pathText(path: readonly PathPart[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out ? `.${key}` : key;
  return out || 'the file';
}

/** Problems found so far, each "where: what", at most MAX_PROBLEMS of them. */
export class Problems {
  readonly list: string[] = [];

  add(where: string, message: string): void {
    if (this.list.length < MAX_PROBLEMS) this.list.push(`${where || 'the file'}: ${message}`);
  }

  get any(): boolean {
    return this.list.length > 0;
  }

  get full(): boolean {
    return this.list.length >= MAX_PROBLEMS;
  }
}

/**
 * Where a check is in the file: a stack of keys, turned into text only when there is a problem
 * to report (a backup has millions of fields; their paths are built for the few that fail).
 */
export class Where {
  private readonly keys: PathPart[] = [];

  constructor(readonly problems: Problems) {}

  push(key: PathPart): void {
    this.keys.push(key);
  }

  pop(): void {
    this.keys.pop();
  }

  get depth(): number {
    return this.keys.length;
  }

  /** Adds a problem at this place (or, with `key`, at that field of it). */
  add(message: string, key?: PathPart): void {
    const path = key === undefined ? this.keys : [...this.keys, key];
    this.problems.add(pathText(path), message);
  }

  get full(): boolean {
    return this.problems.full;
  }
}

type ReadResult = { ok: true; value: unknown } | { ok: false; errors: string[] };

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

export function tooLarge(bytes: number): string | undefined {
  if (bytes <= MAX_BACKUP_BYTES) return undefined;
  return `The file is too large for a backup (${megabytes(bytes)} MB; at most ${MAX_BACKUP_BYTES / 1024 / 1024} MB).`;
}

/**
 * The file's bytes (or text) to a JSON value. Bytes must be valid UTF-8: a name that would
 * otherwise turn into "�" without a word is refused, naming the records it is in.
 */
export function readBackup(input: string | Uint8Array): ReadResult {
  const bytes = typeof input === 'string' ? utf8Length(input) : input.byteLength;
  const large = tooLarge(bytes);
  if (large) return { ok: false, errors: [large] };
  if (typeof input === 'string') return parseJson(input);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(input);
  } catch {
    return { ok: false, errors: invalidUtf8(input) };
  }
  return parseJson(text);
}

/** Where the bytes that are not UTF-8 are: the strings that decode to U+FFFD. */
function invalidUtf8(bytes: Uint8Array): string[] {
  const general =
    'The file contains bytes that are not valid text (invalid UTF-8): it is damaged, or it is not a Tableside backup.';
  const parsed = parseJson(new TextDecoder('utf-8').decode(bytes));
  if (!parsed.ok) return [general];
  const problems = new Problems();
  const path: PathPart[] = [];
  const walk = (node: unknown, depth: number): void => {
    if (problems.full || depth > MAX_DEPTH) return;
    if (typeof node === 'string') {
      if (node.includes('\uFFFD')) {
        problems.add(pathText(path), 'contains bytes that are not valid text (invalid UTF-8)');
      }
      return;
    }
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        path.push(i);
        walk(node[i], depth + 1);
        path.pop();
      }
      return;
    }
    for (const key of Object.keys(node)) {
      path.push(key);
      if (key.includes('\uFFFD')) {
        problems.add(
          pathText(path),
          'this field’s name contains bytes that are not valid text (invalid UTF-8)'
        );
      }
      walk((node as Record<string, unknown>)[key], depth + 1);
      path.pop();
    }
  };
  walk(parsed.value, 0);
  return problems.any ? problems.list : [general];
}

function utf8Length(text: string): number {
  // Counting beats encoding: a 30 MB string need not be copied to learn its size.
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function parseJson(text: string): ReadResult {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const message = (e as Error).message;
    const at = /position (\d+)/.exec(message);
    const atEnd = at !== null && Number(at[1]) >= text.trimEnd().length - 1;
    if (/end of (JSON )?(input|data)|Unterminated/i.test(message) || atEnd || text.trim().length === 0) {
      return {
        ok: false,
        errors: ['The file ends too early: it looks cut off. Export the backup again and retry.']
      };
    }
    const where = at ? ` near character ${Number(at[1]).toLocaleString('en')}` : '';
    return {
      ok: false,
      errors: [`The file is not a readable backup (it is not valid JSON${where}).`]
    };
  }
}

/**
 * Problems no record check sees: prototype-polluting keys, absurdly deep nesting, huge strings.
 * One walk over `value`, found at `where`; linear in its size.
 */
export function structuralProblems(value: unknown, where: Where): void {
  if (typeof value === 'string') {
    if (value.length > MAX_TEXT) {
      where.add(
        `text is too long (${value.length.toLocaleString('en')} characters; at most ${MAX_TEXT.toLocaleString('en')})`
      );
    }
    return;
  }
  if (!value || typeof value !== 'object' || where.full) return;
  if (where.depth > MAX_DEPTH) return void where.add('nested too deeply');
  // JSON only makes plain objects and lists; a value read from a shared copy (Yjs) can be bytes,
  // or an object whose "__proto__" key became its prototype. Neither is a person's data.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== Array.prototype && proto !== null)
    return void where.add('this value is not plain data');
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      where.push(i);
      structuralProblems(value[i], where);
      where.pop();
    }
    return;
  }
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    if (FORBIDDEN_KEYS.has(key)) where.add('this key is not allowed in a backup', key);
    else {
      where.push(key);
      structuralProblems((value as Record<string, unknown>)[key], where);
      where.pop();
    }
  }
}
