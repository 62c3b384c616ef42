/**
 * Opening a saved game for the play screen: the record, its game, the game's code and its
 * session, with every way this can fail turned into a plain message. This is where a game's store
 * is chosen: its log in IndexedDB (session/runtime.ts) or, for a shared game, in the shared
 * document (sync/runtime.ts, loaded only then: it brings Yjs).
 */
import { gameById } from '../games/registry';
import type { GameEntry, GamePlayModule } from '../games/types';
import type { TablesideDB } from '../db/schema';
import type { GameSession } from '../session/game-session';
import {
  SessionNotFoundError,
  SessionRuntime,
  SessionUnreadableError,
  type RuntimeOptions
} from '../session/runtime';
import { CODE_MISSING, isCodeLoadFailure } from './code-failure';
import type { SessionRecord } from '../db/records';
import { namesNow } from '../results/names';

type OpenResult =
  | { ok: true; entry: GameEntry; module: GamePlayModule; runtime: GameSession<any> }
  /** `reload`: code would not load, so a reload (with a connection) may open it. */
  | { ok: false; message: string; reload?: boolean };

interface OpenOptions extends RuntimeOptions {
  /**
   * False: a shared game opens from this phone's copy, as a game on one phone, without
   * connecting (the history page reads it). Default true: it joins the other phones.
   */
  shared?: boolean;
}

export async function openSession(
  db: TablesideDB,
  id: string,
  options: OpenOptions = {}
): Promise<OpenResult> {
  const stored = await db.sessions.get(id);
  // Not stored, but whole in a copy: the browser lost it and would not take it back yet.
  let copy: Awaited<ReturnType<typeof import('../session/lost-copy').lostGameCopy>> | undefined;
  try {
    copy = stored ? undefined : await import('../session/lost-copy').then((m) => m.lostGameCopy(db, id));
  } catch (error) {
    if (!isCodeLoadFailure(error)) throw error;
    return { ok: false, message: CODE_MISSING, reload: true };
  }
  const record = stored ?? copy?.record;
  if (!record || record.deletedAt !== undefined) {
    return { ok: false, message: new SessionNotFoundError(id).message };
  }
  const entry = gameById(record.game);
  if (!entry) {
    return {
      ok: false,
      message: `This saved game is for “${record.game}”, which this version of Tableside does not know. It has been kept as it is.`
    };
  }
  // The one rename rule (results/names.ts): the game is shown with the names players go by now.
  const names = await namesFor(db, record);
  options = { ...options, names };
  let module: GamePlayModule;
  try {
    module = await entry.load();
  } catch (error) {
    // The game's code failed, not the game: it stays stored as it was.
    console.error(`Tableside could not load ${entry.title}`, error);
    return {
      ok: false,
      message: `Tableside could not load ${entry.title}: it may have just been updated, or this phone is offline. Your games are safe on this phone; nothing was changed. Reload to try again.`,
      reload: true
    };
  }
  try {
    if (copy) {
      const runtime = await SessionRuntime.fromCopy(db, module.logic, copy, options);
      return { ok: true, entry, module, runtime };
    }
    if (record.shared && options.shared !== false) {
      // Only a shared game loads the sync code (and Yjs with it).
      const { SharedRuntime, SharedDocMissingError } = await import('../sync/runtime');
      try {
        const runtime = await SharedRuntime.open(db, module.logic, record, { names });
        return { ok: true, entry, module, runtime };
      } catch (error) {
        // No shared copy on this phone (its storage was cleared): this phone's copy still opens.
        if (!(error instanceof SharedDocMissingError)) throw error;
      }
    }
    const runtime = await SessionRuntime.open(db, module.logic, id, options);
    return { ok: true, entry, module, runtime };
  } catch (error) {
    if (error instanceof SessionNotFoundError || error instanceof SessionUnreadableError) {
      return { ok: false, message: error.message };
    }
    // A shared game's sync code, or the runtime's, would not load.
    if (isCodeLoadFailure(error)) return { ok: false, message: CODE_MISSING, reload: true };
    return {
      ok: false,
      message: `This saved game could not be opened (${(error as Error).message}). Nothing was changed.`
    };
  }
}

/** The name each seat of a game goes by now, from the remembered players it seats. */
async function namesFor(db: TablesideDB, record: SessionRecord): Promise<string[]> {
  const ids = [...new Set(Object.values(record.profiles ?? {}))];
  const found = ids.length ? await db.profiles.bulkGet(ids) : [];
  return namesNow(record, new Map(found.filter((p) => p !== undefined).map((p) => [p.id, p.name])));
}
