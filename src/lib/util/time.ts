/**
 * Made on first use, never when the module loads: a browser builds a RelativeTimeFormat from its
 * locale data, which took 20-80 ms on the main thread of a page's start (on every page that
 * loads this module with the game registry, the new-game and play screens included).
 */
let rtf: Intl.RelativeTimeFormat | undefined | null = null;
function formatter(): Intl.RelativeTimeFormat | undefined {
  if (rtf === null)
    rtf = typeof Intl !== 'undefined' ? new Intl.RelativeTimeFormat('en', { numeric: 'auto' }) : undefined;
  return rtf;
}

/** "just now", "5 minutes ago", "yesterday", or a date for older times. */
export function relativeTime(time: number, now = Date.now()): string {
  const seconds = Math.round((time - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  const rtf = formatter();
  if (!rtf) return new Date(time).toLocaleString();
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86400) return rtf.format(Math.round(seconds / 86400), 'day');
  return new Date(time).toLocaleDateString();
}

/** How long opening saved games may take before the person is offered a way out. */
export const OPEN_PATIENCE_MS = 8000;

export class TookTooLongError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TookTooLongError';
  }
}

/**
 * The promise's answer, or a TookTooLongError with `message` once `ms` have passed. The work
 * itself is not cancelled (a browser cannot cancel an IndexedDB open); the person just stops
 * waiting for it.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TookTooLongError(message)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
