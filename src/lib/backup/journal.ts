/**
 * After an import, the recovery journal is rewritten for the games whose log it wrote: the
 * journal must tell the same history as the database (a journal that agrees at its head but
 * differs in the middle would not be noticed at the next start). The import's only call into
 * the journal, kept here alone so that it goes in one piece when a database middleware keeps
 * the journal in step with every write.
 */
import type { TablesideDB } from '../db/schema';

/** Rewrites the journals of these games from the database, in the background; never throws. */
export async function rewriteImported(db: TablesideDB, ids: string[]): Promise<void> {
  try {
    const { journalFor } = await import('../journal/attach');
    const journal = journalFor(db);
    if (!journal) return;
    const { rewriteJournals } = await import('../journal/recover');
    await rewriteJournals(db, journal, ids);
  } catch {
    // The next start compares the two and rewrites what differs.
  }
}
