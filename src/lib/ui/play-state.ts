import type { AnyStateMachine } from 'xstate';
import type { BaseSetup } from '../db/records';
import type { LiveSession } from '../session/live.svelte';
import { statePath, type StatePath } from '../session/state-path';

/**
 * What every play screen reads of its session, taken afresh with each new snapshot:
 * `const { setup, snap, ctx, path, over } = $derived(playState<MySetup, MyContext, typeof myMachine>(session))`. Destructured
 * from `$derived`, each name is its own derived value, so a part that reads only `path` (a string)
 * or `over` is redrawn when that changes, not on every snapshot. The machine's type types `path`,
 * so `stepIs(path, 'turn.age')` (session/state-path.ts, through the kit) accepts only its states.
 */
export function playState<S extends BaseSetup, C, M extends AnyStateMachine = AnyStateMachine>(
  session: LiveSession<S>
) {
  const snap = session.snapshot;
  return {
    setup: session.setup,
    snap,
    ctx: snap.context as C,
    /** The step as a dotted path ('turn.age.now'): what the screen asks its questions of. */
    path: statePath(snap.value) as StatePath<M>,
    over: snap.status === 'done'
  };
}
