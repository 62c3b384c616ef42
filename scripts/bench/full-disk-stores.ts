/**
 * What Chromium keeps of an origin's storage when its disk fills up during a game: a measurement,
 * not a test. The browser profile lives on a small ext4 filesystem of its own (tests/browser/
 * small-disk.ts; needs root). A Titans Duel gets a few stored steps, then a marker goes into each
 * of the origin's stores (localStorage, Cache Storage, an OPFS file in the default bucket, a
 * preallocated OPFS file, a Storage Bucket's OPFS and IndexedDB); the disk is filled to 0 bytes
 * free and one more tap is made. Each store is then read back: at once, ~3 s later, after the
 * space is freed, and after a browser restart. The table goes to docs/architecture.md.
 *
 *   npm run build && npx tsx scripts/bench/full-disk-stores.ts [--mb 60] [--persist]
 */
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { join } from 'node:path';
import { startServer } from '../serve.mjs';
import { CHROMIUM, PHONE } from '../../tests/browser/harness';
import { makeSmallDisk, smallDiskUsable } from '../../tests/browser/small-disk';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const MB = arg('mb', 60);
const PERSIST = process.argv.includes('--persist');
const KIND = process.argv.includes('--tmpfs') ? 'tmpfs' : 'ext4';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!smallDiskUsable()) {
  console.error('This needs root and mkfs.ext4 (a small filesystem of its own is mounted).');
  process.exit(2);
}

async function launch(profile: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: PHONE,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update']
  });
  // tsx names the functions it compiles with a helper the page does not have.
  await context.addInitScript({ content: 'window.__name = (f) => f;' });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

/** Taps whatever can be tapped: a Surge, else Undo. */
async function tapAny(page: Page): Promise<void> {
  await page.locator('.surge-buttons button:enabled, button[aria-label^="Undo: "]:enabled').first().click();
}

/** Writes a marker into every store the origin has. */
function plant(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const out: Record<string, string> = {};
    const attempt = async (name: string, fn: () => Promise<unknown>) => {
      try {
        out[name] = String((await fn()) ?? 'ok');
      } catch (e) {
        out[name] = `failed: ${(e as Error).name}`;
      }
    };
    await attempt('localStorage', async () => localStorage.setItem('probe', 'x'.repeat(1000)));
    await attempt('cacheStorage', async () => {
      const cache = await caches.open('probe');
      await cache.put('/probe', new Response('x'.repeat(1000)));
    });
    await attempt('opfsDefault', async () => {
      const root = await navigator.storage.getDirectory();
      const w = await (await root.getFileHandle('probe.txt', { create: true })).createWritable();
      await w.write('x'.repeat(1000));
      await w.close();
    });
    await attempt('opfsPrealloc', async () => {
      const root = await navigator.storage.getDirectory();
      const w = await (await root.getFileHandle('prealloc.bin', { create: true })).createWritable();
      await w.write(new Uint8Array(256 * 1024));
      await w.close();
    });
    const buckets = (
      navigator as unknown as { storageBuckets?: { open(n: string, o?: object): Promise<any> } }
    ).storageBuckets;
    await attempt('bucketOpfs', async () => {
      const bucket = await buckets!.open('recovery', { persisted: true, durability: 'strict' });
      const root = await bucket.getDirectory();
      const w = await (await root.getFileHandle('probe.txt', { create: true })).createWritable();
      await w.write('x'.repeat(1000));
      await w.close();
      return `persisted ${await bucket.persisted()}`;
    });
    await attempt('bucketIdb', async () => {
      const bucket = await buckets!.open('recovery', { persisted: true, durability: 'strict' });
      await new Promise<void>((ok, fail) => {
        const open = bucket.indexedDB.open('probe', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('s');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('s', 'readwrite');
          tx.objectStore('s').put('x'.repeat(1000), 'k');
          tx.oncomplete = () => (open.result.close(), ok());
          tx.onerror = () => fail(tx.error);
        };
      });
    });
    return out;
  });
}

/** Reads every store back. */
function look(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const out: Record<string, string> = {};
    const attempt = async (name: string, fn: () => Promise<unknown>) => {
      try {
        out[name] = String(await fn());
      } catch (e) {
        out[name] = `${(e as Error).name}`;
      }
    };
    const count = (factory: IDBFactory, name: string, store: string) =>
      new Promise<string>((ok, fail) => {
        const open = factory.open(name);
        open.onupgradeneeded = () => {
          open.transaction!.abort();
        };
        open.onerror = () => ok(`gone (${open.error?.name})`);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) return (db.close(), ok('gone'));
          const r = db.transaction(store).objectStore(store).count();
          r.onsuccess = () => (db.close(), ok(`${r.result} rows`));
          r.onerror = () => fail(r.error);
        };
      });
    await attempt('indexedDB', () => count(indexedDB, 'tableside', 'events'));
    const list = async (dir: FileSystemDirectoryHandle) => {
      const names: string[] = [];
      for await (const name of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
      return names.sort().join(',') || '(empty)';
    };
    await attempt('opfsJournal', async () =>
      list(await (await navigator.storage.getDirectory()).getDirectoryHandle('tableside-journal'))
    );
    await attempt('opfsDefault', async () => {
      const root = await navigator.storage.getDirectory();
      return (await (await root.getFileHandle('probe.txt')).getFile()).size;
    });
    await attempt('opfsPrealloc', async () => {
      const root = await navigator.storage.getDirectory();
      return (await (await root.getFileHandle('prealloc.bin')).getFile()).size;
    });
    await attempt('localStorage', async () => localStorage.getItem('probe')?.length ?? 'gone');
    await attempt('cacheStorage', async () => {
      const hit = await (await caches.open('probe')).match('/probe');
      return hit ? (await hit.text()).length : 'gone';
    });
    const buckets = (navigator as unknown as { storageBuckets: { open(n: string): Promise<any> } })
      .storageBuckets;
    await attempt('bucketOpfs', async () => {
      const root = await (await buckets.open('recovery')).getDirectory();
      return (await (await root.getFileHandle('probe.txt')).getFile()).size;
    });
    await attempt('bucketIdb', async () => count((await buckets.open('recovery')).indexedDB, 'probe', 's'));
    await attempt('persisted', () => navigator.storage.persisted());
    return out;
  });
}

const disk = makeSmallDisk(MB, KIND);
const server = await startServer({ port: 0 });
const profile = join(disk.dir, 'profile');
const table: Record<string, Record<string, string>> = {};
let context: BrowserContext | undefined;
try {
  let page: Page;
  ({ context, page } = await launch(profile));
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${server.url}/titans/new`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
  await page.getByPlaceholder('Player 1').fill('Ana');
  await page.getByPlaceholder('Player 2').fill('Ben');
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForURL(/\/play\//);
  const game = page.url();
  await page.getByRole('region', { name: 'Board' }).waitFor();
  const surges = page.getByRole('button', { name: /: Surge/ });
  const undo = page.getByRole('button', { name: /^Undo: / });
  for (const target of [surges.nth(0), undo, surges.nth(1), undo, surges.nth(0)]) {
    await target.click();
    await sleep(400);
  }
  if (PERSIST) console.log('persist():', await page.evaluate(() => navigator.storage.persist()));
  console.log('planted:', await plant(page));
  await sleep(2500); // the journal's worker writes and lets go of its files
  table.before = await look(page);
  console.log(`free before filling: ${(disk.free() / 1024).toFixed(0)} KB`);
  disk.fill();
  console.log(`free after filling: ${(disk.free() / 1024).toFixed(0)} KB`);
  // Taps until one is refused (a write may still fit in a file's last block).
  const alerts = page.locator('[role=alert]');
  for (let tap = 1; tap <= 60 && !(await alerts.count()); tap++) {
    disk.fill(); // whatever Chromium freed meanwhile
    await tapAny(page);
    await sleep(400);
    if (await alerts.count()) console.log(`tap ${tap} on the full disk was refused`);
  }
  console.log('the screen says:', await alerts.allInnerTexts());
  // And a few more, as a person would.
  for (let tap = 1; tap <= 10; tap++) {
    disk.fill();
    await tapAny(page);
    await sleep(700);
  }
  console.log('then:', await alerts.allInnerTexts());
  table.full = await look(page);
  await sleep(3000);
  table['full +3 s'] = await look(page);
  disk.unfill();
  console.log(`free after freeing: ${(disk.free() / 1024).toFixed(0)} KB`);
  table.freed = await look(page);
  await context.close();
  ({ context, page } = await launch(profile));
  await page.goto(game);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
  await sleep(3000);
  table.restarted = await look(page);
  console.log(
    'after restart the screen says:',
    await page
      .locator('main, body')
      .first()
      .innerText()
      .then((t) => t.slice(0, 400))
  );
  console.log('console errors:', errors.slice(0, 10));
} finally {
  await context?.close().catch(() => {});
  await server.close();
  disk.remove();
}
const stores = Object.keys(table.before);
console.log(
  `\n${'store'.padEnd(14)}${Object.keys(table)
    .map((k) => k.padEnd(26))
    .join('')}`
);
for (const store of stores)
  console.log(
    `${store.padEnd(14)}${Object.values(table)
      .map((t) => (t[store] ?? '').slice(0, 24).padEnd(26))
      .join('')}`
  );
