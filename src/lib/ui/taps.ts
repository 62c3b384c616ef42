/**
 * A double tap counts once, everywhere in a game screen: the second click of a double tap (the
 * browser counts it in `detail`, or it lands within the double-tap time at the same spot) is
 * swallowed before any button sees it. Controls where repeating is the point (number pad keys,
 * counter steps) carry `data-repeat`. Keyboard activation (detail 0) always goes through.
 */
import { DOUBLE_TAP_MS, DOUBLE_TAP_SLOP_PX } from './double-tap';
export { DOUBLE_TAP_MS, DOUBLE_TAP_SLOP_PX };

function isDoubleTap(
  click: { detail: number; timeStamp: number; clientX: number; clientY: number },
  last: { timeStamp: number; clientX: number; clientY: number } | undefined
): boolean {
  if (click.detail === 0) return false;
  if (click.detail > 1) return true;
  if (!last) return false;
  return (
    click.timeStamp - last.timeStamp < DOUBLE_TAP_MS &&
    Math.abs(click.clientX - last.clientX) < DOUBLE_TAP_SLOP_PX &&
    Math.abs(click.clientY - last.clientY) < DOUBLE_TAP_SLOP_PX
  );
}

/**
 * Whether a press should leave focus where it is: a press on a button, unless a field is being
 * typed in elsewhere. A tapped button that takes focus costs its tap twice over: the focus change
 * restyles the page, and when the tap's own result removes that button (Resolve, Next, ✓ Done)
 * the browser moves focus off it again in the same frame (blur and focus-out events, about 1 ms at
 * 4× CPU). Nobody types at a button they tapped. A field being typed in keeps the cursor when the
 * button is part of its own form (a number pad's keys, as a phone's keyboard would), and loses it
 * to any other, so that its edit is saved (a counter's typed total) before the tapped button acts.
 */
function pressKeepsFocus(target: Element | null, active: Element | null): boolean {
  if (!target?.closest?.('button')) return false;
  if (!active) return true;
  const typing = active.matches('input, textarea, select') || (active as HTMLElement).isContentEditable;
  return !typing || (active.closest('form')?.contains(target) ?? false);
}

/**
 * Svelte action: `<div use:singleTaps>` guards every button inside it, and a press on one of them
 * moves no focus (see `pressKeepsFocus`). Keyboard focus is untouched: Tab and Enter work as ever.
 */
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
  const onpress = (e: MouseEvent) => {
    if (pressKeepsFocus(e.target as Element | null, document.activeElement)) e.preventDefault();
  };
  node.addEventListener('click', onclick, true);
  node.addEventListener('mousedown', onpress);
  return {
    destroy() {
      node.removeEventListener('click', onclick, true);
      node.removeEventListener('mousedown', onpress);
    }
  };
}
