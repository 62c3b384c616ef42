/**
 * The recovery journal follows the database by itself (journal/middleware.ts): every committed
 * write to sessions, events and profiles reaches it, whoever made the write, and nothing else.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TablesideDB } from '../../src/lib/db/schema';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { Journal } from '../../src/lib/journal/journal';
import { MemoryFiles } from '../../src/lib/journal/files';
import { attachJournal } from '../../src/lib/journal/attach';
import { journalForwarded, unjournaled } from '../../src/lib/journal/middleware';
import { recover } from '../../src/lib/journal/recover';
import { describeWith } from '../../src/lib/journal/describe';
import { mergeProfiles, renameProfile } from '../../src/lib/db/profiles';
import { markDeleted, unmarkDeleted } from '../../src/lib/app/game-records';
import { exportBackup } from '../../src/lib/backup/write';
import { importBackup } from '../../src/lib/backup/import';
import { tallyLogic, tallySetup } from '../fixtures/tally';
import { fakeClock, freshDb } from './helpers';

function withJournal(db: TablesideDB) {
  const journal = new Journal(new MemoryFiles());
  const calls: string[] = [];
  for (const op of ['start', 'append', 'update', 'rewrite', 'rewriteFromStore', 'remove'] as const) {
    const real = journal[op].bind(journal) as (...args: unknown[]) => Promise<void>;
    (journal as unknown as Record<string, unknown>)[op] = (...args: unknown[]) => {
      calls.push(op);
      return real(...args);
    };
  }
  attachJournal(db, journal);
  const settle = async () => {
    await journalForwarded();
    await journal.flush();
  };
  return { journal, calls, settle };
}

const restoreOptions = {
  opened: { created: true, dataLoss: true },
  describe: describeWith(async () => tallyLogic)
};

/** A game of Ana and Ben, both remembered players. */
async function seatedGame(db: TablesideDB, taps = 3) {
  const now = Date.UTC(2026, 0, 1);
  await db.profiles.bulkAdd([
    { id: 'ana', name: 'Ana', created: now },
    { id: 'ben', name: 'Ben', created: now }
  ]);
  const rt = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup(['Ana', 'Ben']), {
    now: fakeClock(),
    profiles: { p0: 'ana', p1: 'ben' }
  });
  for (let i = 0; i < taps; i++) rt.send({ type: 'ADD', player: i % 2, amount: i + 1 });
  await rt.saved();
  return rt;
}

describe('the journal follows every committed write', () => {
  it('two players merged, then a total loss: the restore keeps the merge', async () => {
    const db = freshDb();
    const { journal, settle } = withJournal(db);
    const first = await seatedGame(db);
    // A second game where "Anna" played: the same person, merged into Ana afterwards.
    await db.profiles.add({ id: 'anna', name: 'Anna', created: 1 });
    const second = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup(['Anna', 'Cy']), {
      now: fakeClock(),
      profiles: { p0: 'anna' }
    });
    second.send({ type: 'ADD', player: 0, amount: 2 });
    await second.saved();
    await settle();
    expect((await mergeProfiles(db, 'ana', 'anna')).ok).toBe(true);
    await settle();

    const empty = freshDb();
    attachJournal(empty, journal);
    const report = await recover(empty, journal, restoreOptions);
    expect(report).toMatchObject({ restored: 2, failed: [] });
    expect((await empty.profiles.toArray()).map((p) => p.id).sort()).toEqual(['ana', 'ben']);
    expect((await empty.sessions.get(second.session.id))?.profiles).toEqual({ p0: 'ana' });
    expect((await empty.sessions.get(first.session.id))?.profiles).toEqual({ p0: 'ana', p1: 'ben' });
  });

  it('a player renamed, then a total loss: the restore brings the new name', async () => {
    const db = freshDb();
    const { journal, settle } = withJournal(db);
    await seatedGame(db);
    expect((await renameProfile(db, 'ben', 'Benedict')).ok).toBe(true);
    await settle();
    const empty = freshDb();
    await recover(empty, journal, restoreOptions);
    expect((await empty.profiles.get('ben'))?.name).toBe('Benedict');
  });

  it('steps reach the journal once their transaction commits, and an aborted one sends nothing', async () => {
    const db = freshDb();
    const { journal, calls, settle } = withJournal(db);
    const rt = await seatedGame(db, 2);
    await settle();
    expect((await journal.read(rt.session.id))?.events).toEqual(rt.log);
    calls.length = 0;

    const stray = { ...rt.log[0], seq: 3, time: 99 };
    await expect(
      db.transaction('rw', db.events, db.sessions, async () => {
        await db.events.add(stray);
        await db.sessions.update(rt.session.id, { head: 3 });
        throw new Error('changed my mind');
      })
    ).rejects.toThrow('changed my mind');
    await settle();
    expect(calls).toEqual([]);
    expect((await journal.read(rt.session.id))?.events).toHaveLength(2);
  });

  it('a field taken away reaches the journal as taken away (a delete undone)', async () => {
    const db = freshDb();
    const { journal, settle } = withJournal(db);
    const rt = await seatedGame(db, 1);
    await markDeleted(db, rt.session.id, 5);
    await settle();
    expect((await journal.read(rt.session.id))?.record.deletedAt).toBe(5);
    await unmarkDeleted(db, rt.session.id);
    await settle();
    expect((await journal.read(rt.session.id))?.record).not.toHaveProperty('deletedAt');
  });

  it('what the journal writes back into IndexedDB is not sent back to it', async () => {
    const db = freshDb();
    const { journal, calls, settle } = withJournal(db);
    const rt = await seatedGame(db, 4);
    await settle();
    const empty = freshDb();
    attachJournal(empty, journal);
    calls.length = 0;
    expect(await recover(empty, journal, restoreOptions)).toMatchObject({ restored: 1 });
    await settle();
    expect(calls).toEqual([]);
    expect(await empty.events.count()).toBe(4);
    // The journal's own way in is quiet; the same write made by the app is heard.
    await unjournaled(empty, ['sessions'], () => empty.sessions.update(rt.session.id, { note: 'quiet' }));
    await settle();
    expect(calls).toEqual([]);
    await empty.sessions.update(rt.session.id, { note: 'heard' });
    await settle();
    expect(calls).toEqual(['update']);
    expect((await journal.read(rt.session.id))?.record.note).toBe('heard');
  });

  it('a backup import’s bulk writes are journaled: the imported game can be restored from it', async () => {
    const source = freshDb();
    const rt = await seatedGame(source, 5);
    const text = JSON.stringify(await exportBackup(source, 'test'));
    const db = freshDb();
    const { journal, settle } = withJournal(db);
    const result = await importBackup(db, text, async (game) => (game === 'tally' ? tallyLogic : undefined));
    expect(result.ok).toBe(true);
    await settle();
    const journaled = await journal.read(rt.session.id);
    expect(journaled?.events).toEqual(rt.log);
    expect(journaled?.people.map((p) => p.name).sort()).toEqual(['Ana', 'Ben']);
  });
});

describe('no journal calls by hand', () => {
  /** Files that may talk to the journal: its own folder, and where the app attaches it. */
  const allowed = (path: string) =>
    path.startsWith('src/lib/journal/') || path === 'src/lib/app/database.svelte.ts';
  const calls =
    /journalFor\(|rewriteJournals\(|\.rewriteFromStore\(|journal\??\.(start|append|update|rewrite|remove)\(/;

  function* files(dir: string): Generator<string> {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) yield* files(path);
      else if (/\.(ts|svelte)$/.test(name)) yield path;
    }
  }

  it('every write reaches the journal through the middleware alone', () => {
    const offenders = [...files('src')].filter(
      (path) => !allowed(path) && calls.test(readFileSync(path, 'utf8'))
    );
    expect(offenders).toEqual([]);
  });
});
