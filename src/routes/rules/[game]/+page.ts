import { error } from '@sveltejs/kit';
import { loadRulesText, rulesEntries } from '$lib/rules/text-source';
import { rulesContents } from '$lib/rules/text';
import type { EntryGenerator, PageLoad } from './$types';

export const entries: EntryGenerator = async () =>
  [...new Set((await rulesEntries()).map((e) => e.game))].map((game) => ({ game }));

// A universal load, not a server one: the page is rendered from the game's one stored text
// (sections.json), so its words are not stored again as this page's __data.json.
export const load: PageLoad = async ({ params, fetch }) => {
  const text = await loadRulesText(params.game, fetch);
  if (!text) error(404, `There is no rules reference for “${params.game}”.`);
  return rulesContents(text);
};
