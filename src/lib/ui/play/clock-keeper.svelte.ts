/**
 * The table's clocks on the play screen (#57): the clock record follows the game (whose turn,
 * from the game's logic; over or not) and the page (shown or hidden, on the play route or left),
 * using the pure arithmetic of comforts/table-clock.ts. The clock moves nothing: it reads the
 * game and writes only its own record field. Made by the PlayScreen during the route's
 * initialisation, so its effects belong to the route.
 */
import { untrack } from 'svelte';
import { provideClockResult } from './clock-result';
import { tick } from '$lib/app/haptics';
import {
  SEEN_EVERY_MS,
  closeStale,
  durationWords,
  gameTime,
  playerTime,
  markSeen,
  newClock,
  overLimit,
  pause,
  reachTurn,
  resume,
  running,
  turnChanged,
  type ClockRecord,
  type TurnAt
} from '$lib/comforts/table-clock';
import { playerName } from '$lib/games/players';
import type { LiveSession } from '$lib/session/live.svelte';
import type { GameLogic } from '$lib/session/types';

interface Game {
  session: LiveSession<any> | undefined;
  logic: GameLogic<any> | undefined;
}

export class ClockKeeper {
  /** The time the clocks show, a second at a time while one runs. */
  now = $state(Date.now());
  /** The clock as this screen keeps it (the record's copy is written after each change). */
  clock = $state.raw<ClockRecord | undefined>();
  /** The page is on screen: a hidden page (another app, the phone locked) pauses the clocks. */
  private shown = $state(typeof document === 'undefined' || document.visibilityState !== 'hidden');
  /** The route is left: everything stops. */
  private left = $state(false);
  private owner: LiveSession<any> | undefined;
  /** The current turn has had its warning (a reload past the limit does not buzz again). */
  private warned = false;
  private lastSeen = 0;

  /** For the result: "Game clock: 1 hour 4 minutes · Ana 32 minutes, Ben 30 minutes". */
  readonly resultLine = $derived.by(() => {
    const c = this.clock;
    const session = this.game().session;
    if (!c || !session) return undefined;
    const game = `Game clock: ${durationWords(gameTime(c, this.now))}`;
    if (!c.turns) return game;
    const setup = session.setup;
    const each = setup.players
      .filter((p: { id: string }) => c.playerMs[p.id] !== undefined)
      .map(
        (p: { id: string }) => `${playerName(setup, p.id)} ${durationWords(playerTime(c, p.id, this.now))}`
      );
    return each.length ? `${game} · ${each.join(', ')}` : game;
  });

  /** The turn being timed is past the table's limit. */
  readonly over = $derived(this.clock ? overLimit(this.clock, this.now) : false);

  constructor(private readonly game: () => Game) {
    provideClockResult(() => this.resultLine);
    $effect(() => {
      const seen = () => (this.shown = document.visibilityState !== 'hidden');
      document.addEventListener('visibilitychange', seen);
      return () => document.removeEventListener('visibilitychange', seen);
    });
    // A game opened (or opened again, shared): its stored clock, a run left open by a phone that
    // went away closed where it was last seen.
    $effect(() => {
      const session = this.game().session;
      untrack(() => {
        if (session === this.owner) return;
        this.owner = session;
        const stored = session?.record.clock;
        const now = Date.now();
        this.now = now;
        this.clock = stored ? closeStale(stored, now) : undefined;
        this.warned = this.clock ? overLimit(this.clock, now) : false;
        this.lastSeen = now;
        if (this.clock && this.clock !== stored) this.write(this.clock);
      });
    });
    // The clock follows the game's turn and runs while the game is under way on screen.
    $effect(() => {
      const { session, logic } = this.game();
      const c = this.clock;
      if (!session || !logic || !c) return;
      const at = turnOf(session, logic);
      const runs = this.shown && !this.left && session.head > 0 && session.snapshot.status !== 'done';
      untrack(() => {
        const now = Date.now();
        let next = reachTurn(c, at, now);
        if (turnChanged(c, at)) this.warned = false;
        next = runs ? resume(next, now) : pause(next, now);
        this.now = now;
        if (next !== c) this.write(next);
      });
    });
    // A second at a time while running: the bar's time, the limit's warning, and "still here".
    $effect(() => {
      if (!this.clock || !running(this.clock)) return;
      const timer = setInterval(() => this.beat(), 1000);
      return () => clearInterval(timer);
    });
  }

  private beat() {
    const now = Date.now();
    this.now = now;
    const c = this.clock;
    if (!c) return;
    if (!this.warned && overLimit(c, now)) {
      this.warned = true;
      tick('strong');
    }
    if (now - this.lastSeen >= SEEN_EVERY_MS) {
      this.lastSeen = now;
      this.write(markSeen(c, now));
    }
  }

  private write(next: ClockRecord | undefined) {
    this.clock = next;
    void this.owner?.runtime.setClock(next).catch(() => {});
  }

  /** Turns the clocks on (from zero) or off (their times go with them). */
  setOn = (on: boolean) => {
    if (on === Boolean(this.clock)) return;
    const { session, logic } = this.game();
    if (!on || !session || !logic) return this.write(undefined);
    const now = Date.now();
    this.now = now;
    this.warned = false;
    this.write(reachTurn(newClock(true, 0), turnOf(session, logic), now));
  };

  /** The turn clock on or off: the run so far is counted the old way first. */
  setTurns = (turns: boolean) => {
    const c = this.clock;
    if (!c) return;
    const now = Date.now();
    const next = { ...pause(c, now), turns };
    this.write(running(c) ? resume(next, now) : next);
  };

  setLimit = (limit: number) => {
    if (!this.clock) return;
    this.warned = overLimit({ ...this.clock, limit }, Date.now());
    this.write({ ...this.clock, limit });
  };

  /** The route is left: the clocks stop, their time kept. */
  leave = () => {
    this.left = true;
    if (this.clock && running(this.clock)) this.write(pause(this.clock, Date.now()));
  };

  /** The page is going away (a reload, the tab closed): pause now, while the page can write. */
  hide = () => {
    if (this.clock && running(this.clock)) this.write(pause(this.clock, Date.now()));
  };
}

function turnOf(session: LiveSession<any>, logic: GameLogic<any>): TurnAt {
  const { snapshot, setup } = session;
  const player = logic.activePlayer?.(snapshot, setup);
  return { ...(player !== undefined ? { player } : {}), period: logic.period(snapshot, setup).number };
}
