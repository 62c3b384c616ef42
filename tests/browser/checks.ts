/**
 * Checks every game's browser test applies to its screens: every control has a name a screen
 * reader can say and is at least 48 px tall and wide (links inside running text excepted); no page
 * scrolls sideways; taps of an ordinary turn are counted the way the table feels them.
 */
import type { Locator, Page } from 'playwright-core';
import { DOUBLE_TAP_MS, DOUBLE_TAP_SLOP_PX } from '../../src/lib/ui/taps';
import { axeBothSchemes } from './axe';

/**
 * A tap made after looking at the screen: at least the double-tap time after the last click when
 * it lands where that click did (`openTab` notes when and where). Playwright clicks at machine
 * speed, and a second click at the same spot within the double-tap time is (rightly) swallowed by
 * the play screen's double-tap guard, which looks at the spot as well as the time
 * (`isDoubleTap`). A tap elsewhere, or one the test spent that long getting to, goes at once.
 */
export async function tapAfterLooking(target: Locator): Promise<void> {
  const page = target.page();
  // Where Playwright will click: the middle of the target once it is scrolled into view.
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  const wait = await page.evaluate(
    ({ ms, slop, box }) => {
      const last = (window as unknown as { __lastClick?: { at: number; x: number; y: number } }).__lastClick;
      if (!last) return 0;
      const near =
        !box ||
        (Math.abs(box.x + box.width / 2 - last.x) < slop && Math.abs(box.y + box.height / 2 - last.y) < slop);
      return near ? last.at + ms - performance.now() : 0;
    },
    { ms: DOUBLE_TAP_MS + 50, slop: DOUBLE_TAP_SLOP_PX + 8, box }
  );
  if (wait > 0) await page.waitForTimeout(wait);
  await target.click();
}

/**
 * Controls that are too small or nameless, described for the failure message; on a play screen,
 * whatever axe-core finds there too, in both colour schemes (every state a game's test reaches is
 * held to the play-access test's rules: tests/browser/play-access.test.ts walks the generic ones).
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  const sized = await sizeAndNameProblems(page);
  if (!new URL(page.url()).pathname.startsWith('/play/')) return sized;
  const { light, dark } = await axeBothSchemes(page);
  return [
    ...sized,
    ...light.map((f) => `axe (light) ${f.rule}: ${f.target}`),
    ...dark.map((f) => `axe (dark) ${f.rule}: ${f.target}`)
  ];
}

async function sizeAndNameProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=radio], [role=menuitem], [role=menuitemcheckbox]'
    );
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue; // not shown
      if (getComputedStyle(el).visibility === 'hidden') continue;
      const inText =
        el.tagName === 'A' &&
        el.closest('p, li, td, .prose, .rules-text, .toc, .crumbs') &&
        !el.classList.contains('btn');
      const name =
        el.getAttribute('aria-label') ||
        (el.getAttribute('aria-labelledby') &&
          document.getElementById(el.getAttribute('aria-labelledby')!)?.textContent) ||
        (el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent) ||
        el.closest('label')?.textContent ||
        el.getAttribute('title') ||
        el.textContent;
      const label = `${el.tagName.toLowerCase()} “${(name ?? '').trim().slice(0, 40)}”`;
      if (!name || !name.trim()) out.push(`${label}: no accessible name`);
      if (!inText && el.tagName !== 'INPUT' && (box.height < 47.5 || box.width < 47.5)) {
        out.push(`${label}: ${Math.round(box.width)}×${Math.round(box.height)} px`);
      }
      if (
        el.tagName === 'INPUT' &&
        (el as HTMLInputElement).type !== 'file' &&
        (el as HTMLInputElement).type !== 'radio' &&
        (el as HTMLInputElement).type !== 'checkbox' &&
        box.height < 47.5
      ) {
        out.push(`${label}: ${Math.round(box.height)} px tall`);
      }
    }
    return out;
  });
}

/**
 * Two things Lighthouse's accessibility audit fails a page for: an ARIA reference to an element
 * that is not there (aria-valid-attr-value), and a heading that skips a level on the way down
 * (heading-order: an h3 straight after an h1). Headings not shown (a closed dialog) are skipped.
 */
export async function structureProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const refs = [
      'aria-controls',
      'aria-labelledby',
      'aria-describedby',
      'aria-owns',
      'aria-activedescendant'
    ];
    for (const el of document.querySelectorAll(refs.map((r) => `[${r}]`).join(','))) {
      for (const attr of refs) {
        for (const id of (el.getAttribute(attr) ?? '').split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id))
            out.push(`${el.tagName.toLowerCase()} ${attr}="${id}": no such element`);
        }
      }
    }
    let previous = 0;
    for (const h of document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')) {
      if (h.getClientRects().length === 0) continue;
      // aria-level is the level a screen reader (and Lighthouse) goes by.
      const level = Number(h.getAttribute('aria-level') ?? h.tagName[1]);
      if (previous && level > previous + 1)
        out.push(`h${level} “${(h.textContent ?? '').trim().slice(0, 40)}” right after an h${previous}`);
      previous = level;
    }
    return out;
  });
}

/** True when the page is wider than the screen (it would scroll sideways). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/**
 * Table headers shown split inside a word ("Ra/nk", "tem/ples"): each word of a visible `th` must
 * sit on one line. Returned as the words, for the failure message.
 */
export async function wordsBrokenInHeaders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const th of document.querySelectorAll('th')) {
      if (th.getBoundingClientRect().width === 0 || th.closest('.visually-hidden')) continue;
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) out.push(m[0]);
        }
      }
    }
    return out;
  });
}

/**
 * Starts counting taps: every click except the keys of number entry (digits, sign, delete and the
 * ✓ that confirms a typed number, marked `data-entry-key`). With `confirms`, a number's ✓ counts
 * too (issue 51's way: every tap but a digit key). Read the count with `taps(page)`.
 */
export async function countTaps(page: Page, options: { confirms?: boolean } = {}): Promise<void> {
  await page.evaluate((confirms) => {
    const w = window as unknown as { __taps: string[]; __tapsOn?: boolean; __tapsConfirms?: boolean };
    w.__taps = [];
    w.__tapsConfirms = confirms;
    if (w.__tapsOn) return;
    w.__tapsOn = true;
    document.addEventListener(
      'click',
      (e) => {
        const el = (e.target as Element).closest('button, a, summary, [role=button]');
        // With `confirms`, only the pad's own keys are left out (digits, sign, delete).
        const key = el?.closest(w.__tapsConfirms ? '[aria-label^="Number pad"]' : '[data-entry-key]');
        if (!el || key) return;
        w.__taps.push((el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40));
      },
      true
    );
  }, options.confirms === true);
}

export async function taps(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __taps: string[] }).__taps);
}

/** Types a number on the on-screen pad like a person: its digit keys, then ✓. */
export async function typeOnPad(page: Page, value: number): Promise<void> {
  const pad = page.getByRole('group', { name: /^Number pad/ });
  const text = String(Math.abs(value));
  if (value < 0) await pad.getByRole('button', { name: 'Change sign' }).click();
  for (const ch of text) await pad.getByRole('button', { name: ch, exact: true }).click();
  await page.locator('button.confirm[data-entry-key]').click();
}

/** The id of the game the page is playing (the last part of /play/<id>). */
export const gameId = (page: Page): string => new URL(page.url()).pathname.split('/').pop()!;

/** One read straight from the app's IndexedDB (not through the app): a store, or an index of it. */
interface DbRead {
  store: string;
  index?: string;
  op: 'get' | 'getAll' | 'count';
  key?: string;
}

async function readDb<T>(page: Page, read: DbRead): Promise<T> {
  const result: unknown = await page.evaluate(
    (read) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('tableside');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const store = db.transaction(read.store).objectStore(read.store);
          const source = read.index ? store.index(read.index) : store;
          const request = source[read.op](read.key as string);
          request.onsuccess = () => (db.close(), resolve(request.result));
          request.onerror = () => reject(request.error);
        };
      }),
    read
  );
  return result as T;
}

/** How many steps the game's log holds. */
export function storedSteps(page: Page, id: string): Promise<number> {
  return readDb(page, { store: 'events', index: 'sessionId', op: 'count', key: id });
}

/** The game's record as stored (its clock, its rolls, its status…). */
export function storedGame<T = Record<string, unknown>>(page: Page, id: string): Promise<T | undefined> {
  return readDb<T | undefined>(page, { store: 'sessions', op: 'get', key: id });
}

/** The recovery journal's files as the page's origin holds them (name → lines). */
export function journalFiles(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    const root = await navigator.storage.getDirectory();
    let dir: FileSystemDirectoryHandle;
    try {
      dir = await root.getDirectoryHandle('tableside-journal');
    } catch {
      return out;
    }
    for await (const name of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) {
      const text = await (await (await dir.getFileHandle(name)).getFile()).text();
      out[name] = text.split('\n').filter(Boolean);
    }
    return out;
  });
}

/** The settings rows as stored (key → value). */
export async function storedSettings(page: Page): Promise<Record<string, unknown>> {
  const rows = await readDb<{ key: string; value: unknown }[]>(page, { store: 'settings', op: 'getAll' });
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

/**
 * Waits until the open game's record says it is finished in IndexedDB, not only on screen. The
 * screen paints a tap first and the write lands a moment later, so a test that leaves the page
 * (page.goto) right after "Ana wins!" could drop that write with the page.
 */
export async function finishedInStorage(page: Page): Promise<void> {
  const id = gameId(page);
  const status = () =>
    readDb<{ status?: string } | undefined>(page, { store: 'sessions', op: 'get', key: id }).then(
      (record) => record?.status
    );
  // A bounded poll of its own (not vitest's expect.poll), so scripts outside the test runner (the
  // drill, the benchmarks) can use these helpers too.
  let last: string | undefined;
  for (let i = 0; i < 100; i++) {
    if ((last = await status()) === 'finished') return;
    await page.waitForTimeout(50);
  }
  throw new Error(`The game ${id} is not stored as finished (its status: ${last ?? 'none'}).`);
}

/** How many log entries the recovery copy of a game holds (its journal file's entry lines). */
export function journalEntries(page: Page, id: string): Promise<number> {
  return page.evaluate(async (id) => {
    try {
      const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('tableside-journal');
      const text = await (await (await dir.getFileHandle(`${id}.jsonl`)).getFile()).text();
      return text.split('\n').filter((line) => line.startsWith('{"t":"e"')).length;
    } catch {
      return 0;
    }
  }, id);
}
