/**
 * Shared pieces for browser tests: Debian's Chromium driven by playwright-core, the built app on a
 * local port, phone-sized pages, and a record of every request so a test can prove nothing left
 * the local origin.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { startServer } from '../../scripts/serve.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PHONE = { width: 390, height: 844 };
const SHOTS = resolve(import.meta.dirname, '../../screenshots');

export interface Served {
  url: string;
  close(): Promise<void>;
}

export async function serve(
  options: { port?: number; transform?: (path: string, body: Buffer) => Buffer } = {}
): Promise<Served> {
  return startServer({ port: options.port ?? 0, transform: options.transform });
}

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic'
];

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}

/**
 * A phone-sized Chromium on a profile folder of the test's own (its storage outlives a restart,
 * and can sit on a filesystem the test fills up). Its first tab is `page`.
 */
export async function launchProfile(dir: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow'
  });
  await context.addInitScript(noteLastClick);
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

/**
 * Notes when and where the last click landed, for `tapAfterLooking` (which waits out the
 * double-tap time only for a tap that recent at that spot). Runs in the page.
 */
function noteLastClick() {
  document.addEventListener(
    'click',
    (e) =>
      ((window as unknown as { __lastClick: { at: number; x: number; y: number } }).__lastClick = {
        at: e.timeStamp,
        x: e.clientX,
        y: e.clientY
      }),
    true
  );
}

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** Every URL the page or its service worker asked for. */
  requests: string[];
}

/**
 * `serviceWorkers: 'block'`: requests the service worker would answer reach the test's
 * `page.route` instead (Playwright does not route a worker's fetches).
 */
export async function openTab(
  browser: Browser,
  options: { dark?: boolean; serviceWorkers?: 'allow' | 'block' } = {}
): Promise<Tab> {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    colorScheme: options.dark ? 'dark' : 'light',
    serviceWorkers: options.serviceWorkers ?? 'allow'
  });
  await context.addInitScript(noteLastClick);
  const requests: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  const page = await context.newPage();
  page.on('pageerror', (e) => requests.push(`pageerror:${e.message}`));
  return { context, page, requests };
}

/**
 * Goes to a page and waits until the app is interactive: prerendered pages show their HTML before
 * the scripts attach, and a tap or a file chosen in that moment would be lost.
 */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
}

/** Requests that went anywhere but the app's own origin (data: and blob: URLs are local). */
export function foreign(requests: string[], origin: string): string[] {
  return requests.filter((u) => !u.startsWith(origin) && !/^(data|blob):/.test(u));
}

export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SHOTS, `${name}.png`), fullPage: options.fullPage ?? false });
}

/**
 * Waits until a service worker is active for the page. It activates only after precaching the
 * whole app, so from then on a reload works offline.
 */
export async function waitForServiceWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
}
