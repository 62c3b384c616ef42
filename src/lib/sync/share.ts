/**
 * Sharing a game, joining one, and passing one as a file: everything that turns a game on this
 * phone into a shared one or back, or brings one in from elsewhere. Loaded only when someone
 * shares, joins or opens a game file (it brings Yjs).
 */
import * as Y from 'yjs';
import type { SessionRecord, SharedGame } from '../db/records';
import type { TablesideDB } from '../db/schema';
import { journalFor, quietly } from '../journal/attach';
import { readLog } from '../session/load';
import { newId } from '../util/id';
import { newDeviceId, newRoomKey, newRoomName } from './clock';
import { convertLog } from './convert';
import { appendEntry, encodeDoc, mergeDoc, readMeta, writeMeta, type SharedGameMeta } from './doc';
import { deleteDoc, loadDoc } from './store';
import { connectWebsocket, type Connect } from './connect';
import { gameById } from '../games/registry';
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
  quietly(journalFor(db)?.update(sessionId, { shared }));
  return shared;
}

/**
 * Stops sharing: this phone keeps its copy of the game (the events in effect, as a game on one
 * phone) and sends nothing more. The other phones keep theirs.
 */
export async function stopSharing(db: TablesideDB, sessionId: string): Promise<void> {
  await db.sessions.update(sessionId, { shared: undefined });
  quietly(journalFor(db)?.update(sessionId, { shared: undefined }));
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
  options: { connect?: Connect; patienceMs?: number; now?: () => number } = {}
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
    const problem = checkMeta(meta);
    if (problem) {
      await deleteDoc(id);
      return { ok: false, message: problem };
    }
    await stored.stored();
    await addRecord(db, id, meta, shared, options.now?.() ?? Date.now());
    return { ok: true, id };
  } finally {
    link.destroy();
    stored.release();
  }
}

/** A game file made by "Send this game". */
export interface GameFile {
  tableside: 'shared-game';
  format: 1;
  shared: SharedGame;
  /** The whole document (Yjs update), base64. */
  doc: string;
}

export { GAME_FILE_TYPE } from './file-type';

export function gameFile(shared: SharedGame, doc: Y.Doc): GameFile {
  return { tableside: 'shared-game', format: 1, shared, doc: toBase64(encodeDoc(doc)) };
}

export function isGameFile(value: unknown): value is GameFile {
  const v = value as Partial<GameFile> | undefined;
  return !!v && typeof v === 'object' && v.tableside === 'shared-game';
}

/**
 * Opens a game file: merged into the game it belongs to when this phone has it (sending twice,
 * or files in any order, ends the same: the merge is Yjs's), else kept as a new shared game.
 */
export async function openGameFile(
  db: TablesideDB,
  file: GameFile,
  options: { now?: number; knows?: (game: string) => boolean } = {}
): Promise<Joined> {
  const now = options.now ?? Date.now();
  const shared = file.shared;
  let update: Uint8Array;
  try {
    update = fromBase64(file.doc);
    // Checked on a scratch document first: a broken file must not reach a stored game.
    const scratch = new Y.Doc();
    mergeDoc(scratch, update);
    const meta = readMeta(scratch);
    const problem = !meta ? 'This file holds no game.' : checkMeta(meta, options.knows);
    if (problem) return { ok: false, message: problem };
  } catch {
    return { ok: false, message: 'This game file is damaged: it could not be read. Nothing was changed.' };
  }
  const existing = await findShared(db, shared.room);
  const id = existing?.id ?? newId();
  const stored = await loadDoc(id, shared.room);
  if (!stored) return { ok: false, message: 'This phone could not make room for the game.' };
  try {
    mergeDoc(stored.doc, update);
    await stored.stored();
    if (!existing) await addRecord(db, id, readMeta(stored.doc)!, shared, now);
  } finally {
    stored.release();
  }
  return { ok: true, id };
}

/** The shared game with this room on this phone (not deleted), if any. */
async function findShared(db: TablesideDB, room: string): Promise<SessionRecord | undefined> {
  const all = await db.sessions.toArray();
  return all.find((s) => s.shared?.room === room && s.deletedAt === undefined);
}

function metaOf(record: SessionRecord): SharedGameMeta {
  return { game: record.game, setup: record.setup, created: record.created, format: 1 };
}

function checkMeta(
  meta: SharedGameMeta,
  knows = (game: string) => gameById(game) !== undefined
): string | undefined {
  if (!knows(meta.game))
    return `This game is “${meta.game}”, which this version of Tableside does not know. Update the app, then open the link again.`;
  return undefined;
}

async function addRecord(
  db: TablesideDB,
  id: string,
  meta: SharedGameMeta,
  shared: SharedGame,
  now: number
): Promise<void> {
  const record: SessionRecord = {
    id,
    game: meta.game,
    setup: meta.setup,
    created: meta.created || now,
    updated: now,
    status: 'active',
    // The play screen writes the real line once it has folded the game.
    summary: 'Shared game',
    head: 0,
    shared
  };
  await db.sessions.add(record);
  quietly(journalFor(db)?.start(record, []));
}
