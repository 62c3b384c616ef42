import { afterEach, describe, expect, it } from 'vitest';
import { drawInTurn, scheduleTurnsWith } from '../../src/lib/ui/setup/in-turn';
import { afterPaint } from '../../src/lib/util/after-paint';

/** A screen that paints only when told to: each waiting turn runs on the next `paint()`. */
function manualScreen() {
  let pending: (() => void)[] = [];
  scheduleTurnsWith((run) => pending.push(run));
  return {
    paint() {
      const now = pending;
      pending = [];
      for (const run of now) run();
    },
    waiting: () => pending.length
  };
}

describe('drawing a new-game form a card at a time', () => {
  afterEach(() => scheduleTurnsWith(afterPaint));

  it('draws one card per turn, in the order the cards asked, each after a paint', () => {
    const screen = manualScreen();
    const drawn: string[] = [];
    for (const card of ['piles', 'seed', 'checklist']) drawInTurn(() => drawn.push(card));
    expect(drawn).toEqual([]); // nothing in the task that drew the first screen
    screen.paint();
    expect(drawn).toEqual(['piles']);
    screen.paint();
    expect(drawn).toEqual(['piles', 'seed']);
    screen.paint();
    expect(drawn).toEqual(['piles', 'seed', 'checklist']);
    screen.paint();
    expect(screen.waiting()).toBe(0); // done: nothing left scheduled
  });

  it('skips a card given up before its turn, and starts again for cards asked later', () => {
    const screen = manualScreen();
    const drawn: string[] = [];
    drawInTurn(() => drawn.push('teams'));
    const giveUp = drawInTurn(() => drawn.push('left'));
    drawInTurn(() => drawn.push('seed'));
    giveUp();
    screen.paint();
    screen.paint();
    screen.paint();
    expect(drawn).toEqual(['teams', 'seed']);
    expect(screen.waiting()).toBe(0);
    // A card that comes later (a format with teams chosen) gets a turn of its own.
    drawInTurn(() => drawn.push('teams again'));
    expect(drawn).toEqual(['teams', 'seed']);
    screen.paint();
    expect(drawn).toEqual(['teams', 'seed', 'teams again']);
  });
});
