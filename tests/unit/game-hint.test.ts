/** The id → game hint that lets a page load start loading a game's code with the database. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadGameOf, rememberGameOf } from '../../src/lib/app/game-hint';
import { gameById } from '../../src/lib/games/registry';
import { memoryStorage } from './helpers';

describe('game hints', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a remembered game starts loading its code; an unknown id or game loads nothing', () => {
    const titans = vi.spyOn(gameById('titans')!, 'load');
    const wiz = vi.spyOn(gameById('wiz')!, 'load');
    rememberGameOf('g1', 'titans');
    preloadGameOf('g1');
    preloadGameOf('g2');
    rememberGameOf('g3', 'not-a-game');
    preloadGameOf('g3');
    expect(titans).toHaveBeenCalledTimes(1);
    expect(wiz).not.toHaveBeenCalled();
  });

  it('keeps the 40 most recently opened, and survives a broken or refused store', () => {
    for (let i = 0; i < 45; i++) rememberGameOf(`g${i}`, 'epic');
    rememberGameOf('g7', 'epic'); // opened again: newest now
    const kept = Object.keys(JSON.parse(localStorage.getItem('tableside.game-of')!));
    expect(kept).toHaveLength(40);
    expect(kept.at(-1)).toBe('g7');
    expect(kept).not.toContain('g4');
    expect(kept).toContain('g5');
    localStorage.setItem('tableside.game-of', '{not json');
    expect(() => preloadGameOf('g7')).not.toThrow();
    rememberGameOf('g8', 'wiz');
    expect(JSON.parse(localStorage.getItem('tableside.game-of')!)).toEqual({ g8: 'wiz' });
    vi.stubGlobal('localStorage', undefined);
    expect(() => rememberGameOf('g9', 'wiz')).not.toThrow();
    expect(() => preloadGameOf('g9')).not.toThrow();
  });
});
