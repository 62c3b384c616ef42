/**
 * The checks across an incoming file's records, once each record has its shape: ids once each,
 * settings of known values, every step belonging to a game of the file, numbered 1, 2, 3… in
 * order.
 */
import * as v from 'valibot';
import { SETTING_SCHEMAS, type SettingKey } from '../settings/schema';
import { clockProblem } from '../comforts/table-clock';
import type { Backup } from './format';
import type { Problems } from './read';
import type { FileGame } from './rebuild';

/**
 * The checks across records, all linear (Maps and Sets, no searching in loops): ids once each,
 * every event belongs to a game in the file, each game's steps numbered 1, 2, 3… in order.
 * Returns each game with its log, in the file's order.
 */
export function consistency(backup: Backup, problems: Problems): FileGame[] | undefined {
  const games = new Map<string, FileGame>();
  backup.sessions.forEach((session, index) => {
    const first = games.get(session.id);
    if (first) {
      problems.add(`sessions[${index}].id`, `“${session.id}” appears twice (also sessions[${first.index}])`);
    } else games.set(session.id, { index, session, log: [], at: [] });
    // A clock keeps time only for the game's own players.
    if (session.clock) {
      const problem = clockProblem(
        session.clock,
        session.setup.players.map((p) => p.id)
      );
      if (problem) problems.add(`sessions[${index}].clock`, problem);
    }
  });
  const settings = new Set<string>();
  backup.settings.forEach((s, i) => {
    if (settings.has(s.key)) problems.add(`settings[${i}].key`, `“${s.key}” appears twice`);
    settings.add(s.key);
    const check = v.safeParse(SETTING_SCHEMAS[s.key as SettingKey], s.value);
    // The setting schemas carry our own messages; a missing one falls back to plain words.
    if (!check.success) problems.add(`settings[${i}].value`, plainSettingMessage(s.key as SettingKey, check));
  });
  const profiles = new Map<string, number>();
  backup.profiles.forEach((p, i) => {
    if (profiles.has(p.id)) {
      problems.add(`profiles[${i}].id`, `“${p.id}” appears twice (also profiles[${profiles.get(p.id)}])`);
    } else profiles.set(p.id, i);
  });
  backup.events.forEach((e, i) => {
    const game = games.get(e.sessionId);
    if (!game) return problems.add(`events[${i}].sessionId`, `no game “${e.sessionId}” in this backup`);
    const expected = game.log.length + 1;
    // Steps arrive 1, 2, 3…: a number already passed appears twice, any other is out of order.
    if (e.seq < expected) {
      problems.add(`events[${i}].seq`, `step ${e.seq} of game “${e.sessionId}” appears twice`);
    } else if (e.seq !== expected) {
      problems.add(
        `events[${i}].seq`,
        `out of order (step ${e.seq} of game “${e.sessionId}” where step ${expected} was expected)`
      );
    }
    if ((e.kind === 'event') !== (e.event !== undefined)) {
      problems.add(
        `events[${i}].event`,
        e.kind === 'event' ? 'missing' : `not expected on an ${e.kind} step`
      );
    }
    if ((e.kind === 'back') !== ((e as { steps?: unknown }).steps !== undefined)) {
      problems.add(
        `events[${i}].steps`,
        e.kind === 'back' ? 'missing (how many steps it goes back)' : `not expected on an ${e.kind} step`
      );
    }
    game.log.push(e);
    game.at.push(i);
  });
  return problems.any ? undefined : [...games.values()];
}

function plainSettingMessage(key: SettingKey, result: v.SafeParseResult<v.GenericSchema>): string {
  const message = result.issues?.[0]?.message;
  return message && message.startsWith('expected') ? message : `not a value the “${key}” setting can have`;
}
