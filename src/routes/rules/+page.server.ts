import { allRules } from '$lib/rules/content';
import { GAMES } from '$lib/games/registry';

export function load() {
  const rules = allRules();
  return {
    games: GAMES.map((g) => g.rules)
      .filter((g) => rules[g])
      .map((g) => ({
        id: g,
        title: rules[g].title,
        pages: rules[g].pages.map((p) => ({ id: p.id, title: p.title }))
      }))
  };
}
