/**
 * Short messages at the bottom of the screen, optionally with an Undo button. Messages do not
 * stack up: a new toast replaces one of the same `key` (errors share one key by default), and the
 * same message shown again only restarts its timer.
 */
interface Toast {
  id: number;
  message: string;
  /** Label and handler of the toast's action (usually Undo). */
  action?: { label: string; run: () => void | Promise<void> };
  kind: 'info' | 'error';
  key?: string;
}

export const toasts = $state<Toast[]>([]);
let next = 1;
// Not state: the timers behind the toasts, never drawn.
const timers = new Map<number, ReturnType<typeof setTimeout>>(); // eslint-disable-line svelte/prefer-svelte-reactivity

export function showToast(
  message: string,
  options: {
    action?: Toast['action'];
    kind?: Toast['kind'];
    ms?: number;
    onExpire?: () => void;
    /** Replaces a toast showing with the same key. */
    key?: string;
  } = {}
): number {
  const kind = options.kind ?? 'info';
  const key = options.key ?? (kind === 'error' ? 'error' : undefined);
  const same = toasts.find(
    (t) => (key !== undefined && t.key === key) || (t.message === message && !t.action)
  );
  if (same) {
    clearTimeout(timers.get(same.id));
    dismissToast(same.id);
  }
  const id = next++;
  toasts.push({ id, message, action: options.action, kind, ...(key ? { key } : {}) });
  timers.set(
    id,
    setTimeout(
      () => {
        if (dismissToast(id)) options.onExpire?.();
      },
      options.ms ?? (options.action ? 6000 : 3500)
    )
  );
  return id;
}

/** Removes a toast; returns false when it was already gone. */
export function dismissToast(id: number): boolean {
  timers.delete(id);
  const i = toasts.findIndex((t) => t.id === id);
  if (i < 0) return false;
  toasts.splice(i, 1);
  return true;
}
