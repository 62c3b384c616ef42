/**
 * Sharing a game, joining one, and passing one as a file: everything that turns a game on this
 * phone into a shared one or back, or brings one in from elsewhere. Loaded only when someone
 * shares, joins or opens a game file (it brings Yjs).
 */
import * as Y from 'yjs';
import type { SessionRecord, SharedGame } from '../db/records';
import type { TablesideDB } from '../db/schema';
import { readLog } from '../session/load';
import { newId } from '../util/id';
import { newDeviceId, newRoomKey, newRoomName } from './clock';
import { convertLog } from './convert';
import { appendEntry, encodeDoc, mergeDoc, readMeta, writeMeta, type SharedGameMeta } from './doc';
import { deleteDoc, loadDoc } from './store';
import { connectWebsocket, type Connect } from './connect';
import { logicFor } from '../games/registry';
import type { GameResolver } from '../backup/format';
import { sameJson, rawMeta } from './check-copy';
import {
  checkGameFile,
  checkIncoming,
  isGameFile,
  NOT_A_GAME_FILE,
  type GameFile,
  type IncomingGame
} from './game-file';
import { fromBase64, toBase64 } from './base64';

export { fromBase64, toBase64 };

/**
 * Makes a game on this phone a shared one: its log so far becomes this device's entries in a new
 * document (same state, see convert.ts), under a new random room and key.
 */
export async function shareGame(db: TablesideDB, sessionId: string, server: string): Promise<SharedGame> {
  const record = await db.sessions.get(sessionId);
  if (!record) throw new Error('This game is no longer on this phone.');
  if (record.shared) return record.shared;
  const shared: SharedGame = { room: newRoomName(), key: newRoomKey(), server };
  const { entries } = convertLog(await readLog(db, sessionId), newDeviceId());
  const stored = await loadDoc(sessionId, shared.room);
  if (!stored) throw new Error('The shared copy of this game could not be made.');
  try {
    Y.transact(stored.doc, () => {
      writeMeta(stored.doc, metaOf(record));
      for (const entry of entries) appendEntry(stored.doc, entry);
    });
    await stored.stored();
  } finally {
    stored.release();
  }
  await db.sessions.update(sessionId, { shared });
  return shared;
}

/**
 * Stops sharing: this phone keeps its copy of the game (the events in effect, as a game on one
 * phone) and sends nothing more. The other phones keep theirs.
 */
export async function stopSharing(db: TablesideDB, sessionId: string): Promise<void> {
  await db.sessions.update(sessionId, { shared: undefined });
  await deleteDoc(sessionId);
}

export type Joined = { ok: true; id: string } | { ok: false; message: string };

/**
 * Joins a shared game from its link: waits for the game to arrive from the server (the setup
 * first), then keeps it as a game on this phone. A game already joined opens as it is.
 */
export async function joinGame(
  db: TablesideDB,
  shared: SharedGame,
  options: { connect?: Connect; patienceMs?: number; now?: () => number; resolveGame?: GameResolver } = {}
): Promise<Joined> {
  const existing = await findShared(db, shared.room);
  if (existing) return { ok: true, id: existing.id };
  if (!shared.server)
    return {
      ok: false,
      message: 'This link names no sync server. Ask for a game file instead (“Send this game”).'
    };
  const id = newId();
  const stored = await loadDoc(id, shared.room);
  if (!stored) return { ok: false, message: 'This phone could not make room for the game.' };
  const link = (options.connect ?? connectWebsocket)(stored.doc, shared);
  try {
    const meta = await new Promise<SharedGameMeta | string>((resolve) => {
      const done = (value: SharedGameMeta | string) => {
        clearTimeout(timer);
        stored.doc.off('update', check);
        stopLink();
        resolve(value);
      };
      const check = () => {
        const meta = readMeta(stored.doc);
        if (meta) done(meta);
      };
      const stopLink = link.onChange(() => {
        if (link.state === 'refused') done(link.refusal ?? 'The sync server refused this link.');
      });
      const timer = setTimeout(
        () =>
          done(
            link.state === 'connected'
              ? 'The sync server has no game under this link. Ask for the link again.'
              : 'The sync server could not be reached. Check that this phone is on the same network, then try again.'
          ),
        options.patienceMs ?? 15000
      );
      stored.doc.on('update', check);
      check();
    });
    if (typeof meta === 'string') {
      await deleteDoc(id);
      return { ok: false, message: meta };
    }
    // The room's first document is a stranger's input too: the same checks as a game file.
    const checked = await checkIncoming(shared, stored.doc, options.resolveGame ?? logicFor, {
      now: options.now?.(),
      words: 'shared game'
    });
    if (!checked.ok) {
      await deleteDoc(id);
      return { ok: false, message: `${checked.message} This phone did not join it.` };
    }
    await stored.stored();
    await db.sessions.add({ ...checked.game.record, id });
    return { ok: true, id };
  } finally {
    link.destroy();
    stored.release();
  }
}

export { GAME_FILE_TYPE } from './file-type';
export { isGameFile, NOT_A_GAME_FILE, type GameFile };

export function gameFile(shared: SharedGame, doc: Y.Doc): GameFile {
  return { tableside: 'shared-game', format: 1, shared, doc: toBase64(encodeDoc(doc)) };
}

export interface OpenOptions {
  now?: number;
  /** The games' rules (default: the app's registry; tests pass their own game). */
  resolveGame?: GameResolver;
}

/**
 * Opens a game file: checked through every check a backup gets (game-file.ts), then merged
 * into the game it belongs to when this phone has it (sending twice, or files in any order,
 * ends the same: the merge is Yjs's), else kept as a new shared game.
 */
export async function openGameFile(
  db: TablesideDB,
  file: unknown,
  options: OpenOptions = {}
): Promise<Joined> {
  const checked = await checkGameFile(file, options.resolveGame ?? logicFor, { now: options.now });
  if (!checked.ok) return { ok: false, message: checked.message };
  return storeIncoming(db, checked.game);
}

/**
 * Stores a shared game that passed the checks (checkGameFile, checkIncoming). Into a game this
 * phone already plays under the same room only when the two are one game: the same game and
 * setup, and no entry of the file other than this phone's under the same id (Yjs would let one
 * of the two win, changing a stored tap or the setup every phone joins with).
 */
export async function storeIncoming(db: TablesideDB, game: IncomingGame): Promise<Joined> {
  const { shared, update } = game;
  const existing = await findShared(db, shared.room);
  if (existing) {
    const clash = await clashWith(existing, game);
    if (clash) return { ok: false, message: clash };
  }
  const id = existing?.id ?? newId();
  const stored = await loadDoc(id, shared.room);
  if (!stored) return { ok: false, message: 'This phone could not make room for the game.' };
  try {
    mergeDoc(stored.doc, update);
    await stored.stored();
    if (!existing) await db.sessions.add({ ...game.record, id });
  } finally {
    stored.release();
  }
  return { ok: true, id };
}

/** Why a checked game cannot be merged into the one this phone has under its room, or nothing. */
async function clashWith(existing: SessionRecord, game: IncomingGame): Promise<string | undefined> {
  const other = 'This file names the room of a shared game on this phone, but it is another game';
  if (existing.game !== game.record.game || !sameJson(existing.setup, game.record.setup))
    return `${other} (another setup). Nothing was changed.`;
  const stored = await loadDoc(existing.id, existing.shared!.room);
  if (!stored) return undefined;
  const scratch = new Y.Doc();
  try {
    mergeDoc(scratch, game.update);
    const mine = stored.doc.getMap<unknown>('entries');
    let changed = false;
    scratch.getMap<unknown>('entries').forEach((value, key) => {
      if (!changed && mine.has(key) && !sameJson(mine.get(key), value)) changed = true;
    });
    const meta = readMeta(stored.doc);
    if (meta && !sameMeta(meta, scratch)) return `${other} (another setup). Nothing was changed.`;
    return changed ? `${other}: it would change taps this phone has. Nothing was changed.` : undefined;
  } finally {
    scratch.destroy();
    stored.release();
  }
}

/** The file's meta names the same game and setup as the one stored here. */
function sameMeta(meta: SharedGameMeta, scratch: Y.Doc): boolean {
  const theirs = rawMeta(scratch);
  return !!theirs && theirs.game === meta.game && sameJson(theirs.setup, meta.setup);
}

/** The shared game with this room on this phone (not deleted), if any. */
async function findShared(db: TablesideDB, room: string): Promise<SessionRecord | undefined> {
  const all = await db.sessions.toArray();
  return all.find((s) => s.shared?.room === room && s.deletedAt === undefined);
}

function metaOf(record: SessionRecord): SharedGameMeta {
  return { game: record.game, setup: record.setup, created: record.created, format: 1 };
}
