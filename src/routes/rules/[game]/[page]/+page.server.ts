import { error } from '@sveltejs/kit';
import { allRules, rulesFor } from '$lib/rules/content';
import type { EntryGenerator, PageServerLoad } from './$types';

export const entries: EntryGenerator = () =>
  Object.values(allRules()).flatMap((r) => r.pages.map((p) => ({ game: r.game, page: p.id })));

export const load: PageServerLoad = ({ params }) => {
  const rules = rulesFor(params.game);
  const index = rules?.pages.findIndex((p) => p.id === params.page) ?? -1;
  if (!rules || index < 0) error(404, 'There is no such rules page.');
  const page = rules.pages[index];
  const neighbour = (i: number) =>
    rules.pages[i] ? { id: rules.pages[i].id, title: rules.pages[i].title } : null;
  return {
    game: rules.game,
    gameTitle: rules.title,
    page,
    previous: neighbour(index - 1),
    next: neighbour(index + 1)
  };
};
