/**
 * Doing a planned import (plan.ts): every game, setting and remembered player written in one
 * transaction, or nothing (the recovery journal follows by itself: journal/middleware.ts); then
 * the shared documents stored in their own database.
 */
import { newId } from '../util/id';
import { logHead } from '../session/load';
import type { DocWrite } from '../sync/backup-docs';
import type { EventRecord, SessionRecord } from '../db/records';
import type { TablesideDB } from '../db/schema';
import { copyGame, ImportRefused, serverChange, tooManyProfiles, type Choice } from './decide';
import { emptySummary, type ImportSummary } from './summary';
import type { ImportPlan } from './plan';
import { writeFailure } from './trouble';

export type ApplyResult = { ok: true; summary: ImportSummary } | { ok: false; errors: string[] };

class ChangedMeanwhile extends Error {}

/**
 * Writes a planned import in one transaction. Every conflict needs a choice. Games that changed
 * on this phone since the plan (another tab played on) stop the whole import: nothing is written.
 */
export async function applyImport(
  db: TablesideDB,
  plan: ImportPlan,
  choices: Readonly<Record<string, Choice>> = {}
): Promise<ApplyResult> {
  const open = plan.conflicts.filter((c) => !choices[c.id]);
  if (open.length) {
    return {
      ok: false,
      errors: [
        `Choose which copy to keep for ${open.length === 1 ? 'the game' : `${open.length} games`} first.`
      ]
    };
  }
  const summary: ImportSummary = {
    ...emptySummary(),
    settings: plan.backup.settings.length,
    profilesAdded: plan.profiles.added,
    profilesUpdated: plan.profiles.updated
  };
  /** What happens to the stored shared documents once the games are written. */
  const docWrites: DocWrite[] = [];
  try {
    await db.transaction('rw', [db.sessions, db.events, db.snapshots, db.settings, db.profiles], async () => {
      docWrites.length = 0; // a retried transaction starts again
      // Players the phone has no room for refuse the whole file, counted as the phone is now.
      const fresh = (await db.profiles.bulkGet(plan.profiles.put.map((p) => p.id))).filter((p) => !p).length;
      const crowded = tooManyProfiles(await db.profiles.count(), fresh);
      if (crowded) throw new ImportRefused(crowded);
      for (const { game, plan: p, headHere } of plan.games) {
        const id = game.session.id;
        const shared = game.session.shared;
        const update = plan.docs.get(id);
        if (p.kind === 'merge') {
          // Only the document changes; the game here is opened from it next time (planImport).
          if (update) docWrites.push({ sessionId: p.into, room: shared!.room, update });
          summary.merged++;
          continue;
        }
        const record = await db.sessions.get(id);
        const unchanged =
          p.kind === 'new'
            ? record === undefined
            : record !== undefined &&
              (record.deletedAt !== undefined) === (p.kind === 'restore') &&
              (await logHead(db, id)) === headHere;
        if (!unchanged) throw new ChangedMeanwhile();
        /** The states the check's replay ended in, cached so the game's first open is a window. */
        const cache = (sessionId: string) =>
          game.states.length
            ? db.snapshots.bulkPut(game.states.map((state) => ({ ...state, sessionId })))
            : undefined;
        const replace = async (copy: { session: SessionRecord; log: readonly EventRecord[] }) => {
          await db.events.where('sessionId').equals(copy.session.id).delete();
          await db.snapshots.where('sessionId').equals(copy.session.id).delete();
          await db.sessions.put(copy.session);
          await db.events.bulkAdd(copy.log as EventRecord[]);
          await cache(copy.session.id);
          summary.events += copy.log.length;
        };
        /**
         * The file's record is now stored under `to`: a shared game's document goes with it; a
         * document this phone kept there for a game shared under another room, or no longer
         * shared, goes.
         */
        const wrote = (to: string, before: SessionRecord | undefined) => {
          if (shared) docWrites.push({ sessionId: to, room: shared.room, update });
          else if (before?.shared) docWrites.push({ sessionId: to });
        };
        switch (p.kind) {
          case 'same':
            // The record here stays; the documents merge when both are of the same room.
            if (shared && update && record?.shared?.room === shared.room) {
              docWrites.push({ sessionId: id, room: shared.room, update });
            }
            summary.alreadyHere++;
            break;
          case 'new':
          case 'restore':
            await replace(game);
            wrote(id, record);
            summary.added++;
            break;
          case 'update': {
            // The shared beginning stays (and its cached states with it); the rest is added.
            const rest = game.log.slice(p.from);
            await db.sessions.put(game.session);
            await db.events.bulkAdd(rest);
            await cache(id);
            wrote(id, record);
            summary.events += rest.length;
            summary.updated++;
            break;
          }
          case 'conflict': {
            const choice = choices[id];
            if (choice === 'phone') summary.keptPhone++;
            else if (choice === 'backup') {
              await replace(game);
              wrote(id, record);
              summary.replaced++;
            } else {
              const copy = copyGame(game, newId());
              await db.sessions.add(copy.session);
              await db.events.bulkAdd(copy.log as EventRecord[]);
              await cache(copy.session.id);
              wrote(copy.session.id, undefined);
              summary.events += copy.log.length;
              summary.keptBoth++;
            }
            break;
          }
        }
      }
      summary.syncServer = serverChange(await db.settings.get('syncServer'), plan.backup.settings);
      await db.settings.bulkPut(plan.backup.settings);
      await db.profiles.bulkPut(plan.profiles.put);
    });
  } catch (error) {
    if (error instanceof ImportRefused) return { ok: false, errors: [error.message] };
    if (error instanceof ChangedMeanwhile) {
      return {
        ok: false,
        errors: [
          'A game in this file was changed on this phone while the import waited (in another tab?). Import the file again to see it as it is now.'
        ]
      };
    }
    return { ok: false, errors: [writeFailure(error)] };
  }
  // The shared documents live in a database of their own, written after the games: a game whose
  // document is missing still opens (from its copy here), and importing the file again merges
  // what did not get stored (a merge adds nothing twice).
  if (docWrites.length) {
    try {
      const { writeDocs } = await import('../sync/backup-docs');
      await writeDocs(docWrites);
    } catch (error) {
      return {
        ok: false,
        errors: [
          `The games were imported, but not every shared game’s copy could be stored. ${writeFailure(error)}`
        ]
      };
    }
  }
  return { ok: true, summary };
}
