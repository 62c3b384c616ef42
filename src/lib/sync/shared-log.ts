/**
 * A game's log shared with other phones, in a Yjs document: the LogStore a game session uses for
 * a shared game (the session is the same as on one phone: session/game-session.ts).
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
import type {
  BaseSetup,
  EventRecord,
  GameEvent,
  SessionRecord,
  SessionStatus,
  StepRecord
} from '../db/records';
import type { TablesideDB } from '../db/schema';
import type { HistoryItem, LinkState, LogStore, SendOutcome, StoreSink } from '../session/log-store';
import type { Intent } from '../session/send';
import type { GameLogic } from '../session/types';
import { naturalStatus, saveFields, withFields } from '../session/record';
import { step } from '../session/replay';
import { refusalReason } from '../session/send';
import { backRefusal } from '../session/back';
import { afterPaint, type Scheduler } from '../util/after-paint';
import { storageFailure } from '../session/errors';
import { freeCounter, newClock, nextEntry, seeEntries, type Clock, type EntryBody } from './clock';
import { appendEntry, hasEntry, observeEntries } from './doc';
import { MAX_SEAT_NAME, type SharedEntry } from './entry';
import type { SharedView } from './view';
import type { Mirror } from './mirror';
import type { StoredDoc } from './store';
import type { Link } from './connect';
import { summaryFields } from '../session/summary-seats';
import { TROUBLE_TEXT } from './protocol';

/** Said on a tap made while this phone cannot reach the server. */
export const KEPT_HERE = 'Offline: this tap is kept on this phone and sent when the server is back.';

export const STALE_SHARED =
  'The game changed on another phone just before your tap. Here it is now; tap again if you still want that.';

interface SharedLogParts<S extends BaseSetup> {
  db: TablesideDB;
  logic: GameLogic<S>;
  record: SessionRecord;
  view: SharedView<S>;
  store: StoredDoc;
  mirror: Mirror;
  /** Opens the link to the other phones (after the document is observed: it may sync at once). */
  connect: () => Link;
  /** This tab's device id. */
  device: string;
  now: () => number;
  /** When to copy a change to the main database (default: right after the next paint). */
  schedule: Scheduler | undefined;
  /** Says something in passing (a toast in the app). */
  tell: (message: string, options: { key: string }) => void;
}

export class SharedLog<S extends BaseSetup = BaseSetup> implements LogStore<S> {
  private clock: Clock;
  /** The fold's size right after the last change from another phone or tab. */
  external = 0;
  /** This phone's entries not yet on disk. */
  private unstored = 0;
  private storing: Promise<void> = Promise.resolve();
  private mirroring: Promise<void> = Promise.resolve();
  /** A copy to the main database is scheduled and has not started. */
  private copyDue = false;
  private readonly stops: (() => void)[] = [];
  private readonly connection: Link;
  private sink: StoreSink | undefined;
  record: SessionRecord;
  readonly problem = undefined;
  unsaved: string | undefined;
  readonly held = false;
  readonly complete = true;
  readonly staleWords = STALE_SHARED;
  /** The seat this phone is ("This phone is…"): written with each tap, so others can name it. */
  private seat: string | undefined;

  constructor(private readonly parts: SharedLogParts<S>) {
    const { view, store } = parts;
    this.record = { ...parts.record, head: view.records.length };
    this.clock = seeEntries(newClock(parts.device), view.fold.entries);
    this.stops.push(observeEntries(store.doc, (added, local) => !local && this.arrived(added)));
    store.onError((error) => this.storeFailed(error));
    this.connection = parts.connect();
    this.stops.push(this.connection.onChange(() => this.sink?.changed()));
  }

  connect(sink: StoreSink): void {
    this.sink = sink;
    // The copy catches up with what arrived while the game was closed (or was merged from a file).
    this.copy();
  }

  // ---- reading -------------------------------------------------------------------------------

  /** As the view folds the game: each seat named as it is now on this phone. */
  get setup(): S {
    return this.parts.view.setup;
  }

  get snapshot(): AnyMachineSnapshot {
    return this.parts.view.snapshot;
  }

  get head(): number {
    return this.parts.view.size;
  }

  get pending(): boolean {
    return this.unstored > 0;
  }

  get canUndo(): boolean {
    return this.parts.view.undoTarget !== undefined;
  }

  get canRedo(): boolean {
    return this.parts.view.redoTarget !== undefined;
  }

  get undoLabel(): string | undefined {
    return this.parts.view.undoLabel;
  }

  get redoLabel(): string | undefined {
    return this.parts.view.redoLabel;
  }

  get history(): HistoryItem[] {
    return this.parts.view.history;
  }

  get log(): readonly EventRecord[] {
    return this.parts.view.records;
  }

  get events(): GameEvent[] {
    return this.parts.view.records.map((r) => r.event);
  }

  get steps(): readonly StepRecord[] {
    return this.parts.view.records;
  }

  /** A shared game is held whole: a back can take every step. */
  get backReach(): number {
    return this.parts.view.records.length;
  }

  stateBack(steps: number): AnyMachineSnapshot {
    return this.parts.view.stateAt(this.parts.view.records.length - steps);
  }

  get link(): LinkState {
    return this.connection.state;
  }

  get refusal(): string | undefined {
    return this.connection.refusal;
  }

  /** The game's shared document (for "Send this game"). */
  get doc(): Y.Doc {
    return this.parts.store.doc;
  }

  // ---- changing --------------------------------------------------------------------------------

  apply(intent: Intent, _repeat: boolean): SendOutcome {
    const { view } = this.parts;
    if (intent.kind === 'event') {
      if (!step(this.parts.logic, this.snapshot, intent.event))
        return {
          ok: false,
          reason: refusalReason(this.parts.logic, this.snapshot, intent.event, this.setup)
        };
      return this.write({ kind: 'event', event: structuredClone(intent.event) });
    }
    if (intent.kind === 'undo') {
      const target = view.undoTarget;
      if (!target) return { ok: false, reason: 'There is nothing to undo.' };
      return this.write({ kind: 'undo', target });
    }
    if (intent.kind === 'back') {
      const held = view.records.length;
      const reason = backRefusal(intent.steps, held, held);
      if (reason) return { ok: false, reason };
      const targets = view.backTargets(intent.steps);
      if (!targets)
        return { ok: false, reason: 'The game changed before your tap. Look again and choose once more.' };
      return this.write({ kind: 'back', targets });
    }
    const target = view.redoTarget;
    if (!target) return { ok: false, reason: 'There is nothing to redo.' };
    if (view.redoLabel === undefined)
      return { ok: false, reason: 'That step no longer fits the game as it stands, so it cannot be redone.' };
    return this.write({ kind: 'undo', target });
  }

  async saveFields(fields: Partial<SessionRecord>): Promise<void> {
    await saveFields(this.parts.db, this.record, fields);
    this.record = withFields(this.record, fields);
    this.sink?.changed();
  }

  setStatus(status: SessionStatus): Promise<void> {
    return this.saveFields({ status, updated: this.parts.now() });
  }

  /** Resolves once every tap made here is on disk and the main database's copy is written. */
  async saved(): Promise<void> {
    for (;;) {
      const [storing, mirroring] = [this.storing, this.mirroring];
      await storing;
      await mirroring;
      await this.parts.mirror.idle();
      if (storing === this.storing && mirroring === this.mirroring) return;
    }
  }

  /** Another tab's changes come through the document (y-dexie), not through the main database. */
  async reload(): Promise<void> {}

  /** A shared game is held whole: there is nothing more to read. */
  readWhole(): Promise<string | undefined> {
    return Promise.resolve(undefined);
  }

  async flushRecord(): Promise<void> {
    await this.parts.mirror.write(this.parts.view.records, () => this.recordFields());
  }

  /** Nothing is ever held: the document keeps every tap (its disk copy failing is said). */
  retry(): Promise<boolean> {
    return Promise.resolve(true);
  }

  setSeat(name: string | undefined): void {
    this.seat = name?.trim() ? name.trim().slice(0, MAX_SEAT_NAME) : undefined;
  }

  close(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.connection.destroy();
    this.parts.store.release();
  }

  // ---- internals -------------------------------------------------------------------------------

  private write(body: EntryBody): SendOutcome {
    const { store, view } = this.parts;
    const { connection } = this;
    const free = freeCounter(this.clock, (id) => hasEntry(store.doc, id));
    const { entry, clock } = nextEntry(free, body, this.parts.now(), this.seat);
    this.clock = clock;
    // Observers skip this change (it is local): the view takes the entry here, in this frame.
    appendEntry(store.doc, entry);
    view.add([entry]);
    this.unstored++;
    const stored = store.stored().then(
      () => {
        this.unstored--;
        if (this.unsaved !== undefined) this.unsaved = undefined;
        if (this.unstored === 0) this.sink?.changed();
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
    if (connection.state === 'trouble') this.parts.tell(TROUBLE_TEXT, { key: 'sync-kept' });
    else if (connection.state === 'offline' || connection.state === 'connecting')
      this.parts.tell(KEPT_HERE, { key: 'sync-kept' });
    return { ok: true };
  }

  private arrived(added: readonly SharedEntry[]): void {
    const { view } = this.parts;
    this.clock = seeEntries(this.clock, added);
    const before = view.size;
    view.add(added);
    if (view.size === before) return;
    this.external = view.size;
    this.changed();
  }

  private changed(): void {
    const last = this.parts.view.records.at(-1);
    this.record = {
      ...this.record,
      head: this.parts.view.records.length,
      updated: last?.time ?? this.record.updated,
      status: naturalStatus(this.snapshot)
    };
    this.copy();
    this.sink?.changed();
  }

  /** Copies the game to the main database once the screen has painted, at most once a frame. */
  private copy(): void {
    if (this.copyDue) return;
    this.copyDue = true;
    let done!: () => void;
    this.mirroring = new Promise<void>((resolve) => (done = resolve));
    (this.parts.schedule ?? afterPaint)(() => {
      this.copyDue = false;
      this.parts.mirror
        .write(this.parts.view.records, () => this.recordFields())
        .catch((error) => this.storeFailed(error))
        .finally(done);
    });
  }

  private recordFields(): Partial<SessionRecord> {
    return {
      head: this.record.head,
      updated: this.record.updated,
      status: this.record.status,
      ...summaryFields(this.parts.logic, this.snapshot, this.setup)
    };
  }

  private storeFailed(error: unknown): void {
    // The tap is on screen and in the document other phones receive; only this phone's disk
    // copy failed. The banner says so until a write succeeds again.
    const reason = storageFailure(error);
    this.unsaved = reason;
    this.sink?.changed();
    this.sink?.failed(reason);
  }
}
