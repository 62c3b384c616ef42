/**
 * The records' shapes, as an incoming file must have them: each field of a game, a step, a
 * setting, a remembered player and a shared document, with its limits, in our own words
 * (shape.ts). The game checks the rest (its setup's and its steps' own fields: rebuild.ts).
 */
import { SETTING_KEYS, SYNC_SERVER } from '../settings/schema';
import { ROOM_KEY, ROOM_NAME } from '../sync/protocol';
import { MAX_PROFILES } from '../util/player-name';
import { MAX_LOCATION, MAX_NOTE } from '../results/play-notes';
import { MAX_SEAT_SPANS } from '../session/summary-seats';
import { clockProblem } from '../comforts/table-clock';
import { MAX_ROLLS, rollProblem } from '../comforts/dice';
import { MAX_BACKUP_BYTES, type Where } from './read';
import {
  anything,
  bool,
  date,
  id,
  isTrue,
  byId,
  list,
  matching,
  object,
  oneOf,
  personName,
  seatName,
  refused,
  text,
  whole,
  type DateRange
} from './shape';
import { MAX_EVENTS, MAX_SESSIONS } from './format';

/** A summary's place for a name: where it starts, its length, whose seat (session/summary-seats.ts). */
const SEAT_SPAN = 'expected three whole numbers: where a name starts, its length and its seat';

/** Each kind of record's check, its dates taken between `dates.min` and `dates.max`. */
export function recordChecks(dates: DateRange) {
  const when = date(dates);
  const player = object({ required: { id, name: seatName }, optional: { guest: bool } });
  // The game checks the rest of its setup (GameLogic.fields and setupProblem).
  const setup = object({
    required: {
      players: list(player, {
        min: [1, 'expected at least one player'],
        max: [12, 'expected at most 12 players']
      }),
      seed: text(32, true)
    },
    open: true
  });
  // The clock's players are checked against the game's once the record has its shape (cross-checks).
  const clock = (value: unknown, where: Where) => {
    const problem = clockProblem(value);
    if (problem) where.add(problem);
  };
  const rollShape = object({
    required: { time: when, dice: anything, values: anything },
    optional: { period: whole(1) }
  });
  const roll = (value: unknown, where: Where) => {
    const before = where.problems.list.length;
    rollShape(value, where);
    if (where.problems.list.length > before) return;
    const r = value as { dice: unknown; values: unknown };
    const problem = rollProblem(r.dice, r.values);
    if (problem) where.add(problem);
  };
  const session = object({
    required: {
      id,
      game: text(40, true),
      setup,
      created: when,
      updated: when,
      status: oneOf(['active', 'finished', 'archived'])
    },
    optional: {
      // Derived: checked for shape, then recomputed.
      summary: text(500),
      summarySeats: list(list(whole(0), { min: [3, SEAT_SPAN], max: [3, SEAT_SPAN] }), {
        max: [MAX_SEAT_SPANS, `expected at most ${MAX_SEAT_SPANS} places`]
      }),
      head: whole(0),
      location: text(MAX_LOCATION),
      note: text(MAX_NOTE),
      deletedAt: refused(
        'this game is marked as deleted, and a backup never holds deleted games (export never writes them)'
      ),
      guide: bool,
      profiles: byId(id),
      shared: object({
        required: {
          room: matching(ROOM_NAME, 64, 'a room name of letters, digits, “-” or “_” (at most 64)'),
          key: matching(ROOM_KEY, 128, 'a room key of 22 to 128 letters, digits, “-” or “_”'),
          server: matching(SYNC_SERVER, 500, 'a ws:// or wss:// address, or nothing')
        }
      }),
      clock,
      rolls: list(roll, { max: [MAX_ROLLS, `expected at most ${MAX_ROLLS} rolls`] })
    }
  });
  // The document itself is checked on a scratch Y.Doc once the games are known (sharedDoc).
  const sharedDoc = object({ required: { sessionId: id, doc: text(MAX_BACKUP_BYTES) } });
  const event = object({
    required: { sessionId: id, seq: whole(1), kind: oneOf(['event', 'undo', 'redo', 'back']), time: when },
    optional: {
      // A back's count of steps taken back; the log check (logProblem) says when it goes too far.
      steps: whole(1),
      // The game checks the event's other fields (GameLogic.fields), and its machine the values.
      event: object({ required: { type: text(60, true) }, open: true }),
      // Derived: checked for shape, then recomputed.
      label: text(500),
      period: whole(1),
      minor: isTrue,
      // What the person did (a "one more" tap): kept, not derived.
      repeat: isTrue
    }
  });
  const setting = object({ required: { key: oneOf(SETTING_KEYS), value: anything } });
  const profile = object({
    required: { id, name: personName, created: when },
    optional: { updated: when }
  });
  const top = object({
    required: {
      format: anything,
      formatVersion: anything,
      appVersion: text(40),
      schemaVersion: whole(1),
      exportedAt: when,
      sessions: list(anything, { max: [MAX_SESSIONS, `too many games (at most ${MAX_SESSIONS})`] }),
      events: list(anything, { max: [MAX_EVENTS, `too many steps (at most ${MAX_EVENTS})`] }),
      settings: list(anything),
      // No phone remembers more (db/profiles.ts): a file past it is no phone's, refused at once.
      profiles: list(anything, {
        max: [MAX_PROFILES, `too many remembered players (at most ${MAX_PROFILES.toLocaleString('en')})`]
      })
    },
    optional: {
      sharedDocs: list(anything, { max: [MAX_SESSIONS, `too many shared games (at most ${MAX_SESSIONS})`] })
    }
  });
  return { top, session, event, setting, profile, sharedDoc };
}
