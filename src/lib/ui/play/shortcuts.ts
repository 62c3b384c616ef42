/**
 * The play screen's keyboard shortcuts, for the hands that have a keyboard: what a key press
 * asks for, or nothing. Never while typing in a field (a name, a note), except the number sheet's,
 * whose digits are no text of their own: Ctrl+Z there undoes the last step, as anywhere else.
 */
type Shortcut = 'undo' | 'redo' | 'keys';

/** The list the "?" key shows: the keys, and what they do. */
export const SHORTCUTS: readonly { keys: string; does: string }[] = [
  { keys: 'Ctrl+Z (⌘Z)', does: 'Undo the last step' },
  { keys: 'Ctrl+Shift+Z (⌘⇧Z) or Ctrl+Y', does: 'Redo' },
  { keys: 'Tab, Shift+Tab', does: 'Move between controls; after a step, focus is on what comes next' },
  { keys: 'Arrow keys', does: 'Move within a row of choices or the ⋯ menu' },
  { keys: 'Escape', does: 'Close what is open (a sheet, a menu, a dialog)' },
  { keys: 'Digits, Enter', does: 'Type a number on the number sheet and confirm it' },
  { keys: '?', does: 'This list' }
];

/** Typing somewhere its keys are the person's words: shortcuts stay out of it. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.classList.contains('pad-input')) return false;
  return target.isContentEditable || target.matches('input, textarea, select');
}

export function shortcutFor(e: KeyboardEvent): Shortcut | undefined {
  if (e.defaultPrevented || e.altKey || typing(e.target)) return undefined;
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (mod && key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (mod && !e.shiftKey && key === 'y') return 'redo';
  if (!mod && e.key === '?') return 'keys';
  return undefined;
}
