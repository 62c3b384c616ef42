/**
 * The rules reference of every game, parsed at build time. Imported only by prerendered server
 * loads, build-time endpoints and tests, so neither the markdown nor marked reaches the phone.
 */
import { parseRules, type GameRules } from './parse';

const sources = import.meta.glob('/src/lib/games/*/rules.md', {
  query: '?raw',
  import: 'default',
  eager: true
}) as Record<string, string>;

/** Rules markdown by game id. */
export const RULES_MARKDOWN: Record<string, string> = Object.fromEntries(
  Object.entries(sources).map(([path, text]) => [path.split('/').at(-2)!, text])
);

let parsed: Record<string, GameRules> | undefined;

export function allRules(): Record<string, GameRules> {
  parsed ??= Object.fromEntries(
    Object.entries(RULES_MARKDOWN).map(([game, md]) => [game, parseRules(game, md)])
  );
  return parsed;
}

export function rulesFor(game: string): GameRules | undefined {
  return allRules()[game];
}
