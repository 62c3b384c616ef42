/**
 * A game played on several phones: the same face as a game on one phone (session/face.ts), with
 * its log in a shared Yjs document instead of IndexedDB's event table.
 *
 * A tap is decided against the state on screen, written as a new entry of this device (never
 * changing anyone else's) and shown at once; y-dexie stores the document's update right behind
 * it, and the websocket provider sends it. Another phone's entries arrive through the document,
 * take their place in the shared order, and the state is the fold of that order (fold.ts), so
 * every phone shows the same game. The main database keeps a copy (mirror.ts) for the home list,
 * the history page, stats, backups and the recovery journal.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type * as Y from 'yjs';
import type { BaseSetup, GameEvent, SessionRecord, SessionStatus } from '../db/records';
import type { TablesideDB } from '../db/schema';
import type { GameRuntime, LinkState } from '../session/face';
import type { HistoryItem, SendOptions, SendOutcome } from '../session/runtime';
import type { GameLogic, StepMeta } from '../session/types';
import type { JournalApi } from '../journal/journal';
import { journalFor, quietly } from '../journal/attach';
import { naturalStatus, saveFields } from '../session/record';
import { step } from '../session/replay';
import { checkEvent, refusalReason, stepMeta } from '../session/send';
import { Listeners } from '../session/listeners';
import { afterPaint, type Scheduler } from '../util/after-paint';
import { SessionUnreadableError, storageFailure } from '../session/errors';
import {
  freeCounter,
  newClock,
  newDeviceId,
  nextEntry,
  seeEntries,
  type Clock,
  type EntryBody
} from './clock';
import { appendEntry, hasEntry, observeEntries, readEntries } from './doc';
import { MAX_SEAT_NAME } from './entry';
import { SharedView } from './view';
import { Mirror } from './mirror';
import { loadDoc, type StoredDoc } from './store';
import { connectWebsocket, type Connect, type Link } from './connect';
import { showToast } from '../app/toasts.svelte';
import { setupNamed } from '../results/names';
import { summaryFields } from '../session/summary-seats';

/**
 * The device ids this phone has written a shared game under, this one added (localStorage, per
 * game; a phone that cannot keep them knows only this open's).
 */
function ownDevices(game: string, device: string): Set<string> {
  const key = `tableside.devices.${game}`;
  const mine = new Set<string>();
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    if (Array.isArray(kept)) for (const d of kept.slice(-49)) if (typeof d === 'string') mine.add(d);
    mine.add(device);
    localStorage.setItem(key, JSON.stringify([...mine]));
  } catch {
    mine.add(device);
    // No storage here (or a test without it): this open's taps are still known as this phone's.
  }
  return mine;
}

/** Said on a tap made while this phone cannot reach the server. */
export const KEPT_HERE = 'Offline: this tap is kept on this phone and sent when the server is back.';

export interface SharedOptions {
  now?: () => number;
  /** When to copy a change to the main database (default: right after the next paint). */
  schedule?: Scheduler;
  journal?: JournalApi;
  /** How to reach the other phones (default: the websocket provider; tests pass their own). */
  connect?: Connect;
  /** Says something in passing (default: a toast). */
  tell?: (message: string, options: { key: string }) => void;
  /** The document (default: this game's, from the shared games' database). */
  store?: StoredDoc;
  /** This tab's device id (default: a new one, so two tabs never write the same entry id). */
  device?: string;
  /** The name each seat goes by now on this phone (as RuntimeOptions.names). */
  names?: readonly string[];
}

export const STALE_SHARED =
  'The game changed on another phone just before your tap. Here it is now; tap again if you still want that.';

/** Thrown when this phone has no copy of a shared game's document (the caller opens its copy). */
export class SharedDocMissingError extends Error {
  constructor() {
    super('This phone has no shared copy of this game.');
  }
}

export class SharedRuntime<S extends BaseSetup = BaseSetup> implements GameRuntime<S> {
  private clock: Clock;
  /** The fold's size right after the last change from another phone or tab. */
  private external = 0;
  /** This phone's entries not yet on disk. */
  private unstored = 0;
  private storing: Promise<void> = Promise.resolve();
  private mirroring: Promise<void> = Promise.resolve();
  /** A copy to the main database is scheduled and has not started. */
  private copyDue = false;
  private readonly listeners = new Listeners();
  private readonly failureListeners = new Listeners<[reason: string]>();
  private readonly stops: (() => void)[] = [];
  private readonly connection: Link;
  problem: string | undefined;
  unsaved: string | undefined;
  /** The seat this phone is ("This phone is…"): written with each tap, so others can name it. */
  private seat: string | undefined;

  private constructor(
    readonly logic: GameLogic<S>,
    private record: SessionRecord,
    private readonly view: SharedView<S>,
    private readonly store: StoredDoc,
    private readonly mirror: Mirror,
    private readonly db: TablesideDB,
    private readonly options: SharedOptions,
    private readonly journal: JournalApi | undefined
  ) {
    this.clock = seeEntries(newClock(options.device ?? newDeviceId()), view.fold.entries);
    this.stops.push(observeEntries(store.doc, (added, local) => !local && this.arrived(added)));
    store.onError((error) => this.storeFailed(error));
    this.connection = (options.connect ?? connectWebsocket)(store.doc, record.shared!);
    this.stops.push(this.connection.onChange(() => this.notify()));
  }

  static async open<S extends BaseSetup>(
    db: TablesideDB,
    logic: GameLogic<S>,
    record: SessionRecord,
    options: SharedOptions = {}
  ): Promise<SharedRuntime<S>> {
    if (!record.shared) throw new Error('This game is not shared.');
    // As on one phone (session/load.ts): a setup the game refuses is reported, never played.
    const problem = logic.setupProblem(record.setup);
    if (problem) throw new SessionUnreadableError(problem);
    const store = options.store ?? (await loadDoc(record.id));
    if (!store) throw new SharedDocMissingError();
    const setup = setupNamed(record.setup as unknown as S, options.names ?? []);
    // Each open writes under a fresh device id; the ones this phone used before are remembered,
    // so its own refused taps say "this phone" after a reopen too.
    const device = options.device ?? newDeviceId();
    const view = new SharedView(
      logic,
      setup,
      record.id,
      readEntries(store.doc),
      ownDevices(record.id, device),
      options.now ?? Date.now
    );
    const journal = options.journal ?? journalFor(db);
    const mirror = new Mirror(db, record.id, journal);
    await mirror.start(view.records);
    const runtime = new SharedRuntime(
      logic,
      record,
      view,
      store,
      mirror,
      db,
      { ...options, device },
      journal
    );
    runtime.record = { ...record, head: view.records.length };
    // The copy catches up with what arrived while the game was closed (or was merged from a file).
    runtime.copy();
    return runtime;
  }

  // ---- reading -------------------------------------------------------------------------------

  get session(): Readonly<SessionRecord> {
    return this.record;
  }

  /** As the view folds the game: each seat named as it is now on this phone. */
  get setup(): S {
    return this.view.setup;
  }

  get snapshot(): AnyMachineSnapshot {
    return this.view.snapshot;
  }

  get head(): number {
    return this.view.size;
  }

  get pending(): boolean {
    return this.unstored > 0;
  }

  get meta(): StepMeta | undefined {
    return stepMeta(this.logic, this.snapshot, this.setup);
  }

  get summary(): string {
    return this.logic.summarize(this.snapshot, this.setup);
  }

  get canUndo(): boolean {
    return !this.problem && this.view.undoTarget !== undefined;
  }

  get canRedo(): boolean {
    return !this.problem && this.view.redoTarget !== undefined;
  }

  get undoLabel(): string | undefined {
    return this.view.undoLabel;
  }

  get redoLabel(): string | undefined {
    return this.view.redoLabel;
  }

  get complete(): boolean {
    return true;
  }

  get history(): HistoryItem[] {
    return this.view.history;
  }

  get link(): LinkState {
    return this.connection.state;
  }

  /** Why the server turned this phone away, when it did. */
  get refusal(): string | undefined {
    return this.connection.refusal;
  }

  /** The game's shared document (for "Send this game"). */
  get doc(): Y.Doc {
    return this.store.doc;
  }

  /** The events in effect, in the shared order. */
  get events(): GameEvent[] {
    return this.view.records.map((r) => r.event!);
  }

  subscribe(listener: () => void): () => void {
    return this.listeners.add(listener);
  }

  onFailure(listener: (reason: string) => void): () => void {
    return this.failureListeners.add(listener);
  }

  check(event: GameEvent): string | undefined {
    return checkEvent(this.logic, this.snapshot, event, this.setup, this.problem);
  }

  // ---- changing --------------------------------------------------------------------------------

  send(event: GameEvent, options: SendOptions = {}): SendOutcome {
    const refused = this.refuse(options);
    if (refused) return refused;
    if (!step(this.logic, this.snapshot, event))
      return { ok: false, reason: refusalReason(this.logic, this.snapshot, event, this.setup) };
    return this.write({ kind: 'event', event: structuredClone(event) });
  }

  undo(options: SendOptions = {}): SendOutcome {
    const refused = this.refuse(options);
    if (refused) return refused;
    const target = this.view.undoTarget;
    if (!target) return { ok: false, reason: 'There is nothing to undo.' };
    return this.write({ kind: 'undo', target });
  }

  redo(options: SendOptions = {}): SendOutcome {
    const refused = this.refuse(options);
    if (refused) return refused;
    const target = this.view.redoTarget;
    if (!target) return { ok: false, reason: 'There is nothing to redo.' };
    if (this.view.redoLabel === undefined)
      return { ok: false, reason: 'That step no longer fits the game as it stands, so it cannot be redone.' };
    return this.write({ kind: 'undo', target });
  }

  readWhole(): Promise<string | undefined> {
    return Promise.resolve(undefined);
  }

  /** Resolves once every tap made here is on disk and the main database's copy is written. */
  async saved(): Promise<void> {
    for (;;) {
      const [storing, mirroring] = [this.storing, this.mirroring];
      await storing;
      await mirroring;
      await this.mirror.idle();
      if (storing === this.storing && mirroring === this.mirroring) return;
    }
  }

  /** Another tab's changes come through the document (y-dexie), not through the main database. */
  async reload(): Promise<void> {}

  async flushRecord(): Promise<void> {
    await this.mirror.write(this.view.records, () => this.recordFields());
    quietly(this.journal?.flush());
  }

  setSeat(name: string | undefined): void {
    this.seat = name?.trim() ? name.trim().slice(0, MAX_SEAT_NAME) : undefined;
  }

  async setGuide(guide: boolean | undefined): Promise<void> {
    this.record = await saveFields(this.db, this.journal, this.record, { guide });
    this.notify();
  }

  finish(): Promise<void> {
    return this.setStatus('finished');
  }

  archive(): Promise<void> {
    return this.setStatus('archived');
  }

  reopen(): Promise<void> {
    return this.setStatus(naturalStatus(this.snapshot));
  }

  close(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.connection.destroy();
    this.store.release();
  }

  // ---- internals -------------------------------------------------------------------------------

  /** A tap on a state that is not the one on screen is never applied (as on one phone). */
  private refuse(options: SendOptions): SendOutcome | undefined {
    if (this.problem) return { ok: false, reason: this.problem };
    const { seen } = options;
    if (seen === undefined || seen === this.head) return undefined;
    return seen < this.external
      ? { ok: false, reason: STALE_SHARED }
      : { ok: false, reason: 'That tap was on a step that had already moved on.', quiet: true };
  }

  private write(body: EntryBody): SendOutcome {
    const free = freeCounter(this.clock, (id) => hasEntry(this.store.doc, id));
    const { entry, clock } = nextEntry(free, body, (this.options.now ?? Date.now)(), this.seat);
    this.clock = clock;
    // Observers skip this change (it is local): the view takes the entry here, in this frame.
    appendEntry(this.store.doc, entry);
    this.view.add([entry]);
    this.unstored++;
    const stored = this.store.stored().then(
      () => {
        this.unstored--;
        if (this.unsaved !== undefined) this.unsaved = undefined;
        if (this.unstored === 0) this.notify();
      },
      (error) => {
        this.unstored--;
        this.storeFailed(error);
      }
    );
    this.storing = this.storing.then(() => stored);
    this.changed();
    // The link's state is read after the entry went into the document: a tap with no open socket
    // just turned it offline (connect.ts).
    if (this.connection.state === 'offline' || this.connection.state === 'connecting')
      (this.options.tell ?? showToast)(KEPT_HERE, { key: 'sync-kept' });
    return { ok: true };
  }

  private arrived(added: readonly import('./entry').SharedEntry[]): void {
    this.clock = seeEntries(this.clock, added);
    const before = this.view.size;
    this.view.add(added);
    if (this.view.size === before) return;
    this.external = this.view.size;
    this.changed();
  }

  private changed(): void {
    const last = this.view.records.at(-1);
    this.record = {
      ...this.record,
      head: this.view.records.length,
      updated: last?.time ?? this.record.updated,
      status: naturalStatus(this.snapshot)
    };
    this.copy();
    this.notify();
  }

  /** Copies the game to the main database once the screen has painted, at most once a frame. */
  private copy(): void {
    if (this.copyDue) return;
    this.copyDue = true;
    let done!: () => void;
    this.mirroring = new Promise<void>((resolve) => (done = resolve));
    (this.options.schedule ?? afterPaint)(() => {
      this.copyDue = false;
      this.mirror
        .write(this.view.records, () => this.recordFields())
        .catch((error) => this.storeFailed(error))
        .finally(done);
    });
  }

  private recordFields(): Partial<SessionRecord> {
    return {
      head: this.record.head,
      updated: this.record.updated,
      status: this.record.status,
      ...summaryFields(this.logic, this.snapshot, this.setup)
    };
  }

  private storeFailed(error: unknown): void {
    // The tap is on screen and in the document other phones receive; only this phone's disk
    // copy failed. The banner says so until a write succeeds again.
    const reason = storageFailure(error);
    this.unsaved = reason;
    this.notify();
    this.failureListeners.tell(reason);
  }

  private async setStatus(status: SessionStatus): Promise<void> {
    const fields: Partial<SessionRecord> = { status, updated: (this.options.now ?? Date.now)() };
    this.record = await saveFields(this.db, this.journal, this.record, fields);
    this.notify();
  }

  private notify(): void {
    this.listeners.tell();
  }
}
