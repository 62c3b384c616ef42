/**
 * Typing one player's cleanup on the pad: the cards kept, then the Followers that go back, under
 * one ✓. Cards kept is a single digit (0 to 7), so its box is full once a digit is in; when that
 * digit leaves a choice about Followers (some cards kept, some returned, Followers held), the
 * digits after it are the Followers going back, in the same sheet. Delete walks back the same way:
 * on an empty Followers box it takes out the cards-kept digit. Pure: the screen hands it what
 * was typed and shows what it answers.
 */
import { HAND_SIZE } from './format';

export type CleanupField = { player: string; field: 'keep' | 'back'; keep?: number };

interface CleanupTyping {
  editing: CleanupField;
  draft: string;
}

/** True when keeping `keep` cards leaves the table a question about Followers. */
export const asksFollowers = (keep: number, has: number): boolean => has > 0 && keep > 0 && keep < HAND_SIZE;

/**
 * What the sheet shows after a key (or the keyboard) turned `before` into `typed`. `has` is the
 * player's Followers, `back` what the Followers box starts from (the entry made before, or 0).
 */
export function cleanupTyped(
  editing: CleanupField,
  before: string,
  typed: string,
  has: number,
  back: string
): CleanupTyping {
  if (editing.field === 'back') {
    if (typed === '' && before === '')
      return { editing: { player: editing.player, field: 'keep' }, draft: '' };
    return { editing, draft: typed };
  }
  // A one-digit box: the newest digit is the number (a second key replaces the first).
  const digit = typed.slice(-1);
  if (/^\d$/.test(digit) && asksFollowers(Number(digit), has)) {
    return { editing: { player: editing.player, field: 'back', keep: Number(digit) }, draft: back };
  }
  return { editing, draft: digit };
}
