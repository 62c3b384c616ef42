/**
 * A restored game's home-list line and status, from a replay of its log through its own game's
 * machine. Loaded only when something is restored: it brings the games' code with it.
 */
import { logicFor } from '../games/registry';
import { foldLog } from '../session/log';
import { initialState, replay } from '../session/replay';
import type { GameLogic } from '../session/types';
import { summaryFields } from '../session/summary-seats';
import type { Describe } from './recover';

export function describeWith(resolve: (game: string) => Promise<GameLogic<any> | undefined>): Describe {
  return async (record, events) => {
    const logic = await resolve(record.game);
    if (!logic || logic.setupProblem(record.setup)) return undefined;
    const effective = foldLog(events).effective.map((e) => e.event);
    const snapshot = replay(logic, initialState(logic, record.setup), effective);
    return {
      ...summaryFields(logic, snapshot, record.setup),
      status: snapshot.status === 'done' ? 'finished' : 'active'
    };
  };
}

export const describeFromLog: Describe = describeWith(logicFor);
