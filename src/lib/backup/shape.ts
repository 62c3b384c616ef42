/**
 * Checking the shape of records read from a file, with our own words only: every problem names
 * the record and field ("events[12].seq: expected a whole number"), never a validator's phrasing.
 * Written by hand rather than with a schema library because a backup holds up to a million
 * events: this is one plain pass, a few operations per field.
 */
import type { FieldShape } from '../session/types';
import { MAX_NAME, nameLength, normalizeName, storedNameProblem } from '../util/player-name';
import type { Where } from './read';

/** Checks one value found at `where`, adding what is wrong there. */
type Check = (value: unknown, where: Where) => void;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** A check of a single value that has one thing to say, or nothing. */
const single =
  (problem: (value: unknown) => string | undefined): Check =>
  (value, where) => {
    const message = problem(value);
    if (message !== undefined) where.add(message);
  };

export const anything: Check = () => {};

export const text = (max: number, nonEmpty = false): Check =>
  single((value) => {
    if (typeof value !== 'string') return 'expected text';
    if (value.length > max) return `text is too long (${value.length} characters; at most ${max})`;
    if (nonEmpty && value.length === 0) return 'must not be empty';
    return undefined;
  });

/**
 * A remembered player's name, as the Players page and every Start make one (util/player-name.ts):
 * not blank, at most MAX_NAME characters as a person counts them.
 */
export const personName: Check = single((value) => {
  if (typeof value !== 'string') return 'expected text';
  if (value.trim() === '') return 'must not be empty';
  return nameLength(normalizeName(value)) > MAX_NAME ? `a name is at most ${MAX_NAME} characters` : undefined;
});

/**
 * A seat's name in a stored game: any text up to STORED_NAME_MAX, as the game holds it. Games made
 * before the one name rule can have a blank, long or repeated name, and they import as they are;
 * a name past it (10,000 or 200,000 characters once took the play screen minutes to paint) is no
 * name Tableside made.
 */
export const seatName: Check = single((value) => storedNameProblem(value));

const ID = /^[A-Za-z0-9_-]{1,64}$/;
export const id: Check = single((value) => {
  if (typeof value !== 'string') return 'expected text';
  if (value.length === 0) return 'must not be empty';
  return ID.test(value) ? undefined : 'expected an id of letters, digits, “-” or “_” (at most 64)';
});

/** Text of at most `max` characters that matches `pattern`; `expected` says what it should be. */
export const matching = (pattern: RegExp, max: number, expected: string): Check =>
  single((value) => {
    if (typeof value !== 'string') return 'expected text';
    if (value.length > max) return `text is too long (${value.length} characters; at most ${max})`;
    return pattern.test(value) ? undefined : `expected ${expected}`;
  });

export const whole = (min: number): Check =>
  single((value) => {
    if (typeof value !== 'number') return 'expected a number';
    if (!Number.isInteger(value)) return 'expected a whole number';
    return value < min ? `expected ${min} or more` : undefined;
  });

export const bool: Check = single((value) =>
  typeof value === 'boolean' ? undefined : 'expected true or false'
);

export const isTrue: Check = single((value) => (value === true ? undefined : 'expected true'));

export const oneOf = (values: readonly string[]): Check => {
  const known = new Set(values);
  const words =
    values.length === 2
      ? `${values[0]} or ${values[1]}`
      : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
  return single((value) => (typeof value === 'string' && known.has(value) ? undefined : `expected ${words}`));
};

/** A field a backup must not have, with the reason in plain words. */
export const refused = (reason: string): Check => single(() => reason);

export interface DateRange {
  min: number;
  max: number;
}

const day = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A time in milliseconds that is a real date in the range: never 1e300 ("Invalid Date") nor 1970. */
export const date = (range: DateRange): Check =>
  single((value) => {
    if (typeof value !== 'number') return 'expected a date (a number of milliseconds)';
    if (Number.isInteger(value) && value >= range.min && value <= range.max) return undefined;
    return `not a real date (${String(value)}; expected a time from ${day(range.min)} to ${day(range.max)})`;
  });

interface ListOptions {
  min?: [number, string];
  max?: [number, string];
}

/** A list whose items are checked with `item`, stopping once enough problems are found. */
export const list =
  (item: Check, options: ListOptions = {}): Check =>
  (value, where) => {
    if (!Array.isArray(value)) return where.add('expected a list');
    if (options.min && value.length < options.min[0]) where.add(options.min[1]);
    if (options.max && value.length > options.max[0]) return where.add(options.max[1]);
    for (let i = 0; i < value.length && !where.full; i++) {
      where.push(i);
      item(value[i], where);
      where.pop();
    }
  };

/** A record keyed by ids (player id → profile id), each value checked with `item`. */
export const byId =
  (item: Check): Check =>
  (value, where) => {
    if (!isObject(value)) return where.add('expected an object');
    for (const key of Object.keys(value)) {
      where.push(key);
      if (!ID.test(key)) where.add('this field’s name is not an id of letters, digits, “-” or “_”');
      item(value[key], where);
      where.pop();
    }
  };

interface ObjectSpec {
  required: Readonly<Record<string, Check>>;
  optional?: Readonly<Record<string, Check>>;
  /** True when other fields are checked elsewhere (a setup's or an event's, by their game). */
  open?: boolean;
}

/**
 * An object with known fields: each required one present, each checked, any other refused. One
 * pass over the object's own keys (a backup has a million of these objects).
 */
export const object = (spec: ObjectSpec): Check => {
  const fields = new Map<string, { check: Check; required: boolean }>();
  for (const [key, check] of Object.entries(spec.required)) fields.set(key, { check, required: true });
  for (const [key, check] of Object.entries(spec.optional ?? {})) fields.set(key, { check, required: false });
  const requiredCount = Object.keys(spec.required).length;
  return (value, where) => {
    if (!isObject(value)) return where.add('expected an object');
    let present = 0;
    for (const key in value) {
      const field = fields.get(key);
      if (!field) {
        if (!spec.open && has(value, key)) where.add('unexpected field', key);
        continue;
      }
      const item = value[key];
      if (item === undefined) continue;
      if (field.required) present++;
      where.push(key);
      field.check(item, where);
      where.pop();
    }
    if (present < requiredCount) {
      for (const key of Object.keys(spec.required)) if (value[key] === undefined) where.add('missing', key);
    }
  };
};

/**
 * Refuses fields a game does not know (GameLogic.fields), at any depth: `shape` lists the
 * fields of `value`'s object (for a list, of each item); `true` leaves a value to the game.
 * `skip` names fields checked already (a setup's players and seed, an event's type).
 */
export function unknownFields(
  value: unknown,
  shape: { readonly [field: string]: FieldShape },
  where: Where,
  skip?: ReadonlySet<string>
): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      where.push(i);
      unknownFields(value[i], shape, where);
      where.pop();
    }
    return;
  }
  if (!isObject(value)) return;
  for (const key in value) {
    if (skip?.has(key)) continue;
    const inner = has(shape, key) ? shape[key] : undefined;
    if (inner === undefined) where.add('unexpected field', key);
    else if (inner !== true) {
      where.push(key);
      unknownFields(value[key], inner, where);
      where.pop();
    }
  }
}
