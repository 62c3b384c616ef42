/**
 * The app's one database connection, opened on first use, with its problems (another tab
 * upgraded, blocked, newer data, no storage) exposed for the layout to show.
 *
 * This module is the app's only door to Dexie, and it opens it lazily: the first screen paints
 * from prerendered HTML and the framework alone, and Dexie (a third of the home page's script)
 * arrives just after, to fill in the saved games.
 *
 * Opening also starts the recovery journal (a second copy of every game, in other files) and
 * compares the two before anything reads a game: games or steps the browser lost are put back
 * from the journal first, and `database.recovery` says what was restored, for the home screen.
 */
import { anyHeldCopy } from '../session/held-key';
import type { DbProblem, OpenInfo } from '../db/connection';
import type { TablesideDB } from '../db/schema';
import type { RecoveryReport } from '../journal/recover';
import type { JournalApi } from '../journal/journal';
import { attachJournal } from '../journal/attach';
import { CODE_MISSING, CodeUnavailableError, isCodeLoadFailure } from './code-failure';

export const database = $state<{
  problem: DbProblem | undefined;
  /** What the last check against the journal found and did. */
  recovery: RecoveryReport | undefined;
  /** What to tell the person about it, until they dismiss it (kept across reloads). */
  notice: string | undefined;
}>({
  problem: undefined,
  recovery: undefined,
  notice: undefined
});

const NOTICE_KEY = 'tableside.recovery-notice';

function readNotice(): string | undefined {
  try {
    return (typeof localStorage !== 'undefined' && localStorage.getItem(NOTICE_KEY)) || undefined;
  } catch {
    return undefined;
  }
}

/** The person has read the recovery notice. */
export function dismissNotice(): void {
  database.notice = undefined;
  try {
    localStorage.removeItem(NOTICE_KEY);
  } catch {
    // Nothing to forget where storage is refused.
  }
}

/** A recovery check that takes longer than this lets the app carry on (it finishes behind). */
const RECOVERY_WAIT_MS = 10_000;

let opening: Promise<TablesideDB> | undefined;
let journalStarting: Promise<JournalApi | undefined> | undefined;

/**
 * The recovery journal, started once and apart from the database: when the database will not
 * open, what the journal holds can still be exported (backupFromJournal).
 */
export function recoveryJournal(): Promise<JournalApi | undefined> {
  journalStarting ??= Promise.all([import('../journal/client'), import('../journal/gate')])
    .then(async ([{ startJournal }, { GatedJournal }]) => {
      const journal = await startJournal();
      return journal && new GatedJournal(journal);
    })
    .catch(() => undefined);
  return journalStarting;
}

export function getDb(): Promise<TablesideDB> {
  opening ??= openAndRecover().catch((error) => {
    // Let a later call try again (e.g. after the other tab closed).
    opening = undefined;
    throw plainly(error);
  });
  return opening;
}

/**
 * The database's code is a chunk of its own, fetched on first use: when it will not load, every
 * screen would otherwise show the browser's "Failed to fetch dynamically imported module: …".
 * The banner says it once, with Reload, and callers get the same words to show.
 */
function plainly(error: unknown): unknown {
  if (!isCodeLoadFailure(error)) return error;
  database.problem = { kind: 'code', message: CODE_MISSING };
  return new CodeUnavailableError(error);
}

async function openAndRecover(): Promise<TablesideDB> {
  // Read here, in the browser after the first paint (never while prerendering the page).
  database.notice ??= readNotice();
  // The journal's worker starts while the database opens.
  const journalStarting = recoveryJournal();
  const { openDatabase, DB_MESSAGES } = await import('../db/connection');
  let first: OpenInfo | undefined;
  let open = false;
  const db: TablesideDB = await openDatabase({
    onProblem: (problem) => (database.problem = problem),
    onCreated: (info) => {
      if (!open) {
        first = info;
        return;
      }
      // Dexie reopened by itself after the browser closed the connection, and found nothing:
      // the browser deleted the data under the running app. Put back what the journal has.
      database.problem = { kind: 'lost', message: DB_MESSAGES.lost };
      setTimeout(
        () =>
          void journalStarting
            .then((journal) => check(db, journal, info))
            .then(async (report) => {
              const { lostWhileOpenMessage } = await import('../journal/messages');
              if (report) database.problem = { kind: 'lost', message: lostWhileOpenMessage(report) };
            }),
        0
      );
    }
  });
  open = true;
  const journal = await journalStarting;
  attachJournal(db, journal);
  await check(db, journal, first);
  await restoreHeld(db);
  return db;
}

/**
 * Games a page held when storage refused them and that never got written back (the page was
 * closed or killed first) come back from their localStorage copy (session/held-copy.ts); their
 * journals follow (written anew). Never keeps the games from opening.
 */
async function restoreHeld(db: TablesideDB): Promise<void> {
  try {
    if (!anyHeldCopy()) return;
    const { restoreHeldCopies } = await import('../session/held-copy');
    const ids = await restoreHeldCopies(db);
    if (!ids.length) return;
    const n = ids.length;
    const notice = `${n === 1 ? 'A game' : `${n} games`} that Tableside could keep only on screen when the phone was full ${n === 1 ? 'was' : 'were'} brought back with every step.`;
    database.notice = database.notice ? `${database.notice} ${notice}` : notice;
    try {
      localStorage.setItem(NOTICE_KEY, database.notice);
    } catch {
      // Shown in this tab only.
    }
  } catch (error) {
    console.error('Tableside could not bring back a game kept on screen', error);
  }
}

/** Compares the database with the journal and restores; never keeps the games from opening. */
async function check(
  db: TablesideDB,
  journal: JournalApi | undefined,
  opened: OpenInfo | undefined
): Promise<RecoveryReport | undefined> {
  const failed = (error: unknown) =>
    console.error('Tableside could not compare its saved games with its recovery copy', error);
  try {
    const [{ recover }, { recoveryMessage }] = await Promise.all([
      import('../journal/recover'),
      import('../journal/messages')
    ]);
    // Restores are done before the games are read; journals that lag catch up right after.
    const running = recover(db, journal, { opened, background: true })
      .then((report) => {
        database.recovery = report;
        const notice = recoveryMessage(report);
        if (!notice) return report;
        // Kept until read: a restore seen on the play screen is still told on the home screen.
        database.notice = notice;
        try {
          localStorage.setItem(NOTICE_KEY, notice);
        } catch {
          // Shown in this tab only.
        }
        return report;
      })
      .catch((error) => void failed(error));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>(
      (resolve) => (timer = setTimeout(() => resolve(undefined), RECOVERY_WAIT_MS))
    );
    const report = await Promise.race([running, late]);
    clearTimeout(timer);
    return report;
  } catch (error) {
    failed(error);
    return undefined;
  }
}

export interface Watcher<T> {
  next(value: T): void;
  error?(error: unknown): void;
}

/**
 * Runs a query now and again whenever its data changes, in this tab or another (Dexie's
 * liveQuery). Returns a function that stops watching; safe to call before the query started.
 */
export function watch<T>(query: (db: TablesideDB) => Promise<T>, watcher: Watcher<T>): () => void {
  let stopped = false;
  let subscription: { unsubscribe(): void } | undefined;
  Promise.all([getDb(), import('dexie')])
    .then(([db, { liveQuery }]) => {
      if (stopped) return;
      subscription = liveQuery(() => query(db)).subscribe({
        next: (value) => watcher.next(value),
        error: (e) => watcher.error?.(e)
      });
    })
    .catch((e) => watcher.error?.(plainly(e)));
  return () => {
    stopped = true;
    subscription?.unsubscribe();
  };
}
