/**
 * Live settings for the app: read from IndexedDB (and kept in step across tabs with liveQuery),
 * written back on change, applied to the document (theme, text size) and mirrored to
 * localStorage so static/boot.js can apply them before the first paint.
 */
import { DEFAULT_SETTINGS, settingsFromRows, type Settings } from '../settings/schema';
import { getDb, watch } from './database.svelte';

export const settings = $state<Settings>({ ...DEFAULT_SETTINGS });
const settingsState = $state({ loaded: false });

let started = false;
/**
 * Changes made here whose write has not landed yet. A database read that finishes in between
 * (the write of an earlier change, another tab) must not put the old value back on screen.
 */
const pending = new Map<keyof Settings, unknown>(); // eslint-disable-line svelte/prefer-svelte-reactivity -- nothing draws it

export function startSettings(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  watch((db) => db.settings.toArray(), {
    next(rows) {
      Object.assign(settings, settingsFromRows(rows), Object.fromEntries(pending));
      settingsState.loaded = true;
      applyToDocument(settings);
    },
    error() {
      settingsState.loaded = true;
    }
  });
}

export async function setSetting<K extends keyof Settings>(key: K, value: Settings[K]): Promise<void> {
  settings[key] = value;
  applyToDocument(settings);
  pending.set(key, value);
  try {
    const db = await getDb();
    await db.settings.put({ key, value });
  } finally {
    // A later change of the same setting owns the entry now.
    if (pending.get(key) === value) pending.delete(key);
  }
}

function applyToDocument(s: Settings): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  if (s.theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = s.theme;
  if (s.textSize === 'normal') delete root.dataset.textSize;
  else root.dataset.textSize = s.textSize;
  try {
    localStorage.setItem('tableside:theme', s.theme);
    localStorage.setItem('tableside:textSize', s.textSize);
  } catch {
    // Storage may be blocked; boot.js then falls back to the defaults.
  }
}
