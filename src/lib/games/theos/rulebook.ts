/**
 * The rulebook of Theos in ../shared/seeds/ and how it marks its sections, for the rules checks
 * (rules/verify.ts). Loaded only by those checks: no phone downloads it.
 */
import type { Rulebook } from '../types';

const rulebook: Rulebook = {
  file: '004_8a6704bfbb5de3c8.txt',
  headings: { kind: 'contents', from: /^-Game Manual-/, to: /^Credits$/, entry: 'before-tab' }
};
export default rulebook;
