/**
 * `use:radioGroup` on an element with role="radiogroup" (a row of choices drawn as buttons with
 * role="radio"): the WAI-ARIA radio pattern. The group is one Tab stop, on the chosen option
 * (the first, while none is); the arrow keys, Home and End move to another and choose it, as
 * native radio buttons do. An option marked aria-disabled is passed over.
 */
const options = (group: HTMLElement) =>
  [...group.querySelectorAll<HTMLElement>('[role=radio]')].filter(
    (o) => o.closest('[role=radiogroup]') === group && !(o as HTMLButtonElement).disabled
  );

/** `move: false`: the arrows only move (choosing closes the chooser: Space or Enter chooses). */
export function radioGroup(group: HTMLElement, settings: { move?: boolean } = {}) {
  // One Tab stop: the chosen option, else the first; every other leaves Tab alone.
  const settle = () => {
    const all = options(group);
    const stop = all.find((o) => o.getAttribute('aria-checked') === 'true') ?? all[0];
    for (const o of all) o.tabIndex = o === stop ? 0 : -1;
  };
  const keydown = (e: KeyboardEvent) => {
    const all = options(group).filter((o) => o.getAttribute('aria-disabled') !== 'true');
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (at < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
    const step: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };
    let to: number | undefined;
    if (e.key in step) to = (at + step[e.key] + all.length) % all.length;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = all.length - 1;
    if (to === undefined) return;
    e.preventDefault();
    all[to].focus();
    if (settings.move !== false) all[to].click();
  };
  settle();
  // The chosen option changes (a tap, the arrows, the game), or options come and go.
  const watch = new MutationObserver(settle);
  watch.observe(group, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-checked']
  });
  group.addEventListener('keydown', keydown);
  return {
    destroy() {
      watch.disconnect();
      group.removeEventListener('keydown', keydown);
    }
  };
}
