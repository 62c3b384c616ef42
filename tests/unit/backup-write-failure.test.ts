/**
 * An import that storage refuses writes nothing and says why in plain words, the kind of trouble
 * told by the one check every write goes through (session/storage-trouble.ts).
 */
import { describe, expect, it } from 'vitest';
import { importBackup } from '../../src/lib/backup/import';
import { writeFailure } from '../../src/lib/backup/trouble';
import { exportBackup } from '../../src/lib/backup/write';
import type { TablesideDB } from '../../src/lib/db/schema';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { storageTrouble } from '../../src/lib/session/storage-trouble';
import { tallyLogic, tallySetup } from '../fixtures/tally';
import { EXPORTED, resolveTally as resolveGame } from './backup-helpers';
import { dumpDb, fakeClock, freshDb } from './helpers';

const FULL = 'The phone’s storage is full. Free some space and import again.';
const quota = () => Object.assign(new Error('QuotaExceededError'), { name: 'QuotaExceededError' });

/** A phone with one game of its own, a setting and a remembered player. */
async function phone(): Promise<TablesideDB> {
  const db = freshDb();
  const rt = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup(['Ana', 'Ben']), {
    now: fakeClock()
  });
  await rt.send({ type: 'ADD', player: 0, amount: 3 });
  await rt.flushRecord();
  await db.settings.put({ key: 'theme', value: 'dark' });
  await db.profiles.put({ id: 'p1', name: 'Ana', created: EXPORTED - 1000 });
  return db;
}

/** A backup of another phone's game, new to `phone()`. */
async function otherBackup(): Promise<string> {
  const db = freshDb();
  const rt = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup(['Cy', 'Dee', 'Eli']), {
    now: fakeClock()
  });
  await rt.send({ type: 'ADD', player: 2, amount: 9 });
  await rt.send({ type: 'NEXT_ROUND' });
  await rt.flushRecord();
  await db.settings.put({ key: 'haptics', value: false });
  return JSON.stringify(await exportBackup(db, '0.1.0', EXPORTED));
}

describe('an import that storage refuses', () => {
  it('a full disk (Dexie’s error around a QuotaExceededError) is said in plain words, and nothing here changes', async () => {
    const db = await phone();
    const file = await otherBackup();
    const before = await dumpDb(db);
    let thrown: unknown;
    // Every new log entry is refused as a full disk refuses it, inside the import's transaction.
    const hook = (() => {
      throw (thrown = quota());
    }) as never;
    db.events.hook('creating', hook);
    const result = await importBackup(db, file, resolveGame);
    db.events.hook('creating').unsubscribe(hook);

    expect(thrown).toBeDefined();
    expect(storageTrouble(thrown)).toBe('full');
    expect(result).toEqual({ ok: false, errors: [FULL] });
    expect(await dumpDb(db)).toEqual(before);

    // Once there is room, the same file imports.
    expect(await importBackup(db, file, resolveGame)).toMatchObject({
      ok: true,
      written: true,
      summary: { added: 1 }
    });
  });

  it('names each kind of trouble as the one storage check tells it, the browser’s words kept for the rest', () => {
    // Dexie wraps the browser's error: an AbortError whose inner error, or its cause, is the quota.
    const aborted = Object.assign(new Error('Transaction aborted'), { name: 'AbortError', inner: quota() });
    const caused = Object.assign(new Error('Transaction aborted'), {
      name: 'AbortError',
      inner: Object.assign(new Error('write failed'), { name: 'UnknownError', cause: quota() })
    });
    const diskFull = Object.assign(new Error('The disk is full'), { name: 'UnknownError' });
    for (const error of [quota(), aborted, caused, diskFull]) {
      expect(storageTrouble(error)).toBe('full');
      expect(writeFailure(error)).toBe(FULL);
    }
    const otherTab = Object.assign(new Error('Key already exists'), { name: 'ConstraintError' });
    expect(storageTrouble(otherTab)).toBe('other-tab');
    expect(writeFailure(otherTab)).toMatch(/^Another tab or window saved the same games/);
    const closed = Object.assign(new Error('Database has been closed'), { name: 'DatabaseClosedError' });
    expect(storageTrouble(closed)).toBe('closed');
    expect(writeFailure(closed)).toMatch(
      /^The browser closed Tableside’s saved data while the import was being written/
    );
    const odd = Object.assign(new Error('Something odd'), { name: 'UnknownError' });
    expect(storageTrouble(odd)).toBe('refused');
    expect(writeFailure(odd)).toBe('The phone’s storage refused to save the import (Something odd).');
  });
});
