/**
 * What the table is entering and has not confirmed yet: a number on the pad (`NumberEntry`) and
 * any other draft of a play screen (`Kept`: the Decay box's counts, ticked decks, a hand being
 * built). One module, so the play screens' drafts travel in one chunk with the games that use
 * them (apart, the small-chunk merge put them into the home page's first paint).
 */
import { keepLast } from './keep-last';
import { closeOnBack } from './back-stack.svelte';

// ---- drafts kept across a reload -------------------------------------------------------------

/**
 * What the table has entered but not yet confirmed survives a reload (DESIGN, "Table-proof"): a
 * number typed on the pad, the counts in an open Decay box. Each such draft is kept in the tab's
 * sessionStorage under the game's id, with the log head it was made at; a reload shows it again
 * when the game is where it was, and says it was dropped when the game has moved on since (another
 * tab, another phone), since a draft for another state could be sent where it no longer belongs.
 *
 * The play screen says which game it shows (`providePlayPlace`); a game's screen keeps a draft with
 * `new Kept(name, initial)`, or gets it from the shared `NumberEntry`. Outside a play screen (a
 * test) a draft is kept in memory only.
 */
/**
 * The play screen on show: set by the route while it sets itself up, before the game's screen
 * (its children) makes its drafts. One page shows one game, so a module's variable is enough,
 * and it keeps Svelte's context code out of the pages that never show a game.
 */
let shown: Place | undefined;

interface PlayPlace {
  /** The game's id on this phone. */
  id: string;
  /** The log head the screen shows now. */
  head(): number;
  /** Says something in passing (a toast): a draft dropped. */
  tell(message: string): void;
}

interface Place extends PlayPlace {
  /** Names of the drafts alive now, so two of one kind get their own. */
  alive: Set<string>;
}

/** Called by the play screen as it sets itself up; returns what to call when it goes. */
export function providePlayPlace(place: PlayPlace): () => void {
  // Not reactive on purpose: only the constructors below read it, once each.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  const mine: Place = Object.assign(Object.create(place) as PlayPlace, { alive: new Set<string>() });
  shown = mine;
  return () => {
    if (shown === mine) shown = undefined;
  };
}

/** True while a play screen is shown (its drafts are kept across reloads). */
const inPlayScreen = (): boolean => shown !== undefined;

function currentPlace(): Place | undefined {
  return shown;
}

const storageKey = (id: string, name: string) => `tableside.entering.${id}.${name}`;

interface Stored<T> {
  head: number;
  value: T;
}

function read<T>(key: string): Stored<T> | undefined {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as Stored<T>;
    return stored && typeof stored.head === 'number' && 'value' in stored ? stored : undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, stored: Stored<unknown> | undefined): void {
  try {
    if (stored) sessionStorage.setItem(key, JSON.stringify(stored));
    else sessionStorage.removeItem(key);
  } catch {
    // Storage refused (full, private mode): the draft lives on in the page, as before.
  }
}

/** Said when a draft was dropped because the game moved on while it waited. */
const DROPPED =
  'What was being entered before the reload was dropped: the game has moved on since. Enter it again if it still applies.';

/**
 * One draft of a play screen: `value` is read and set like `$state`. `isEmpty` says when there is
 * nothing to keep (the pad closed): then nothing is stored.
 */
export class Kept<T> {
  value = $state() as T;
  /** True when this draft was brought back from before a reload. */
  readonly restored: boolean;

  constructor(kind: string, initial: () => T, isEmpty: (value: T) => boolean) {
    const place = currentPlace();
    if (!place) {
      this.value = initial();
      this.restored = false;
      return;
    }
    let n = 1;
    while (place.alive.has(`${kind}-${n}`)) n++;
    const name = `${kind}-${n}`;
    place.alive.add(name);
    const key = storageKey(place.id, name);
    const stored = read<T>(key);
    const head = place.head();
    this.restored = stored !== undefined && stored.head === head && !isEmpty(stored.value);
    this.value = this.restored ? stored!.value : initial();
    if (stored && !this.restored && !isEmpty(stored.value)) place.tell(DROPPED);
    // Kept with the head the screen shows, so a draft left waiting while the game moves on in
    // this tab is still this game's after a reload.
    // Empty, it reads no head: a draft not being made costs a tap nothing (no storage write). The
    // first run clears whatever the key held (a draft dropped, or one no longer readable).
    let inStorage = true;
    $effect(() => {
      const value = this.value;
      if (isEmpty(value)) {
        if (inStorage) write(key, undefined);
        inStorage = false;
        return;
      }
      write(key, { head: place.head(), value: $state.snapshot(value) });
      inStorage = true;
    });
    // Taken down by the screen (the box closed, the phase over): nothing is waiting any more. A
    // reload never gets here (the page just goes), so what it left stays for the next start.
    $effect(() => () => {
      place.alive.delete(name);
      if (inStorage) write(key, undefined);
    });
  }
}

// ---- the number on the pad ----------------------------------------------------------------------

/**
 * A number being typed on EntrySheet, and what it is for: one per play screen that types numbers.
 * `sheetFor` is what the sheet was last opened for, kept after it closes (see keep-last.ts): the
 * sheet stays in the page once opened, hidden while `editing` is unset. Open, the phone's Back
 * and Escape close it before anything else (back-stack.svelte.ts); what is being typed survives a
 * reload of the play screen (entering.svelte.ts), the sheet open again on the same number.
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
