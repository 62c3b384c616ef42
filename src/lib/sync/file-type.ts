/** A game file's media type ("Send this game as a file"), also named in the web app manifest. */
export const GAME_FILE_TYPE = 'application/vnd.tableside.game+json';
