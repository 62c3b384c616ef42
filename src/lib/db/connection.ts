/**
 * Opening the database without ever hanging the app: another tab holding an older version, an
 * upgrade blocked by another tab, a database saved by a newer Tableside, or no IndexedDB at all
 * each become a plain message for the person, and the app decides what to show.
 */
import Dexie from 'dexie';
import { DATABASE_NAME, SCHEMA_VERSIONS, TablesideDB, type SchemaVersion } from './schema';
import { CODE_MISSING } from '../app/code-failure';

/** `code`: the database's own code would not load (said by app/database.svelte.ts, not here). */
export type DbProblemKind = 'replaced' | 'blocked' | 'slow' | 'newer' | 'unavailable' | 'lost' | 'code';

export interface DbProblem {
  kind: DbProblemKind;
  message: string;
}

export const DB_MESSAGES: Record<DbProblemKind, string> = {
  replaced: 'Tableside was updated in another tab. Reload this tab to carry on; your saved games are safe.',
  blocked:
    'Another Tableside tab is still using the old version of your data. Close your other Tableside tabs and this one will carry on.',
  slow: 'Opening your saved games is taking unusually long. If Tableside is open in another tab, close it, then reload this one.',
  newer:
    'Your saved games were written by a newer version of Tableside. Reload to get the newest version; nothing has been changed.',
  unavailable:
    'This browser will not let Tableside store games (private browsing can do this). Games cannot be saved here.',
  code: CODE_MISSING,
  lost: 'Your browser deleted Tableside’s saved data while Tableside was open (it does this when storage is full or its files are damaged). Reload Tableside to bring your games back from its recovery copy.'
};

/**
 * How the browser opened the database. `created`: there was none (a first visit, or the browser
 * threw the old one away). Chromium says when it threw it away because its files were damaged:
 * `dataLoss` 'total' with a `dataLossMessage` (Dexie hides that event, so it is caught here).
 */
export interface OpenInfo {
  created: boolean;
  dataLoss: boolean;
  dataLossMessage?: string;
}

export interface OpenOptions {
  name?: string;
  versions?: readonly SchemaVersion[];
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /** Called whenever the connection has a problem the person should know about. */
  onProblem?: (problem: DbProblem | undefined) => void;
  /** How long an open may take before the person is told (it keeps waiting). */
  slowAfterMs?: number;
  /**
   * Called after every open that had to create the database or was told of data loss: the first
   * open, and any reopen (Dexie reopens by itself after the browser closed the connection).
   */
  onCreated?: (info: OpenInfo) => void;
}

/**
 * The browser's IndexedDB, with an ear on every open request: its `upgradeneeded` event says
 * whether the database was just created (old version 0) and whether data was lost.
 */
export function watchOpens(factory: IDBFactory, heard: (info: OpenInfo) => void): IDBFactory {
  return new Proxy(factory, {
    get(target, key) {
      if (key === 'open') {
        return (name: string, version?: number) => {
          const request = version === undefined ? target.open(name) : target.open(name, version);
          request.addEventListener('upgradeneeded', (event) => {
            const e = event as IDBVersionChangeEvent & { dataLoss?: string; dataLossMessage?: string };
            const dataLoss = e.dataLoss !== undefined && e.dataLoss !== 'none';
            if (e.oldVersion === 0 || dataLoss) {
              heard({
                created: e.oldVersion === 0,
                dataLoss,
                ...(dataLoss && e.dataLossMessage ? { dataLossMessage: e.dataLossMessage } : {})
              });
            }
          });
          return request;
        };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    }
  });
}

export function classifyOpenError(error: unknown): DbProblemKind {
  const name = (error as { name?: string } | null)?.name ?? '';
  const inner = (error as { inner?: { name?: string } } | null)?.inner?.name ?? '';
  if (name === 'VersionError' || inner === 'VersionError') return 'newer';
  return 'unavailable';
}

export async function openDatabase(options: OpenOptions = {}): Promise<TablesideDB> {
  const report = options.onProblem ?? (() => {});
  const factory = options.indexedDB ?? (typeof indexedDB === 'undefined' ? undefined : indexedDB);
  const onCreated = options.onCreated;
  const db = new TablesideDB(options.name ?? DATABASE_NAME, options.versions ?? SCHEMA_VERSIONS, {
    indexedDB: factory && onCreated ? watchOpens(factory, onCreated) : factory,
    IDBKeyRange: options.IDBKeyRange
  });

  db.on('versionchange', () => {
    // Close first so the other tab's upgrade is never held up by us, then tell the person.
    db.close();
    report({ kind: 'replaced', message: DB_MESSAGES.replaced });
    return false;
  });
  db.on('blocked', () => report({ kind: 'blocked', message: DB_MESSAGES.blocked }));

  const slow = setTimeout(
    () => report({ kind: 'slow', message: DB_MESSAGES.slow }),
    options.slowAfterMs ?? 5000
  );
  try {
    await db.open();
    const known = Math.max(...(options.versions ?? SCHEMA_VERSIONS).map((v) => v.version));
    // Dexie stores version n as IndexedDB version n*10; verno reports what this code declared.
    if (db.backendDB().version / 10 > known) {
      // Dexie would happily open newer data; this code may misread it, so stop here.
      db.close();
      throw Object.assign(new Error('newer database'), { name: 'VersionError' });
    }
    report(undefined);
    return db;
  } catch (error) {
    const kind = classifyOpenError(error);
    report({ kind, message: DB_MESSAGES[kind] });
    throw new DatabaseUnavailableError(kind, error);
  } finally {
    clearTimeout(slow);
  }
}

export class DatabaseUnavailableError extends Error {
  constructor(
    readonly kind: DbProblemKind,
    readonly cause: unknown
  ) {
    super(DB_MESSAGES[kind]);
    this.name = 'DatabaseUnavailableError';
  }
}

export { Dexie };
