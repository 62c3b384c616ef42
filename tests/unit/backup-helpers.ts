/** Shared by the backup tests: the test game with its field lists, and the times backups are made. */
import type { GameLogic } from '../../src/lib/session/types';
import { tallyLogic, type TallySetup } from '../fixtures/tally';

/** The test game, with the field lists every real game has (GameLogic.fields). */
export const tally: GameLogic<TallySetup> = {
  ...tallyLogic,
  fields: {
    setup: { target: true },
    events: {
      ADD: { player: true, amount: true },
      ROLL: { player: true, value: true },
      BONUS_DONE: {},
      NEXT_ROUND: {},
      FINISH: {}
    }
  }
};

export const resolveTally = async (game: string) => (game === 'tally' ? tally : undefined);

/** When the test backups are made (the fake clock starts a few hours before). */
export const EXPORTED = Date.UTC(2026, 10, 22, 20);
export const T0 = Date.UTC(2026, 10, 22, 17);

/** Validator wording that must never reach a person. */
export const LEAK = /Invalid (key|type|length|value)|Expected .* but received|received undefined/;

/** A place in the file ("sessions[0].deletedAt: …"): for the details, never the words a person reads. */
export const PATH = /\w\[\d+\]|^[a-zA-Z]+(\.\w+)*: /;
