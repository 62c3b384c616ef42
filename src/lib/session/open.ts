/**
 * Opening a saved game for the play screen: the record, its game, the game's code and the
 * runtime, with every way this can fail turned into a plain message.
 */
import { gameById } from '../games/registry';
import type { GameEntry, GameModule } from '../games/types';
import type { TablesideDB } from '../db/schema';
import { SessionNotFoundError, SessionRuntime, SessionUnreadableError, type RuntimeOptions } from './runtime';

export type OpenResult =
  | { ok: true; entry: GameEntry; module: GameModule; runtime: SessionRuntime<any> }
  | { ok: false; message: string };

export async function openSession(
  db: TablesideDB,
  id: string,
  options: RuntimeOptions = {}
): Promise<OpenResult> {
  const record = await db.sessions.get(id);
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
  let module: GameModule;
  try {
    module = await entry.load();
  } catch {
    return {
      ok: false,
      message: `${entry.title} could not be loaded. Check your connection once, then it works offline.`
    };
  }
  try {
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
