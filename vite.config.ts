import { sveltekit } from '@sveltejs/kit/vite';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
import { defineConfig } from 'vitest/config';
import { readFileSync } from 'node:fs';
import { manifest } from './src/lib/app/manifest';
import {
  chunkReport,
  compileHints,
  gameCodeInTheBrowserOnly,
  minifiedBoot
} from './scripts/build/vite-build';
import { fencedFirstPaint } from './scripts/build/first-paint-fence';
import { newestChange } from './scripts/build/changelog';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const change = newestChange(readFileSync(new URL('./CHANGELOG.md', import.meta.url), 'utf8'));

export default defineConfig({
  plugins: [
    gameCodeInTheBrowserOnly(),
    fencedFirstPaint(),
    minifiedBoot(),
    chunkReport(),
    compileHints(),
    sveltekit(),
    SvelteKitPWA({
      strategies: 'generateSW',
      // 'prompt': a new version waits until the person accepts; never reloads by itself.
      registerType: 'prompt',
      // We register from our own module (src/lib/app/sw.ts) so no inline script is needed.
      injectRegister: false,
      // Absolute, not relative to the page: a first visit to /titans/new or /play/<id> (a shared
      // link) must register /sw.js for the whole app, not /titans/sw.js.
      base: '/',
      scope: '/',
      manifest,
      // See globIgnores: the icons are fetched at install, not from the precache.
      includeManifestIcons: false,
      kit: { adapterFallback: '200.html', spa: true, includeVersionFile: true },
      workbox: {
        // Of the prerendered pages, only home's HTML: offline, any other address opens the app
        // shell (200.html, navigateFallback), which renders the page from the stored scripts as
        // quickly (the client navigates without HTML anyway). Each page's HTML stored again was
        // 16 KB that only a cold start offline at that very address would read.
        globPatterns: [
          'client/**/*.{js,css,ico,png,svg,webp,woff2,webmanifest,json}',
          'prerendered/**/*.json',
          'prerendered/pages/index.html'
        ],
        navigateFallback: '/200.html',
        // Rules pages in particular: offline, a rules URL opens the app shell, which puts the page
        // together from its game's one stored text (/rules/<game>/sections.json).
        // The PNG icons are for the manifest and the home screen: the browser fetches them when
        // the app is installed (online); no page shows them. 37 KB that nothing reads offline.
        // The manifest's screenshots are for the browser's install sheet, fetched online like the
        // icons; share-target.js is the worker's own (importScripts), never asked for by a page.
        globIgnores: ['server/**', 'client/icons/*.png', 'client/screenshots/**', 'client/share-target.js'],
        // A game file shared to Tableside (the manifest's share_target) is a POST the worker
        // answers itself: static/share-target.js.
        importScripts: ['/share-target.js'],
        // SvelteKit asks for page data as __data.json?x-sveltekit-invalidated=…; the precache
        // must answer that from the stored __data.json, or pages fail offline.
        ignoreURLParametersMatching: [
          /^utm_/,
          /^fbclid$/,
          /^x-sveltekit-invalidated$/,
          /^x-sveltekit-trailing-slash$/
        ],
        cleanupOutdatedCaches: true,
        // No runtime caching of third-party requests: the app makes none.
        runtimeCaching: []
      }
    })
  ],
  define: { __APP_VERSION__: JSON.stringify(pkg.version), __APP_CHANGE__: JSON.stringify(change) },
  build: {
    target: 'es2022',
    // A dynamic import fetches its own imports as the browser finds them, from the service
    // worker's cache once installed. Vite's default appends a <link rel=modulepreload> to the
    // document for each of them first, on the main thread: about half a second at 4x CPU when
    // the home screen warms up the play screen. (Stylesheets are still linked ahead.)
    modulePreload: false,
    // TABLESIDE_NO_MINIFY=1: a build whose traces and profiles name our functions (trace-taps
    // --detail, profile-taps). Never for a landing: it is about twice the size.
    minify: process.env.TABLESIDE_NO_MINIFY ? false : 'esbuild'
  },
  test: {
    // Both cores: the unit tests' worker runs beside the browser tests' one Chromium (vitest's
    // default, a core less than the machine has, ran the 80 unit files first and alone, about
    // 100 s before the first browser test on two cores).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/unit/setup.ts'],
          // The unit tests run beside Chromium on two cores, so a property test that takes 4 s on an
          // idle machine can pass vitest's default 5 s there (one did, and failed CI). Their cost is
          // in the runs they make, not in waiting, so a wider limit hides no hang for long.
          testTimeout: 30_000
        }
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A page's answer comes within a second on an idle machine; CI's can be slower, and a poll
          // that gives up at vitest's default 1 s fails a test that is right. A wrong answer
          // still fails, only later.
          expect: { poll: { timeout: 10_000 } },
          // One Chromium at a time: the machine has two cores.
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } }
        }
      }
    ]
  }
});
