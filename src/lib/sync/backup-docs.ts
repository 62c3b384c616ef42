/**
 * Shared games in backups: their documents read for export, checked on a scratch document when
 * a file is checked, and merged into this phone's stored documents when it is imported. Loaded
 * by src/lib/backup/ only when there is a shared game to handle (it brings Yjs).
 */
import { fromBase64, toBase64 } from './base64';
import { checkUpdate, type CopyExpectation } from './check-copy';
import { encodeDoc, mergeDoc } from './doc';
import { deleteDoc, loadDoc, sharedDb } from './store';

/** One shared game's document in a backup file. */
export interface SharedDocEntry {
  sessionId: string;
  /** The whole document (encodeDoc), base64. */
  doc: string;
}

/**
 * The documents this phone holds for these sessions, in their order. A session whose document
 * is not here (it never arrived) has none: its log in the file is the copy in the main database.
 */
export async function exportDocs(sessionIds: readonly string[]): Promise<SharedDocEntry[]> {
  const out: SharedDocEntry[] = [];
  for (const sessionId of sessionIds) {
    const stored = await loadDoc(sessionId);
    if (!stored) continue;
    try {
      out.push({ sessionId, doc: toBase64(encodeDoc(stored.doc)) });
    } finally {
      stored.release();
    }
  }
  return out;
}

// A plain character run (a pattern of groups of four overflows the stack on a long document).
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const isBase64 = (text: string) => text.length % 4 === 0 && BASE64.test(text);

export type DocRead = { ok: true; update: Uint8Array; effective: number } | { ok: false; problem: string };

/**
 * Reads one document of a file on a scratch Y.Doc (never on a stored one): base64, bytes Yjs can
 * apply, and a copy of this very game (check-copy.ts). The problem is plain words for
 * "sharedDocs[i].doc".
 */
export function readDoc(text: string, expected: CopyExpectation): DocRead {
  if (!isBase64(text)) return { ok: false, problem: 'expected the game’s shared copy as base64 text' };
  const update = fromBase64(text);
  const checked = checkUpdate(update, expected);
  return checked.ok ? { ok: true, update, effective: checked.effective } : checked;
}

/**
 * What an import does to one stored document. `room` unset: the game is no longer shared here,
 * its document goes. `room` set: the document kept under `sessionId` is this room's (one of
 * another room is dropped first), and `update`, when given, is merged into it (created when
 * missing). Merging is Yjs's union: nothing stored is lost or changed, only added to.
 */
export interface DocWrite {
  sessionId: string;
  room?: string;
  update?: Uint8Array;
}

export async function writeDocs(writes: readonly DocWrite[]): Promise<void> {
  const rows = sharedDb().sharedGames;
  for (const { sessionId, room, update } of writes) {
    const row = await rows.get(sessionId);
    if (row && row.room !== room) await deleteDoc(sessionId);
    if (room === undefined || !update) continue;
    const stored = await loadDoc(sessionId, room);
    if (!stored) throw new Error('the shared copy could not be made');
    try {
      mergeDoc(stored.doc, update);
      await stored.stored();
    } finally {
      stored.release();
    }
  }
}
