/**
 * The rulebook of Epic in ../shared/seeds/ and how it marks its sections, for the rules checks
 * (rules/verify.ts). Loaded only by those checks: no phone downloads it.
 */
import type { Rulebook } from '../types';

const rulebook: Rulebook = {
  file: '002_37dcdadb943c3364.txt',
  headings: {
    kind: 'contents',
    from: /^Table of Contents/,
    to: /^Quick Start Rules$/,
    entry: 'after-dash',
    // The copyright line closes the contents page; it is not a section.
    skip: /^©/
  }
};
export default rulebook;
