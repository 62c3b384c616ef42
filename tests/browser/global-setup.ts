/**
 * Browser tests run against the built app, served the way a static host serves it. The build
 * runs once here (unless TABLESIDE_SKIP_BUILD=1 and a build exists), then each test file starts
 * its own server (tests/browser/harness.ts) so it can stop it to go offline.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export default function setup() {
  const root = resolve(__dirname, '../..');
  const built = existsSync(resolve(root, 'build/200.html'));
  if (process.env.TABLESIDE_SKIP_BUILD === '1' && built) return;
  execFileSync(
    process.execPath,
    [resolve(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      // The build that ships: Vitest sets NODE_ENV=test, which the build took for a development
      // one (Svelte's checks and warnings compiled in, 63.7 KB for a 49.8 KB first paint).
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit'
    }
  );
}
