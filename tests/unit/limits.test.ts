/**
 * Limits where a person's data comes in (#58): at most MAX_PROFILES remembered players, whether
 * typed in a new game or brought by a backup; a sync server address the backup can keep; and an
 * import that says when it changed the sync server.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { Backup } from '../../src/lib/backup/format';
import { checkBackup } from '../../src/lib/backup/check';
import { exportBackup } from '../../src/lib/backup/write';
import { importBackup } from '../../src/lib/backup/import';
import { tooManyProfiles } from '../../src/lib/backup/decide';
import { emptySummary, summaryText } from '../../src/lib/backup/summary';
import { MAX_PROFILES, notRememberedText, seatProfiles } from '../../src/lib/db/profiles';
import type { ProfileRecord } from '../../src/lib/db/records';
import type { TablesideDB } from '../../src/lib/db/schema';
import {
  MAX_SYNC_SERVER,
  SETTING_SCHEMAS,
  settingsFromRows,
  syncServerProblem
} from '../../src/lib/settings/schema';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { tallySetup } from '../fixtures/tally';
import { EXPORTED, T0, resolveTally, tally } from './backup-helpers';
import { dumpDb, fakeClock, freshDb } from './helpers';

/** `n` remembered players, “Player 1” to “Player n”. */
const people = (n: number, from = 1, prefix = 'p'): ProfileRecord[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `${prefix}${from + i}`,
    name: `Player ${from + i}`,
    created: T0
  }));

const backupText = async (db: TablesideDB) => JSON.stringify(await exportBackup(db, '0.1.0', EXPORTED));

/** A 614-character address, the kind that was kept and then refused by every backup. */
const LONG_SERVER = `wss://${'a'.repeat(600)}.example`;

describe('remembered players are capped', () => {
  it('a new name beyond the cap plays as a guest would, and is named once', async () => {
    const db = freshDb();
    await db.profiles.bulkAdd(people(MAX_PROFILES));
    const seated = await seatProfiles(db, [
      { id: 's1', name: 'player 3' },
      { id: 's2', name: 'Ana' },
      { id: 's3', name: ' ana  ' },
      { id: 's4', name: 'Hal', guest: true },
      { id: 's5', name: 'Ben' }
    ]);
    expect(seated.links).toEqual({ s1: 'p3' });
    expect(seated.notRemembered).toEqual(['Ana', 'Ben']);
    expect(await db.profiles.count()).toBe(MAX_PROFILES);
  });

  it('the last place goes to the first new name', async () => {
    const db = freshDb();
    await db.profiles.bulkAdd(people(MAX_PROFILES - 1));
    const seated = await seatProfiles(db, [
      { id: 's1', name: 'Ana' },
      { id: 's2', name: 'Ben' }
    ]);
    expect(Object.keys(seated.links)).toEqual(['s1']);
    expect(seated.notRemembered).toEqual(['Ben']);
    expect(await db.profiles.count()).toBe(MAX_PROFILES);
    expect((await db.profiles.get(seated.links.s1))!.name).toBe('Ana');
  });

  it('under the cap, every new name is remembered and nothing is said', async () => {
    const db = freshDb();
    const seated = await seatProfiles(db, [{ id: 's1', name: 'Ana' }]);
    expect(seated.notRemembered).toEqual([]);
    expect(await db.profiles.count()).toBe(1);
  });

  it('the table is told who plays as a guest, and why, in plain words', () => {
    expect(notRememberedText(['Ana'])).toBe(
      'Tableside remembers at most 1,000 players, so Ana plays as a guest this game. Merge players under Players to make room.'
    );
    expect(notRememberedText(['Ana', 'Ben'])).toContain('so Ana and Ben play as guests this game.');
    expect(notRememberedText(['Ana', 'Ben', 'Cy'])).toContain('so Ana, Ben and Cy play as guests this game.');
  });
});

describe('an import never takes the phone past the cap', () => {
  /** A backup of one game and `n` players of its own (ids no phone here has). */
  async function fileWith(n: number): Promise<string> {
    const from = freshDb();
    await from.profiles.bulkAdd(people(n, 1, 'f'));
    const game = await SessionRuntime.create(from, tally, 'tally', tallySetup(['Ana', 'Ben']), {
      now: fakeClock(T0)
    });
    game.send({ type: 'ADD', player: 0, amount: 1 });
    await game.saved();
    await game.flushRecord();
    return backupText(from);
  }

  it('refuses in plain words when the players it adds would pass the cap, writing nothing', async () => {
    const db = freshDb();
    await db.profiles.bulkAdd(people(MAX_PROFILES - 10));
    const before = await dumpDb(db);
    const result = await importBackup(db, await fileWith(11), resolveTally);
    expect(result).toEqual({
      ok: false,
      errors: [
        'This backup would make more than 1,000 remembered players (this phone remembers 990 and the backup adds 11), so nothing was imported. Merge players under Players to make room, then import it again.'
      ]
    });
    expect(await dumpDb(db)).toBe(before);
  });

  it('players already here do not count again; up to the cap the file imports', async () => {
    const db = freshDb();
    await db.profiles.bulkAdd(people(MAX_PROFILES - 10));
    const file = JSON.parse(await fileWith(10)) as Backup;
    // Ten players of this phone in the file too, renamed since: updated, not added.
    file.profiles.push(...people(10).map((p) => ({ ...p, name: `${p.name}!`, updated: T0 + 1000 })));
    const result = await importBackup(db, JSON.stringify(file), resolveTally);
    expect(result).toMatchObject({ ok: true, written: true, summary: { added: 1, profilesAdded: 10 } });
    expect(await db.profiles.count()).toBe(MAX_PROFILES);
    expect((await db.profiles.get('p1'))!.name).toBe('Player 1!');
  });

  it('counts the players stored when it writes, not when it was planned', () => {
    expect(tooManyProfiles(MAX_PROFILES, 0)).toBeUndefined();
    expect(tooManyProfiles(MAX_PROFILES - 1, 1)).toBeUndefined();
    expect(tooManyProfiles(MAX_PROFILES, 1)).toMatch(
      /^This backup would make more than 1,000 remembered players/
    );
    // A phone past the cap already (an older version kept any number) takes no new ones.
    expect(tooManyProfiles(20_000, 1)).toContain('this phone remembers 20,000 and the backup adds 1');
  });
});

describe('the sync server address', () => {
  it('one rule, in plain words: at most 500 characters, ws:// or wss://, or nothing', () => {
    expect(LONG_SERVER).toHaveLength(614);
    expect(syncServerProblem(LONG_SERVER)).toBe(
      'A sync server address has at most 500 characters; this one has 614.'
    );
    expect(syncServerProblem('http://192.168.1.20:4444')).toBe(
      'That is not a ws:// or wss:// address (for example ws://192.168.1.20:4444).'
    );
    expect(syncServerProblem('')).toBeUndefined();
    expect(syncServerProblem('  ws://192.168.1.20:4444 ')).toBeUndefined();
    const longest = `wss://${'a'.repeat(MAX_SYNC_SERVER - 14)}.example`;
    expect(longest).toHaveLength(MAX_SYNC_SERVER);
    expect(syncServerProblem(longest)).toBeUndefined();
    expect(syncServerProblem(`${longest}a`)).toMatch(/at most 500 characters; this one has 501/);
  });

  it('on an HTTPS page, a ws:// server is refused in plain words (the browser would block it), this device aside', () => {
    const secure = { secure: true };
    expect(syncServerProblem('ws://192.168.1.20:4444', secure)).toMatch(
      /^Tableside is open over HTTPS here, so the browser blocks a plain ws:\/\/ server\. Use the server’s wss:\/\/ address/
    );
    expect(syncServerProblem('ws://sync.example/tableside', secure)).toMatch(/over HTTPS/);
    expect(syncServerProblem('wss://sync.example', secure)).toBeUndefined();
    for (const own of [
      'ws://localhost:1234',
      'ws://127.0.0.1:1234',
      'ws://[::1]:1234',
      'ws://sync.localhost'
    ])
      expect(syncServerProblem(own, secure)).toBeUndefined();
    // A page on plain HTTP (a computer on the Wi-Fi) may use ws://, and the stored rule is the page's.
    expect(syncServerProblem('ws://192.168.1.20:4444', { secure: false })).toBeUndefined();
    expect(v.safeParse(SETTING_SCHEMAS.syncServer, 'ws://192.168.1.20:4444').success).toBe(true);
  });

  it('the stored setting follows the same rule: a longer address is not kept, and a backup holding one is refused', async () => {
    expect(v.safeParse(SETTING_SCHEMAS.syncServer, LONG_SERVER).success).toBe(false);
    expect(v.safeParse(SETTING_SCHEMAS.syncServer, 'wss://b.example').success).toBe(true);
    expect(v.safeParse(SETTING_SCHEMAS.syncServer, ' wss://b.example').success).toBe(false);
    expect(settingsFromRows([{ key: 'syncServer', value: LONG_SERVER }]).syncServer).toBe('');
    const db = freshDb();
    await db.settings.put({ key: 'syncServer', value: LONG_SERVER });
    const result = await checkBackup(await backupText(db), resolveTally);
    expect(result.ok).toBe(false);
  });
});

describe('the import summary names a changed sync server', () => {
  /** Imports a backup whose settings hold `file` as the sync server onto a phone with `here`. */
  async function importServer(here: string | undefined, file: string) {
    const from = freshDb();
    await from.settings.put({ key: 'syncServer', value: file });
    const db = freshDb();
    if (here !== undefined) await db.settings.put({ key: 'syncServer', value: here });
    const result = await importBackup(db, await backupText(from), resolveTally);
    if (!result.ok || !result.written) throw new Error(`not imported: ${JSON.stringify(result)}`);
    expect((await db.settings.get('syncServer'))?.value).toBe(file);
    return result.summary;
  }

  it('says what the server is now and what it was, and nothing more when it stays the same', async () => {
    const summary = await importServer(undefined, 'wss://b.example/sync');
    expect(summary.syncServer).toEqual({ was: '', now: 'wss://b.example/sync' });
    expect(summaryText(summary)).toBe(
      'No games in the file. Settings imported; the sync server is now wss://b.example/sync (was none).'
    );
    const emptied = await importServer('ws://192.168.1.20:4444', '');
    expect(summaryText(emptied)).toBe(
      'No games in the file. Settings imported; the sync server is now none (was ws://192.168.1.20:4444).'
    );
    const same = await importServer('wss://b.example', 'wss://b.example');
    expect(same.syncServer).toBeUndefined();
    expect(summaryText(same)).toBe('No games in the file. Settings imported.');
  });

  it('reads on with the players', () => {
    expect(
      summaryText({
        ...emptySummary(),
        added: 1,
        settings: 2,
        syncServer: { was: 'ws://a.example', now: 'wss://b.example' },
        profilesAdded: 2
      })
    ).toBe(
      '1 game added. Settings imported; the sync server is now wss://b.example (was ws://a.example); 2 remembered players added.'
    );
  });
});
