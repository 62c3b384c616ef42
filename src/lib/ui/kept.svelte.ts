/**
 * What the table has entered but not yet confirmed survives a reload (DESIGN, "Table-proof"): a
 * number typed on the pad, the counts in an open Decay box. Each such draft is kept in the tab's
 * sessionStorage under the game's id, with the log head it was made at; a reload shows it again
 * when the game is where it was, and says it was dropped when the game has moved on since (another
 * tab, another phone), since a draft for another state could be sent where it no longer belongs.
 *
 * The play screen provides its game (`providePlayPlace`); a game's screen keeps a draft with
 * `new Kept(name, initial)`, or gets it from the shared `NumberEntry`. Outside a play screen (a
 * test) a draft is kept in memory only.
 */
import { getContext, setContext } from 'svelte';

const PLACE = Symbol('tableside.play-place');

export interface PlayPlace {
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

export function providePlayPlace(place: PlayPlace): void {
  // Not reactive on purpose: only the constructors below read it, once each.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  setContext(PLACE, { ...place, alive: new Set<string>() } satisfies Place);
}

/** True while a play screen's component is being set up (its drafts are kept across reloads). */
export const inPlayScreen = (): boolean => currentPlace() !== undefined;

function currentPlace(): Place | undefined {
  try {
    return getContext<Place | undefined>(PLACE);
  } catch {
    return undefined; // not made while a component was being set up
  }
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
export const DROPPED =
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
    $effect(() => {
      const value = this.value;
      write(key, isEmpty(value) ? undefined : { head: place.head(), value: $state.snapshot(value) });
    });
    // Taken down by the screen (the box closed, the phase over): nothing is waiting any more. A
    // reload never gets here (the page just goes), so what it left stays for the next start.
    $effect(() => () => {
      place.alive.delete(name);
      write(key, undefined);
    });
  }
}
