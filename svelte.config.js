import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
  preprocess: vitePreprocess(),
  compilerOptions: { runes: true },
  kit: {
    // Every page is prerendered; /play/<id> and anything else unknown is served by the
    // SPA fallback so saved-game links open offline.
    // precompress: each file also as .br and .gz, which scripts/serve.mjs sends when asked, as real
    // static hosts do.
    adapter: adapter({
      pages: 'build',
      assets: 'build',
      fallback: '200.html',
      strict: true,
      precompress: true
    }),
    prerender: { handleHttpError: 'fail', handleMissingId: 'fail' },
    // The service worker comes from @vite-pwa/sveltekit; SvelteKit must not register its own.
    serviceWorker: { register: false },
    // The type check (npm run check, through tsconfig.json) covers the scripts and the sync server
    // as well as the app and the tests: the paths are relative to .svelte-kit/.
    typescript: {
      config: (config) => {
        config.include.push('../scripts/**/*.ts', '../scripts/**/*.mjs', '../sync-server/**/*.ts');
      }
    },
    csp: {
      mode: 'hash',
      directives: {
        'default-src': ['self'],
        'script-src': ['self'],
        'style-src': ['self', 'unsafe-inline'],
        'img-src': ['self', 'data:', 'blob:'],
        // A shared game reaches the sync server the person set (#11): any ws:// or wss:// host,
        // since it is theirs to choose. Nothing connects until a game is shared.
        'connect-src': ['self', 'ws:', 'wss:'],
        'worker-src': ['self'],
        'manifest-src': ['self'],
        'object-src': ['none'],
        'base-uri': ['self'],
        'form-action': ['self']
      }
    }
  }
};

export default config;
