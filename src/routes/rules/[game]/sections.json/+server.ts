import { error } from '@sveltejs/kit';
import { allRules, rulesFor } from '$lib/rules/content';
import type { EntryGenerator, RequestHandler } from './$types';

// Every section of one game with its HTML: the in-game "what now?" help shows these.
export const prerender = true;
export const entries: EntryGenerator = () => Object.keys(allRules()).map((game) => ({ game }));

export const GET: RequestHandler = ({ params }) => {
  const rules = rulesFor(params.game);
  if (!rules) error(404, 'No such game');
  const sections = rules.sections.map(({ id, title, page, kind, html }) => ({ id, title, page, kind, html }));
  return new Response(JSON.stringify({ game: rules.game, title: rules.title, sections }), {
    headers: { 'content-type': 'application/json' }
  });
};
