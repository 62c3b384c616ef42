import type { BaseSetup } from '../db/records';
import type { LiveSession } from '../session/live.svelte';
import { statePath } from '../session/state-path';

/**
 * What every play screen reads of its session, taken afresh with each new snapshot:
 * `const { setup, snap, ctx, path, over } = $derived(playState<MySetup, MyContext>(session))`. Destructured
 * from `$derived`, each name is its own derived value, so a part that reads only `path` (a string)
 * or `over` is redrawn when that changes, not on every snapshot.
 */
export function playState<S extends BaseSetup, C>(session: LiveSession<S>) {
  const snap = session.snapshot;
  return {
    setup: session.setup,
    snap,
    ctx: snap.context as C,
    /** The step as a dotted path ('turn.age.now'): what the screen asks its questions of. */
    path: statePath(snap.value),
    over: snap.status === 'done'
  };
}
