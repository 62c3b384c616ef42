/**
 * Keeps the screen awake while a game is open, if the person wants it. The browser drops the
 * lock whenever the tab is hidden, so it is asked for again when the tab comes back.
 */
type WakeStatus = 'off' | 'on' | 'unsupported' | 'refused';

export const wake = $state<{ status: WakeStatus }>({ status: 'off' });

let sentinel: WakeLockSentinel | undefined;
let wanted = false;

async function acquire(): Promise<void> {
  if (!wanted) return;
  if (typeof navigator === 'undefined' || !('wakeLock' in navigator)) {
    wake.status = 'unsupported';
    return;
  }
  if (document.visibilityState !== 'visible') return;
  try {
    sentinel = await navigator.wakeLock.request('screen');
    wake.status = 'on';
    sentinel.addEventListener('release', () => {
      sentinel = undefined;
      if (wake.status === 'on') wake.status = 'off';
    });
  } catch {
    wake.status = 'refused';
  }
}

function onVisibility(): void {
  if (document.visibilityState === 'visible' && wanted && !sentinel) void acquire();
}

/** Call with true when a game screen opens (and the setting is on), false when it closes. */
export function keepAwake(on: boolean): void {
  if (typeof document === 'undefined') return;
  if (on === wanted) return;
  wanted = on;
  if (on) {
    document.addEventListener('visibilitychange', onVisibility);
    void acquire();
  } else {
    document.removeEventListener('visibilitychange', onVisibility);
    void sentinel?.release().catch(() => {});
    sentinel = undefined;
    wake.status = 'off';
  }
}

export const WAKE_HELP =
  'This browser cannot keep the screen on by itself. To stop the phone from sleeping mid-game, set a longer screen timeout (auto-lock) in the phone’s display settings.';
