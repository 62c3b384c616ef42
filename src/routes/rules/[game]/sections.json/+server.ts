import { error } from '@sveltejs/kit';
import { allRules, rulesFor } from '$lib/rules/content';
import { rulesText } from '$lib/rules/text';
import type { EntryGenerator, RequestHandler } from './$types';

// One game's rules text, each section's own part once (src/lib/rules/text.ts): the rules pages,
// the in-game "what now?" help and search's snippets are all put together from it.
export const prerender = true;
export const entries: EntryGenerator = () => Object.keys(allRules()).map((game) => ({ game }));

export const GET: RequestHandler = ({ params }) => {
  const rules = rulesFor(params.game);
  if (!rules) error(404, 'No such game');
  return new Response(JSON.stringify(rulesText(rules)), {
    headers: { 'content-type': 'application/json' }
  });
};
