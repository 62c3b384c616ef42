/**
 * What the app and `npm run sync-server` agree on: how a room is named and keyed, and how the
 * server's refusals read. The server is Hocuspocus: a phone names its room and hands over the
 * room key (as the provider's token) inside the connection, and the server answers a bad one
 * with a permission-denied message carrying one of the REFUSED reasons, before it sends any of
 * the game. A connection that breaks a limit is closed with one of the CUT_OFF codes.
 */
export const REFUSED = {
  /** The room name is not one the app makes (URL-safe, at most 64 characters). */
  badRoom: 'bad-room',
  /** No key given. */
  noKey: 'no-key',
  /** A key other than the one the room was opened with. */
  wrongKey: 'wrong-key',
  /** The room already has as many phones as the server lets one room have. */
  roomFull: 'room-full',
  /** This address opened as many new rooms in the last hour as the server allows. */
  tooManyRooms: 'too-many-rooms',
  /**
   * Not a refusal: the server could not check the key or load the room just now (its database
   * or its disk is away). It closes the socket with CLOSED.tryAgain; the phone tries again.
   */
  tryAgain: 'try-again'
} as const;

/**
 * Close codes the server sends after its answer to a key, so a phone can tell a passing trouble
 * from a refusal without reading the answer: try again later, a key the room does not take, and a
 * room the server will not open. In the application range, away from Hocuspocus' own codes.
 */
export const CLOSED = {
  tryAgain: 4503,
  wrongKey: 4403,
  noRoom: 4404
} as const;

/**
 * Close codes for a connection cut off by a limit. 4429 sits in the application range
 * (4000–4999) away from Hocuspocus' own (4205, 4401, 4403, 4408); 1009 is the WebSocket
 * standard's "message too big", which the server's socket library sends by itself.
 */
export const CUT_OFF = {
  tooFast: 4429,
  tooBig: 1009,
  /** More sent for a room than the server holds while the room's key is still being checked. */
  unchecked: 4413,
  /** The room holds as many bytes as the server keeps for one game. */
  roomTooBig: 4507,
  /** This address already has as many connections open as the server allows. */
  tooManyConnections: 4430
} as const;

/**
 * The heartbeat: a stateless message the server answers to this phone alone. Hocuspocus answers
 * nothing cheaper (a sync step one makes it ask back, and the phone answers that too; its
 * awareness query is not answered on a connection at all), so an idle phone sends one message
 * per heartbeat and hears one.
 */
export const HEARTBEAT = { ask: 'tableside:ping', answer: 'tableside:pong' } as const;

/** Room names and keys are URL-safe base64 from `newRoomName`/`newRoomKey`; a key is ≥128 bits. */
export const ROOM_NAME = /^[A-Za-z0-9_-]{1,64}$/;
export const ROOM_KEY = /^[A-Za-z0-9_-]{22,128}$/;

/** True for a close code that means the server will not take this phone back as it is. */
export function isCutOff(code: number): boolean {
  return (Object.values(CUT_OFF) as number[]).includes(code);
}

/** What the screen says while the server has trouble of its own (REFUSED.tryAgain). */
export const TROUBLE_TEXT = 'The sync server is having trouble; your taps are kept and will be sent.';

/**
 * What the screen says when the server turned a phone away: a REFUSED reason, or a CUT_OFF
 * close code.
 */
export function refusalText(why: string | number): string {
  switch (why) {
    case REFUSED.wrongKey:
    case REFUSED.noKey:
      return 'The sync server refused this game’s key. Ask for the link again from a phone that plays it.';
    case REFUSED.roomFull:
      return 'The sync server already has as many phones in this game as it allows. One of them has to leave first.';
    case REFUSED.tooManyRooms:
      return 'The sync server has taken as many new games from this network as it allows in an hour. Try again later.';
    case CUT_OFF.tooFast:
      return 'The sync server stopped listening to this phone: it sent too much, too fast. Reopen the game to try again.';
    case CUT_OFF.tooBig:
      return 'The sync server stopped listening to this phone: it sent more at once than the server takes.';
    case CUT_OFF.unchecked:
      return 'The sync server stopped listening to this phone: it sent too much before the game’s key was checked. Reopen the game to try again.';
    case CUT_OFF.roomTooBig:
      return 'This game has grown past what the sync server keeps for one game. It plays on here; to go on sharing, start a new shared game.';
    case CUT_OFF.tooManyConnections:
      return 'The sync server already has as many connections from this network as it allows. Close the game on a phone you are not using, then reopen it here.';
    default:
      return 'The sync server does not know this game’s room. Ask for the link again.';
  }
}
