/**
 * Opening a game file ("Send this game as a file" on another phone), wherever it comes from:
 * chosen in Settings, shared to Tableside (the service worker keeps it for /open), or tapped in
 * the phone's files (installed Chromium's launch queue). One path, one set of checks: a file that
 * is not a game file, or a damaged one, is refused in plain words and changes nothing.
 */
import { getDb } from './database.svelte';

export type Opened = { ok: true; id: string } | { ok: false; message: string };

export const NOT_A_GAME_FILE = 'This is not a game file from “Send this game”.';

export async function openGameFileFrom(file: Blob): Promise<Opened> {
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
    parsed = undefined;
  }
  const { isGameFile, openGameFile } = await import('$lib/sync/share');
  if (!isGameFile(parsed)) return { ok: false, message: NOT_A_GAME_FILE };
  return openGameFile(await getDb(), parsed);
}

/** Where the service worker keeps a file shared to Tableside until /open reads it. */
const SHARED = { cache: 'tableside-shared-file', key: '/shared-file' };

/** The file shared to Tableside, taken (read once, then gone); undefined when none came. */
export async function takeSharedFile(): Promise<{ file: Blob; name: string } | undefined> {
  if (typeof caches === 'undefined') return undefined;
  const cache = await caches.open(SHARED.cache);
  const response = await cache.match(SHARED.key);
  if (!response) return undefined;
  const file = await response.blob();
  await cache.delete(SHARED.key);
  return { file, name: decodeURIComponent(response.headers.get('x-file-name') ?? '') };
}
