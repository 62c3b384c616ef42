/**
 * Builds a game's GameLogic from the parts that are its own. What every game wrote the same way
 * lives here once: a new session's input is the setup itself, and a refusal or a history line
 * starts from the machine's context, the game's own event type and a way to name a player.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { BaseSetup, GameEvent } from './kit';
import type { GameLogic } from './kit';
import { playerName } from './players';

/** What a refusal is asked about: the event the machine refused, in the state it refused it. */
export interface Refused<S, C, E> {
  snapshot: AnyMachineSnapshot;
  ctx: C;
  event: E;
  setup: S;
  /** A player's name by id ("Someone" for an id the setup lacks). */
  name: (id: string) => string;
}

/** What a history line is told: an accepted event and the context before and after it. */
export interface Accepted<S, C, E> {
  event: E;
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
  prev: C;
  ctx: C;
  setup: S;
  /** A player's name by id ("Someone" for an id the setup lacks). */
  name: (id: string) => string;
}

/** A game's own parts: GameLogic, with refusal and describe told the above and input optional. */
export type LogicParts<S extends BaseSetup, C, E> = Omit<GameLogic<S>, 'input' | 'refusal' | 'describe'> & {
  /** The machine's input for a new session; by default the setup itself. */
  input?: GameLogic<S>['input'];
  /** As GameLogic's refusal. */
  refusal(refused: Refused<S, C, E>): string | undefined;
  /** As GameLogic's describe. */
  describe(accepted: Accepted<S, C, E>): string;
};

/**
 * A GameLogic for setups S, machine contexts C and events E. The casts from the runtime's general
 * snapshot and event to the game's own types are made here, once.
 */
export function gameLogic<S extends BaseSetup, C, E extends GameEvent | { type: string }>(
  parts: LogicParts<S, C, E>
): GameLogic<S> {
  const { refusal, describe, ...rest } = parts;
  return {
    input: (setup) => setup,
    ...rest,
    refusal: (snapshot, event, setup) =>
      refusal({
        snapshot,
        ctx: snapshot.context as C,
        event: event as E,
        setup,
        name: (id) => playerName(setup, id)
      }),
    describe: (event, before, after, setup) =>
      describe({
        event: event as E,
        before,
        after,
        prev: before.context as C,
        ctx: after.context as C,
        setup,
        name: (id) => playerName(setup, id)
      })
  };
}
