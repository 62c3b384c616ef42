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
 * In the browser build, chunks under 20 KB are merged into the chunks that load with them: the
 * home page's HTML asked for 25 scripts, most under 1 KB, each a request and a module to link.
 * Svelte's runtime is one chunk of its own, loaded by every page: left to the merge, its pieces
 * were split across chunks, and the small modules of later screens (the journal's messages, the
 * profiles, the sync protocol) were merged into them and so into the home page's first paint.
 * Not in the server build, where SvelteKit checks each route module's own exports.
 */
export function fewerChunks(): Plugin {
  const svelte = /\/node_modules\/svelte\/src\//;
  // The games' registry, which every page's first paint needs, is a chunk of its own: left to
  // the small-chunk merge, whatever small modules many pages share (the journal's messages, the
  // remembered players) joined it and came into the home page's first paint with it.
  const registry = /\/src\/lib\/games\/(registry|loaders|seats|\w+\/index)\.ts$/;
  // Tiny modules that only the play screens share (no imports of their own, so a chunk of their
  // own pulls nothing in): merged, they landed in SvelteKit's chunk, which every page loads.
  const playLeaves = /\/src\/lib\/(session\/repeat|ui\/double-tap)\.ts$/;
  // The table's clocks and dice (#57), pure leaves that the play screen, backups and stats share:
  // left to the merge, they moved the sync protocol's words into SvelteKit's chunk and so into
  // the home page's first paint (0.8 KB over its budget).
  const comforts = /\/src\/lib\/comforts\/(dice|table-clock)\.ts$/;
  return {
    name: 'tableside:fewer-chunks',
    apply: 'build',
    outputOptions(output) {
      if (this.environment?.name !== 'client') return;
      return {
        ...output,
        experimentalMinChunkSize: 20_000,
        manualChunks: (id: string) =>
          svelte.test(id)
            ? 'svelte'
            : registry.test(id)
              ? 'registry'
              : playLeaves.test(id)
                ? 'play-leaves'
                : comforts.test(id)
                  ? 'comforts'
                  : undefined
      };
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
