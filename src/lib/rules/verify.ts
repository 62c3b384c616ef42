/**
 * Checks on the rules reference against the rulebooks (used by tests and scripts/check-rules.ts):
 * our text must not reuse the rulebooks' sentences, and every rulebook heading must be covered.
 */

/**
 * Words as the overlap check sees them: lower case letters and digits, punctuation and symbols
 * ignored. Markdown that a reader never sees (heading ids `{#id .term}`, link targets `](#id)`)
 * is dropped first, so it cannot split a run that reads the same as the rulebook.
 */
export function words(text: string): string[] {
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

/** The games in scope and their rulebook files in ../shared/seeds/. */
export const RULEBOOKS: Record<string, string> = {
  titans: '000_4d4172ebd15461d4.txt',
  twilight: '001_c8b0cee254531d6b.txt',
  epic: '002_37dcdadb943c3364.txt',
  wiz: '003_1048c6b104b93760.txt',
  theos: '004_8a6704bfbb5de3c8.txt'
};

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

/** Lines of a table of contents between two marker lines, as "Title<TAB>page" or "page – Title". */
function tocBlock(text: string, startMarker: RegExp, endMarker: RegExp): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => startMarker.test(l));
  const end = lines.findIndex((l, i) => i > start && endMarker.test(l));
  return lines.slice(start + 1, end).filter((l) => l.trim() !== '');
}

/**
 * The section headings of a rulebook, found the way that book marks them: Titans of Eden and WiZ
 * use markdown headings; Twilight of the Gods, Epic and Theos list their sections in a table of
 * contents (their body headings are plain lines).
 */
export function rulebookHeadings(game: string, text: string): string[] {
  let found: string[];
  switch (game) {
    case 'titans':
    case 'wiz':
      found = markdownHeadings(text);
      break;
    case 'twilight': {
      const lines = tocBlock(text, /^Table of Contents/, /^Prologue$/);
      found = [];
      for (let i = 0; i < lines.length; i++) {
        const [title, page] = lines[i].split('\t').map((c) => c.trim());
        // "How to Construct the Pre-Built / Decks:" is one entry broken over two lines.
        if (!page && lines[i + 1] && /^[A-Z][a-z]+:/.test(lines[i + 1])) {
          found.push(`${title} ${lines[i + 1].split('\t')[0].trim()}`);
          i++;
        } else found.push(title);
      }
      // One line of the scanned contents page is scanner noise, not a heading.
      found = found.filter((t) => /^[A-Z]/.test(t));
      break;
    }
    case 'epic':
      found = tocBlock(text, /^Table of Contents/, /^Quick Start Rules$/).map((l) =>
        l.replace(/^\d+\s*–\s*/, '')
      );
      // The copyright line closes the contents page; it is not a section.
      found = found.filter((t) => !t.startsWith('©'));
      break;
    case 'theos':
      found = tocBlock(text, /^-Game Manual-/, /^Credits$/).map((l) => l.split('\t')[0]);
      break;
    default:
      throw new Error(`no rulebook for ${game}`);
  }
  return [...new Set(found.map(cleanHeading).filter(Boolean))];
}
