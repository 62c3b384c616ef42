/**
 * The browser's install prompt, kept from the moment it arrives (Chromium sends
 * `beforeinstallprompt` once per page load, usually before anything offers it), and whether the
 * app was installed from this page. Listened for from src/lib/app/sw-start.ts, which every page
 * loads after its first paint.
 */
import { askForPersistence } from '$lib/app/storage';

/** Chromium's event; not in TypeScript's DOM types. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const install = $state<{ prompt: InstallPromptEvent | undefined; installed: boolean }>({
  prompt: undefined,
  installed: false
});

let listening = false;
let arrived: () => void;
/** Resolves when the browser hands over its install prompt; on a browser that has none, never. */
export const promptArrived = new Promise<void>((resolve) => (arrived = resolve));

export function listenForInstall(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Chromium's own mini-bar would pop up at a moment of its choosing; we offer it at ours.
    event.preventDefault();
    install.prompt = event as InstallPromptEvent;
    arrived();
  });
  window.addEventListener('appinstalled', () => {
    install.installed = true;
    install.prompt = undefined;
    // Installed: the browser now keeps the games for good when asked (Chromium grants it then).
    void askForPersistence();
  });
}
