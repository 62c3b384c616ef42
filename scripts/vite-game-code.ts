import type { Plugin } from 'vite';

/**
 * Prerendering never runs a game's code: every page loads it in the browser (`GameEntry.load`).
 * SvelteKit links into a page's HTML the stylesheets of every module its server code can import
 * dynamically, so the CSS of all five games' play screens sat in the home page's first paint. In
 * the server build (only there: not in the browser, nor in unit tests) a game's `load` fails
 * plainly instead of importing the module, so the server never reaches the games' modules.
 */
export function gameCodeInTheBrowserOnly(): Plugin {
  const entry = /\/src\/lib\/games\/[^/]+\/index\.ts$/;
  const load = /import\(\s*(['"])\.\/module\1\s*\)/g;
  return {
    name: 'tableside:game-code-in-the-browser-only',
    apply: 'build',
    transform(code, id, options) {
      if (!options?.ssr || !entry.test(id)) return;
      const out = code.replace(load, () => "Promise.reject(new Error('A game loads in the browser only'))");
      // A registry entry that loads its module some other way would bring its CSS back unseen.
      if (out === code) throw new Error(`${id}: expected its load() to import('./module')`);
      return { code: out, map: null };
    }
  };
}
