import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { SCHEMA_VERSIONS, TablesideDB, type SchemaVersion } from '../../src/lib/db/schema';
import { openDatabase, DB_MESSAGES } from '../../src/lib/db/connection';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { tallyLogic, tallySetup } from '../fixtures/tally';
import { dumpDb, freshDb } from './helpers';

/** A test-only v2: a new index on profiles, and every profile gets a colour. */
const V2: SchemaVersion = {
  version: 2,
  stores: { profiles: 'id, name, colour' },
  async upgrade(tx) {
    await tx
      .table('profiles')
      .toCollection()
      .modify((p) => {
        p.colour ??= 'teal';
      });
  }
};

async function fillV1(db: TablesideDB) {
  const rt = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup(['Ana', 'Bó']), {
    snapshotEvery: 2
  });
  for (let i = 0; i < 5; i++) await rt.send({ type: 'ADD', player: i % 2, amount: i });
  await rt.undo();
  await db.settings.put({ key: 'theme', value: 'dark' });
  await db.profiles.bulkPut([
    { id: 'a', name: 'Ana', created: 1 },
    { id: 'b', name: 'Bó', created: 2 }
  ]);
  return rt;
}

describe('database versions', () => {
  it('version numbers only ever grow', () => {
    const numbers = SCHEMA_VERSIONS.map((v) => v.version);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('a v1 database upgraded to a test v2 keeps every record', async () => {
    const v1 = freshDb();
    const rt = await fillV1(v1);
    const before = JSON.parse(await dumpDb(v1));
    v1.close();

    const v2 = new TablesideDB(v1.name, [...SCHEMA_VERSIONS, V2]);
    await v2.open();
    expect(v2.verno).toBe(2);
    const after = JSON.parse(await dumpDb(v2));
    for (const table of ['sessions', 'events', 'snapshots', 'settings']) {
      expect(after[table], table).toEqual(before[table]);
    }
    expect(after.profiles).toEqual(before.profiles.map((p: object) => ({ ...p, colour: 'teal' })));
    expect(await v2.profiles.where('colour').equals('teal').count()).toBe(2);

    // The upgraded database still runs the game exactly where it was.
    const reopened = await SessionRuntime.open(v2, tallyLogic, rt.session.id);
    expect(reopened.snapshot.context).toEqual(rt.snapshot.context);
    expect(reopened.canRedo).toBe(true);
  });

  it('a tab on the old version closes and is told when another tab upgrades', async () => {
    const name = freshDb().name;
    const problems: string[] = [];
    const old = await openDatabase({ name, onProblem: (p) => p && problems.push(p.kind) });
    await old.settings.put({ key: 'theme', value: 'light' });

    const upgraded = await openDatabase({ name, versions: [...SCHEMA_VERSIONS, V2] });
    expect(upgraded.verno).toBe(2);
    expect(problems).toEqual(['replaced']);
    expect(old.isOpen()).toBe(false);
    expect(await upgraded.settings.get('theme')).toEqual({ key: 'theme', value: 'light' });
  });

  it('opening data written by a newer version says so instead of hanging', async () => {
    const name = freshDb().name;
    const newer = new TablesideDB(name, [...SCHEMA_VERSIONS, V2]);
    await newer.open();
    newer.close();
    const problems: string[] = [];
    await expect(openDatabase({ name, onProblem: (p) => p && problems.push(p.message) })).rejects.toThrow(
      DB_MESSAGES.newer
    );
    expect(problems).toEqual([DB_MESSAGES.newer]);
  });

  it('an upgrade blocked by a tab that will not let go is reported, then carries on', async () => {
    const name = freshDb().name;
    // A raw connection that ignores versionchange, as a frozen tab would.
    const stubborn = await new Promise<IDBDatabase>((resolve) => {
      const req = indexedDB.open(name, 10);
      req.onsuccess = () => resolve(req.result);
    });
    const problems: string[] = [];
    const opening = openDatabase({
      name,
      versions: [...SCHEMA_VERSIONS, V2].map((v) => ({ ...v, version: v.version + 10 })),
      onProblem: (p) => p && problems.push(p.kind),
      slowAfterMs: 50
    });
    await new Promise((r) => setTimeout(r, 120));
    expect(problems).toContain('blocked');
    stubborn.close();
    const db = await opening;
    expect(db.isOpen()).toBe(true);
  });

  it('Dexie is the one from the app (no second copy in tests)', () => {
    expect(TablesideDB.prototype).toBeInstanceOf(Dexie);
  });
});
