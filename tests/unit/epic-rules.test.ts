/**
 * Epic's rules reference against the companion: every state's meta and every adapted step banner
 * link to sections that exist; each reading the app makes is written where its rule lives; the
 * reviewed errata stay fixed (sections on the page their heading names, one word for preparing).
 */
import { describe, expect, it } from 'vitest';
import type { StateNode } from 'xstate';
import { allRules } from '../../src/lib/rules/content';
import { epicMachine } from '../../src/lib/machines/epic';
import type { StepMeta } from '../../src/lib/session/types';
import { EpicDriver, epicSetup } from '../fixtures/epic';

const rules = allRules().epic;
const ids = new Set(rules.sections.map((s) => s.id));
const pageOf = (id: string) => rules.sections.find((s) => s.id === id)?.page;

describe('Epic rules links', () => {
  it('every state the table can see links to existing sections', () => {
    const walk = (node: StateNode): StateNode[] => {
      const kids = Object.values(node.states) as StateNode[];
      return kids.length ? kids.flatMap(walk) : [node];
    };
    const leaves = walk(epicMachine.root as unknown as StateNode).filter(
      (n) => !(n.always?.length && !n.meta)
    );
    expect(leaves.length).toBeGreaterThan(10);
    for (const node of leaves) {
      const meta = node.meta as StepMeta;
      expect(meta, node.id).toBeDefined();
      for (const link of meta.rules) expect(ids.has(link), `${node.id} -> #${link}`).toBe(true);
    }
  });

  it('the banners adapted to format, turn and match link to existing sections', () => {
    const seen = new Set<string>();
    const check = (d: EpicDriver) => {
      const meta = d.meta();
      seen.add(meta.title);
      for (const link of meta.rules) expect(ids.has(link), `${meta.title} -> #${link}`).toBe(true);
    };
    for (const format of ['draft', 'sealed', 'pack-war', 'designed'] as const) {
      const d = new EpicDriver(
        epicSetup(2, { format, packs: format === 'draft' ? 2 : undefined, match: true })
      );
      check(d);
      if (d.is('draft')) {
        d.send({ type: 'DECKS_READY' });
        check(d);
      }
      d.begin();
      check(d);
      d.send({ type: 'NEXT_TURN' });
      for (let i = 0; i < 10; i++) {
        check(d);
        d.send(d.is({ game: { battle: 'ready' } }) && i < 3 ? { type: 'ATTACK' } : { type: 'NEXT' });
      }
      d.mojo('p1', -30, 'card');
      check(d);
    }
    expect(seen.size).toBeGreaterThan(12);
  });
});

describe('Epic readings of unclear rules are written down', () => {
  const readings = [
    'ruling-first-turn',
    'ruling-all-out',
    'ruling-active-out',
    'ruling-match-tie',
    'ruling-empty-deck',
    'ruling-damage-ward-battle',
    'ruling-breakthrough',
    'ruling-negative-example',
    'ruling-break-damage',
    'ruling-group-block',
    'ruling-sideboard-formats',
    'ruling-pack-war-deck',
    'ruling-draft-two',
    'ruling-mulligan-shuffle'
  ];
  it.each(readings)('%s', (id) => {
    const section = rules.sections.find((s) => s.id === id);
    expect(section?.kind).toBe('ruling');
    expect(section!.text.length).toBeGreaterThan(80);
  });
});

describe('Epic rules errata stay fixed', () => {
  it('objects and events sit with the card types; every keyword sits on the Keywords page', () => {
    expect(pageOf('objects')).toBe('cards');
    expect(pageOf('events')).toBe('cards');
    const keywords = rules.sections.filter((s) => s.id.startsWith('kw-'));
    expect(keywords.length).toBeGreaterThanOrEqual(12);
    for (const s of keywords) expect(s.page, s.id).toBe('keywords');
    const onKeywords = rules.sections.filter((s) => s.page === 'keywords' && s.level > 2);
    for (const s of onKeywords) expect(s.id, 'only keywords and their readings').toMatch(/^(kw-|ruling-)/);
  });

  it('triggers, lasting abilities and negative numbers are on the Timing page', () => {
    for (const id of ['as-triggers', 'when-triggers', 'continuous', 'continuous-order', 'negative-numbers']) {
      expect(pageOf(id), id).toBe('timing');
    }
  });

  it('one word for preparing: expended cards prepare in their controller’s Prepare Step', () => {
    const text = rules.sections.map((s) => s.text).join('\n');
    expect(text).toContain('prepare in their controller');
    expect(text).not.toMatch(/owner's (next )?Prepare/);
  });
});
