/**
 * Where keyboard focus goes, kept once for every screen (DESIGN, "Table-proof": focus follows the
 * play). Two rules, for a person using keys (after a tap nothing moves):
 *
 * - A layer (a sheet, a dialog, a menu) takes focus when it opens and, when it closes, gives it
 *   back to what opened it. A layer opened from inside another (a sheet from the ⋯ menu) gives
 *   it back to what opened that one: the menu's items are gone by then.
 * - When a tap's control goes away or turns off under the finger (✓ on the last power, Resolve),
 *   focus goes to what the table most likely needs next: the screen's main action, the first
 *   enabled primary button of the play area; failing that, the play area itself.
 */

const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

interface Layer {
  node: HTMLElement;
  returnTo: HTMLElement | undefined;
}

const layers: Layer[] = [];
/** Layers closed in this frame: one opened from inside them finds whom to give focus back to. */
let closing: Layer[] = [];
/**
 * The last element that had focus. A control removed while focused (a menu item that opened a
 * sheet in the menu's place) leaves focus on the page without a word: this still knows it.
 */
let lastFocused: HTMLElement | undefined;
/**
 * Whether the last thing the person did was with keys. Focus is moved for the keyboard only: a
 * tap moves no focus (taps.ts), so a phone's screen never scrolls to a control nobody asked for.
 */
let byKeyboard = false;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (e) => {
    if (e.target instanceof HTMLElement) lastFocused = e.target;
  });
  document.addEventListener('keydown', () => (byKeyboard = true), true);
  document.addEventListener('pointerdown', () => (byKeyboard = false), true);
}

/** The play area focus falls back to (`id="play"`, tabindex -1), when a page has one. */
const playArea = () => document.getElementById('play') ?? undefined;

/** Shown and usable: in the page, not disabled, not hidden. */
export function usable(el: Element | null | undefined): el is HTMLElement {
  if (!(el instanceof HTMLElement) || !el.isConnected) return false;
  if ((el as HTMLButtonElement).disabled) return false;
  return el.checkVisibility
    ? el.checkVisibility({ visibilityProperty: true })
    : el.getClientRects().length > 0;
}

/** Focus is nowhere a person can act from: on the page itself, or on a control gone or off. */
function focusLost(): boolean {
  const el = document.activeElement;
  return !el || el === document.body || el === document.documentElement || !usable(el);
}

/** The screen's main action: the first enabled primary button shown in the play area. */
function mainAction(root: HTMLElement | undefined = playArea()): HTMLElement | undefined {
  if (!root) return undefined;
  for (const b of root.querySelectorAll<HTMLElement>('button.primary')) if (usable(b)) return b;
  return undefined;
}

/** Moves focus to the main action (else the play area) when it was lost, and shows it. */
export function focusNext(): void {
  if (!byKeyboard || !focusLost()) return;
  const main = mainAction();
  const target = main ?? playArea();
  target?.focus({ preventScroll: true });
  // Brought into view once the step's layout has settled (a sheet closing, a card arriving
  // changes the page under it in the same frame): a focused control nobody can see is lost.
  if (main) requestAnimationFrame(() => main.scrollIntoView({ block: 'nearest' }));
}

/** The first control of a layer to hold focus: its first menu item, else its first control. */
function firstIn(node: HTMLElement): HTMLElement | undefined {
  const items = [...node.querySelectorAll<HTMLElement>('[role^=menuitem]')].filter(usable);
  if (items.length) return items[0];
  return [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].find(usable);
}

/**
 * A layer opens: it takes focus (unless `take` is false: it places focus itself) and keeps Tab
 * inside while `modal`. Returns what to call once it has closed: focus goes back where it came
 * from. Call it before a native dialog's showModal, which moves focus in by itself.
 */
export function holdFocus(
  node: HTMLElement,
  options: { modal?: boolean; take?: boolean } = {}
): (toNext?: boolean) => void {
  const active = focusLost() ? lastFocused : (document.activeElement as HTMLElement);
  const owner = [...layers, ...closing].find((l) => active && l.node !== node && l.node.contains(active));
  const layer: Layer = { node, returnTo: owner ? owner.returnTo : active };
  layers.push(layer);
  if (options.take !== false && !node.contains(document.activeElement))
    (firstIn(node) ?? node).focus({ preventScroll: true });
  const trap = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' || !options.modal) return;
    const all = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(usable);
    if (!all.length) return;
    const [first, last] = [all[0], all[all.length - 1]];
    const wrapTo = e.shiftKey
      ? document.activeElement === first
        ? last
        : undefined
      : document.activeElement === last
        ? first
        : undefined;
    if (!wrapTo) return;
    e.preventDefault();
    wrapTo.focus();
  };
  node.addEventListener('keydown', trap);
  let released = false;
  // `toNext`: closed by finishing what it was for (the last ✓): the play has moved on.
  return (toNext = false) => {
    if (released) return;
    released = true;
    node.removeEventListener('keydown', trap);
    const at = layers.indexOf(layer);
    if (at >= 0) layers.splice(at, 1);
    closing.push(layer);
    // Once the layer has left the page (and whatever closing it changed has painted).
    requestAnimationFrame(() => {
      closing = closing.filter((l) => l !== layer);
      if (!byKeyboard || (!focusLost() && !node.contains(document.activeElement))) return;
      if (!toNext && usable(layer.returnTo)) layer.returnTo.focus({ preventScroll: true });
      else focusNext();
    });
  };
}

/** `use:focusLayer`: holdFocus for a layer that is in the page exactly while it is open. */
export function focusLayer(node: HTMLElement, options: { modal?: boolean } = {}) {
  const release = holdFocus(node, options);
  return { destroy: release };
}

/**
 * `use:modalDialog` on a native `<dialog>` in the page exactly while it is open: shown as a modal
 * (which moves focus in by itself), and focus given back to what opened it once it closes.
 */
export function modalDialog(dialog: HTMLDialogElement) {
  const release = holdFocus(dialog);
  if (!dialog.open) dialog.showModal();
  return { destroy: release };
}

/**
 * Moves focus to a control that just appeared in answer to a key press (an inline question), and
 * back to where it came from when it goes; a tap moves nothing, as everywhere (see above).
 */
export function focusForKeys(el: HTMLElement | undefined): void {
  if (byKeyboard && usable(el)) el.focus({ preventScroll: true });
}
