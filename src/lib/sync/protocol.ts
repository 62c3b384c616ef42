/**
 * What the app and `npm run sync-server` agree on: where a room lives and how a refusal reads.
 * The close codes sit in 4400–4499 on purpose: y-websocket's provider stops reconnecting on
 * those, so a phone with a wrong key is told once instead of knocking every few seconds.
 */
export const REFUSED = {
  /** The room name is not one the app makes (URL-safe, at most 64 characters). */
  badRoom: 4400,
  /** No key in the URL. */
  noKey: 4401,
  /** A key other than the one the room was opened with. */
  wrongKey: 4403
} as const;

/** Room names and keys are URL-safe base64 from `newRoomName`/`newRoomKey`; a key is ≥128 bits. */
export const ROOM_NAME = /^[A-Za-z0-9_-]{1,64}$/;
export const ROOM_KEY = /^[A-Za-z0-9_-]{22,128}$/;

/** The address y-websocket's provider connects to: `<server>/<room>?key=<key>`. */
export function roomUrl(server: string, room: string, key: string): string {
  return `${server.replace(/\/+$/, '')}/${encodeURIComponent(room)}?key=${encodeURIComponent(key)}`;
}

/** What the screen says when the server turned a phone away (a close code in 4400–4499). */
export function refusalText(code: number): string {
  if (code === REFUSED.wrongKey || code === REFUSED.noKey)
    return 'The sync server refused this game’s key. Ask for the link again from a phone that plays it.';
  return 'The sync server does not know this game’s room. Ask for the link again.';
}
