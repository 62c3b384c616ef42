/**
 * "This phone is…": the order a screen shows players in for the player a phone belongs to, and
 * the per-phone choice kept in localStorage (stale, broken or unreadable: table order).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { facingAreas, isSeat, seatFirst, seatOrder } from '../../src/lib/ui/seat';
import { askForSeat, chooseSeat, parseSeat, readSeat, seatKey } from '../../src/lib/app/seat';
import { seatsFor } from '../../src/lib/games/seats';
import { gameById } from '../../src/lib/games/registry';
import { memoryStorage } from './helpers';

describe('seat order', () => {
  it('starts from the chosen player and keeps table order after them', () => {
    expect(seatOrder(4, 2)).toEqual([2, 3, 0, 1]);
    expect(seatOrder(4, 0)).toEqual([0, 1, 2, 3]);
    expect(seatOrder(4, 3)).toEqual([3, 0, 1, 2]);
    expect(seatOrder(2, 1)).toEqual([1, 0]);
    expect(seatOrder(1, 0)).toEqual([0]);
    expect(seatFirst(['Ana', 'Ben', 'Cy'], 1)).toEqual(['Ben', 'Cy', 'Ana']);
  });

  it('no choice, or one out of range, is table order', () => {
    for (const me of [undefined, -1, 4, 7, 1.5, NaN, Infinity])
      expect(seatOrder(4, me), String(me)).toEqual([0, 1, 2, 3]);
    expect(seatOrder(0, 0)).toEqual([]);
    expect(seatOrder(-3, 1)).toEqual([]);
    expect(seatFirst([], 2)).toEqual([]);
    expect(isSeat('1', 3)).toBe(false);
    expect(isSeat(2, 3)).toBe(true);
  });

  it('every player appears once, whatever the seat', () => {
    for (let n = 1; n <= 6; n++)
      for (let me = -1; me <= n; me++) expect([...seatOrder(n, me)].sort()).toEqual(seatOrder(n));
  });

  it('two facing each other: the chosen one near, the other across; no choice is today’s layout', () => {
    const area = (me?: number) =>
      Object.fromEntries(facingAreas(['Ana', 'Ben'], me).map((a) => [a.facing, a.item]));
    expect(area()).toEqual({ near: 'Ana', across: 'Ben' });
    expect(area(0)).toEqual({ near: 'Ana', across: 'Ben' });
    expect(area(1)).toEqual({ near: 'Ben', across: 'Ana' });
    expect(area(5)).toEqual({ near: 'Ana', across: 'Ben' });
    // The far side is listed first (it is drawn at the top), as the games always passed it.
    expect(facingAreas([0, 1]).map((a) => a.key)).toEqual(['across', 'near']);
  });
});

describe('the choice on this phone', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('is kept per game, and table order can be chosen', () => {
    expect(readSeat('g1', 2)).toEqual({ seat: undefined, ask: false });
    expect(chooseSeat('g1', 1)).toBe(true);
    expect(localStorage.getItem('tableside.seat.g1')).toBe('1');
    expect(readSeat('g1', 2)).toEqual({ seat: 1, ask: false });
    expect(readSeat('g2', 2)).toEqual({ seat: undefined, ask: false });
    chooseSeat('g1', undefined);
    expect(readSeat('g1', 2)).toEqual({ seat: undefined, ask: false });
    expect(localStorage.getItem(seatKey('g1'))).toBe('null');
  });

  it('a phone that joined is asked once; a choice already made is never replaced by the question', () => {
    askForSeat('g1');
    expect(readSeat('g1', 3)).toEqual({ seat: undefined, ask: true });
    chooseSeat('g1', 2);
    askForSeat('g1'); // the same link opened again
    expect(readSeat('g1', 3)).toEqual({ seat: 2, ask: false });
    chooseSeat('g2', undefined); // skipped
    askForSeat('g2');
    expect(readSeat('g2', 3)).toEqual({ seat: undefined, ask: false });
    // A game with nobody to choose (WiZ solo) never asks.
    askForSeat('g3');
    expect(readSeat('g3', 0)).toEqual({ seat: undefined, ask: false });
  });

  it('stale or broken values are table order, never a crash', () => {
    const none = { seat: undefined, ask: false };
    for (const raw of ['2', '-1', '1.5', '"1"', '{not json', '', '[1]', '{"seat":1}', 'true', 'NaN'])
      expect(parseSeat(raw, 2), raw).toEqual(none);
    expect(parseSeat(null, 2)).toEqual(none);
    expect(parseSeat(undefined, 2)).toEqual(none);
    expect(parseSeat('1', 2)).toEqual({ seat: 1, ask: false });
    localStorage.setItem(seatKey('g1'), '{not json');
    expect(readSeat('g1', 2)).toEqual(none);
    // A seat kept for a bigger table than this game has (or a game whose players changed).
    localStorage.setItem(seatKey('g1'), '5');
    expect(readSeat('g1', 2)).toEqual(none);
  });

  it('without storage, or with storage that throws, nothing breaks and nothing is chosen', () => {
    vi.stubGlobal('localStorage', undefined);
    expect(readSeat('g1', 2)).toEqual({ seat: undefined, ask: false });
    expect(chooseSeat('g1', 1)).toBe(false);
    expect(() => askForSeat('g1')).not.toThrow();
    const refusing = memoryStorage();
    refusing.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    refusing.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    vi.stubGlobal('localStorage', refusing);
    expect(readSeat('g1', 2)).toEqual({ seat: undefined, ask: false });
    expect(chooseSeat('g1', 1)).toBe(false);
    expect(() => askForSeat('g1')).not.toThrow();
    // A getter that throws, as some browsers do with storage turned off.
    vi.stubGlobal('localStorage', undefined);
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('denied', 'SecurityError');
      }
    });
    expect(readSeat('g1', 2)).toEqual({ seat: undefined, ask: false });
    expect(chooseSeat('g1', 1)).toBe(false);
  });
});

describe('who a phone can be', () => {
  const players = ['Ana', 'Ben', 'Cy', 'Dee'].map((name, i) => ({ id: `p${i}`, name }));
  const setup = (extra: Record<string, unknown>) => ({ players, seed: 's', ...extra });
  const list = (game: string, extra: Record<string, unknown>) => seatsFor(gameById(game)!, setup(extra));

  it('every player, in the setup’s order, with the team where the game is played in teams', () => {
    expect(list('epic', {})).toEqual([{ name: 'Ana' }, { name: 'Ben' }, { name: 'Cy' }, { name: 'Dee' }]);
    expect(
      list('titans', {
        teams: [
          ['p0', 'p2'],
          ['p1', 'p3']
        ]
      })
    ).toEqual([
      { name: 'Ana', note: 'Team 1, with Cy' },
      { name: 'Ben', note: 'Team 2, with Dee' },
      { name: 'Cy', note: 'Team 1, with Ana' },
      { name: 'Dee', note: 'Team 2, with Ben' }
    ]);
    // A Free-For-All (every team one player): names alone.
    expect(list('theos', { teams: [['p0'], ['p1'], ['p2'], ['p3']] })).toEqual(list('epic', {}));
    expect(list('twilight', { teams: [0, 1, 0, 1] }).map((o) => o.note)).toEqual([
      'Team 1',
      'Team 2',
      'Team 1',
      'Team 2'
    ]);
    expect(list('twilight', { teams: null })).toEqual(list('epic', {}));
    expect(list('wiz', { format: 'standard' })).toEqual(list('epic', {}));
  });

  it('WiZ solo has nobody to choose', () => {
    expect(list('wiz', { format: 'solo', players: players.slice(0, 2) })).toEqual([]);
  });
});
