/**
 * The play screen's life and policies, apart from its drawing: opening the game and following
 * it (other tabs, saving on hide, the seat this phone is), what a tap's outcome does (a tick, the
 * undo offer, a refusal beside the tapped control), the page that holds the only copy of a game
 * (send, export, try again, leave or stay), the slow open's way out, and what is open over the
 * game (each an `Overlay`: the phone's Back and Escape close it first). The route
 * (`routes/play/[id]/+page.svelte`) makes one and draws it from the parts in this folder.
 *
 * Made during the route's initialisation: its effects belong to the route.
 */
import { goto } from '$app/navigation';
import { database, getDb } from '$lib/app/database.svelte';
import { CodeUnavailableError } from '$lib/app/code-failure';
import { settings, startSettings } from '$lib/app/settings.svelte';
import { keepAwake, wake, WAKE_HELP } from '$lib/app/wake-lock.svelte';
import { dismissToast, showToast, toasts } from '$lib/app/toasts.svelte';
import { preloadGameOf, rememberGameOf } from '$lib/app/game-hint';
import { tick } from '$lib/app/haptics';
import { chooseSeat, readSeat, seatKey } from '$lib/app/seat';
import type { TablesideDB } from '$lib/db/schema';
import { seatsFor } from '$lib/games/seats';
import type { GameEntry, GamePlayModule } from '$lib/games/types';
import { groupHistory } from '$lib/session/history';
import { withRolls } from '$lib/comforts/roll-history';
import { LiveSession, type Outcome } from '$lib/session/live.svelte';
import { openSession } from '$lib/app/open-game';
import { followLog } from '$lib/session/tabs';
import { afterPaint } from '$lib/util/after-paint';
import { OPEN_PATIENCE_MS } from '$lib/util/time';
import { clearBackStack, Overlay } from '../back-stack.svelte';
import { RefusalBeside } from '../refusal-beside';
import { focusNext } from '../focus';
import { shortcutFor } from './shortcuts';
import { ClockKeeper } from './clock-keeper.svelte';

export class PlayScreen {
  session = $state<LiveSession<any> | undefined>();
  entry = $state<GameEntry | undefined>();
  module = $state<GamePlayModule | undefined>();
  db = $state.raw<TablesideDB | undefined>();
  failure = $state('');
  /** The failure was code that would not load: a reload (with a connection) may mend it. */
  reload = $state(false);
  /** Set when opening takes far longer than it should: the person is offered a way out. */
  slow = $state(false);
  rescuing = $state(false);
  rescued = $state('');
  /** While the page holds the only copy: what the last send, export or try said. */
  keepNote = $state('');
  keeping = $state(false);
  /** Where the person asked to go while the page held the only copy (asked to confirm). */
  leaveTo = $state<string | undefined>();
  /** "This phone is…": the player this phone is for this game (kept on this phone only). */
  seat = $state<number | undefined>();
  /** A phone that has just joined the game: ask once which player it is. */
  askSeat = $state(false);
  readingEarlier = $state(false);
  earlierProblem = $state('');
  /** Rules asked for from a checklist item; undefined: the current step's. */
  helpFor = $state<{ ids: string[]; title: string } | undefined>();

  readonly menu = new Overlay();
  readonly history = new Overlay();
  readonly share = new Overlay();
  readonly help = new Overlay();
  readonly seatChooser = new Overlay();
  /** The table picture: who sits where, from the game's setup (the game's `picture`). */
  readonly picture = new Overlay();
  readonly finishing = new Overlay();
  /** The keyboard's shortcuts, listed ("?" on a keyboard). */
  readonly keys = new Overlay();
  /** The dice and the coin; the clocks' settings. */
  readonly dice = new Overlay();
  readonly clockSheet = new Overlay();
  /** The table's clocks, following the game and the page (clock-keeper.svelte.ts). */
  readonly clocks = new ClockKeeper(() => ({ session: this.session, logic: this.module?.logic }));
  /** What the polite live region says now: a game's outcome, the new turn's line, game over. */
  said = $state('');
  /** Refusals said under the control that was tapped. */
  readonly refusals = new RefusalBeside();

  private leaving = false;
  /** The turn (or round) last said aloud, so a new one is said once. */
  private saidPeriod: number | undefined;
  private saidOver = false;
  private wakeWarned = false;
  private stopWatching: (() => void) | undefined;

  /** Who this phone can be: the game's players (none in WiZ solo). */
  readonly seats = $derived(this.entry && this.session ? seatsFor(this.entry, this.session.setup) : []);
  /** This game's flow: its own choice, else the setting. */
  readonly guide = $derived(this.session?.record.guide ?? settings.guideMe);
  readonly over = $derived(this.session?.snapshot.status === 'done');
  /** The history, grouped by turn or round, built only while its sheet is open. */
  readonly groups = $derived(
    this.history.isOpen && this.session && this.module
      ? groupHistory(
          withRolls(
            this.session.history,
            this.session.record.rolls,
            this.module.logic.period(this.session.snapshot, this.session.setup).number
          ),
          this.module.logic.period(this.session.snapshot, this.session.setup).unit
        )
      : []
  );
  /** A database problem is said by the layout's banner: not twice. */
  readonly failureTold = $derived(this.failure !== '' && this.failure === database.problem?.message);

  constructor(private readonly id: () => string) {
    $effect(() => keepAwake(Boolean(this.session) && settings.keepAwake));
    $effect(() => {
      if (
        !this.wakeWarned &&
        settings.keepAwake &&
        (wake.status === 'unsupported' || wake.status === 'refused')
      ) {
        this.wakeWarned = true;
        showToast(WAKE_HELP, { ms: 9000 });
      }
    });
    // A shared game writes the seat with each tap, so the other phones can say whose phone it was.
    $effect(() =>
      this.session?.runtime.setSeat?.(this.seat !== undefined ? this.seats[this.seat]?.name : undefined)
    );
  }

  /** Opens the game when the page mounts; returns what lets go of everything again. */
  mount(): () => void {
    startSettings();
    window.addEventListener('keydown', this.shortcut);
    window.addEventListener('pagehide', this.clocks.hide);
    let cancelled = false;
    const patience = setTimeout(() => (this.slow = true), OPEN_PATIENCE_MS);
    // The game's code loads while the database opens (it used to wait for the game's record).
    preloadGameOf(this.id());
    getDb()
      .then(async (opened) => {
        this.db = opened;
        const stop = await this.start(opened);
        clearTimeout(patience);
        this.slow = false;
        if (cancelled) stop?.();
        else this.stopWatching = stop;
      })
      .catch((e) => {
        this.failure = e.message;
        this.reload = e instanceof CodeUnavailableError;
      })
      .finally(() => clearTimeout(patience));
    return () => {
      window.removeEventListener('keydown', this.shortcut);
      window.removeEventListener('pagehide', this.clocks.hide);
      this.clocks.leave();
      clearTimeout(patience);
      cancelled = true;
      this.stopWatching?.();
      keepAwake(false);
      // What was open over the game goes with the page; its history entries land here, shut.
      clearBackStack();
    };
  }

  /** Opens the game and follows it; returns what lets go of it again. */
  private async start(db: TablesideDB): Promise<(() => void) | undefined> {
    const id = this.id();
    const opened = await openSession(db, id);
    if (!opened.ok) {
      this.failure = opened.message;
      this.reload = Boolean(opened.reload);
      return undefined;
    }
    this.entry = opened.entry;
    this.module = opened.module;
    ({ seat: this.seat, ask: this.askSeat } = readSeat(
      id,
      seatsFor(opened.entry, opened.runtime.setup).length
    ));
    rememberGameOf(id, opened.entry.id);
    const live = new LiveSession(opened.runtime);
    this.saidPeriod = opened.module.logic.period(live.snapshot, live.setup).number;
    this.saidOver = live.snapshot.status === 'done';
    live.listen((outcome) => this.react(outcome));
    this.session = live;
    // Another tab playing the same game: catch up when its log grows. The runtime tells our
    // own writes from another tab's.
    const stopLog = followLog(db, id, (head) => void opened.runtime.reload(head).catch(() => {}));
    // The home list's line is written once a turn; leaving the page writes it too.
    const flush = () => void opened.runtime.flushRecord().catch(() => {});
    const hidden = () => document.visibilityState === 'hidden' && flush();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', flush);
    // The same game in another tab of this phone chose a player: follow it.
    const seatChanged = (e: StorageEvent) => {
      if (e.key === seatKey(id) && this.entry)
        ({ seat: this.seat, ask: this.askSeat } = readSeat(id, this.seats.length));
    };
    window.addEventListener('storage', seatChanged);
    return () => {
      stopLog();
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('storage', seatChanged);
      flush();
      opened.runtime.close?.();
    };
  }

  /** The game became shared, or stopped being shared: open it again the new way. */
  restart = async () => {
    if (!this.db) return;
    await this.session?.saved();
    this.stopWatching?.();
    this.stopWatching = await this.start(this.db);
  };

  /** What the person feels and reads after a tap: a tick, the undo offer, or why not. */
  private react(outcome: Outcome) {
    if (outcome.kind === 'accepted') {
      this.announce(outcome);
      // Once the step has painted: a control gone or off under the finger hands focus on.
      afterPaint(focusNext);
      tick(outcome.action === 'undo' ? 'strong' : 'light');
      if (outcome.action === 'undo' && outcome.label) {
        // The undone state is the tap's answer and paints in its frame; the offer to redo it
        // follows a frame later. Built in the same frame, the toast (its row, two buttons, a
        // shadow) took about 3 ms of the undo's frame at 4× CPU, more than the undo itself.
        const message = `Undone: ${outcome.label}`;
        const offerFor = this.session;
        const head = offerFor?.head;
        afterPaint(() => {
          // Unless the game moved meanwhile (another tap, a redo): the offer would be stale.
          if (!offerFor || this.session !== offerFor || offerFor.head !== head) return;
          showToast(message, { key: 'undo', action: { label: 'Redo', run: () => void offerFor.redo() } });
        });
      } else if (outcome.action === 'back') {
        // One action took many steps back: say so, with the one Undo that brings them all back.
        this.dismissUndoOffer();
        const offerFor = this.session;
        const message = `${outcome.label ?? 'Went back'}. One Undo brings them back.`;
        showToast(message, { key: 'undo', action: { label: 'Undo', run: () => void offerFor?.undo() } });
      } else if (outcome.action !== 'undo') {
        // A redo (or a new step) makes the last "Redo" offer stale.
        this.dismissUndoOffer();
      }
    } else if (outcome.kind === 'saved-again') {
      this.keepNote = '';
      showToast('Saved again: every step of this game is stored on this phone.');
    } else if (outcome.kind === 'failed') {
      // A write that keeps failing is said by the banner above the game, not by a toast.
      if (!this.session?.unsaved) showToast(outcome.reason, { kind: 'error' });
    } else if (!outcome.quiet && !outcome.inline) {
      // Beside the control that was tapped; a toast only when there is none (a key shortcut).
      if (!this.refusals.say(outcome.reason)) showToast(outcome.reason, { kind: 'error' });
    }
  }

  /**
   * Says a game's main outcome (its history line), the turn line when the turn changes, and game
   * over, in the screen's polite live region. The same words twice are said twice: the region is
   * emptied first and filled in the next frame.
   */
  private announce(outcome: Extract<Outcome, { kind: 'accepted' }>) {
    const session = this.session;
    const logic = this.module?.logic;
    if (!session || !logic) return;
    const parts: string[] = [];
    if (
      outcome.action === 'event' &&
      outcome.event &&
      logic.outcomes.includes(outcome.event) &&
      outcome.label
    )
      parts.push(outcome.label);
    const over = session.snapshot.status === 'done';
    const period = logic.period(session.snapshot, session.setup).number;
    if (over && !this.saidOver) parts.push(`Game over. ${session.summary}`);
    else if (period !== this.saidPeriod) parts.push(session.summary);
    this.saidOver = over;
    this.saidPeriod = period;
    if (!parts.length) return;
    this.said = '';
    const words = parts.join('. ');
    requestAnimationFrame(() => (this.said = words));
  }

  /** Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z or Ctrl+Y redoes, "?" lists the keys. */
  private shortcut = (e: KeyboardEvent) => {
    const does = shortcutFor(e);
    if (!does || !this.session) return;
    e.preventDefault();
    if (does === 'undo') this.session.undo();
    else if (does === 'redo') this.session.redo();
    else this.keys.show();
  };

  private dismissUndoOffer() {
    for (const t of toasts.filter((t) => t.key === 'undo')) dismissToast(t.id);
  }

  /** A long game opens with its newest steps; the history sheet reads the rest when asked. */
  showEarlier = async () => {
    if (!this.session) return;
    this.readingEarlier = true;
    this.earlierProblem = (await this.session.readWhole().catch((e: Error) => e.message)) ?? '';
    this.readingEarlier = false;
  };

  /** The game as the screen holds it: what a file made now must carry. */
  private heldGame() {
    const rt = this.session!.runtime;
    return { record: rt.session, log: rt.log ?? [], complete: rt.complete };
  }

  /** Send, export or try again, one at a time, saying how it went. */
  keep = async (action: 'send' | 'export' | 'retry') => {
    if (!this.session || !this.entry || this.keeping) return;
    this.keeping = true;
    this.keepNote = '';
    try {
      if (action === 'retry') {
        if (!(await this.session.retry()))
          this.keepNote =
            'Still no room: nothing could be saved yet. The game stays on this screen; try again once space is freed.';
      } else {
        const kept = await import('$lib/app/keep-game');
        this.keepNote =
          action === 'send'
            ? await kept.sendGame(this.heldGame(), this.entry.title, __APP_VERSION__)
            : await kept.exportWithGame(this.heldGame(), this.db, __APP_VERSION__);
      }
    } catch (e) {
      this.keepNote = `That did not work: ${(e as Error).message}. The game is still on this screen.`;
    } finally {
      this.keeping = false;
    }
  };

  /**
   * For the route's beforeNavigate: while the page holds the only copy, leaving is asked about
   * first (our dialog for links and Back, the browser's "leave site?" for a reload or closing).
   */
  guardLeaving = (navigation: { cancel(): void; type: string; to: { url: URL } | null }) => {
    if (!this.session?.held || this.leaving) return;
    // Back closing a sheet stays on this page: nothing is left.
    if (navigation.to && navigation.to.url.pathname === location.pathname) return;
    navigation.cancel();
    if (navigation.type !== 'leave' && navigation.to) this.leaveTo = navigation.to.url.href;
  };

  leaveAnyway = () => {
    const to = this.leaveTo;
    this.leaveTo = undefined;
    this.leaving = true;
    if (to) void goto(to);
  };

  /** The games will not open: save what the recovery copy holds, without the database. */
  rescue = async () => {
    this.rescuing = true;
    const { exportFromJournal } = await import('$lib/app/rescue');
    this.rescued = await exportFromJournal(__APP_VERSION__);
    this.rescuing = false;
  };

  /** One tap in the chooser (or the question a joining phone sees): kept on this phone only. */
  setSeat = (chosen: number | undefined) => {
    this.seatChooser.hide();
    this.askSeat = false;
    this.seat = chosen;
    if (!chooseSeat(this.id(), chosen))
      showToast('This phone cannot keep the choice: it holds until the game is closed.');
  };

  showHelp = (ids?: string[], title?: string) => {
    this.helpFor = ids ? { ids, title: title ?? '' } : undefined;
    this.help.show();
  };

  setGuide = async (on: boolean) => {
    this.menu.hide();
    await this.session?.runtime.setGuide(on === settings.guideMe ? undefined : on);
  };

  finish = async () => {
    this.finishing.hide();
    this.menu.hide();
    await this.session?.runtime.finish();
    showToast('Game finished. You can still open it from the home screen.');
  };

  archive = async () => {
    this.menu.hide();
    await this.session?.runtime.archive();
    showToast('Game archived.', { action: { label: 'Undo', run: () => this.session?.runtime.reopen() } });
  };

  /** From the menu: another overlay takes the menu's place (Back then closes that one). */
  fromMenu = (next: Overlay) => this.menu.passTo(next);
}
