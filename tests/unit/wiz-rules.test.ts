/**
 * The WiZ rules reference and the machine agree: every step links sections that exist (as the
 * machine says and as the game adapts it), and every reading the app makes of an unclear rule is
 * written down where the rule lives.
 */
import { describe, expect, it } from 'vitest';
import { allRules } from '../../src/lib/rules/content';
import { DEFAULT_POOL_DIE } from '../../src/lib/games/wiz/format';
import { wizMachine } from '../../src/lib/machines/wiz';
import type { StepMeta } from '../../src/lib/session/types';
import { WizDriver, wizSetup } from '../fixtures/wiz';

const rules = allRules().wiz;
const ids = new Set(rules.sections.map((s) => s.id));
const section = (id: string) => rules.sections.find((s) => s.id === id);

describe('WiZ rules: what the steps link to', () => {
  it('every state’s meta links existing sections', () => {
    const walk = (node: typeof wizMachine.root): void => {
      const meta = node.meta as StepMeta | undefined;
      for (const link of meta?.rules ?? []) expect(ids.has(link), `${node.id} -> #${link}`).toBe(true);
      Object.values(node.states).forEach(walk);
    };
    walk(wizMachine.root);
  });
  it('and so does every step as the game adapts it, through a whole round with every option', () => {
    const d = new WizDriver(
      wizSetup('standard', 4, {
        titans: true,
        characters: ['fire', 'water', 'air', 'earth'],
        lifePool: { die: 6, firstRoll: 2 }
      })
    );
    const seen = new Set<string>();
    const visit = () => d.step.rules.forEach((r) => seen.add(r));
    for (let i = 0; i < 2 + 2 + 3 * 3 + 4; i++) {
      visit();
      d.send({ type: 'NEXT' });
    }
    d.send({ type: 'GO_OUT', player: 'p1' });
    for (let i = 0; i < 4; i++) {
      visit();
      d.send({ type: 'NEXT' });
    }
    visit();
    for (const link of seen) expect(ids.has(link), `#${link}`).toBe(true);
    for (const expected of [
      'first-turn',
      'drawing',
      'life-pool-play',
      'character-attacks',
      'ruling-four-player-draw',
      'countering',
      'chaotic-ep'
    ]) {
      expect(seen.has(expected), expected).toBe(true);
    }
  });
});

describe('WiZ rules: the app’s readings of unclear rules are written down', () => {
  const readings = [
    'ruling-life-pool-die',
    'ruling-life-pool-play',
    'ruling-countering',
    'ruling-titan-ep',
    'ruling-double-ep',
    'ruling-bonus-hands',
    'ruling-thirty-run',
    'ruling-wild-points',
    'ruling-runs',
    'ruling-mixed-hands',
    'ruling-elemental-cancel',
    'ruling-deck-contents',
    'ruling-first-dealer',
    'ruling-characters-setup',
    'ruling-five-six-players',
    'ruling-mid-round-win',
    'ruling-stun-round',
    'ruling-wrong-joker'
  ];
  it.each(readings)('%s', (id) => {
    expect(section(id)?.kind).toBe('ruling');
    expect(section(id)!.text.length).toBeGreaterThan(80);
  });
  it('the Life Pool die: a d6 by default, the d4 as an option, as the app does', () => {
    const text = section('ruling-life-pool-die')!.text;
    expect(text).toMatch(/d6 by default/);
    expect(text).toMatch(/d4 is an option/);
    expect(DEFAULT_POOL_DIE).toBe(6);
    expect(section('life-pool-value')!.text).toMatch(/d6 unless you choose the d4/);
  });
  it('no section still says the app uses a d4 for the pool', () => {
    for (const s of rules.sections) expect(s.text, s.id).not.toMatch(/app uses a d4/);
  });
});
