/**
 * A double tap counts once, everywhere in a game screen: the second click of a double tap (the
 * browser counts it in `detail`, or it lands within the double-tap time at the same spot) is
 * swallowed before any button sees it. Controls where repeating is the point (number pad keys,
 * counter steps) carry `data-repeat`. Keyboard activation (detail 0) always goes through.
 */
export const DOUBLE_TAP_MS = 300;
const SLOP_PX = 32;

export function isDoubleTap(
  click: { detail: number; timeStamp: number; clientX: number; clientY: number },
  last: { timeStamp: number; clientX: number; clientY: number } | undefined
): boolean {
  if (click.detail === 0) return false;
  if (click.detail > 1) return true;
  if (!last) return false;
  return (
    click.timeStamp - last.timeStamp < DOUBLE_TAP_MS &&
    Math.abs(click.clientX - last.clientX) < SLOP_PX &&
    Math.abs(click.clientY - last.clientY) < SLOP_PX
  );
}

/** Svelte action: `<div use:singleTaps>` guards every button inside it. */
export function singleTaps(node: HTMLElement): { destroy(): void } {
  let last: { timeStamp: number; clientX: number; clientY: number } | undefined;
  let lastLabel: HTMLLabelElement | null = null;
  const onclick = (e: MouseEvent) => {
    const target = e.target as Element | null;
    const repeatable = target?.closest?.('[data-repeat]');
    // A tap on a label clicks its control a moment later, at the same spot: that is one tap.
    const fromLabel = lastLabel !== null && lastLabel.control === target;
    if (!repeatable && !fromLabel && isDoubleTap(e, last)) {
      e.stopImmediatePropagation();
      e.preventDefault();
      return;
    }
    lastLabel = fromLabel ? null : (target?.closest?.('label') ?? null);
    if (e.detail > 0) last = { timeStamp: e.timeStamp, clientX: e.clientX, clientY: e.clientY };
  };
  node.addEventListener('click', onclick, true);
  return { destroy: () => node.removeEventListener('click', onclick, true) };
}
