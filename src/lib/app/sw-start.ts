/**
 * Loaded by every page after its first paint (updates.svelte.ts): registers the service worker,
 * starts listening for the browser's install prompt, and, on the first start after an update was
 * taken, says in one line what changed (the top entry of CHANGELOG.md, read by the build).
 */
import { registerSW } from 'virtual:pwa-register';
import { listenForInstall } from '$lib/install/state.svelte';
import { showToast } from './toasts.svelte';

/** Set when the person presses Update, read once by the version that starts next. */
const UPDATED_KEY = 'tableside:updated';
const HOUR = 60 * 60 * 1000;

let apply: ((reload?: boolean) => Promise<void>) | undefined;

export function start(updates: { available: boolean; offlineReady: boolean }): void {
  listenForInstall();
  sayWhatChanged();
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
