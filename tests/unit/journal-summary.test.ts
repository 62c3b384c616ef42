/**
 * The start-up check reads each journal from where its summary file stops, not whole: a long
 * game's journal costs it a few hundred bytes. What it says must be exactly what reading the
 * whole file says, whatever the file holds (torn and damaged lines, gaps, repeats, deletes).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { EventRecord } from '../../src/lib/db/records';
import {
  decodeJournal,
  encodeEntries,
  encodeHeader,
  encodeUpdate,
  journalFileName
} from '../../src/lib/journal/format';
import { Journal, type JournalSummary } from '../../src/lib/journal/journal';
import { MemoryFiles } from '../../src/lib/journal/files';
import { summaryFileName } from '../../src/lib/journal/summary';
import { tallyRecord } from '../fixtures/journal';

const record = tallyRecord('long01');
const name = journalFileName(record.id);

const entry = (seq: number, time = 1000 + seq): EventRecord => ({
  sessionId: record.id,
  seq,
  kind: 'event',
  event: { type: 'ADD', player: 0, amount: seq },
  time,
  label: `Ana: +${seq} (a label about as long as a real one)`,
  period: 1 + Math.floor(seq / 20)
});
const entries = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => entry(from + i));

/** What the start-up check said before summaries: the whole file decoded. */
function wholeFileSummary(id: string, text: string): JournalSummary {
  const { game, damaged, torn } = decodeJournal(text);
  return {
    id,
    readable: game !== undefined && game.record.id === id,
    head: game?.events.length ?? 0,
    headTime: game?.events.at(-1)?.time,
    deleted: game?.record.deletedAt !== undefined,
    damaged: damaged + (torn ? 1 : 0)
  };
}

/** A journal's summaries as a new start sees them (a new Journal over the same files). */
async function scanAfterRestart(files: MemoryFiles): Promise<{ summaries: JournalSummary[]; read: number }> {
  files.bytesRead = 0;
  const summaries = await new Journal(files, undefined, Infinity).scan();
  return { summaries, read: files.bytesRead };
}

/** A long game: 20,000 steps, marked deleted early on and restored later, in batches of 50. */
async function longGame(files: MemoryFiles): Promise<Journal> {
  const journal = new Journal(files, undefined, Infinity);
  await journal.start(record);
  await journal.append(record.id, entries(1, 10));
  await journal.update(record.id, { deletedAt: 5000 });
  await journal.update(record.id, { deletedAt: undefined, status: 'finished' });
  await journal.update(record.id, { status: 'active' });
  await journal.update(record.id, { deletedAt: 7000 });
  for (let from = 11; from <= 20_000; from += 50)
    await journal.append(record.id, entries(from, Math.min(from + 49, 20_000)));
  return journal;
}

describe('the start-up check with summary files', () => {
  it('a long journal costs the check a bounded read, not the whole file, and says the same', async () => {
    const files = new MemoryFiles();
    const journal = await longGame(files);
    const size = new TextEncoder().encode(files.files.get(name)!).length;
    expect(size).toBeGreaterThan(2_000_000);
    const truth = wholeFileSummary(record.id, files.files.get(name)!);
    expect(truth).toMatchObject({
      readable: true,
      head: 20_000,
      headTime: 21_000,
      deleted: true,
      damaged: 0
    });

    // No summary yet (a journal from before them): read whole, once.
    let check = await scanAfterRestart(files);
    expect(check.summaries).toEqual([truth]);
    expect(check.read).toBeGreaterThanOrEqual(size);

    // A flush (the page hidden) writes the summary; the next start reads a few kilobytes.
    await journal.flush();
    expect(files.files.has(summaryFileName(name))).toBe(true);
    check = await scanAfterRestart(files);
    expect(check.summaries).toEqual([truth]);
    expect(check.read).toBeLessThan(8_000);

    // Steps written after the summary (a kill before it was brought up to date) are read, and
    // only they: the read grows with what was added, not with the game.
    await journal.append(record.id, entries(20_001, 20_040));
    await journal.update(record.id, { deletedAt: undefined });
    const added = new TextEncoder().encode(encodeEntries(entries(20_001, 20_040))).length;
    check = await scanAfterRestart(files);
    expect(check.summaries).toEqual([wholeFileSummary(record.id, files.files.get(name)!)]);
    expect(check.summaries[0]).toMatchObject({ head: 20_040, deleted: false });
    expect(check.read).toBeLessThan(8_000 + added);
  });

  it('a journal brings its summary up to date by itself a moment after its last write', async () => {
    const files = new MemoryFiles();
    const journal = new Journal(files, undefined, 20);
    await journal.start(record);
    await journal.append(record.id, entries(1, 500));
    await expect.poll(() => files.files.has(summaryFileName(name))).toBe(true);
    const check = await scanAfterRestart(files);
    expect(check.summaries).toEqual([wholeFileSummary(record.id, files.files.get(name)!)]);
    expect(check.read).toBeLessThan(8_000);
  });

  it('a summary that does not match its journal is not trusted: the journal is read whole', async () => {
    const files = new MemoryFiles();
    const journal = await longGame(files);
    await journal.flush();
    const summary = files.files.get(summaryFileName(name))!;

    // Written anew behind the summary's back (another history, longer than the summarized part).
    const other =
      encodeHeader({ ...record, summary: 'Round 9' }) +
      encodeEntries(entries(1, 25_000).map((e) => ({ ...e, time: e.time + 1 })));
    files.files.set(name, other);
    let check = await scanAfterRestart(files);
    expect(check.summaries).toEqual([wholeFileSummary(record.id, other)]);
    expect(check.summaries[0]).toMatchObject({ head: 25_000, headTime: 26_001, deleted: false });

    // Cut shorter than the summary.
    const short = encodeHeader(record) + encodeEntries(entries(1, 3));
    files.files.set(name, short);
    files.files.set(summaryFileName(name), summary);
    check = await scanAfterRestart(files);
    expect(check.summaries).toEqual([wholeFileSummary(record.id, short)]);

    // A summary file that is not one.
    for (const bad of [
      '',
      'not json',
      '{"v":1,"bytes":-1}',
      JSON.stringify({ ...JSON.parse(summary), v: 99 })
    ]) {
      files.files.set(summaryFileName(name), bad);
      check = await scanAfterRestart(files);
      expect(check.summaries).toEqual([wholeFileSummary(record.id, short)]);
    }
  });

  it('a rewrite or a remove takes the summary away with the journal it was of', async () => {
    const files = new MemoryFiles();
    const journal = await longGame(files);
    await journal.flush();
    await journal.rewrite({ record: { ...record, head: 2 }, events: entries(1, 2), people: [] });
    expect((await scanAfterRestart(files)).summaries).toEqual([
      wholeFileSummary(record.id, files.files.get(name)!)
    ]);
    expect((await scanAfterRestart(files)).summaries[0]).toMatchObject({ head: 2, deleted: false });
    await journal.flush();
    expect(files.files.has(summaryFileName(name))).toBe(true);
    await journal.remove(record.id);
    expect([...files.files.keys()]).toEqual([]);
    expect((await scanAfterRestart(files)).summaries).toEqual([]);
  });

  it('a torn line after the summary counts as damaged, and the next append keeps it apart', async () => {
    const files = new MemoryFiles();
    const journal = await longGame(files);
    await journal.flush();
    files.files.set(name, files.files.get(name)! + '{"t":"e","seq":20001,"ki');
    let check = await scanAfterRestart(files);
    expect(check.summaries[0]).toMatchObject({ head: 20_000, damaged: 1 });
    expect(check.summaries).toEqual([wholeFileSummary(record.id, files.files.get(name)!)]);
    expect(check.read).toBeLessThan(8_000);

    const next = new Journal(files, undefined, Infinity);
    await next.scan();
    await next.append(record.id, entries(20_001, 20_002));
    await next.flush();
    check = await scanAfterRestart(files);
    expect(check.summaries[0]).toMatchObject({ head: 20_002, damaged: 1 });
    expect(check.summaries).toEqual([wholeFileSummary(record.id, files.files.get(name)!)]);
    expect(check.read).toBeLessThan(8_000);
  });

  it('whatever a journal holds and wherever its summary stops, the check says what reading it whole says', async () => {
    const line = fc.oneof(
      fc.constant(encodeHeader(record)),
      fc.constant(encodeHeader({ ...record, id: 'someone-else' })),
      fc.integer({ min: 1, max: 12 }).map((seq) => encodeEntries([entry(seq)])),
      fc
        .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 3 }))
        .map(([seq, dt]) => encodeEntries([entry(seq, 5000 + seq + dt)])),
      fc.constantFrom(
        encodeUpdate({ deletedAt: 77 }),
        encodeUpdate({ deletedAt: undefined }),
        encodeUpdate({ status: 'finished', summary: 'é done' }),
        '{"t":"r","set":{"status":"exploded"}}\n',
        'not json\n',
        '{"t":"e","seq":3,"ki\0\0\n',
        '\n',
        '\uFEFF{"t":"zzz"}\n'
      )
    );
    const tail = fc.constantFrom('', '{"t":"e","seq":9,', '\0\0\0', '  ');
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 30 }),
        fc.array(line, { maxLength: 30 }),
        tail,
        tail,
        async (first, then, tear1, tear2) => {
          const files = new MemoryFiles();
          // The part a summary is made of, perhaps ending in a torn line...
          files.files.set(name, first.join('') + tear1);
          const journal = new Journal(files, undefined, Infinity);
          await journal.scan();
          await journal.flush();
          // ...then more lines, as another tab or a later start appends them.
          files.files.set(name, files.files.get(name)! + then.join('') + tear2);
          const text = files.files.get(name)!;
          const { summaries } = await scanAfterRestart(files);
          expect(summaries).toEqual([wholeFileSummary(record.id, text)]);
        }
      ),
      { numRuns: 300 }
    );
  });
});
