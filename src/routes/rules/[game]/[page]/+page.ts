import { error } from '@sveltejs/kit';
import { loadRulesText, rulesEntries } from '$lib/rules/text-source';
import { rulesPage } from '$lib/rules/text';
import type { EntryGenerator, PageLoad } from './$types';

export const entries: EntryGenerator = rulesEntries;

// A universal load, not a server one: the page is put together from the game's one stored text
// (sections.json), so its words are not stored again as this page's __data.json.
export const load: PageLoad = async ({ params, fetch }) => {
  const text = await loadRulesText(params.game, fetch);
  const page = text && rulesPage(text, params.page);
  if (!page) error(404, 'There is no such rules page.');
  return page;
};
