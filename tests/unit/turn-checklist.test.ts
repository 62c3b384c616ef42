/**
 * The quick flow's checklists, read off the machines' marked states (ui/checklist.ts): the stages
 * and words each game shows, rules links adapted as Guide me adapts them, and where a game in
 * progress is, for every step of a long played log (fast replay's snapshots included).
 */
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { step } from '../../src/lib/session/replay';
import type { Checklist } from '../../src/lib/ui/checklist';
import { machineChecklist } from '../../src/lib/ui/checklist';
import { turnChecklist as titans } from '../../src/lib/games/titans/steps';
import { turnChecklist as twilight } from '../../src/lib/games/twilight/steps';
import { turnChecklist as epic } from '../../src/lib/games/epic/steps';
import { roundChecklist as wiz } from '../../src/lib/games/wiz/steps';
import { roundChecklist as theos } from '../../src/lib/games/theos/steps';
import { titansLogic } from '../../src/lib/games/titans/logic';
import { titansSetup } from '../fixtures/titans';
import { twilightSetup } from '../fixtures/twilight';
import { epicSetup } from '../fixtures/epic';
import { wizSetup } from '../fixtures/wiz';
import { theosSetup } from '../fixtures/theos';
import { longLogs } from '../fixtures/long-logs';

const labels = (list: ReturnType<Checklist<any>['stages']>) =>
  list.map((s) => `${s.label}: ${s.steps.map((t) => t.label).join(' / ')}`);

describe('turn checklists from the machines', () => {
  it('Titans: the five age steps for each age, the third age ending its own way, battle rules by format', () => {
    const duel = titans.stages(titansSetup('duel'));
    expect(labels(duel)).toEqual([
      'Start: Surge (optional)',
      'Age 1: Start of the age / Play cards / Now abilities / Awaken / End of the age',
      'Age 2: Start of the age / Play cards / Now abilities / Awaken / End of the age',
      'Age 3: Start of the age / Play cards / Now abilities / Awaken / End of the third age',
      'Battle: Add up and enter each side’s power',
      'End: Rage, then Spite / Shuffle, draw, pass the Avatar Mat'
    ]);
    expect(duel.map((s) => s.id)).toEqual(['start', 'age-1', 'age-2', 'age-3', 'battle', 'end']);
    expect(duel.find((s) => s.id === 'battle')!.steps[0].rules).toEqual(['battle', 'battle-duel']);
    const three = titans.stages(titansSetup('three-arenas', 6, { mode: 'constructed' }));
    expect(three.find((s) => s.id === 'battle')!.steps[0].rules).toEqual(['battle', 'battle-three-arena']);
    const age2 = three.find((s) => s.id === 'age-2')!.steps;
    expect(age2.find((s) => s.id === 'opening')!.rules).toEqual(['ages', 'trading-cards']);
    expect(age2.find((s) => s.id === 'awaken')!.rules).toEqual(['awakening', 'constructed']);
  });

  it('Twilight, Epic, WiZ, Theos: their stages and words', () => {
    expect(labels(twilight.stages(twilightSetup()))).toEqual([
      'Start: Refresh: cards / Refresh: upkeep / Refresh: thaw / Draw',
      'Aspects: Trade / Seize / Resource / Summoning',
      'Combat: a · Attackers / b · Defenders / c · Replace defenders / d · Creature damage / e · Discard Stack damage / f · Life Stack damage',
      'End: Recover / Thaw / Decay'
    ]);
    expect(labels(epic.stages(epicSetup()))).toEqual([
      'Prepare: Turn your champions and objects upright, then draw a card',
      'Pre-Battle: You may play Paced and Fast cards; everyone else Fast ones',
      'Battle: Attack, or end the step / Attack: declare / Attack: block / Attack: range damage / Attack: damage',
      'Build: You may play Build, Paced and Fast cards; everyone else Fast ones',
      'End: Fast plays, then discard down to 10 cards'
    ]);
    expect(labels(wiz.stages(wizSetup('standard')))).toEqual([
      'Deal: Deal 12 each, 13 to the left / Replace action cards',
      'A turn: Action cards / Draw / Play to the table / Discard, or go out',
      'Round EP: Losers with no cards draw / Counters / Uncountered hands / Chaotic EP / Round EP'
    ]);
    expect(labels(theos.stages(theosSetup('1v1', 2)))).toEqual([
      'Start: Set the die, build a hand of 7',
      'Turns: Choose / Reveal / Blanks out / Resolve',
      'End: Cleanup order / Cleanup'
    ]);
  });

  it('steps read in their stage’s context: a later WiZ turn, a Realm move only with two Realms', () => {
    const turn = wiz.stages(wizSetup('large', 4, { lifePool: { die: 6, firstRoll: 3 } }))[1].steps;
    // Not a first turn's rules ('first-turn'), but the Life Pool's and the 2-card discard's.
    expect(turn.find((s) => s.id === 'draw')!.rules).toEqual(['order-of-play', 'drawing']);
    expect(turn.find((s) => s.id === 'play')!.rules).toContain('life-pool-play');
    expect(turn.find((s) => s.id === 'discard')!.rules).toContain('ruling-four-player-draw');
    const end = theos.stages(theosSetup('2v2v2', 6, 'draft'))[2];
    expect(end.steps.map((s) => s.label)).toEqual(['Cleanup order', 'Cleanup', 'Change Realm']);
    expect(end.steps[2].rules).toEqual(['cleanup', 'two-realms']);
  });

  it('a mark naming a stage the plan lacks is refused when the checklist is made', () => {
    expect(() => machineChecklist(titansLogic, { stages: [{ id: 'start', label: 'Start' }] })).toThrow(
      /no checklist stage "age"/
    );
  });

  const checklists: Record<string, Checklist<any>> = {
    'Titans of Eden': titans,
    'Twilight of the Gods': twilight,
    Epic: epic,
    WiZ: wiz,
    Theos: theos
  };
  for (const log of longLogs()) {
    const checklist = checklists[log.name];
    if (!checklist) continue;
    it(`${log.name}: wherever the game is, it is one of the checklist's steps (or between steps)`, () => {
      const stages = checklist.stages(log.setup);
      const seen = new Set<string>();
      let snapshot: AnyMachineSnapshot = log.start;
      for (const event of log.events.slice(0, 500)) {
        const where = checklist.where(snapshot);
        if (where.stage !== undefined) {
          const stage = stages.find((s) => s.id === where.stage);
          expect(stage, `${JSON.stringify(snapshot.value)}: ${where.stage}`).toBeDefined();
          expect(stage!.steps.map((s) => s.id)).toContain(where.step);
          // The marked state is the one the game is in (its leaf, or the leaf's marked parent).
          expect(JSON.stringify(snapshot.value)).toContain(`"${where.step}"`);
          seen.add(`${where.stage}/${where.step}`);
        } else expect(where).toEqual({});
        snapshot = step(log.logic, snapshot, event) ?? snapshot;
      }
      expect(seen.size).toBeGreaterThan(3);
    });
  }
});
