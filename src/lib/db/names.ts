/**
 * The names Tableside stores under, apart from the code that opens them: a page can ask whether
 * they exist (app/first-visit.ts) without loading Dexie or the journal.
 */
export const DATABASE_NAME = 'tableside';
/** The recovery journal's folder in the origin's private file system (journal/opfs.ts). */
export const JOURNAL_DIRECTORY = 'tableside-journal';
