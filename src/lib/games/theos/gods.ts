/**
 * How gods look on screen: one colour each, dark enough to carry white text in light and dark
 * themes. Screen-only data, kept apart from the rules so domain code stays free of styling.
 */
import type { God } from './cards';

export const GOD_COLORS: Record<God, string> = {
  poseidon: '#1d5f9c',
  gaia: '#2f6f2d',
  hades: '#5e3591',
  demeter: '#835800'
};
