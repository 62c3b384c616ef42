/**
 * Loaded by every page after its first paint (updates.svelte.ts): registers the service worker,
 * starts listening for the browser's install prompt, and, on the first start after an update was
 * taken, says in one line what changed (the top entry of CHANGELOG.md, read by the build).
 */
import { registerSW } from 'virtual:pwa-register';
import { listenForInstall } from '$lib/install/state.svelte';
import { showToast } from './toasts.svelte';
import { browserQuiet, whenQuiet } from '$lib/util/quiet';

/** Set when the person presses Update, read once by the version that starts next. */
const UPDATED_KEY = 'tableside:updated';
const HOUR = 60 * 60 * 1000;

let apply: ((reload?: boolean) => Promise<void>) | undefined;

/**
 * How long the person and the page stay quiet before a first install starts. The install fetches
 * and stores the whole app (about 600 KB in 124 files, one after another, for a few seconds); at
 * 4× CPU on two cores it made the first open of a long game about a fifth slower (medians 1,050
 * against 850 ms with no worker), and the first word typed into rules search the slowest of all.
 */
const FIRST_INSTALL_QUIET_MS = 3000;

export function start(updates: { available: boolean; offlineReady: boolean }): void {
  listenForInstall();
  sayWhatChanged();
  // A page the worker already controls registers at once: that only asks whether sw.js changed.
  // A first visit installs the app once the person pauses, or leaves the page.
  if (navigator.serviceWorker.controller) register(updates);
  else whenQuiet(() => register(updates), FIRST_INSTALL_QUIET_MS, browserQuiet());
}

function register(updates: { available: boolean; offlineReady: boolean }): void {
  apply = registerSW({
    immediate: true,
    onNeedRefresh() {
      updates.available = true;
    },
    onOfflineReady() {
      updates.offlineReady = true;
    },
    onRegisteredSW(_url, registration) {
      // Look for a new version now and then; finding one only raises the prompt.
      if (registration) setInterval(() => navigator.onLine && registration.update().catch(() => {}), HOUR);
    }
  });
}

function sayWhatChanged(): void {
  try {
    if (!localStorage.getItem(UPDATED_KEY)) return;
    localStorage.removeItem(UPDATED_KEY);
  } catch {
    return; // storage blocked: nothing was marked, nothing to say
  }
  showToast(`Tableside is up to date. New: ${__APP_CHANGE__}`, { ms: 10_000, key: 'updated' });
}

/** The person accepted: activate the waiting version and reload into it. */
export async function applyUpdate(): Promise<void> {
  try {
    localStorage.setItem(UPDATED_KEY, '1');
  } catch {
    // Storage blocked: the update is still taken, only its line is not said.
  }
  // Reload as soon as the new version takes over. workbox-window only reports that for an update
  // it found itself, not for one the browser's own periodic check found, so listen directly too.
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  // A page the old version never controlled (the very first visit) has nothing to hand over:
  // the new version is already active, so a plain reload takes it.
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.waiting || !navigator.serviceWorker.controller) {
    location.reload();
    return;
  }
  await apply?.(true);
}
