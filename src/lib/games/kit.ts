/**
 * What a game may use of the app: the contract between src/lib/games/<game>/ and the rest. A
 * game imports its types and helpers from here, never from db/ or session/ directly, so storage
 * and the runtime can change shape without a game noticing (and a new game has one place to
 * read). Types only, plus a few pure helpers: nothing here touches storage or the clock.
 */
export type { BaseSetup, GameEvent, PlayerSetup } from '../db/records';
export type { EventFields, GameFields, GameLogic, SetupFields, StepMeta } from '../session/types';
export type { LiveSession } from '../session/live.svelte';
export { buildResult } from '../session/results';
export { stepIs, type StatePath } from '../session/state-path';
export { machineChecklist } from '../ui/checklist';
