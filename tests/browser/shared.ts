/**
 * Browser-test setup that needs Vitest (kept apart from harness.ts, which scripts such as the
 * benchmarks and screenshots also import outside Vitest).
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, serve, type Served } from './harness';

/** The Chromium and the local server a test file shares. */
export interface Shared {
  browser: Browser;
  server: Served;
}

/**
 * One Chromium and one local server for a test file, started before its tests and closed after.
 * The fields are filled in by beforeAll, so read them inside tests.
 */
export function useBrowser(): Shared {
  const shared = {} as Shared;
  beforeAll(async () => {
    shared.browser = await launch();
    shared.server = await serve();
  });
  afterAll(async () => {
    await shared.browser?.close();
    await shared.server?.close();
  });
  return shared;
}
