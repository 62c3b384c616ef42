// See https://svelte.dev/docs/kit/types#app.d.ts
declare global {
  /** The app's version from package.json, set at build time. */
  const __APP_VERSION__: string;
  /** What the newest version changed, in one line (the top of CHANGELOG.md), set at build time. */
  const __APP_CHANGE__: string;
  namespace App {
    interface Error {
      message: string;
      /** The page's code would not load (hooks.client.ts): a reload may bring it. */
      reload?: boolean;
    }
  }
}

export {};
