/**
 * Back and Escape close what is open first (a number sheet, a menu, the history, a dialog), and
 * only then leave the game (DESIGN, "Table-proof"). Each thing that opens over the game says so
 * here (`closeOnBack`): it gets a history entry of its own (SvelteKit's shallow `pushState`, on
 * the same address), so the phone's Back pops that entry and closes it instead of leaving the
 * page; Escape does the same from a keyboard. Closed by its own button, it takes its entry back
 * (`history.back()`), so the history holds no entry for a sheet no longer open.
 *
 * One stack for the page: what opened last closes first.
 */
import { pushState } from '$app/navigation';
import { page } from '$app/state';

interface Opened {
  close: () => void;
}

const stack: Opened[] = [];
/** Entries this stack took back itself, whose popstate must close nothing. */
let poppingOwn = 0;

/**
 * Listening starts when this module loads, on the pages that show a game (a real side effect:
 * it also keeps the module out of the small-chunk merge that would carry it into the first
 * paint of pages that never open anything over a game).
 */
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    if (poppingOwn > 0) {
      poppingOwn--;
      return;
    }
    // Back (or Forward) moved to an entry that holds fewer things open: close the ones above it.
    const depth = (page.state as { open?: number }).open ?? 0;
    while (stack.length > depth) stack.pop()!.close();
  });
  window.addEventListener('keydown', (e) => {
    // A field or control that handled Escape itself (a counter's box cancelling) says so.
    if (e.key !== 'Escape' || e.defaultPrevented || stack.length === 0) return;
    e.preventDefault();
    history.back();
  });
}

/**
 * Says that something is open over the page and how to close it; returns what to call when it
 * closes by itself (its Close button, a choice made), which takes its history entry back.
 */
export function closeOnBack(close: () => void): () => void {
  const opened: Opened = { close };
  stack.push(opened);
  let pushed = false;
  if (inBrowser()) {
    try {
      pushState('', { ...(page.state as object), open: stack.length });
      pushed = true;
    } catch {
      // Before the router has started (a page still loading): Escape still closes it.
    }
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const at = stack.indexOf(opened);
    if (at < 0) return; // closed by Back already
    stack.splice(at, 1);
    // Its entry is the newest when it was the top: take it back so Back does not land on it.
    if (pushed && at === stack.length && (page.state as { open?: number }).open === at + 1) {
      poppingOwn++;
      history.back();
    }
  };
}

const inBrowser = () => typeof window !== 'undefined' && typeof history !== 'undefined';

/**
 * Forgets whatever is still open without touching the history: the page that held it is going
 * (its entries stay, landing on the same page with nothing open).
 */
export function clearBackStack(): void {
  stack.length = 0;
}

/** A sheet, menu or dialog of the page: open or not, closed by Back and Escape first. */
export class Overlay {
  isOpen = $state(false);
  private entry: Opened | undefined;
  private release: (() => void) | undefined;

  show = () => {
    if (this.isOpen) return;
    this.isOpen = true;
    this.release = closeOnBack(() => this.shut());
    this.entry = stack.at(-1);
  };

  hide = () => {
    if (!this.isOpen) return;
    const release = this.release;
    this.shut();
    release?.();
  };

  toggle = () => (this.isOpen ? this.hide() : this.show());

  /**
   * Closes this one and opens `next` in its place, on the same history entry (a menu item that
   * opens a sheet): Back then closes the sheet, and no entry is taken back and pushed at once.
   */
  passTo = (next: Overlay) => {
    if (!this.isOpen || !this.entry || next.isOpen) return next.show();
    const entry = this.entry;
    const release = this.release;
    this.entry = this.release = undefined;
    this.isOpen = false;
    entry.close = () => next.shut();
    next.entry = entry;
    next.release = release;
    next.isOpen = true;
  };

  private shut() {
    this.isOpen = false;
    this.entry = this.release = undefined;
  }
}
