/**
 * A shared game arriving from outside (a game file, however it came: chosen in Settings, shared
 * to Tableside, tapped in the phone's files; or a room's first document when a phone joins) is
 * a stranger's input. It is put in the shape of a one-game backup and checked by the backup's
 * own checks (backup/check.ts `checkBackupValue`): the record's fields and dates, the room, key and
 * sync server, the names, the setup's fields and the game's own setup check, and the shared copy
 * (sync/check-copy.ts). So whatever gets in this way, the phone's next backup still imports on
 * another phone. Nothing is stored here: the caller stores what passed (share.ts).
 */
import * as Y from 'yjs';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type GameResolver } from '../backup/format';
import { checkBackupValue } from '../backup/check';
import { MAX_BACKUP_BYTES } from '../backup/read';
import type { BaseSetup, SessionRecord, SharedGame } from '../db/records';
import { SCHEMA_VERSION } from '../db/schema';
import { fromBase64, toBase64 } from './base64';
import { mergeDoc } from './doc';
import { checkCopy, rawMeta } from './check-copy';

/** A game file made by "Send this game". */
export interface GameFile {
  tableside: 'shared-game';
  format: 1;
  shared: SharedGame;
  /** The whole document (Yjs update), base64. */
  doc: string;
}

export const NOT_A_GAME_FILE = 'This is not a game file from “Send this game”.';
export const DAMAGED_GAME_FILE = 'This game file is damaged: it could not be read.';

/** A shared game that passed every check, ready to store. */
export interface IncomingGame {
  shared: SharedGame;
  /** The document, as bytes checked on a scratch Y.Doc. */
  update: Uint8Array;
  /** The record to store for it (a new id is given when it is stored). */
  record: Omit<SessionRecord, 'id'>;
  /** What the person is shown before it is opened: its players, and how far it got. */
  players: string[];
  steps: number;
}

export type IncomingCheck =
  { ok: true; game: IncomingGame } | { ok: false; message: string; details?: string[] };

export function isGameFile(value: unknown): value is GameFile {
  const v = value as Partial<GameFile> | undefined;
  return !!v && typeof v === 'object' && v.tableside === 'shared-game';
}

/** Checks a game file's JSON (already parsed) through every check a backup gets. */
export async function checkGameFile(
  value: unknown,
  resolveGame: GameResolver,
  options: { now?: number } = {}
): Promise<IncomingCheck> {
  if (!isGameFile(value)) return { ok: false, message: NOT_A_GAME_FILE };
  const file = value as unknown as Record<string, unknown>;
  if (file.format !== 1) {
    return {
      ok: false,
      message:
        typeof file.format === 'number' && file.format > 1
          ? 'This game file was made by a newer version of Tableside. Update Tableside, then open it again.'
          : DAMAGED_GAME_FILE
    };
  }
  if (!file.shared || typeof file.shared !== 'object') {
    return {
      ok: false,
      message: 'This game file does not say which shared game it is (it has no room), so it cannot be opened.'
    };
  }
  const doc = file.doc;
  if (typeof doc !== 'string' || doc.length > MAX_BACKUP_BYTES)
    return { ok: false, message: DAMAGED_GAME_FILE };
  let update: Uint8Array;
  try {
    update = fromBase64(doc);
  } catch {
    return { ok: false, message: DAMAGED_GAME_FILE };
  }
  return checkIncoming(file.shared, update, resolveGame, options);
}

/**
 * Checks a shared game from outside: `shared` as the file or link gave it, `update` its whole
 * document. Said in plain words when refused; `details` names the exact places.
 */
export async function checkIncoming(
  shared: unknown,
  source: Uint8Array | Y.Doc,
  resolveGame: GameResolver,
  options: { now?: number; words?: 'game file' | 'shared game' } = {}
): Promise<IncomingCheck> {
  const now = options.now ?? Date.now();
  let update: Uint8Array;
  let meta: Record<string, unknown> | undefined;
  if (source instanceof Y.Doc) {
    // A live document (a room's, as it arrived) holds its values as they were decoded, which its
    // bytes written anew may not show (a "__proto__" key becomes a prototype): looked at as it is.
    meta = rawMeta(source);
    const seen = meta && checkCopy(source, { game: meta.game as string, setup: meta.setup });
    if (seen && !seen.ok)
      return { ok: false, message: `The game shared under this link is damaged (${seen.problem}).` };
    update = Y.encodeStateAsUpdate(source);
  } else {
    update = source;
    const scratch = new Y.Doc();
    try {
      mergeDoc(scratch, update);
      meta = rawMeta(scratch);
    } catch {
      return { ok: false, message: DAMAGED_GAME_FILE };
    } finally {
      scratch.destroy();
    }
  }
  if (!meta) return { ok: false, message: 'This file holds no game.' };
  const id = 'incoming';
  const record = {
    id,
    game: meta.game,
    setup: meta.setup,
    created: meta.created,
    updated: now,
    status: 'active',
    summary: '',
    head: 0,
    shared
  };
  // A one-game backup: every rule of a backup applies, and nothing else is in it.
  const candidate = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    appVersion: 'game file',
    schemaVersion: SCHEMA_VERSION,
    exportedAt: now,
    sessions: [record],
    events: [],
    settings: [],
    profiles: [],
    sharedDocs: [{ sessionId: id, doc: toBase64(update) }]
  };
  const checked = await checkBackupValue(candidate, resolveGame, {
    now,
    words: options.words ?? 'game file'
  });
  if (!checked.ok) {
    const [first, ...more] = checked.errors;
    const also = more.length
      ? ` (and ${more.length} more ${more.length === 1 ? 'problem' : 'problems'})`
      : '';
    return { ok: false, message: `${first}${also}`, details: checked.details };
  }
  const session = checked.games[0].session;
  const setup = session.setup as BaseSetup;
  // The placeholder line has no names in it: the file's places for its own line go too.
  const { id: _, summarySeats: __, ...rest } = session;
  return {
    ok: true,
    game: {
      shared: session.shared!,
      update,
      record: { ...rest, summary: 'Shared game', created: session.created },
      players: setup.players.map((p) => p.name),
      steps: checked.steps.get(id) ?? 0
    }
  };
}
