/**
 * Opening a game file ("Send this game as a file" on another phone), wherever it comes from:
 * chosen in Settings, shared to Tableside (the service worker keeps it for /open, which asks
 * the person first), or tapped in the phone's files (installed Chromium's launch queue). One
 * path, one set of checks (sync/game-file.ts, the backup's own): a file that is not a game file,
 * or a damaged one, is refused in plain words and changes nothing.
 */
import { getDb } from './database.svelte';
import type { IncomingGame } from '$lib/sync/game-file';

export type Opened = { ok: true; id: string } | { ok: false; message: string };
export type Checked = { ok: true; game: IncomingGame } | { ok: false; message: string };

export const NOT_A_GAME_FILE = 'This is not a game file from “Send this game”.';
/** Far above any real game's file (a backup may be as large). */
const MAX_FILE_BYTES = 32 * 1024 * 1024;

/** Reads and checks a game file; stores nothing. */
export async function checkGameFileFrom(file: Blob): Promise<Checked> {
  if (file.size > MAX_FILE_BYTES) {
    return { ok: false, message: 'This file is far too large to be a game file.' };
  }
  let text: string;
  try {
    text = await file.text();
  } catch {
    return {
      ok: false,
      message: 'The file could not be read: it may have been moved or deleted since it was chosen.'
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: NOT_A_GAME_FILE };
  }
  const [{ checkGameFile }, { logicFor }] = await Promise.all([
    import('$lib/sync/game-file'),
    import('$lib/games/registry')
  ]);
  const checked = await checkGameFile(parsed, logicFor);
  return checked.ok ? checked : { ok: false, message: checked.message };
}

/** Stores a game file that passed the checks: merged into its game here, or a new one. */
export async function storeGameFile(game: IncomingGame): Promise<Opened> {
  const { storeIncoming } = await import('$lib/sync/share');
  return storeIncoming(await getDb(), game);
}

/** Checks a game file, then stores it. */
export async function openGameFileFrom(file: Blob): Promise<Opened> {
  const checked = await checkGameFileFrom(file);
  return checked.ok ? storeGameFile(checked.game) : checked;
}

/** Where the service worker keeps a file shared to Tableside until /open reads it. */
const SHARED = { cache: 'tableside-shared-file', key: '/shared-file' };

/**
 * What the service worker kept of a share: the file, the words shared instead of one (a join
 * link, or anything else), or why it kept nothing (a POST that did not come from the phone's
 * share sheet: static/share-target.js).
 */
export type SharedFile = { file: Blob; name: string } | { text: string } | { refused: string } | undefined;

/** Shared words that hold no join link: said plainly, not tried as a file. */
export const NEITHER_FILE_NOR_LINK =
  'What was shared is text, not a game file and not a link to join a game, so there is nothing to open. Share the game file (“Send this game as a file”) or the join link (“Play on several phones”).';
/** The share sheet sent nothing the app can use. */
export const NOTHING_SHARED = 'Nothing came with the share: no game file and no join link.';
/** /open reached with nothing to open (typed, a bookmark, the app opened without a file). */
export const NOTHING_TO_OPEN =
  'There is nothing to open: no game file was given. Open one from Settings → “Open a game file…”.';

/** The file shared to Tableside, taken (read once, then gone); undefined when none came. */
export async function takeSharedFile(): Promise<SharedFile> {
  if (typeof caches === 'undefined') return undefined;
  const cache = await caches.open(SHARED.cache);
  const response = await cache.match(SHARED.key);
  if (!response) return undefined;
  await cache.delete(SHARED.key);
  const refused = response.headers.get('x-refused');
  if (refused) return { refused };
  if (response.headers.get('x-shared') === 'text') return { text: await response.text() };
  const file = await response.blob();
  return { file, name: decodeURIComponent(response.headers.get('x-file-name') ?? '') };
}
