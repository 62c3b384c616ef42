/**
 * A game played on several phones: the game session (session/game-session.ts) over its log in a
 * shared Yjs document (shared-log.ts). This is where such a game is opened.
 */
import type * as Y from 'yjs';
import type { BaseSetup, SessionRecord } from '../db/records';
import type { TablesideDB } from '../db/schema';
import { GameSession } from '../session/game-session';
import type { GameLogic } from '../session/types';
import type { Scheduler } from '../util/after-paint';
import { SessionUnreadableError } from '../session/errors';
import { newDeviceId } from './clock';
import { readEntries } from './doc';
import { SharedView } from './view';
import { Mirror } from './mirror';
import { loadDoc, type StoredDoc } from './store';
import { connectWebsocket, type Connect } from './connect';
import { SharedLog } from './shared-log';
import { showToast } from '../app/toasts.svelte';
import { setupNamed } from '../results/names';

export { KEPT_HERE, STALE_SHARED } from './shared-log';

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

export interface SharedOptions {
  now?: () => number;
  /** When to copy a change to the main database (default: right after the next paint). */
  schedule?: Scheduler;
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

/** Thrown when this phone has no copy of a shared game's document (the caller opens its copy). */
export class SharedDocMissingError extends Error {
  constructor() {
    super('This phone has no shared copy of this game.');
  }
}

export class SharedRuntime<S extends BaseSetup = BaseSetup> extends GameSession<S, SharedLog<S>> {
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
    const now = options.now ?? Date.now;
    const view = new SharedView(
      logic,
      setup,
      record.id,
      readEntries(store.doc),
      ownDevices(record.id, device),
      now
    );
    const mirror = new Mirror(db, record.id);
    await mirror.start(view.records);
    const shared = record.shared;
    const log = new SharedLog({
      db,
      logic,
      record,
      view,
      store,
      mirror,
      connect: () => (options.connect ?? connectWebsocket)(store.doc, shared),
      device,
      now,
      schedule: options.schedule,
      tell: options.tell ?? showToast
    });
    return new SharedRuntime(logic, log);
  }

  /** The game's shared document (for "Send this game"). */
  get doc(): Y.Doc {
    return this.store.doc;
  }
}
