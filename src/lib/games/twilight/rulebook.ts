/**
 * The rulebook of Twilight of the Gods in ../shared/seeds/ and how it marks its sections, for the rules checks
 * (rules/verify.ts). Loaded only by those checks: no phone downloads it.
 */
import type { Rulebook } from '../types';

const rulebook: Rulebook = {
  file: '001_c8b0cee254531d6b.txt',
  headings: {
    kind: 'contents',
    from: /^Table of Contents/,
    to: /^Prologue$/,
    entry: 'before-tab',
    // "How to Construct the Pre-Built / Decks:" is one entry broken over two lines.
    joinBroken: true,
    // One line of the scanned contents page is scanner noise, not a heading.
    skip: /^[^A-Z]/
  }
};
export default rulebook;
