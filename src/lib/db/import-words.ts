/**
 * A refused backup, said in the app's own words. The checks report each problem where it is in
 * the file ("sessions[0].deletedAt: this game is marked as deleted"): exact, and kept as the
 * details; the person reads which game it is (its name and the day it was started) and why.
 */
import { gameById } from '../games/registry';

export interface Refusal {
  /** One line per problem, in plain words. */
  errors: string[];
  /** The same problems as the checks found them (where in the file, what), for the details fold. */
  details: string[];
}

type Row = Record<string, unknown> | undefined;

const PLACE = /^(sessions|events|profiles|settings|sharedDocs)\[(\d+)\]([^:\s]*): ([\s\S]*)$/;
/** A place at the top of the file ("formatVersion", "the file"), before its message. */
const TOP = /^(the file|[a-zA-Z]+): ([\s\S]*)$/;

const list = (file: unknown, key: string): Row[] => {
  const value = (file as Record<string, unknown> | undefined)?.[key];
  return Array.isArray(value) ? (value as Row[]) : [];
};

/** “Titans of Eden” started 20/11/2026, as the history list names a game. */
function gameName(session: Row): string {
  const game = typeof session?.game === 'string' ? session.game : '';
  const title = gameById(game)?.title ?? (game || 'a game');
  const created = typeof session?.created === 'number' ? new Date(session.created) : undefined;
  const day = created && !Number.isNaN(created.getTime()) ? ` started ${created.toLocaleDateString()}` : '';
  return `the game “${title}”${day}`;
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function plain(problem: string, file: unknown): string {
  const place = PLACE.exec(problem);
  if (place) {
    const [, kind, index, field, found] = place;
    // A pointer to another record ("(also sessions[0])") is for the details only.
    const why = found.replace(/\s*\((also )?\w+\[\d+\][^)]*\)/g, '');
    const row = list(file, kind)[Number(index)];
    const sessionOf = (id: unknown) => list(file, 'sessions').find((s) => s?.id === id);
    switch (kind) {
      case 'sessions':
        if (field === '.deletedAt')
          return `${sentence(gameName(row))} was deleted on the phone this backup came from, so it is not brought back.`;
        return `${sentence(gameName(row))} is damaged in this file (${why}).`;
      case 'events':
        return row && sessionOf(row.sessionId)
          ? `A step of ${gameName(sessionOf(row.sessionId))} is damaged in this file (${why}).`
          : `A step in this file belongs to no game in it (${why}).`;
      case 'sharedDocs':
        return `The copy shared between phones of ${gameName(sessionOf(row?.sessionId))} is damaged in this file (${why}).`;
      case 'profiles': {
        const name = typeof row?.name === 'string' && row.name.length <= 40 ? ` “${row.name}”` : '';
        return `A remembered player${name} is damaged in this file (${why}).`;
      }
      default:
        return `A setting in this file is damaged (${why}).`;
    }
  }
  const top = TOP.exec(problem);
  if (top) {
    const why = top[2];
    return /^this backup/i.test(why)
      ? sentence(why)
      : `The file is not a backup this version of Tableside can read (${why}).`;
  }
  return problem; // already a sentence of its own
}

/** The problems the checks found, in plain words, with the exact places kept as details. */
export function refusal(problems: readonly string[], file?: unknown): Refusal {
  return { errors: problems.map((p) => plain(p, file)), details: [...problems] };
}
