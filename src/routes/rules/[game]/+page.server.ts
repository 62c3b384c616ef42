import { error } from '@sveltejs/kit';
import { allRules, rulesFor } from '$lib/rules/content';
import type { EntryGenerator, PageServerLoad } from './$types';

export const entries: EntryGenerator = () => Object.keys(allRules()).map((game) => ({ game }));

export const load: PageServerLoad = ({ params }) => {
  const rules = rulesFor(params.game);
  if (!rules) error(404, `There is no rules reference for “${params.game}”.`);
  return {
    game: rules.game,
    title: rules.title,
    intro: rules.intro,
    pages: rules.pages.map((p) => ({ id: p.id, title: p.title, toc: p.toc }))
  };
};
