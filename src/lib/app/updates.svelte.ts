/**
 * The service worker and the update flow. A new version waits quietly; the person sees an
 * "Update available" prompt and the app reloads only when they accept. Registered from this
 * module (bundled), so no inline script is needed and a strict CSP holds.
 */
export const updates = $state<{ available: boolean; offlineReady: boolean }>({
  available: false,
  offlineReady: false
});

let apply: ((reload?: boolean) => Promise<void>) | undefined;
const HOUR = 60 * 60 * 1000;

export async function startServiceWorker(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
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

/** The person accepted: activate the waiting version and reload into it. */
export async function applyUpdate(): Promise<void> {
  updates.available = false;
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
