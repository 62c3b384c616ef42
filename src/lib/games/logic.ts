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
interface Accepted<S, C, E> {
  event: E;
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
  prev: C;
  ctx: C;
  setup: S;
  /** A player's name by id ("Someone" for an id the setup lacks). */
  name: (id: string) => string;
}

/**
 * The words for an event the current step does not take: a sentence, or one made from the state;
 * undefined where every step takes it, or the general sentence naming the step will do.
 */
type NotNow<S, C, E> = string | undefined | ((refused: Refused<S, C, E>) => string | undefined);

/** A game's own parts: GameLogic, with refusal and describe told the above and input optional. */
type LogicParts<S extends BaseSetup, C, E extends { type: string }> = Omit<
  GameLogic<S>,
  'input' | 'refusal' | 'notNow' | 'describe'
> & {
  /** The machine's input for a new session; by default the setup itself. */
  input?: GameLogic<S>['input'];
  /** As GameLogic's refusal: why a guard said no to an event this step takes. */
  refusal(refused: Refused<S, C, E>): string | undefined;
  /**
   * For every event type, why it is not for the step the game is in (asked only when the state
   * has no transition for it); the compiler makes each game word every one of its events.
   */
  notNow: { readonly [T in E['type']]: NotNow<S, C, Extract<E, { type: T }>> };
  /** As GameLogic's describe. */
  describe(accepted: Accepted<S, C, E>): string;
};

/**
 * A GameLogic for setups S, machine contexts C and events E. The casts from the runtime's general
 * snapshot and event to the game's own types are made here, once.
 */
export function gameLogic<S extends BaseSetup, C, E extends { type: string }>(
  parts: LogicParts<S, C, E>
): GameLogic<S> {
  const { refusal, notNow, describe, ...rest } = parts;
  const refused = (snapshot: AnyMachineSnapshot, event: GameEvent, setup: S): Refused<S, C, E> => ({
    snapshot,
    ctx: snapshot.context as C,
    event: event as E,
    setup,
    name: (id) => playerName(setup, id)
  });
  const words = notNow as Record<string, NotNow<S, C, E> | undefined>;
  return {
    input: (setup) => setup,
    ...rest,
    refusal: (snapshot, event, setup) => refusal(refused(snapshot, event, setup)),
    notNow: (snapshot, event, setup) => {
      const said = Object.hasOwn(words, event.type) ? words[event.type] : undefined;
      return typeof said === 'function' ? said(refused(snapshot, event, setup)) : said;
    },
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
