/**
 * A first visit: this browser holds nothing of Tableside's games yet (no database, no recovery
 * copy, no game held in localStorage). The home screen then has nothing to list or bring back, so
 * it paints its empty list without loading the database code (Dexie is a third of the page's
 * script) or starting the journal's worker; both come with the first game.
 *
 * Only a sure "nothing here" counts: where the browser cannot list its databases, or a look
 * fails, the answer is "something may be saved" and the database opens as on any visit.
 */
import { DATABASE_NAME, JOURNAL_DIRECTORY } from '../db/names';
import { anyHeldCopy } from '../session/held-key';

/**
 * Dexie's own channel between tabs: every write it makes in any tab of this origin is posted
 * here (the `x-storagemutated-1` BroadcastChannel in Dexie 4). A game started in another tab is
 * the first save this page hears of.
 */
const DEXIE_WRITES_CHANNEL = 'x-storagemutated-1';

/** True only when the browser says there is no database and no recovery copy to read. */
export async function nothingSaved(): Promise<boolean> {
  try {
    if (anyHeldCopy()) return false;
    if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return false;
    const databases = await indexedDB.databases();
    if (databases.some((d) => d.name === DATABASE_NAME)) return false;
    return !(await journalHoldsFiles());
  } catch {
    return false;
  }
}

async function journalHoldsFiles(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.storage?.getDirectory) return false;
  let folder: FileSystemDirectoryHandle;
  try {
    folder = await (await navigator.storage.getDirectory()).getDirectoryHandle(JOURNAL_DIRECTORY);
  } catch {
    return false; // no folder: nothing was ever journalled
  }
  for await (const _ of folder as unknown as AsyncIterable<unknown>) return true;
  return false;
}

/**
 * Calls `saved` once something may have been saved since `nothingSaved` said no: another tab
 * wrote to the database, or the page is shown again after being away (a game started in a tab
 * with no Dexie channel, or in this tab's history). Returns a function that stops listening.
 */
export function whenSomethingSaved(saved: () => void): () => void {
  let done = false;
  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(DEXIE_WRITES_CHANNEL) : undefined;
  const stop = () => {
    done = true;
    channel?.close();
    document.removeEventListener('visibilitychange', look);
    window.removeEventListener('pageshow', look);
  };
  const fire = () => {
    if (done) return;
    stop();
    saved();
  };
  async function look() {
    if (document.visibilityState === 'visible' && !(await nothingSaved())) fire();
  }
  if (channel) channel.onmessage = fire;
  document.addEventListener('visibilitychange', look);
  window.addEventListener('pageshow', look);
  return stop;
}
