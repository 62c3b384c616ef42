/**
 * Where a finished game was played and a note on it (#52): what BG Stats calls a play's
 * `location` and `comments`. Typed on the game's result page, kept on its record (so backups and
 * the recovery journal carry them), sent with "Log in BG Stats".
 */
export const MAX_LOCATION = 80;
export const MAX_NOTE = 1000;

export interface PlayNotes {
  location: string;
  note: string;
}

/** Why these notes cannot be kept, in plain words, or undefined. Lengths as the text boxes count. */
export function playNotesProblem(notes: PlayNotes): string | undefined {
  if (notes.location.trim().length > MAX_LOCATION) return `A place has at most ${MAX_LOCATION} characters.`;
  if (notes.note.trim().length > MAX_NOTE) return `A note has at most ${MAX_NOTE} characters.`;
  return undefined;
}
