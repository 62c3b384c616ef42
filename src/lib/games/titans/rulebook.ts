/**
 * The rulebook of Titans of Eden in ../shared/seeds/ and how it marks its sections, for the rules checks
 * (rules/verify.ts). Loaded only by those checks: no phone downloads it.
 */
import type { Rulebook } from '../types';

const rulebook: Rulebook = {
  file: '000_4d4172ebd15461d4.txt',
  headings: { kind: 'markdown' }
};
export default rulebook;
