/**
 * "What now?": every state of every game machine links to rules sections that exist, both as the
 * machine's meta says and as the game adapts it for each format (describeStep).
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, StateNode } from 'xstate';
import { GAMES } from '../../src/lib/games/registry';
import { allRules } from '../../src/lib/rules/content';
import type { StepMeta } from '../../src/lib/session/types';
import { titansSetup, TitansDriver } from '../fixtures/titans';
import { titansLogic } from '../../src/lib/games/titans/logic';
import type { TitansFormat } from '../../src/lib/games/titans/format';

/** Every state node that can be the deepest active state (atomic and final ones). */
function leafStates(machine: AnyStateMachine): StateNode[] {
  const out: StateNode[] = [];
  const walk = (node: StateNode) => {
    const children = Object.values(node.states) as StateNode[];
    if (children.length === 0) out.push(node);
    children.forEach(walk);
  };
  walk(machine.root);
  return out;
}

/** States left at once by an `always` transition are never shown, so they need no meta. */
const transient = (node: StateNode) => node.always !== undefined && node.always.length > 0;

// Loading a game's module compiles its screens too: slow on a busy machine, hence the time allowed.
describe.each(GAMES.map((g) => [g.id, g] as const))('rules links: %s', { timeout: 60_000 }, (id, entry) => {
  it('every state the table can see says what happens and links to existing sections', async () => {
    const { logic } = await entry.load();
    const rules = allRules()[id];
    expect(rules, `rules reference for ${id}`).toBeDefined();
    const ids = new Set(rules.sections.map((s) => s.id));
    const leaves = leafStates(logic.machine).filter((n) => !transient(n));
    expect(leaves.length).toBeGreaterThan(3);
    for (const node of leaves) {
      const meta = node.meta as StepMeta | undefined;
      expect(meta, `meta of ${node.id}`).toBeDefined();
      expect(meta!.title.length, `title of ${node.id}`).toBeGreaterThan(0);
      expect(meta!.now.length, `"now" of ${node.id}`).toBeGreaterThan(0);
      expect(meta!.rules.length, `rules links of ${node.id}`).toBeGreaterThan(0);
      for (const link of meta!.rules) expect(ids.has(link), `${node.id} -> #${link}`).toBe(true);
    }
  });
});

describe('rules links: Titans of Eden, as adapted per format and age', () => {
  const ids = new Set(allRules().titans.sections.map((s) => s.id));
  const check = (d: TitansDriver) => {
    const meta = Object.values(d.snapshot.getMeta()).at(-1) as StepMeta;
    const step = titansLogic.describeStep!(d.snapshot, d.setup, meta);
    for (const link of step.rules) expect(ids.has(link), `#${link}`).toBe(true);
    return step;
  };
  it.each<TitansFormat>(['duel', 'two-arenas', 'three-arenas'])(
    '%s: every step of a whole turn',
    (format) => {
      const d = new TitansDriver(titansSetup(format));
      const seen = new Set<string>();
      const visit = () => check(d).rules.forEach((r) => seen.add(r));
      visit();
      d.send({ type: 'BEGIN_AGES' });
      for (let i = 0; i < 15; i++) {
        visit();
        d.send({ type: 'NEXT' });
      }
      visit();
      d.battle(d.ctx.arenas.map(() => [1, 1]));
      visit();
      d.send({ type: 'NEXT' });
      visit();
      const battle = {
        duel: 'battle-duel',
        'two-arenas': 'battle-two-arena',
        'three-arenas': 'battle-three-arena'
      };
      expect(seen.has(battle[format])).toBe(true);
      expect(seen.has('trading-cards')).toBe(format !== 'duel');
    }
  );
});

describe('the app’s readings of unclear rules are written in the rules text', () => {
  // Each of these is a decision the Titans machine or randomizer makes (and tests) where the
  // rulebook is unclear; the reference must say so where the rule lives.
  const readings = [
    'ruling-avatar-mat-duel',
    'ruling-species',
    'ruling-battle-tie',
    'ruling-two-arena-one-temple',
    'ruling-spite'
  ];
  it.each(readings)('titans: %s', (id) => {
    const section = allRules().titans.sections.find((s) => s.id === id);
    expect(section?.kind).toBe('ruling');
    expect(section!.text.length).toBeGreaterThan(80);
  });
});

describe('Titans rules text, as corrected after a review against the rulebook', () => {
  const text = (id: string) => allRules().titans.sections.find((s) => s.id === id)!.text;
  it('the Temple entry: nobody is out in three arenas; a team wins when both opponents facing it are at 0', () => {
    expect(text('term-temple')).not.toMatch(/both arenas' worth/);
    expect(text('term-temple')).toMatch(/three arenas nobody is ever out/);
    expect(text('term-temple')).toMatch(/both of its opponents are at 0/);
  });
  it('Ghosts can be awakened, not only gained through Haunt or Spite', () => {
    expect(text('term-ghost')).toMatch(/awaken/);
  });
  it('Sacrifice: Ritual acts in the Sacrifice step, as one ability type with Sacrifice', () => {
    expect(text('ages')).toMatch(/one ability type with Sacrifice/);
    const d = new TitansDriver(titansSetup('duel'));
    d.send({ type: 'BEGIN_AGES' });
    for (let i = 0; i < 10; i++) d.send({ type: 'NEXT' });
    const meta = Object.values(d.snapshot.getMeta()).at(-1) as StepMeta;
    const now = titansLogic.describeStep!(d.snapshot, d.setup, meta).now;
    expect(now).toMatch(/then Sacrifice \(Sacrifice: Ritual included\)\./);
    expect(now).not.toMatch(/then Sacrifice, then Sacrifice: Ritual/);
  });
});
