/**
 * The rulebook of WiZ in ../shared/seeds/ and how it marks its sections, for the rules checks
 * (rules/verify.ts). Loaded only by those checks: no phone downloads it.
 */
import type { Rulebook } from '../types';

const rulebook: Rulebook = {
  file: '003_1048c6b104b93760.txt',
  headings: { kind: 'markdown' }
};
export default rulebook;
