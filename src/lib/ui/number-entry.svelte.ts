import { keepLast } from './keep-last';
import { closeOnBack } from './back-stack.svelte';
import { inPlayScreen, Kept } from './kept.svelte';

/**
 * A number being typed on EntrySheet, and what it is for: one per play screen that types numbers.
 * `sheetFor` is what the sheet was last opened for, kept after it closes (see keep-last.ts): the
 * sheet stays in the page once opened, hidden while `editing` is unset. Open, the phone's Back
 * and Escape close it before anything else (back-stack.svelte.ts); what is being typed survives a
 * reload of the play screen (kept.svelte.ts), the sheet open again on the same number.
 */
export class NumberEntry<F> {
  /** What is being typed now; unset, the sheet is closed. */
  editing = $state<F | undefined>();
  /** The digits so far. */
  draft = $state('');
  /** Why the last ✓ was refused, shown beside the keys. */
  message = $state('');
  readonly sheetFor = $derived.by(keepLast(() => this.editing));

  private release: (() => void) | undefined;

  constructor() {
    if (!inPlayScreen()) return;
    const kept = new Kept<{ editing: F; draft: string } | null>(
      'number',
      () => null,
      (v) => v === null
    );
    if (kept.value) this.open(kept.value.editing, kept.value.draft);
    $effect(() => {
      const editing = this.editing;
      kept.value =
        editing === undefined ? null : { editing: $state.snapshot(editing) as F, draft: this.draft };
    });
  }

  /** Opens the sheet for `field`, starting from `draft` (its number so far, if it has one). */
  open(field: F, draft = '') {
    this.editing = field;
    this.draft = draft;
    this.message = '';
    // Moving on to the next field keeps the one entry: Back closes the sheet, whichever number.
    this.release ??= closeOnBack(() => {
      this.release = undefined;
      this.editing = undefined;
    });
  }

  close = () => {
    this.editing = undefined;
    const release = this.release;
    this.release = undefined;
    release?.();
  };

  /** A key or the keyboard changed the digits: a refusal said before no longer applies. */
  input = (value: string) => {
    this.draft = value;
    this.message = '';
  };
}
