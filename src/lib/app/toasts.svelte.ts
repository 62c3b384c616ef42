/** Short messages at the bottom of the screen, optionally with an Undo button. */
export interface Toast {
  id: number;
  message: string;
  /** Label and handler of the toast's action (usually Undo). */
  action?: { label: string; run: () => void | Promise<void> };
  kind: 'info' | 'error';
}

export const toasts = $state<Toast[]>([]);
let next = 1;

export function showToast(
  message: string,
  options: { action?: Toast['action']; kind?: Toast['kind']; ms?: number; onExpire?: () => void } = {}
): number {
  const id = next++;
  toasts.push({ id, message, action: options.action, kind: options.kind ?? 'info' });
  setTimeout(
    () => {
      if (dismissToast(id)) options.onExpire?.();
    },
    options.ms ?? (options.action ? 6000 : 3500)
  );
  return id;
}

/** Removes a toast; returns false when it was already gone. */
export function dismissToast(id: number): boolean {
  const i = toasts.findIndex((t) => t.id === id);
  if (i < 0) return false;
  toasts.splice(i, 1);
  return true;
}
