/** The recovery journal's file format and its writer, on files in memory. */
import { describe, expect, it } from 'vitest';
import type { EventRecord, SessionRecord } from '../../src/lib/db/records';
import {
  decodeJournal,
  encodeEntries,
  encodeHeader,
  encodeUpdate,
  journalFileName,
  sessionIdOf
} from '../../src/lib/journal/format';
import { Journal } from '../../src/lib/journal/journal';
import { MemoryFiles } from '../../src/lib/journal/files';
import { tallyEntry, tallyRecord } from '../fixtures/journal';

const record = tallyRecord('game01');

const entry = (seq: number, kind: EventRecord['kind'] = 'event') => tallyEntry(record.id, seq, kind);

const text = (...lines: string[]) => lines.join('');

describe('journal format', () => {
  it('reads back the record, the people and every entry it was given', () => {
    const log = [entry(1), entry(2), entry(3, 'undo'), entry(4, 'redo')];
    const people = [{ id: 'pr1', name: 'Ana', created: 5 }];
    const decoded = decodeJournal(text(encodeHeader(record, people), encodeEntries(log)));
    expect(decoded).toEqual({ game: { record, events: log, people }, damaged: 0, torn: false, afterGap: 0 });
  });

  it('applies record updates in order; undefined removes a field', () => {
    const decoded = decodeJournal(
      text(
        encodeHeader({ ...record, guide: true }),
        encodeUpdate({ status: 'finished', summary: 'Ana wins' }),
        encodeUpdate({ guide: undefined, deletedAt: 99 }),
        encodeUpdate({ deletedAt: undefined })
      )
    );
    expect(decoded.game?.record).toEqual({ ...record, status: 'finished', summary: 'Ana wins' });
  });

  it('never lets an update change what names the game, or reach a prototype', () => {
    const line = '{"t":"r","set":{"id":"other","game":"x","__proto__":{"polluted":1},"summary":"ok"}}\n';
    const decoded = decodeJournal(text(encodeHeader(record), line));
    expect(decoded.game?.record).toEqual({ ...record, summary: 'ok' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(encodeUpdate({ id: 'x', created: 5 } as Partial<SessionRecord>)).toBe('');
  });

  it('an update that would make the record unreadable is skipped', () => {
    const decoded = decodeJournal(text(encodeHeader(record), '{"t":"r","set":{"status":"exploded"}}\n'));
    expect(decoded.game?.record.status).toBe('active');
  });

  it('ignores a torn last line (the writer was killed in the middle of it)', () => {
    const whole = text(encodeHeader(record), encodeEntries([entry(1), entry(2)]));
    const line3 = encodeEntries([entry(3)]);
    for (const cut of [1, 10, line3.length - 2, line3.length - 1]) {
      const decoded = decodeJournal(whole + line3.slice(0, cut));
      expect(decoded.torn).toBe(true);
      expect(decoded.game?.events.map((e) => e.seq)).toEqual([1, 2]);
    }
    // Zeros left by a power cut after the last line are not a line.
    expect(decodeJournal(`${whole}\0\0\0\0`).game?.events).toHaveLength(2);
  });

  it('skips a damaged line and keeps only the entries before a gap', () => {
    const decoded = decodeJournal(
      text(
        encodeHeader(record),
        encodeEntries([entry(1)]),
        '{"t":"e","seq":2,"ki\0\0\0\n',
        encodeEntries([entry(3), entry(4)])
      )
    );
    expect(decoded.damaged).toBe(1);
    expect(decoded.game?.events.map((e) => e.seq)).toEqual([1]);
    expect(decoded.afterGap).toBe(2);
  });

  it('counts a repeated entry once and puts entries from two tabs back in order', () => {
    const decoded = decodeJournal(
      text(encodeHeader(record), encodeEntries([entry(1), entry(3), entry(2), entry(3), entry(1)]))
    );
    expect(decoded.game?.events.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('entries with the wrong shape are damaged lines, not steps', () => {
    const bad = [
      '{"t":"e","seq":0,"kind":"event","event":{"type":"A"},"time":1,"label":"x"}',
      '{"t":"e","seq":1,"kind":"jump","time":1,"label":"x"}',
      '{"t":"e","seq":1,"kind":"event","time":1,"label":"x"}',
      '{"t":"e","seq":1,"kind":"event","event":{"type":"A"},"time":"1","label":"x"}',
      '[1,2]',
      '{"t":"zzz"}'
    ];
    const decoded = decodeJournal(text(encodeHeader(record), ...bad.map((l) => `${l}\n`)));
    expect(decoded.damaged).toBe(bad.length);
    expect(decoded.game?.events).toEqual([]);
  });

  it('a file without a readable first line restores nothing', () => {
    expect(decodeJournal(encodeEntries([entry(1)])).game).toBeUndefined();
    expect(decodeJournal('{"t":"game","v":1,"record":{"id":"x"}}\n').game).toBeUndefined();
    expect(decodeJournal('').game).toBeUndefined();
  });

  it('file names carry any id and give it back', () => {
    for (const id of ['abc123', 'a/b\\c.d', '..', 'é ü']) {
      const name = journalFileName(id);
      expect(name).not.toMatch(/[/\\]/);
      expect(sessionIdOf(name)).toBe(id);
    }
    expect(sessionIdOf('notes.txt')).toBeUndefined();
  });
});

describe('journal writer', () => {
  it('batches appends queued together into one write and one flush per batch', async () => {
    const files = new MemoryFiles();
    const journal = new Journal(files);
    await journal.start(record);
    const flushes = files.flushes;
    const writes = [1, 2, 3].map((seq) => journal.append(record.id, [entry(seq)]));
    await Promise.all(writes);
    expect(files.flushes).toBe(flushes + 1);
    expect((await journal.read(record.id))?.events.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('an append after a torn line starts on a line of its own', async () => {
    const files = new MemoryFiles();
    const name = journalFileName(record.id);
    files.files.set(name, encodeHeader(record) + encodeEntries([entry(1)]) + '{"t":"e","seq":2,"ki');
    const journal = new Journal(files);
    await journal.append(record.id, [entry(2), entry(3)]);
    const decoded = decodeJournal(files.files.get(name)!);
    expect(decoded.game?.events.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(decoded.damaged).toBe(1);
  });

  it('a write killed halfway is written whole the next time, so the journal has no gap', async () => {
    const files = new MemoryFiles();
    const journal = new Journal(files);
    await journal.start(record);
    await journal.append(record.id, [entry(1)]);
    files.cut = 30;
    await expect(journal.append(record.id, [entry(2), entry(3)])).rejects.toThrow();
    await journal.append(record.id, [entry(4)]);
    expect((await journal.read(record.id))?.events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });

  it('with the disk full, nothing is skipped: what failed is written first once there is room', async () => {
    const files = new MemoryFiles();
    const journal = new Journal(files);
    files.failWith = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    await expect(journal.start(record)).rejects.toThrow('full');
    await expect(journal.append(record.id, [entry(1)])).rejects.toThrow('full');
    files.failWith = undefined;
    await journal.append(record.id, [entry(2)]);
    expect((await journal.read(record.id))?.events.map((e) => e.seq)).toEqual([1, 2]);
  });

  it('scan sums every journal up; remove forgets one; other files are not journals', async () => {
    const files = new MemoryFiles();
    const journal = new Journal(files);
    await journal.start(record);
    await journal.append(record.id, [entry(1), entry(2)], { summary: 'Round 2' });
    await journal.start({ ...record, id: 'game02' });
    await journal.update('game02', { deletedAt: 5 });
    files.files.set('readme.txt', 'hello');
    files.files.set(journalFileName('broken'), 'not json\n');
    const summaries = await journal.scan();
    expect(summaries.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'broken', readable: false, head: 0, headTime: undefined, deleted: false, damaged: 1 },
      { id: 'game01', readable: true, head: 2, headTime: 1002, deleted: false, damaged: 0 },
      { id: 'game02', readable: true, head: 0, headTime: undefined, deleted: true, damaged: 0 }
    ]);
    await journal.remove('game02');
    expect((await journal.scan()).map((s) => s.id).sort()).toEqual(['broken', 'game01']);
    expect(await journal.read('game02')).toBeUndefined();
  });

  it('a rewrite replaces the whole file', async () => {
    const files = new MemoryFiles();
    const journal = new Journal(files);
    await journal.start(record);
    await journal.append(record.id, [entry(1), entry(2), entry(3)]);
    await journal.rewrite({ record: { ...record, head: 1 }, events: [entry(1)], people: [] });
    expect(await journal.read(record.id)).toEqual({
      record: { ...record, head: 1 },
      events: [entry(1)],
      people: []
    });
  });
});
