import { describe, expect, it } from 'vitest';
import { initialState, step } from '../../src/lib/session/replay';
import { inStep, statePath } from '../../src/lib/session/state-path';
import { titansLogic } from '../../src/lib/games/titans/logic';
import { titansDuelSetup } from '../fixtures/long-logs';

describe('state paths', () => {
  it('names the active leaf of nested and flat state values', () => {
    expect(statePath({ turn: { age: 'now' } })).toBe('turn.age.now');
    expect(statePath({ turn: 'battle' })).toBe('turn.battle');
    expect(statePath('over')).toBe('over');
  });

  it('says a step holds itself and what is inside it, and nothing that only shares its start', () => {
    expect(inStep('turn.age.now', 'turn.age')).toBe(true);
    expect(inStep('turn.age.now', 'turn.age.now')).toBe(true);
    expect(inStep('turn.ageing', 'turn.age')).toBe(false);
    expect(inStep('turn.age', 'turn.age.now')).toBe(false);
  });

  it('agrees with xstate’s matches along a Titans turn', () => {
    let snap = initialState(titansLogic, titansDuelSetup());
    const steps = ['start', 'age', 'battle', 'endOfTurn', 'shuffle'];
    const ageSteps = ['opening', 'play', 'now', 'awaken', 'closing'];
    for (const event of [{ type: 'BEGIN_AGES' }, ...Array(15).fill({ type: 'NEXT' })]) {
      const path = statePath(snap.value);
      for (const s of steps) expect(inStep(path, `turn.${s}`)).toBe(snap.matches({ turn: s } as never));
      for (const s of ageSteps)
        expect(inStep(path, `turn.age.${s}`)).toBe(snap.matches({ turn: { age: s } } as never));
      snap = step(titansLogic, snap, event)!;
      expect(snap).toBeDefined();
    }
  });
});
