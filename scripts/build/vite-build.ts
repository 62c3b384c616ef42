/** Build steps of our own (vite.config.ts). */
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
  // `load` (the whole game) and `loadSetup` (its new-game screen).
  const load = /import\(\s*(['"])\.\/(module|setup)\1\s*\)/g;
  return {
    name: 'tableside:game-code-in-the-browser-only',
    apply: 'build',
    transform(code, id, options) {
      if (!options?.ssr || !entry.test(id)) return;
      let found = 0;
      const out = code.replace(load, () => {
        found++;
        return "Promise.reject(new Error('A game loads in the browser only'))";
      });
      // A registry entry that loads its module some other way would bring its CSS back unseen.
      if (found !== 2)
        throw new Error(`${id}: expected load() to import('./module') and loadSetup() './setup'`);
      return { code: out, map: null };
    }
  };
}

/**
 * `static/boot.js` runs before the app in every first paint, and it is written to be read: its
 * comments and names were a third of what the phone downloaded for it (1.3 KB of 50). The
 * browser build ships it minified under the same name; the dev server serves the file as it is.
 */
export function minifiedBoot(): Plugin {
  return {
    name: 'tableside:minified-boot',
    apply: 'build',
    async generateBundle() {
      if (this.environment?.name !== 'client') return;
      const { readFileSync } = await import('node:fs');
      const { transform } = await import('esbuild');
      const source = readFileSync(new URL('../../static/boot.js', import.meta.url), 'utf8');
      const { code } = await transform(source, { minify: true, target: 'es2020' });
      this.emitFile({ type: 'asset', fileName: 'boot.js', source: code });
    }
  };
}

/**
 * Every browser chunk starts with V8's explicit compile hint, `//# allFunctionsCalledOnLoad`: the
 * browser then compiles the chunk's functions as it downloads it, on a background thread, instead
 * of one by one on the main thread the first time each is called. Mounting a new-game form is
 * mostly first calls (the components, Svelte's runtime): that long task fell by about a third.
 * Browsers without the hint read it as a comment. Added after minifying, which drops comments.
 */
export function compileHints(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'tableside:compile-hints',
    apply: 'build',
    // Last: Vite puts its preload list (`const __vite__mapDeps=…`) at the top of a chunk in this
    // same hook, and the hint only counts on the file's first line.
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        if (this.environment?.name !== 'client') return;
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && !chunk.code.startsWith(HINT)) chunk.code = HINT + chunk.code;
      }
    }
  };
}

/**
 * With TABLESIDE_CHUNKS=<file>, the browser build writes which source modules went into each
 * chunk, with their rendered sizes (bytes before compression), to that file: to see what a first
 * paint's chunks carry (`BENCH_DETAIL=1 npm run bench` names the chunks).
 */
export function chunkReport(): Plugin {
  const out = process.env.TABLESIDE_CHUNKS;
  return {
    name: 'tableside:chunk-report',
    apply: 'build',
    async generateBundle(_, bundle) {
      if (!out || this.environment?.name !== 'client') return;
      const report: Record<string, [string, number][]> = {};
      for (const [file, chunk] of Object.entries(bundle))
        if (chunk.type === 'chunk')
          report[file] = Object.entries(chunk.modules)
            .map(
              ([id, m]) =>
                [id.replace(/^.*\/(node_modules|src)\//, '$1/'), m.renderedLength] as [string, number]
            )
            .sort((a, b) => b[1] - a[1]);
      const { writeFileSync } = await import('node:fs');
      writeFileSync(out, JSON.stringify(report, null, 1));
    }
  };
}
