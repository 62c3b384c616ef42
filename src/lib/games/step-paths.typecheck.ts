/**
 * Never imported: here for `npm run check`, which type-checks every file under src/. It proves
 * that a screen's `stepIs(path, …)` accepts its machine's steps and refuses a misspelt one (the
 * runtime check of the screens' calls is tests/unit/step-names.test.ts).
 */
import { stepIs, type StatePath } from './kit';
import type { epicMachine } from '../machines/epic';
import type { theosMachine } from '../machines/theos';
import type { titansMachine } from '../machines/titans';
import type { twilightMachine } from '../machines/twilight';
import type { wizMachine } from '../machines/wiz';

declare const titans: StatePath<typeof titansMachine>;
declare const twilight: StatePath<typeof twilightMachine>;
declare const epic: StatePath<typeof epicMachine>;
declare const wiz: StatePath<typeof wizMachine>;
declare const theos: StatePath<typeof theosMachine>;

export const asked = [
  stepIs(titans, 'turn.age.awaken'),
  // @ts-expect-error a misspelt step
  stepIs(titans, 'turn.age.awake'),
  stepIs(twilight, 'turn.combat-life'),
  // @ts-expect-error a misspelt step
  stepIs(twilight, 'turn.combat.life'),
  stepIs(epic, 'game.battle.declare'),
  // @ts-expect-error a misspelt step
  stepIs(epic, 'game.battle.delcare'),
  stepIs(wiz, 'round.scoring.counter'),
  // @ts-expect-error a misspelt step
  stepIs(wiz, 'round.scoring.counters'),
  stepIs(theos, 'end.move'),
  // @ts-expect-error a misspelt step
  stepIs(theos, 'end.moves')
];
