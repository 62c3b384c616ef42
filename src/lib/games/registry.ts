/**
 * The one place the app learns about games. Adding a game: a folder under src/lib/games/<id>/
 * with an index.ts exporting its GameEntry, and one line here.
 */
import type { GameLogic } from './kit';
import type { GameEntry } from './types';
import { titans } from './titans';
import { twilight } from './twilight';
import { epic } from './epic';
import { wiz } from './wiz';
import { theos } from './theos';

export const GAMES: readonly GameEntry[] = [titans, twilight, epic, wiz, theos];

export function gameById(id: string): GameEntry | undefined {
  return GAMES.find((g) => g.id === id);
}

/** The rules of a game, for backups and the runtime; undefined for a game this version lacks. */
export async function logicFor(id: string): Promise<GameLogic<any> | undefined> {
  const entry = gameById(id);
  return entry ? (await entry.load()).logic : undefined;
}
