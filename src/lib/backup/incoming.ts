/**
 * What a game from outside the phone must be, whichever way it came in (a backup, a game file,
 * a share, a room's first document, another phone's taps): the fields its game knows, at any
 * depth, in values no bigger or deeper than a person's data ever is. The backup's check
 * (rebuild.ts), the shared copy's (sync/backup-docs.ts) and the fold of another phone's
 * taps (sync/fold.ts) all call these, so a way in cannot skip one. Pure.
 */
import type { GameEvent } from '../db/records';
import type { GameLogic } from '../session/types';
import { Problems, structuralProblems, Where } from './read';
import { unknownFields } from './shape';

const SETUP_CHECKED = new Set(['players', 'seed']);
const EVENT_CHECKED = new Set(['type']);
const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** A setup's fields beyond `players` and `seed` that its game does not know, added at `where`. */
export function setupFieldProblems(logic: GameLogic<any>, setup: unknown, where: Where): void {
  if (logic.fields) unknownFields(setup, logic.fields.setup, where, SETUP_CHECKED);
}

/** A step its game does not have, or fields of it the game does not know, added at `where`. */
export function eventFieldProblems(logic: GameLogic<any>, event: GameEvent, where: Where): void {
  const fields = logic.fields;
  if (!fields) return;
  const known = has(fields.events, event.type) ? fields.events[event.type] : undefined;
  if (!known) where.add(`“${shortText(event.type)}” is not a step this game has`, 'type');
  else unknownFields(event, known, where, EVENT_CHECKED);
}

/**
 * Why an event from another phone cannot be taken as it is (a key that would reach a
 * prototype, nesting past 40, text past 10,000 characters, a step or field this game does not
 * know), in words with the field named; undefined when it can.
 */
export function eventProblem(logic: GameLogic<any>, event: GameEvent): string | undefined {
  const problems = new Problems();
  const where = new Where(problems);
  structuralProblems(event, where);
  if (!problems.any) eventFieldProblems(logic, event, where);
  return problems.list[0]?.replace(/^the file: /, '');
}

/** Text shown from a stranger's value: never more than a line of it. */
export function shortText(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
