/**
 * A refusal is said beside the control that was tapped, never in a toast at the bottom of the
 * screen (DESIGN, "Table-proof"): the play screen remembers the control each tap landed on, and
 * when the session refuses the tap's event it puts the reason right under that control's row,
 * in the same card or sheet, as an alert (a screen reader says it at once). The next tap in the
 * game takes it away. Every game gets this from the play screen; a control that shows its own
 * refusals (a counter, a number sheet) says so (`asControl({ inline: true })`) and is left alone.
 */

/** How long after a tap its refusal is still that tap's (a send is synchronous; a margin). */
const TAP_MS = 1500;

export class RefusalBeside {
  private last: { control: Element; at: number } | undefined;
  private note: HTMLElement | undefined;

  /** Svelte action for the game's screen: remembers each tap's control. */
  readonly watch = (node: HTMLElement) => {
    const onclick = (e: MouseEvent) => {
      const control = (e.target as Element | null)?.closest?.(
        'button, input, select, summary, a, [role=button]'
      );
      // Any tap in the game moves on from the last refusal.
      this.clear();
      this.last = control ? { control, at: e.timeStamp || performance.now() } : undefined;
    };
    node.addEventListener('click', onclick, true);
    return { destroy: () => node.removeEventListener('click', onclick, true) };
  };

  /**
   * Says a refusal under the control tapped just now; false when there is none to say it by (a
   * key shortcut, a control already gone), so the caller says it some other way.
   */
  say(reason: string): boolean {
    const last = this.last;
    const now = typeof performance !== 'undefined' ? performance.now() : 0;
    if (!last || !last.control.isConnected || now - last.at > TAP_MS) return false;
    this.clear();
    const note = document.createElement('p');
    note.className = 'refusal-note';
    note.setAttribute('role', 'alert');
    note.textContent = reason;
    rowOf(last.control).after(note);
    this.note = note;
    return true;
  }

  clear(): void {
    this.note?.remove();
    this.note = undefined;
  }
}

/**
 * The block a note goes under: the control, or the row of controls it sits in (a note inside a
 * row of buttons would be squeezed beside them), never past the card or sheet it belongs to.
 */
function rowOf(control: Element): Element {
  let row = control;
  for (let parent = row.parentElement; parent; parent = parent.parentElement) {
    if (
      parent.matches('.card, section, article, details, dialog, fieldset, form, .bottom-sheet, [role=dialog]')
    )
      break;
    const style = getComputedStyle(parent);
    const sideBySide =
      style.display.includes('grid') ||
      (style.display.includes('flex') && !style.flexDirection.startsWith('column'));
    if (!sideBySide) break;
    row = parent;
  }
  return row;
}
