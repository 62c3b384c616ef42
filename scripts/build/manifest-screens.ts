/**
 * The manifest's screenshots (src/lib/app/manifest.ts SCREENSHOTS), made from the built app:
 * the home screen and a game at phone size (390×844), the home screen wide (1280×800). Written
 * as WebP (Chromium's own encoder, from a canvas) into static/screenshots/, which the build
 * copies and the precache leaves out. Run after a build, then build again:
 *
 *   npm run build && npx tsx scripts/build/manifest-screens.ts && npm run build
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launch, serve, visit } from '../../tests/browser/harness';
import { SCREENSHOTS } from '../../src/lib/app/manifest';

const OUT = resolve(import.meta.dirname, '../../static/screenshots');
const QUALITY = 0.8;

/** PNG bytes to WebP, encoded by Chromium on a blank page (no app, no CSP in the way). */
async function toWebp(browser: Browser, png: Buffer): Promise<Buffer> {
  const page = await browser.newPage();
  const url: string = await page.evaluate(
    async ({ b64, quality }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      canvas.getContext('2d')!.drawImage(img, 0, 0);
      return canvas.toDataURL('image/webp', quality);
    },
    { b64: png.toString('base64'), quality: QUALITY }
  );
  await page.close();
  return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
}

async function save(browser: Browser, page: Page, file: string) {
  const spec = SCREENSHOTS.find((s) => s.file === file)!;
  const size = page.viewportSize()!;
  if (size.width !== spec.width || size.height !== spec.height)
    throw new Error(
      `${file}: the page is ${size.width}x${size.height}, the manifest says ${spec.width}x${spec.height}`
    );
  const webp = await toWebp(browser, await page.screenshot());
  writeFileSync(resolve(OUT, file), webp);
  console.log(`${file.padEnd(20)} ${(webp.length / 1024).toFixed(1)} KB`);
}

const server = await serve();
const browser = await launch();
mkdirSync(OUT, { recursive: true });
try {
  // One profile for both sizes: the wide home screen shows the game started on the phone.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    colorScheme: 'light'
  });
  const page = await context.newPage();
  await visit(page, `${server.url}/titans/new`);
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  await page.getByRole('button', { name: 'Resolve the battle' }).waitFor();
  await page.waitForTimeout(300);
  await save(browser, page, 'narrow-play.webp');
  await visit(page, server.url);
  await page.getByRole('list', { name: 'Games in progress' }).waitFor();
  await page.waitForTimeout(300);
  await save(browser, page, 'narrow-home.webp');
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit(page, server.url);
  await page.getByRole('list', { name: 'Games in progress' }).waitFor();
  await page.waitForTimeout(300);
  await save(browser, page, 'wide-home.webp');
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
