import { settings } from './settings.svelte';

/** A short tick on a change, when the person wants it and the phone can. */
export function tick(strength: 'light' | 'strong' = 'light'): void {
  if (!settings.haptics || typeof navigator === 'undefined' || !navigator.vibrate) return;
  navigator.vibrate(strength === 'light' ? 8 : [12, 40, 12]);
}
