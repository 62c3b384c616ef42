/**
 * Notes on a play (#52, point 6): a finished game's place and note are kept on its record, go
 * through a backup, are refused past their length in plain words, and reach BG Stats as its
 * `location` and `comments`.
 */
import { describe, expect, it } from 'vitest';
import { exportBackup } from '../../src/lib/backup/write';
import { importBackup } from '../../src/lib/backup/import';
import { playNotesProblem } from '../../src/lib/results/play-notes';
import { setPlayNotes } from '../../src/lib/app/game-records';
import { playRecord } from '../../src/lib/results/stats';
import { bgStatsPlay } from '../../src/lib/results/bgstats';
import { finishedGames, storedFinished } from '../fixtures/finished';
import { freshDb } from './helpers';

const game = finishedGames()[0];
const { session, log, info } = storedFinished(game, 'notes1');
const resolve = async (g: string) => (g === game.entry.id ? game.logic : undefined);

async function stored() {
  const db = freshDb();
  await db.sessions.add(structuredClone(session));
  await db.events.bulkAdd(log);
  return db;
}

describe('notes on a play', () => {
  it('are kept trimmed on the record, and an emptied one goes', async () => {
    const db = await stored();
    await setPlayNotes(db, session.id, { location: '  The club ', note: 'Close game.\n' });
    expect(await db.sessions.get(session.id)).toMatchObject({ location: 'The club', note: 'Close game.' });
    await setPlayNotes(db, session.id, { location: '', note: 'Close game.' });
    expect((await db.sessions.get(session.id))?.location).toBeUndefined();
  });

  it('are refused past their length, in plain words', () => {
    expect(playNotesProblem({ location: 'x'.repeat(81), note: '' })).toBe(
      'A place has at most 80 characters.'
    );
    expect(playNotesProblem({ location: '', note: 'x'.repeat(1001) })).toBe(
      'A note has at most 1000 characters.'
    );
    expect(playNotesProblem({ location: 'x'.repeat(80), note: 'x'.repeat(1000) })).toBeUndefined();
  });

  it('go through a backup, and a backup with a note past its length is refused', async () => {
    const db = await stored();
    await setPlayNotes(db, session.id, { location: 'The club', note: 'Close game.' });
    const file = await exportBackup(db, '0.4.0');
    const other = freshDb();
    expect((await importBackup(other, JSON.stringify(file), resolve)).ok).toBe(true);
    expect(await other.sessions.get(session.id)).toMatchObject({ location: 'The club', note: 'Close game.' });
    file.sessions[0].note = 'x'.repeat(1001);
    const refused = await importBackup(freshDb(), JSON.stringify(file), resolve);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && (refused.details ?? refused.errors).join('\n')).toMatch(/note/);
  });

  it('reach BG Stats as its location and comments', () => {
    const play = playRecord({ ...session, location: 'The club', note: 'Close game.' }, log, info, new Map());
    const json = bgStatsPlay(play, game.logic.scoring);
    expect(json.location).toBe('The club');
    expect(json.comments).toMatch(/^Close game\.\n\S/);
    const plain = bgStatsPlay(playRecord(session, log, info, new Map()), game.logic.scoring);
    expect('location' in plain).toBe(false);
    expect(plain.comments).not.toMatch(/\n/);
  });
});
