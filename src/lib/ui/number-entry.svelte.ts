import { keepLast } from './keep-last';

/**
 * A number being typed on EntrySheet, and what it is for: one per play screen that types numbers.
 * `sheetFor` is what the sheet was last opened for, kept after it closes (see keep-last.ts): the
 * sheet stays in the page once opened, hidden while `editing` is unset.
 */
export class NumberEntry<F> {
  /** What is being typed now; unset, the sheet is closed. */
  editing = $state<F | undefined>();
  /** The digits so far. */
  draft = $state('');
  /** Why the last ✓ was refused, shown beside the keys. */
  message = $state('');
  readonly sheetFor = $derived.by(keepLast(() => this.editing));

  /** Opens the sheet for `field`, starting from `draft` (its number so far, if it has one). */
  open(field: F, draft = '') {
    this.editing = field;
    this.draft = draft;
    this.message = '';
  }

  close = () => {
    this.editing = undefined;
  };

  /** A key or the keyboard changed the digits: a refusal said before no longer applies. */
  input = (value: string) => {
    this.draft = value;
    this.message = '';
  };
}
