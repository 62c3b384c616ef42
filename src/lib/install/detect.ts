/**
 * When Tableside offers to be installed, decided from what the browser says about itself. Pure:
 * everything it reads is passed in, so it is tested without a browser.
 */

/** How long "Not now" keeps the offer away. */
export const SNOOZE_MS = 7 * 24 * 60 * 60 * 1000;

/** localStorage keys: when "Not now" was pressed. Nothing else is kept, and nothing leaves the phone. */
export const SNOOZED_KEY = 'tableside:install-later';

/**
 * Safari on an iPhone or iPad, the only way there to add a site to the Home Screen with its own
 * storage kept. iPadOS Safari says it is a Mac ("Macintosh"), so a Mac that takes several touch
 * points is an iPad (no Mac has a touch screen). Chrome, Firefox, Edge and Opera on iOS name
 * themselves (CriOS, FxiOS, EdgiOS, OPiOS), as do the apps with a browser inside (Google, Facebook,
 * Instagram): they are not Safari and get no Safari instructions.
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const apple = /\b(iPhone|iPad|iPod)\b/.test(userAgent);
  const iPadAsMac = /\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1;
  if (!apple && !iPadAsMac) return false;
  if (/\b(CriOS|FxiOS|EdgiOS|OPiOS|GSA|FBAN|FBAV|Instagram|Line)\b/.test(userAgent)) return false;
  return /\bVersion\/[\d.]+.*\bSafari\//.test(userAgent);
}

/** What the browser says about how the app is running. */
interface Running {
  /** matchMedia('(display-mode: standalone)') (or fullscreen, minimal-ui: an installed window). */
  standalone: boolean;
  /** iOS Safari's own flag for a Home Screen app. */
  iosStandalone: boolean;
  /** navigator.getInstalledRelatedApps() found this app installed (where it exists). */
  relatedInstalled: boolean;
}

export function isInstalled(r: Running): boolean {
  return r.standalone || r.iosStandalone || r.relatedInstalled;
}

/** "Not now" was pressed less than a week ago (a time in the future, a changed clock, counts as now). */
export function snoozed(laterAt: number | undefined, now: number): boolean {
  if (laterAt === undefined || !Number.isFinite(laterAt)) return false;
  return now - Math.min(laterAt, now) < SNOOZE_MS;
}

/**
 * The moment on the home screen: a game finished, archived, or played and left for later (the
 * person is on the home screen, so not mid-turn). A game only set up, with no step taken, is not.
 */
export function afterAGame(games: readonly { status: string; head: number; deletedAt?: number }[]): boolean {
  return games.some((g) => g.deletedAt === undefined && (g.status !== 'active' || g.head > 0));
}
