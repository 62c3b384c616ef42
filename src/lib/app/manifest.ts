/** The web app manifest, in one place for the build (vite.config.ts) and its tests. */
export const THEME_COLOR = '#17433a';
export const BACKGROUND_COLOR = '#0f1f1b';

export const manifest = {
  id: '/',
  name: 'Tableside — card game companion',
  short_name: 'Tableside',
  description:
    'Keeps score, walks the table through turns and phases, looks up rules and randomizes setup for physical card games. Works offline.',
  lang: 'en',
  dir: 'ltr' as const,
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  orientation: 'any' as const,
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  categories: ['games', 'utilities'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' }
  ]
};
