/**
 * The way back to a game from the rules. Opened from a game's step help, the rules carry
 * ?from=/play/<id>; the game is also remembered for the tab (sessionStorage), so every link
 * followed from there keeps its "Back to the game" (an installed app has no browser back). It is
 * forgotten as soon as the person is anywhere but the rules.
 */
const KEY = 'tableside:return-to-game';
const GAME_PATH = /^\/play\/[A-Za-z0-9_-]+$/;

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function rememberGame(path: string): void {
  if (GAME_PATH.test(path)) storage()?.setItem(KEY, path);
}

export function forgetGame(): void {
  storage()?.removeItem(KEY);
}

/** The game to go back to from this rules URL, if any: only ever a path inside the app. */
export function gameToReturnTo(url: URL): string | undefined {
  const from = url.searchParams.get('from');
  if (from && GAME_PATH.test(from)) {
    rememberGame(from);
    return from;
  }
  const kept = storage()?.getItem(KEY);
  return kept && GAME_PATH.test(kept) ? kept : undefined;
}
