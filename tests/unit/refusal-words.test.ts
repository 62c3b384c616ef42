/**
 * A refusal's words follow the machine's own table: an event the current step has no transition
 * for is answered by the game's "not now" sentence for that event, and only an event the step
 * does take is asked of the game's checks (a guard said no). So a refusal cannot say "not now"
 * of a step that takes the event, or blame a value in a step that never would.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, AnyStateNode } from 'xstate';
import { GAMES } from '../../src/lib/games/registry';
import { gameRefusal } from '../../src/lib/session/send';
import { initialState, step, takesEvent } from '../../src/lib/session/replay';
import { titansLogic } from '../../src/lib/games/titans/logic';
import { TitansDriver, titansSetup } from '../fixtures/titans';
import { epicSetup } from '../fixtures/epic';
import { theosSetup } from '../fixtures/theos';
import { twilightSetup } from '../fixtures/twilight';
import { wizSetup } from '../fixtures/wiz';

const sampleSetups: Record<string, never> = {
  titans: titansSetup('two-arenas') as never,
  twilight: twilightSetup(2, { draft: true }) as never,
  epic: epicSetup(3, { format: 'draft' }) as never,
  wiz: wizSetup('standard') as never,
  theos: theosSetup('1v1', 2) as never
};

/** Every leaf state of a machine, as a snapshot with the game's first context. */
function leaves(start: AnyMachineSnapshot): AnyMachineSnapshot[] {
  const found: AnyMachineSnapshot[] = [];
  const walk = (node: AnyStateNode) => {
    const kids = Object.values(node.states) as AnyStateNode[];
    // A passing state (eventless moves only) is never where a game waits for a tap.
    if (kids.length === 0 && node.type !== 'final' && !node.always?.length) {
      const path = node.path as string[];
      let value: unknown = path.at(-1);
      for (let i = path.length - 2; i >= 0; i--) value = { [path[i]]: value };
      found.push(start.machine.resolveState({ value: value as never, context: start.context }) as never);
    }
    kids.forEach(walk);
  };
  walk(start.machine.root as AnyStateNode);
  return found;
}

describe('refusals are worded from the machine’s own table', () => {
  for (const entry of GAMES) {
    it(`${entry.title}: a step that has no transition for an event says “not now”, never asks the checks`, async () => {
      const { logic } = await entry.load();
      const setup = sampleSetups[entry.id];
      const types = Object.keys(logic.fields!.events);
      let notTaken = 0;
      for (const snapshot of leaves(initialState(logic, setup))) {
        for (const type of types) {
          const event = { type };
          const checks = vi.spyOn(logic, 'refusal');
          const notNow = vi.spyOn(logic, 'notNow');
          const takes = takesEvent(logic, snapshot, type);
          if (!takes) {
            notTaken++;
            expect(step(logic, snapshot, event)).toBeUndefined();
            gameRefusal(logic, snapshot, event, setup);
            expect(checks).not.toHaveBeenCalled();
            expect(notNow).toHaveBeenCalledOnce();
          }
          checks.mockRestore();
          notNow.mockRestore();
        }
      }
      expect(notTaken).toBeGreaterThan(0);
    });
  }

  it('Titans of Eden: a power after the battle is refused for its timing, in words the step table chose', () => {
    const d = new TitansDriver(titansSetup('duel'));
    d.battle([[4, 4]]);
    expect(takesEvent(titansLogic, d.snapshot, 'POWER')).toBe(false);
    expect(d.refuse({ type: 'POWER', arena: 0, side: 0, power: 3 })).toBe(
      'This turn’s battle is resolved: its powers are in. Undo the battle to change one.'
    );
    // At the start of a turn the quick flow takes a power: a refused one is the value's fault.
    const fresh = new TitansDriver(titansSetup('duel'));
    expect(takesEvent(titansLogic, fresh.snapshot, 'POWER')).toBe(true);
    expect(fresh.refuse({ type: 'POWER', arena: 4, side: 0, power: 3 })).toBe(
      'There is no such side to enter power for.'
    );
  });
});
