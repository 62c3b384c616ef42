/**
 * The service worker and the update flow. A new version waits quietly; the person sees an
 * "Update available" prompt and the app reloads only when they accept. Registered from a module
 * of ours (sw-start.ts, loaded after the first paint), so no inline script is needed and a
 * strict CSP holds.
 */
export const updates = $state<{ available: boolean; offlineReady: boolean }>({
  available: false,
  offlineReady: false
});

export async function startServiceWorker(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  (await import('./sw-start')).start(updates);
}

/** The person accepted: activate the waiting version and reload into it. */
export async function applyUpdate(): Promise<void> {
  updates.available = false;
  await (await import('./sw-start')).applyUpdate();
}
