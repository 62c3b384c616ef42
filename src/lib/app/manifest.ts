/** The web app manifest, in one place for the build (vite.config.ts) and its tests. */
import { GAME_FILE_TYPE } from '../sync/file-type';

const THEME_COLOR = '#17433a';
const BACKGROUND_COLOR = '#0f1f1b';

const SHORTCUT_ICON = [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }];

/** The install sheet's pictures: a phone held upright and a wide screen. */
export const SCREENSHOTS = [
  {
    file: 'narrow-home.webp',
    width: 390,
    height: 844,
    form: 'narrow',
    label: 'Home screen: a game to continue, and the five games to start'
  },
  {
    file: 'narrow-play.webp',
    width: 390,
    height: 844,
    form: 'narrow',
    label: 'Playing Titans of Eden: temples, surge tokens and the battle’s totals'
  },
  {
    file: 'wide-home.webp',
    width: 1280,
    height: 800,
    form: 'wide',
    label: 'Tableside on a wide screen: games in progress and new games'
  }
] as const;

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
  ],
  // Made from the app by scripts/build/manifest-screens.ts; fetched by the browser for its install
  // sheet, never precached (vite.config.ts).
  screenshots: SCREENSHOTS.map((s) => ({
    src: `/screenshots/${s.file}`,
    sizes: `${s.width}x${s.height}`,
    type: 'image/webp',
    form_factor: s.form,
    label: s.label
  })),
  shortcuts: [
    { name: 'Resume the last game', short_name: 'Resume', url: '/resume', icons: SHORTCUT_ICON },
    { name: 'New game', short_name: 'New game', url: '/#new-game', icons: SHORTCUT_ICON },
    { name: 'Rules', short_name: 'Rules', url: '/rules', icons: SHORTCUT_ICON }
  ],
  // A shortcut, a link or a file opened while Tableside is open goes to its window, not a second.
  launch_handler: { client_mode: ['navigate-existing' as const, 'auto' as const] },
  // A game file ("Send this game as a file") tapped in the phone's files opens in Tableside
  // (installed Chromium); the page reads it from window.launchQueue.
  file_handlers: [{ action: '/open', accept: { [GAME_FILE_TYPE]: ['.json'] } }],
  // Shared to Tableside from another app: the service worker (static/share-target.js) keeps the
  // file and sends the page to /open?from=share, which opens it as Settings does.
  share_target: {
    action: '/share-target',
    method: 'POST' as const,
    enctype: 'multipart/form-data' as const,
    params: {
      title: 'title',
      text: 'text',
      // A join link: some share sheets send a page's address as the url, others in the text.
      url: 'url',
      files: [{ name: 'file', accept: [GAME_FILE_TYPE, 'application/json', '.json'] }]
    }
  },
  // Lets the page ask navigator.getInstalledRelatedApps() whether it is installed already.
  related_applications: [{ platform: 'webapp', url: '/manifest.webmanifest' }]
};
