import { allRules } from '$lib/rules/content';
import { buildSearchIndex, searchIndexJson } from '$lib/rules/search';

// Built once, at build time; the browser fetches it only when search opens.
export const prerender = true;

export function GET() {
  const index = buildSearchIndex(Object.values(allRules()));
  return new Response(searchIndexJson(index), { headers: { 'content-type': 'application/json' } });
}
