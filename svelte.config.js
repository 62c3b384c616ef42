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
