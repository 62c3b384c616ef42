/**
 * The table's clocks (#57): a game clock, and a turn clock that keeps each player's time, as
 * plain arithmetic over the stored record and `now`. Time never moves a machine: whose turn it is
 * comes from the game (GameLogic.activePlayer and period), and the clock only follows it.
 *
 * The record keeps totals up to the current run and, while running, when the run began (`since`)
 * and when it was last seen on screen (`seen`). Pausing folds the run into the totals; a run left
 * open by a phone that went away without a word (a killed tab) ends where it was last seen.
 */

export interface ClockRecord {
  /** The turn clock is on (the game clock is on whenever the record exists). */
  turns: boolean;
  /** A turn longer than this many seconds is flagged (a tick and a warning); 0 for no limit. */
  limit: number;
  /** Milliseconds the game clock ran before the current run. */
  gameMs: number;
  /** Each player's turns in milliseconds before the current run, by player id. */
  playerMs: Record<string, number>;
  /** The turn being timed: whose (none in a game played all at once), which, and its time so far. */
  turn?: TurnRecord;
  /** When the current run began (epoch ms); unset while paused. */
  since?: number;
  /** When the running clock was last on screen. */
  seen?: number;
}

export interface TurnRecord {
  player?: string;
  period: number;
  ms: number;
}

/** Whose turn the game is in: its active player, if one, and the turn or round number. */
export interface TurnAt {
  player?: string;
  period: number;
}

/** A run not seen on screen for longer than this was left open by a phone that went away. */
export const STALE_MS = 90_000;
/** How often a running clock marks itself seen (a write to the record). */
export const SEEN_EVERY_MS = 30_000;
/** The warnings a table can choose, in seconds (0: none). */
export const LIMITS = [0, 60, 120, 180, 300, 600] as const;
/** The longest limit a stored clock may have: an hour. */
export const MAX_LIMIT = 3600;

export function newClock(turns = true, limit = 0): ClockRecord {
  return { turns, limit, gameMs: 0, playerMs: {} };
}

const run = (c: ClockRecord, now: number) => (c.since === undefined ? 0 : Math.max(0, now - c.since));

export const running = (c: ClockRecord) => c.since !== undefined;

/** The game clock's time now. */
export const gameTime = (c: ClockRecord, now: number) => c.gameMs + run(c, now);

/** The current turn's time now. */
export const turnTime = (c: ClockRecord, now: number) => (c.turn ? c.turn.ms + run(c, now) : 0);

/** A player's time over all their turns, now (counted only while the turn clock is on). */
export const playerTime = (c: ClockRecord, player: string, now: number) =>
  (c.playerMs[player] ?? 0) + (c.turns && c.turn?.player === player ? run(c, now) : 0);

/** True once the current turn has gone past the table's limit. */
export const overLimit = (c: ClockRecord, now: number) =>
  c.turns && c.limit > 0 && turnTime(c, now) > c.limit * 1000;

/** The run so far folded into the totals, the clock stopped. */
export function pause(c: ClockRecord, now: number): ClockRecord {
  if (c.since === undefined) return c;
  const ran = run(c, now);
  const { since: _since, seen: _seen, ...rest } = c;
  // With the turn clock off, nobody's total grows.
  const player = c.turns ? c.turn?.player : undefined;
  return {
    ...rest,
    gameMs: c.gameMs + ran,
    playerMs:
      player !== undefined ? { ...c.playerMs, [player]: (c.playerMs[player] ?? 0) + ran } : c.playerMs,
    ...(c.turn ? { turn: { ...c.turn, ms: c.turn.ms + ran } } : {})
  };
}

/** The clock running from now (unchanged when it already is). */
export function resume(c: ClockRecord, now: number): ClockRecord {
  return c.since === undefined ? { ...c, since: now, seen: now } : c;
}

/** The running clock marked as on screen now. */
export function markSeen(c: ClockRecord, now: number): ClockRecord {
  return c.since === undefined ? c : { ...c, seen: now };
}

/**
 * On opening a game: a run last seen more than STALE_MS ago was left open by a phone that went
 * away (the tab closed before it could pause); it ends where it was last seen.
 */
export function closeStale(c: ClockRecord, now: number): ClockRecord {
  if (c.since === undefined) return c;
  const seen = c.seen ?? c.since;
  return now - seen > STALE_MS ? pause(c, Math.max(c.since, seen)) : c;
}

/** True when `at` is another turn than the one being timed. */
export const turnChanged = (c: ClockRecord, at: TurnAt) =>
  !c.turn || c.turn.player !== at.player || c.turn.period !== at.period;

/**
 * The game has reached this turn: the one being timed ends at `now` (its time kept in its
 * player's total) and this one starts at zero. The same turn changes nothing.
 */
export function reachTurn(c: ClockRecord, at: TurnAt, now: number): ClockRecord {
  if (!turnChanged(c, at)) return c;
  const wasRunning = running(c);
  const paused = pause(c, now);
  const next: ClockRecord = {
    ...paused,
    turn: { ...(at.player !== undefined ? { player: at.player } : {}), period: at.period, ms: 0 }
  };
  return wasRunning ? resume(next, now) : next;
}

/** "4:05", "12:00", "1:02:03": hours only when there are some. */
export function clockText(ms: number): string {
  const s = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** "1 hour 4 minutes", "12 minutes", "under a minute": for the result and a screen reader. */
export function durationWords(ms: number): string {
  const min = Math.floor(Math.max(0, ms) / 60_000);
  if (min < 1) return 'under a minute';
  const h = Math.floor(min / 60);
  const m = min % 60;
  const part = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  return h > 0 ? (m > 0 ? `${part(h, 'hour')} ${part(m, 'minute')}` : part(h, 'hour')) : part(m, 'minute');
}

/** Whole minutes the game clock ran: a play's duration for stats and BG Stats. */
export const clockMinutes = (c: ClockRecord) => Math.round(c.gameMs / 60_000);

const isWhole = (v: unknown, max = Number.MAX_SAFE_INTEGER): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;

/**
 * What is wrong with a stored clock (a file's), in plain words, or undefined. `players` are the
 * game's player ids, the only ones a clock may keep time for (unchecked when not given).
 */
export function clockProblem(value: unknown, players?: readonly string[]): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'expected a clock';
  const c = value as Record<string, unknown>;
  for (const key of Object.keys(c))
    if (!['turns', 'limit', 'gameMs', 'playerMs', 'turn', 'since', 'seen'].includes(key))
      return `the clock has an unexpected field “${key}”`;
  if (typeof c.turns !== 'boolean') return 'the clock’s turn clock must be on or off';
  if (!isWhole(c.limit, MAX_LIMIT)) return `the clock’s limit must be 0 to ${MAX_LIMIT} seconds`;
  if (!isWhole(c.gameMs)) return 'the game clock’s time must be a whole number of milliseconds';
  if (typeof c.playerMs !== 'object' || c.playerMs === null || Array.isArray(c.playerMs))
    return 'the clock’s player times must be listed by player';
  for (const [id, ms] of Object.entries(c.playerMs)) {
    if (players && !players.includes(id))
      return `the clock keeps time for a player the game does not have (${id.slice(0, 64)})`;
    if (!isWhole(ms)) return 'a player’s time must be a whole number of milliseconds';
  }
  if (c.turn !== undefined) {
    const t = c.turn as Record<string, unknown>;
    if (typeof t !== 'object' || t === null || Array.isArray(t)) return 'the clock’s turn must be a turn';
    for (const key of Object.keys(t))
      if (!['player', 'period', 'ms'].includes(key))
        return `the clock’s turn has an unexpected field “${key}”`;
    if (t.player !== undefined && (typeof t.player !== 'string' || (players && !players.includes(t.player))))
      return 'the clock’s turn is for a player the game does not have';
    if (!isWhole(t.period) || !isWhole(t.ms)) return 'the clock’s turn must have whole numbers';
  }
  for (const key of ['since', 'seen'] as const)
    if (c[key] !== undefined && !isWhole(c[key])) return 'the clock’s times must be dates';
  return undefined;
}
