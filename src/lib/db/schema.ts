/**
 * Dexie schema versions. To change the schema, append a version here with its stores and, when
 * records must be rewritten, an upgrade function; never edit a released version. Tests open a
 * database at every older version and upgrade it (tests/unit/db-migrations.test.ts).
 */
import Dexie, { type Table, type Transaction } from 'dexie';
import { DATABASE_NAME } from './names';
import { journalMiddleware } from '../journal/middleware';
import type { EventRecord, ProfileRecord, SessionRecord, SettingRecord, SnapshotRecord } from './records';

export interface SchemaVersion {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void> | void;
}

export const SCHEMA_VERSIONS: readonly SchemaVersion[] = [
  {
    version: 1,
    stores: {
      sessions: 'id, game, status, updated',
      events: '[sessionId+seq], sessionId',
      snapshots: '[sessionId+eventSeq], sessionId',
      settings: 'key',
      profiles: 'id, name'
    }
  }
];

export const SCHEMA_VERSION = SCHEMA_VERSIONS[SCHEMA_VERSIONS.length - 1].version;
export { DATABASE_NAME } from './names';

export class TablesideDB extends Dexie {
  sessions!: Table<SessionRecord, string>;
  events!: Table<EventRecord, [string, number]>;
  snapshots!: Table<SnapshotRecord, [string, number]>;
  settings!: Table<SettingRecord, string>;
  profiles!: Table<ProfileRecord, string>;

  constructor(
    name = DATABASE_NAME,
    versions: readonly SchemaVersion[] = SCHEMA_VERSIONS,
    options: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {}
  ) {
    super(name, {
      // Only pass what was given: an explicit undefined would hide the browser's own IndexedDB.
      ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
      ...(options.IDBKeyRange ? { IDBKeyRange: options.IDBKeyRange } : {}),
      // A committed event must survive a killed tab or a power cut, not only a closed tab.
      chromeTransactionDurability: 'strict'
    });
    for (const v of versions) {
      const version = this.version(v.version).stores(v.stores);
      if (v.upgrade) version.upgrade(v.upgrade);
    }
    // Every committed write to the games reaches the recovery journal attached to this database
    // (journal/attach.ts), whoever made it: the one place the journal is kept in step.
    this.use(journalMiddleware(this));
  }
}
