/**
 * Drawing a new-game form a card at a time. A whole form (150-250 elements) drawn in one task and
 * laid out in the frame after it kept a phone from answering a tap for a third of a second at 4x
 * CPU (Lighthouse's total blocking time on the /<game>/new pages). The cards below the first
 * screen wait their turn instead: each is drawn in a task of its own, after the screen has painted
 * the one before, in the order they asked (the form's order).
 */
import { afterPaint, type Scheduler } from '../../util/after-paint';

/** The cards waiting, each as its own `draw` (a closure per card, so each is told apart). */
const waiting: (() => void)[] = [];
let running = false;
let schedule: Scheduler = afterPaint;

function next() {
  running = true;
  schedule(() => {
    const draw = waiting.shift();
    if (!draw) {
      running = false;
      return;
    }
    draw();
    next();
  });
}

/**
 * Calls `draw` once the turns asked for before it have been drawn and painted. Returns a function
 * that gives the turn up (a card taken away before its turn, or the page left).
 */
export function drawInTurn(draw: () => void): () => void {
  waiting.push(draw);
  if (!running) next();
  return () => {
    const at = waiting.indexOf(draw);
    if (at >= 0) waiting.splice(at, 1);
  };
}

/** For tests: how a turn waits for the screen (afterPaint in the app). */
export function scheduleTurnsWith(scheduler: Scheduler): void {
  schedule = scheduler;
}
