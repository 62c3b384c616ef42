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

/** What a refused file is to the person: their backup, a game another phone sent, or one joined. */
export type FileKind = 'backup' | 'game file' | 'shared game';

const SUBJECT: Record<Exclude<FileKind, 'backup'>, string> = {
  'game file': 'This game file',
  'shared game': 'The game shared under this link'
};

const nth = (index: string) => Number(index) + 1;

/**
 * A game's field as a person knows it (“player 2’s name”, “the sync server’s address”), from
 * its place in the record (“.setup.players[1].name”); empty for the record itself.
 */
function fieldWords(field: string): string {
  let m: RegExpExecArray | null;
  if (!field) return '';
  if ((m = /^\.setup\.players\[(\d+)\]\.name$/.exec(field))) return `player ${nth(m[1])}’s name`;
  if ((m = /^\.setup\.players\[(\d+)\]/.exec(field))) return `player ${nth(m[1])}`;
  if (field === '.setup.players') return 'its players';
  if ((m = /^\.setup\.([A-Za-z]+)/.exec(field))) return `its setup’s “${m[1]}”`;
  if (field === '.setup') return 'its setup';
  if (field === '.shared.server') return 'the sync server’s address';
  if (field === '.shared.room') return 'its shared room';
  if (field === '.shared.key') return 'its room key';
  if (field.startsWith('.shared')) return 'where it is shared';
  if (field === '.created') return 'the time it was started';
  if (field === '.updated') return 'the time it was last played';
  if (field === '.game') return 'the game it names';
  return '';
}

/** “player 2’s name: text is too long …”, or the reason alone where the field says nothing more. */
const withField = (field: string, why: string) => {
  const words = fieldWords(field);
  return words ? `${words}: ${why}` : why;
};

function plain(problem: string, file: unknown, kind: FileKind): string {
  const place = PLACE.exec(problem);
  if (place) {
    const [, list_, index, field, found] = place;
    // A pointer to another record ("(also sessions[0])") is for the details only.
    const why = found.replace(/\s*\((also )?\w+\[\d+\][^)]*\)/g, '');
    if (kind !== 'backup') {
      return list_ === 'sharedDocs'
        ? `${SUBJECT[kind]} is damaged (${why}).`
        : `${SUBJECT[kind]} cannot be opened (${withField(field, why)}).`;
    }
    const row = list(file, list_)[Number(index)];
    const sessionOf = (id: unknown) => list(file, 'sessions').find((s) => s?.id === id);
    switch (list_) {
      case 'sessions':
        if (field === '.deletedAt')
          return `${sentence(gameName(row))} was deleted on the phone this backup came from, so it is not brought back.`;
        return `${sentence(gameName(row))} is damaged in this file (${withField(field, why)}).`;
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
    if (kind !== 'backup') return `${SUBJECT[kind]} cannot be opened (${why}).`;
    return /^this backup/i.test(why)
      ? sentence(why)
      : `The file is not a backup this version of Tableside can read (${why}).`;
  }
  return problem; // already a sentence of its own
}

/** The problems the checks found, in plain words, with the exact places kept as details. */
export function refusal(problems: readonly string[], file?: unknown, kind: FileKind = 'backup'): Refusal {
  return { errors: problems.map((p) => plain(p, file, kind)), details: [...problems] };
}
