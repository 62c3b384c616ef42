/**
 * The link that brings another phone into a shared game: the app's /join page with the room, its
 * key and the server in the fragment (after #). Browsers never send a fragment to any server, so
 * the key reaches only the phones the link is given to. Pure; no Yjs (the join page parses a
 * link before it loads anything).
 */
import type { SharedGame } from '../db/records';
import { ROOM_KEY, ROOM_NAME } from './protocol';
import { SYNC_SERVER } from '../settings/schema';

export function shareLink(origin: string, shared: SharedGame): string {
  const params = new URLSearchParams({ room: shared.room, key: shared.key });
  if (shared.server) params.set('server', shared.server);
  return `${origin.replace(/\/+$/, '')}/join#${params}`;
}

type ParsedLink = { ok: true; shared: SharedGame } | { ok: false; reason: string };

/** Reads a link's fragment ("#room=…&key=…&server=…", with or without the #). */
export function parseShareLink(fragment: string): ParsedLink {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const room = params.get('room') ?? '';
  const key = params.get('key') ?? '';
  const server = params.get('server') ?? '';
  if (!room && !key)
    return { ok: false, reason: 'This link has no game in it. Ask for the link again, or scan the code.' };
  if (!ROOM_NAME.test(room) || !ROOM_KEY.test(key))
    return {
      ok: false,
      reason: 'This link is cut short or changed. Ask for the link again, or scan the code.'
    };
  if (!SYNC_SERVER.test(server))
    return {
      ok: false,
      reason: 'This link names a sync server address that is not a ws:// or wss:// address.'
    };
  return { ok: true, shared: { room, key, server } };
}

/**
 * The join link in words shared to the app (a message's text, a shared page's address), as this
 * app's own path ("/join#room=…"), whichever host wrote it; undefined when there is none.
 */
export function joinLinkIn(words: string): string | undefined {
  for (const word of words.split(/\s+/)) {
    let url: URL;
    try {
      // A link at the end of a sentence keeps its full stop, or sits in brackets.
      url = new URL(word.replace(/^[<(“"']+|[>)”"'.,;!?]+$/g, ''));
    } catch {
      continue;
    }
    if (/^https?:$/.test(url.protocol) && /\/join\/?$/.test(url.pathname) && url.hash.length > 1)
      return `/join${url.hash}`;
  }
  return undefined;
}
