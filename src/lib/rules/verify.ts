/**
 * Checks on the rules reference against the rulebooks (used by tests and scripts/check-rules.ts):
 * our text must not reuse the rulebooks' sentences, and every rulebook heading must be covered.
 */

import { GAMES } from '../games/registry';
import type { Rulebook, RulebookHeadings } from '../games/types';

/**
 * Words as the overlap check sees them: lower case letters and digits, punctuation and symbols
 * ignored. Markdown that a reader never sees (heading ids `{#id .term}`, link targets `](#id)`)
 * is dropped first, so it cannot split a run that reads the same as the rulebook.
 */
function words(text: string): string[] {
  return text
    .replace(/\{#[\w-]+(?:\s+\.[\w-]+)*\}/g, ' ')
    .replace(/\]\(#[\w-]+\)/g, ']')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/'s\b/g, 's')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Every run of `n` consecutive words that appears both in `ours` and in `theirs`, merged into
 * maximal runs and returned as text (empty when the reference is in its own words).
 */
export function sharedRuns(ours: string, theirs: string, n = 12): string[] {
  const source = words(theirs);
  const grams = new Set<string>();
  for (let i = 0; i + n <= source.length; i++) grams.add(source.slice(i, i + n).join(' '));
  const mine = words(ours);
  const runs: string[] = [];
  let start = -1;
  let end = -1;
  for (let i = 0; i + n <= mine.length; i++) {
    if (grams.has(mine.slice(i, i + n).join(' '))) {
      if (start >= 0 && i <= end) end = i + n;
      else {
        if (start >= 0) runs.push(mine.slice(start, end).join(' '));
        start = i;
        end = i + n;
      }
    }
  }
  if (start >= 0) runs.push(mine.slice(start, end).join(' '));
  return runs;
}

/** The games in scope and their rulebooks in ../shared/seeds/ (each game's `rulebook.ts`), by id. */
export async function loadRulebooks(): Promise<Record<string, Rulebook>> {
  const books = await Promise.all(
    GAMES.map(async (g) => {
      if (!g.rulebook) throw new Error(`${g.title} names no rulebook (its manifest's rulebook)`);
      return [g.id, (await g.rulebook()).default] as const;
    })
  );
  return Object.fromEntries(books);
}

/** Heading text as a person would type it: markup, stray spaces and trailing colons removed. */
export function cleanHeading(text: string): string {
  return text
    .replace(/<sup>(.*?)<\/sup>/g, '$1')
    .replace(/[*_]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[:\s]+$/, '')
    .trim();
}

function markdownHeadings(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line) && !line.includes('\t'))
    .map((line) => cleanHeading(line.replace(/^#+ /, '')));
}

/** Lines of a table of contents between two marker lines. */
function tocBlock(text: string, startMarker: RegExp, endMarker: RegExp): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => startMarker.test(l));
  const end = lines.findIndex((l, i) => i > start && endMarker.test(l));
  return lines.slice(start + 1, end).filter((l) => l.trim() !== '');
}

/** The entries of a table of contents, as its manifest says they are written. */
function contentsHeadings(text: string, how: Extract<RulebookHeadings, { kind: 'contents' }>): string[] {
  const lines = tocBlock(text, how.from, how.to);
  const found: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (how.entry === 'after-dash') {
      found.push(lines[i].replace(/^\d+\s*–\s*/, '').trim());
      continue;
    }
    const [title, page] = lines[i].split('\t').map((c) => c.trim());
    if (how.joinBroken && !page && lines[i + 1] && /^[A-Z][a-z]+:/.test(lines[i + 1])) {
      found.push(`${title} ${lines[i + 1].split('\t')[0].trim()}`);
      i++;
    } else found.push(title);
  }
  return how.skip ? found.filter((t) => !how.skip!.test(t)) : found;
}

/**
 * The section headings of a rulebook, found the way that book marks them (its manifest's
 * `rulebook.headings`): markdown headings, or a table of contents (the body headings of those
 * books are plain lines).
 */
export function rulebookHeadings(how: RulebookHeadings, text: string): string[] {
  const found = how.kind === 'markdown' ? markdownHeadings(text) : contentsHeadings(text, how);
  return [...new Set(found.map(cleanHeading).filter(Boolean))];
}
