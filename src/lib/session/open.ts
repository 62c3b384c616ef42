/**
 * Opening a saved game for the play screen: the record, its game, the game's code and the
 * runtime, with every way this can fail turned into a plain message.
 */
import { gameById } from '../games/registry';
import type { GameEntry, GamePlayModule } from '../games/types';
import type { TablesideDB } from '../db/schema';
import type { GameRuntime } from './face';
import { SessionNotFoundError, SessionRuntime, SessionUnreadableError, type RuntimeOptions } from './runtime';

export type OpenResult =
  | { ok: true; entry: GameEntry; module: GamePlayModule; runtime: GameRuntime<any> }
  | { ok: false; message: string };

export interface OpenOptions extends RuntimeOptions {
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
  const copy = stored ? undefined : await import('./lost-copy').then((m) => m.lostGameCopy(db, id));
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
  let module: GamePlayModule;
  try {
    module = await entry.load();
  } catch {
    return {
      ok: false,
      message: `${entry.title} could not be loaded. Check your connection once, then it works offline.`
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
        const runtime = await SharedRuntime.open(db, module.logic, record);
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
    return {
      ok: false,
      message: `This saved game could not be opened (${(error as Error).message}). Nothing was changed.`
    };
  }
}
