/**
 * Which game each recently opened game id is, kept in localStorage: a page load of a game's
 * address can then start loading that game's code at once, alongside opening the database,
 * instead of after reading the game's record. Only a hint: a wrong or missing one costs nothing
 * but that head start (openSession always reads the record).
 */
import { gameById } from '../games/registry';

const KEY = 'tableside.game-of';
/** Enough for the games anyone returns to; the oldest are forgotten first. */
const KEEP = 40;

function read(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rememberGameOf(id: string, game: string): void {
  try {
    const known = read();
    // Already the newest: nothing to write (an open of the same game again).
    if (known[id] === game && Object.keys(known).at(-1) === id) return;
    delete known[id];
    const kept = Object.entries(known).slice(-(KEEP - 1));
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries([...kept, [id, game]])));
  } catch {
    // Private browsing or storage refused: opens are only a little slower.
  }
}

/** Starts loading the code of the game this id was last opened as, if known. */
export function preloadGameOf(id: string): void {
  let game: string | undefined;
  try {
    game = read()[id];
  } catch {
    return;
  }
  const entry = typeof game === 'string' ? gameById(game) : undefined;
  // The module system keeps the import: openSession's own load() gets the same one.
  entry?.load().catch(() => {});
}
