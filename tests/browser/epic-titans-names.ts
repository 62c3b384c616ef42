/**
 * Long names never cut what a control does (issue 51): the words of a button or row that say
 * what it does must show whole, whatever the names beside them, which give way instead.
 */
import type { Locator } from 'playwright-core';

/**
 * The words of `control` that do not show whole: missing from its text, or laid out past the
 * edge of a box that clips them (an ellipsis, `overflow: hidden`) or of the screen. [] when every
 * word shows. A name is not a word here: pass only what the control does ("Surge", "(2 left)").
 */
export function cutWords(control: Locator, words: readonly string[]): Promise<string[]> {
  return control.evaluate((root, words) => {
    const cut: string[] = [];
    for (const word of words) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      let node: Text | null = null;
      let at = -1;
      while ((node = walker.nextNode() as Text | null)) {
        at = node.data.indexOf(word);
        if (at >= 0) break;
      }
      if (!node || at < 0) {
        cut.push(`${word} (not there)`);
        continue;
      }
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + word.length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      let clipped = rects.length === 0 || rects.some((r) => r.right > innerWidth + 0.5 || r.left < -0.5);
      for (let el = node.parentElement; el && !clipped; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
          const box = el.getBoundingClientRect();
          clipped = rects.some(
            (r) =>
              r.left < box.left - 0.5 ||
              r.right > box.right + 0.5 ||
              r.top < box.top - 0.5 ||
              r.bottom > box.bottom + 0.5
          );
        }
        if (el === root) break;
      }
      if (clipped) cut.push(word);
    }
    return cut;
  }, words);
}

/**
 * The names shown in `control` (each with its whole name in `title`) drawn so narrow that hardly
 * anything of them is left: cut, and under `least` CSS pixels wide. [] when every name shows
 * whole or gives way with some of it still readable.
 */
export function namesLost(control: Locator, least = 24): Promise<string[]> {
  return control.evaluate(
    (root, least) =>
      [...root.querySelectorAll<HTMLElement>('[title]')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 && el.getBoundingClientRect().width < least)
        .map((el) => el.title),
    least
  );
}
