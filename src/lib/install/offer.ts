/**
 * The browser side of the install offer: how the app is running, "Not now", and whether the
 * home screen offers it now. Loaded only after the home screen's first paint (src/lib/ui/home-notes.ts).
 */
import { afterAGame, isInstalled, isIosSafari, snoozed, SNOOZED_KEY } from './detect';
import { install, promptArrived } from './state.svelte';

export function iosSafari(): boolean {
  return isIosSafari(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}

/** Installed, by every sign the browser gives. */
export async function installed(): Promise<boolean> {
  if (install.installed) return true;
  const mode = (m: string) => matchMedia(`(display-mode: ${m})`).matches;
  const nav = navigator as Navigator & {
    standalone?: boolean;
    getInstalledRelatedApps?: () => Promise<unknown[]>;
  };
  let related = false;
  try {
    related = ((await nav.getInstalledRelatedApps?.()) ?? []).length > 0;
  } catch {
    // Not allowed here (a frame, an insecure origin): the display mode still says.
  }
  return isInstalled({
    standalone: mode('standalone') || mode('fullscreen') || mode('minimal-ui'),
    iosStandalone: nav.standalone === true,
    relatedInstalled: related
  });
}

function laterAt(): number | undefined {
  try {
    const v = localStorage.getItem(SNOOZED_KEY);
    return v === null ? undefined : Number(v);
  } catch {
    return undefined;
  }
}

/** "Not now": the home screen leaves the offer out for a week. Kept on this phone only. */
export function notNow(now = Date.now()): void {
  try {
    localStorage.setItem(SNOOZED_KEY, String(now));
  } catch {
    // Storage blocked: the offer goes for this visit, and may come back on the next.
  }
}

/**
 * Whether the home screen offers to install now: after a game (finished, archived, or played and
 * left), not installed, not "Not now" this week, and the browser can install (its prompt arrived,
 * or it is Safari on an iPhone or iPad). Waits for the prompt; on a browser that never sends one
 * it never resolves true, and the offer's code is never loaded.
 */
export async function homeOffers(
  games: readonly { status: string; head: number; deletedAt?: number }[]
): Promise<boolean> {
  if (!afterAGame(games) || snoozed(laterAt(), Date.now()) || (await installed())) return false;
  if (!iosSafari()) await promptArrived;
  return !(await installed());
}
