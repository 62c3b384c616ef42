/**
 * A game IndexedDB lacks may still be whole elsewhere: in the localStorage copy of a game a page
 * held (held-copy.ts), or in its recovery journal. When the browser threw the database away and
 * will not take the game back (recover.ts's `refused`), the play screen opens it from here.
 */
import type { TablesideDB } from '../db/schema';
import { journaledGame } from '../journal/attach';
import { heldCopies, type HeldCopy } from './held-copy';

/** The longest copy of the game (the held one may have taps the journal never got), if any. */
export async function lostGameCopy(db: TablesideDB, id: string): Promise<HeldCopy | undefined> {
  const held = heldCopies().find((copy) => copy.record.id === id);
  const journaled = await journaledGame(db, id);
  const copies = [held, journaled && { record: journaled.record, events: journaled.events }].filter(
    (copy): copy is HeldCopy => copy !== undefined
  );
  const longest = copies.sort((a, b) => b.events.length - a.events.length)[0];
  // A game deleted before it was lost stays deleted.
  return longest?.record.deletedAt === undefined ? longest : undefined;
}
