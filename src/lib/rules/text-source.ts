/**
 * Where a game's rules text comes from. Prerendering reads it from the markdown (content.ts, never
 * shipped: `browser` is a constant, so the browser build drops that branch). The browser fetches
 * /rules/<game>/sections.json once per visit, from the service worker's cache when installed; the
 * rules pages, the in-game help and search share that one copy.
 */
import { browser } from '$app/environment';
import { rulesText, type RulesText } from './text';

// Not state: nothing renders from it directly. A failed fetch is forgotten, so the next use tries again.
const cache = new Map<string, Promise<RulesText | undefined>>();

/** A game's rules text; undefined for a game without rules. `fetcher`: a load function's fetch. */
export function loadRulesText(game: string, fetcher: typeof fetch = fetch): Promise<RulesText | undefined> {
  if (!browser)
    return import('./content').then((content) => {
      const rules = content.rulesFor(game);
      return rules && rulesText(rules);
    });
  let text = cache.get(game);
  if (!text) {
    text = fetcher(`/rules/${encodeURIComponent(game)}/sections.json`).then(async (res) => {
      if (res.status === 404) return undefined;
      if (!res.ok) throw new Error(`the rules could not be loaded (${res.status})`);
      return (await res.json()) as RulesText;
    });
    text.catch(() => cache.delete(game));
    cache.set(game, text);
  }
  return text;
}

/** Every rules page to prerender (an empty list in the browser, which never asks). */
export async function rulesEntries(): Promise<{ game: string; page: string }[]> {
  if (browser) return [];
  const { allRules } = await import('./content');
  return Object.values(allRules()).flatMap((r) => r.pages.map((p) => ({ game: r.game, page: p.id })));
}
