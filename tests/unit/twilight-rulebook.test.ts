/**
 * Twilight of the Gods against its rulebook and its rules reference: the rulebook's sample turn
 * and Free Trade example played through the machine, every step linking to sections that exist
 * (as the machine says and as the game adapts it), and every decision the app makes where the
 * rulebook is unclear written down as a ruling.
 */
import { describe, expect, it } from 'vitest';
import { twilightLogic } from '../../src/lib/games/twilight/logic';
import { rulesFor } from '../../src/lib/rules/content';
import { STEP_META } from '../../src/lib/machines/twilight';
import type { StepMeta } from '../../src/lib/session/types';
import { TwilightDriver, twilightSetup } from '../fixtures/twilight';

const rules = rulesFor('twilight')!;
const ids = new Set(rules.sections.map((s) => s.id));

describe('the rulebook’s sample turn, played through the companion', () => {
  it('Bill (first, youngest) draws 1, trades I+II for I+II, places a I and Summons; Jane draws 2, is refused a Trade, Seizes a I and places a I', () => {
    // Bill is seat 0, Jane seat 1.
    const setup = {
      ...twilightSetup(2, { firstBy: 'youngest' }),
      players: [
        { id: 'bill', name: 'Bill' },
        { id: 'jane', name: 'Jane' }
      ]
    };
    const d = new TwilightDriver(setup).begin();
    // Bill's turn. Refresh: skipped on the first turn. Draw: 1 card, first turn of a two-player game.
    expect(d.step).toBe('draw');
    expect(d.player(0)).toMatchObject({ life: 42, hand: 8 });
    // Trade: one Lesser and one Greater each way.
    d.send({ type: 'TRADE', with: 1, give: 2, get: 2 });
    expect([d.player(0).aspect, d.player(1).aspect]).toEqual([2, 2]);
    // Seize: skipped, he traded.
    expect(d.reason({ type: 'SEIZE', from: 1, level: 1, source: 'hand' })).toBe(
      'Bill made a Trade this turn, so there is no Seize.'
    );
    // Resource: his Lesser. Summoning: a Creature costing I. Combat: it was just Summoned.
    d.send({ type: 'RESOURCE', level: 1 }).send({ type: 'SUMMON', cards: 1 });
    expect(d.player(0)).toMatchObject({ hand: 5, aspect: 1, resource: [1, 0, 0] });
    // End: the Lesser was spent on the Creature, so nothing decays.
    d.send({ type: 'END_TURN' });

    // Jane's turn: her first, so no Refresh either. Draw: 2.
    expect(d.step).toBe('draw');
    expect(d.player(1)).toMatchObject({ life: 41, hand: 7 });
    // Trade: Bill says "no trades" (nothing to record). Seize: a Lesser from Bill's Hand.
    expect(d.line({ type: 'SEIZE', from: 0, level: 1, source: 'hand' })).toBe(
      'Jane seizes a Lesser (I) from Bill’s Hand: destroys 1, discards 2'
    );
    expect(d.player(1)).toMatchObject({ hand: 4, destroyed: 1, discard: 2, aspect: 3 });
    expect(d.player(0).hand).toBe(4);
    // Resource: a Lesser into play, kept Fresh for her Scheme; a Fresh Aspect causes no Decay.
    d.send({ type: 'RESOURCE', level: 1 }).send({
      type: 'DECAY',
      unused: [
        [0, 0, 0],
        [0, 0, 0]
      ]
    });
    expect(d.player(1)).toMatchObject({ aspect: 2, resource: [1, 0, 0], life: 41 });
    d.send({ type: 'END_TURN' });
    // Bill's second turn has a Refresh Phase and draws 2.
    expect(d.step).toBe('refresh.cards');
    expect(d.player(0)).toMatchObject({ life: 40, hand: 6 });
  });

  it('the Free Trade example: Bill’s counter-offer of one I and one II each way', () => {
    const d = new TwilightDriver(twilightSetup(2, { first: 1 })).begin();
    d.send({ type: 'TRADE', with: 0, give: 2, get: 2 });
    expect([d.player(0).aspect, d.player(1).aspect]).toEqual([2, 2]);
    expect([d.player(0).hand, d.player(1).hand]).toEqual([5, 6]);
  });
});

describe('rules links', () => {
  it('every step links to sections that exist', () => {
    for (const [step, meta] of Object.entries(STEP_META)) {
      for (const id of meta.rules) expect(ids.has(id), `${step} -> #${id}`).toBe(true);
    }
  });
  it('as the game adapts them, through the draft, the opening and whole turns, for 2 and 3 players', () => {
    const check = (d: TwilightDriver) => {
      const meta = Object.values(d.snapshot.getMeta() as Record<string, StepMeta>)
        .filter((m) => m?.title)
        .at(-1)!;
      const step = twilightLogic.describeStep!(d.snapshot, d.setup, meta);
      for (const id of step.rules) expect(ids.has(id), `#${id}`).toBe(true);
      expect(step.now).not.toMatch(/undefined|NaN/);
    };
    for (const players of [2, 3]) {
      const d = new TwilightDriver(twilightSetup(players, { draft: true }));
      check(d);
      for (let seat = 0; seat < players * 2; seat++) {
        const s = seat % players;
        d.send({ type: 'DRAFT_KEEP', seat: s, deity: d.ctx.draft!.deities.hands[s][0] });
        check(d);
      }
      for (let pile = 0; pile < 3; pile++) d.send({ type: 'PILE_DONE' });
      check(d);
      for (let s = 0; s < players; s++)
        d.send({ type: 'CHOOSE_DEITY', seat: s, deity: d.ctx.draft!.deities.kept[s][0], conviction: true });
      check(d);
      d.begin();
      for (let turn = 0; turn < players + 1; turn++) {
        check(d);
        while (d.step !== 'end.decay') {
          d.send({ type: 'NEXT' });
          check(d);
        }
        d.send({ type: 'END_TURN' });
      }
      d.send({ type: 'HIT_LIFE', target: (d.ctx.active + 1) % players, life: 60 });
      if (players === 2) {
        expect(d.is('over')).toBe(true);
        check(d);
      }
    }
  });
});

describe('the app’s readings of unclear rules are written in the rules text', () => {
  // Each is a decision the machine, a calculator or a randomizer makes and tests.
  const readings = [
    'ruling-seize-discounts',
    'ruling-payback',
    'ruling-seize-own-discount',
    'ruling-forced-trade',
    'ruling-decay',
    'ruling-simultaneous-loss',
    'ruling-damage-beyond',
    'ruling-out-own-turn',
    'ruling-team-win',
    'ruling-multi-attack',
    'ruling-same-deity',
    'ruling-draft-pool',
    'ruling-draft',
    'ruling-resource-ae'
  ];
  it.each(readings)('%s', (id) => {
    const section = rules.sections.find((s) => s.id === id);
    expect(section?.kind).toBe('ruling');
    expect(section!.text.length).toBeGreaterThan(80);
  });
  it('Seize Example 2 is restated as the rulebook has it: Jane’s Aspect Stack stays at 3', () => {
    const example = rules.sections.find((s) => s.id === 'example-seize-2')!.text;
    expect(example).toMatch(/Bill now has 1, Jane still 3/);
    expect(example).toMatch(/Bill has 2, Jane 3/);
    expect(example).not.toMatch(/Jane now has 2/);
  });
});
