import { allRules } from '$lib/rules/content';
import { RULES_ORDER } from '$lib/rules/order';

export function load() {
  const rules = allRules();
  return {
    games: RULES_ORDER.filter((g) => rules[g]).map((g) => ({
      id: g,
      title: rules[g].title,
      pages: rules[g].pages.map((p) => ({ id: p.id, title: p.title }))
    }))
  };
}
