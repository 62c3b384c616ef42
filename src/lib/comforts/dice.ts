/**
 * Dice and a coin for the table (#57): a choice ("3×d6", "d20", "coin"), its throw and the line
 * the history shows. A roll is no step of the game: it is kept on the game's record (`rolls`),
 * never in its log, so Undo never takes it and no machine ever sees it. The draws come from the
 * browser's cryptographic source, passed in, so tests give their own.
 */

/** The dice a table picks from. */
export const DIE_SIDES = [4, 6, 8, 10, 12, 20] as const;
export type DieSides = (typeof DIE_SIDES)[number];

/** At most this many dice in one throw: more is no table's throw, and no line reads well. */
export const MAX_DICE = 12;
/** A game keeps its newest rolls, up to this many. */
export const MAX_ROLLS = 300;

export type DiceChoice = { kind: 'dice'; count: number; sides: DieSides } | { kind: 'coin' };

/** One throw as the record keeps it: when, what was thrown (choiceText) and what came up. */
export interface RollRecord {
  time: number;
  dice: string;
  /** Each die's face, in throw order; for the coin, 1 is heads and 2 tails. */
  values: number[];
  /** The turn or round it was thrown in (GameLogic.period), for its place in the history. */
  period?: number;
}

/** Fills a buffer with random 32-bit words, as crypto.getRandomValues does. */
export type RandomSource = (into: Uint32Array) => Uint32Array;

export const cryptoSource: RandomSource = (into) => crypto.getRandomValues(into);

type Parsed = { ok: true; choice: DiceChoice } | { ok: false; problem: string };

const CHOICE = /^(?:(\d{1,3})\s*[×x*]?\s*)?d(\d{1,3})$/i;

/** Reads "d20", "3×d6" (also "3xd6", "3d6") or "coin"; anything else is said in plain words. */
export function parseChoice(text: string): Parsed {
  const t = text.trim();
  if (/^coin$/i.test(t)) return { ok: true, choice: { kind: 'coin' } };
  const m = CHOICE.exec(t);
  if (!m) return { ok: false, problem: 'Choose dice like “d20” or “3×d6”, or the coin.' };
  const count = m[1] === undefined ? 1 : Number(m[1]);
  const sides = Number(m[2]);
  if (!(DIE_SIDES as readonly number[]).includes(sides))
    return { ok: false, problem: `There is no d${sides} here: choose a d4, d6, d8, d10, d12 or d20.` };
  if (count < 1 || count > MAX_DICE)
    return { ok: false, problem: `Throw from 1 to ${MAX_DICE} dice at once.` };
  return { ok: true, choice: { kind: 'dice', count, sides: sides as DieSides } };
}

/** The choice as the record and the history write it: "coin", "d20", "3×d6". */
export function choiceText(choice: DiceChoice): string {
  if (choice.kind === 'coin') return 'coin';
  return choice.count === 1 ? `d${choice.sides}` : `${choice.count}×d${choice.sides}`;
}

const WORDS = 2 ** 32;

/**
 * A whole number from 0 to n−1, every one equally likely: a random word past the largest
 * multiple of n is thrown away and drawn again (taking it modulo n would favour the low faces).
 */
export function drawBelow(n: number, source: RandomSource): number {
  if (!Number.isInteger(n) || n < 1 || n > WORDS) throw new RangeError(`cannot draw below ${n}`);
  const limit = WORDS - (WORDS % n);
  const word = new Uint32Array(1);
  for (;;) {
    const x = source(word)[0];
    if (x < limit) return x % n;
  }
}

/** Throws the choice now: one draw per die, or one for the coin. */
export function throwChoice(choice: DiceChoice, source: RandomSource, time: number): RollRecord {
  const values =
    choice.kind === 'coin'
      ? [drawBelow(2, source) + 1]
      : Array.from({ length: choice.count }, () => drawBelow(choice.sides, source) + 1);
  return { time, dice: choiceText(choice), values };
}

/** The history's line: "Rolled 3×d6: 4, 2, 6 (total 12)", "Rolled d20: 17", "Coin: heads". */
export function rollLine(roll: RollRecord): string {
  if (roll.dice === 'coin') return `Coin: ${roll.values[0] === 1 ? 'heads' : 'tails'}`;
  const faces = roll.values.join(', ');
  return roll.values.length > 1
    ? `Rolled ${roll.dice}: ${faces} (total ${total(roll)})`
    : `Rolled ${roll.dice}: ${faces}`;
}

export const total = (roll: RollRecord) => roll.values.reduce((a, b) => a + b, 0);

/** The newest rolls with this one, the oldest dropped past MAX_ROLLS. */
export function withRoll(rolls: readonly RollRecord[] | undefined, roll: RollRecord): RollRecord[] {
  return [...(rolls ?? []), roll].slice(-MAX_ROLLS);
}

/**
 * What is wrong with a stored roll's dice and faces (a file's), or undefined: the choice must read
 * and every face be one the dice have, as many as were thrown. The time is checked by the caller.
 */
export function rollProblem(dice: unknown, values: unknown): string | undefined {
  if (typeof dice !== 'string' || dice.length > 12) return 'expected dice like “d20” or “3×d6”, or “coin”';
  const parsed = parseChoice(dice);
  if (!parsed.ok || choiceText(parsed.choice) !== dice)
    return 'expected dice like “d20” or “3×d6”, or “coin”';
  const { choice } = parsed;
  const count = choice.kind === 'coin' ? 1 : choice.count;
  const sides = choice.kind === 'coin' ? 2 : choice.sides;
  if (!Array.isArray(values) || values.length !== count)
    return `expected ${count} face${count === 1 ? '' : 's'} for ${dice}`;
  if (!values.every((v) => Number.isInteger(v) && v >= 1 && v <= sides))
    return `expected faces from 1 to ${sides} for ${dice}`;
  return undefined;
}
