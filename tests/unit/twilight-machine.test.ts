/**
 * The Twilight of the Gods statechart, rule by rule: the opening, the eight phases in Guide me and
 * in the quick flow, Trade, Seize, Resource, combat damage, Decay, the Deity Power, corrections,
 * players dropping out, and whole games to their end at every table size.
 */
import { describe, expect, it } from 'vitest';
import type { StateNode } from 'xstate';
import { twilightLogic } from '../../src/lib/games/twilight/logic';
import type { TwilightEvent } from '../../src/lib/games/twilight/table';
import { STEPS, twilightMachine, type StepId } from '../../src/lib/machines/twilight';
import type { StepMeta } from '../../src/lib/session/types';
import { TwilightDriver, twilightSetup } from '../fixtures/twilight';

const titleOf = (d: TwilightDriver) => {
  const meta = Object.values(d.snapshot.getMeta() as Record<string, StepMeta>)
    .filter((m) => m?.title)
    .at(-1)!;
  return twilightLogic.describeStep!(d.snapshot, d.setup, meta);
};

/** Ana and Ben, past the opening: Ana's first turn, at the Draw step. */
const duel = () => new TwilightDriver(twilightSetup(2)).begin();

/** Walks Guide me from wherever the turn is to its last step, recording the steps seen. */
function walk(d: TwilightDriver): StepId[] {
  const seen: StepId[] = [d.step!];
  while (d.step !== 'end.decay') {
    d.send({ type: 'NEXT' });
    seen.push(d.step!);
  }
  return seen;
}

describe('Twilight: every state says what to do', () => {
  it('every state the table can see has a title, a line on what to do, Active Effects, and rules links', () => {
    const leaves: StateNode<any, any>[] = [];
    const visit = (node: StateNode<any, any>) => {
      const children = Object.values(node.states) as StateNode<any, any>[];
      // Leaves without meta are passed through at once (the start of the game and of a turn).
      if (children.length === 0) {
        if (node.meta) leaves.push(node);
        else expect(node.always?.length, node.id).toBeGreaterThan(0);
      }
      children.forEach(visit);
    };
    visit(twilightMachine.root);
    // 17 turn steps, 3 draft steps, the opening, game over.
    expect(leaves.length).toBe(STEPS.length + 5);
    for (const node of leaves) {
      const meta = node.meta as StepMeta;
      expect(meta?.title, node.id).toMatch(/\w{3,}/);
      expect(meta.now, node.id).toMatch(/\w{3,}/);
      expect(meta.rules.length, node.id).toBeGreaterThan(0);
    }
    for (const step of STEPS) {
      const node = leaves.find((n) => n.id === `twilight.turn.${step.replace('.', '-')}`)!;
      expect((node.meta as StepMeta).now, step).toMatch(/Active Effects|end the turn/);
    }
  });
});

describe('Twilight: the opening', () => {
  it('7 in hand: a 50-card deck leaves 43 in the Life Stack; one mulligan each, the count unchanged', () => {
    const d = new TwilightDriver(twilightSetup(2));
    expect(d.is('opening')).toBe(true);
    expect(d.lives()).toEqual([43, 43]);
    expect(d.line({ type: 'MULLIGAN', seat: 1 })).toBe('Ben takes a mulligan (Life Stack stays 43)');
    expect(d.lives()).toEqual([43, 43]);
    expect(d.player(1).hand).toBe(7);
    expect(d.refuse({ type: 'MULLIGAN', seat: 1 })).toBe('Ben has had the one mulligan already.');
    d.send({ type: 'MULLIGAN', seat: 0 });
    expect(d.refuse({ type: 'MULLIGAN', seat: 3 })).toBe('That player is not at the table.');
  });
  it('the first player draws 1 on the very first turn of a two-player game, and skips the Refresh Phase', () => {
    const d = new TwilightDriver(twilightSetup(2, { first: 1 }));
    expect(d.line({ type: 'BEGIN' })).toBe('Turn 1: Ben draws 1 (Life Stack 42)');
    expect(d.ctx.active).toBe(1);
    expect(d.step).toBe('draw');
    expect(d.player(1).hand).toBe(8);
    expect(titleOf(d).now).toMatch(/draws just 1 card/);
    expect(d.refuse({ type: 'MULLIGAN', seat: 0 })).toBe('Mulligans are taken before the first turn.');
  });
  it('in multiplayer the first player draws 2', () => {
    const d = new TwilightDriver(twilightSetup(3)).begin();
    expect(d.lives()).toEqual([41, 43, 43]);
    expect(titleOf(d).now).toMatch(/draws 2 cards: in multiplayer/);
  });
  it('an Extended game starts each Life Stack at its own deck size less 7', () => {
    const d = new TwilightDriver(twilightSetup(2, { extended: true, decks: [80, 51] }));
    expect(d.lives()).toEqual([73, 44]);
  });
  it('turn events wait for the game to begin', () => {
    const d = new TwilightDriver(twilightSetup(2));
    expect(d.refuse({ type: 'TRADE', with: 1, give: 1, get: 1 })).toBe(
      'The game has not begun: keep the opening hands (or mulligan), then begin.'
    );
    expect(d.refuse({ type: 'DRAFT_PICK' })).toBe('There is no draft in this game.');
  });
});

describe('Twilight: Guide me walks every step', () => {
  it('a first turn starts at Draw; a later turn walks Refresh (3 steps) through End (3 steps), 17 in all', () => {
    const d = duel();
    expect(walk(d)).toEqual(STEPS.slice(STEPS.indexOf('draw')));
    d.send({ type: 'END_TURN' });
    // Ben's first turn: no Refresh either.
    expect(d.step).toBe('draw');
    walk(d);
    d.send({ type: 'END_TURN' });
    expect(d.ctx.turn).toBe(3);
    expect(walk(d)).toEqual([...STEPS]);
  });
  it('titles name the player and the step; the banner line adapts to the game', () => {
    const d = duel();
    expect(titleOf(d).title).toBe('Ana · Draw');
    d.send({ type: 'NEXT' });
    expect(titleOf(d).title).toBe('Ana · Trade');
    d.send({ type: 'TRADE', with: 1, give: 1, get: 2 }).send({ type: 'NEXT' });
    expect(titleOf(d).now).toBe('Ana traded this turn, so there is no Seize. No Active Effects.');
    d.send({ type: 'NEXT' });
    expect(titleOf(d).title).toBe('Ana · Resource');
    d.send({ type: 'RESOURCE', level: 2 }).send({ type: 'NEXT' });
    expect(titleOf(d).now).toMatch(/Creature Limit: 0 Lesser, 1 Greater, 0 Exalted\.$/);
  });
  it('combat names the defender and their stacks; Decay lists what each player has in play', () => {
    const d = duel().send({ type: 'HIT_LIFE', target: 1, life: 2 });
    expect(titleOf(d).now).toMatch(/Defending: Ben \(Life Stack 41, Discard Stack 2\)\.$/);
    d.send({ type: 'NEXT' }).send({ type: 'NEXT' }).send({ type: 'NEXT' });
    expect(d.step).toBe('end.decay');
    expect(titleOf(d).now).toMatch(/Nobody has Aspects in play yet\.$/);
    d.send({ type: 'ADJUST', seat: 1, pile: 'resource2', delta: 2 });
    expect(titleOf(d).now).toMatch(/In play: Ben I 0 · II 2 · III 0\.$/);
  });
  it('the Seize banner quotes the price of a Lesser from each opponent', () => {
    const d = duel().send({ type: 'NEXT' }).send({ type: 'NEXT' });
    expect(d.step).toBe('seize');
    expect(titleOf(d).now).toMatch(/a Lesser from Ben: set aside 3 · destroy 1, discard 2 \(8 in Hand\)\.$/);
  });
  it('no attack skips the rest of combat; the last step only ends the turn', () => {
    const d = duel();
    while (d.step !== 'combat.attackers') d.send({ type: 'NEXT' });
    d.send({ type: 'NO_ATTACK' });
    expect(d.step).toBe('end.recover');
    d.send({ type: 'NEXT' }).send({ type: 'NEXT' });
    expect(d.refuse({ type: 'NEXT' })).toBe('This is the last step: end the turn.');
    expect(d.refuse({ type: 'NO_ATTACK' })).toBe('Skip combat when attackers are declared.');
  });
});

describe('Twilight: the quick flow', () => {
  it('every event that carries information is taken from any earlier step and moves the turn to its step', () => {
    const d = duel();
    d.send({ type: 'SEIZE', from: 1, level: 1, source: 'hand' });
    expect(d.step).toBe('seize');
    d.send({ type: 'RESOURCE', level: 1 });
    expect(d.step).toBe('resource');
    d.send({ type: 'HIT_DISCARD', target: 1, life: 2 });
    expect(d.step).toBe('combat.discard');
    d.send({ type: 'HIT_LIFE', target: 1, life: 2 });
    expect(d.step).toBe('combat.life');
    d.send({
      type: 'DECAY',
      unused: [
        [1, 0, 0],
        [0, 0, 0]
      ]
    });
    expect(d.step).toBe('end.decay');
    d.send({ type: 'END_TURN' });
    expect(d.ctx.active).toBe(1);
  });
  it('an event whose phase is over is refused with the reason, and nothing changes', () => {
    const d = duel().send({ type: 'TRADE', with: 1, give: 1, get: 1 }).send({ type: 'RESOURCE', level: 1 });
    expect(d.refuse({ type: 'TRADE', with: 1, give: 1, get: 1 })).toBe(
      'The Trade Phase is over for this turn.'
    );
    expect(d.refuse({ type: 'SEIZE', from: 1, level: 1, source: 'hand' })).toBe(
      'The Seize Phase is over for this turn.'
    );
    d.send({
      type: 'DECAY',
      unused: [
        [0, 0, 0],
        [0, 0, 0]
      ]
    });
    expect(d.refuse({ type: 'HIT_LIFE', target: 1, life: 1 })).toBe('Combat is over for this turn.');
  });
  it('a turn ends with one event from wherever the table is', () => {
    for (const steps of [0, 3, 9]) {
      const d = duel();
      for (let i = 0; i < steps; i++) d.send({ type: 'NEXT' });
      d.send({ type: 'END_TURN' });
      expect(d.ctx.active).toBe(1);
      expect(d.ctx.turn).toBe(2);
    }
  });
  it('the Resource Phase is not skipped: with Aspects waiting, Guide me cannot pass it and the turn cannot end', () => {
    const d = duel().send({ type: 'TRADE', with: 1, give: 2, get: 2 });
    const owed =
      'First the Resource Phase: Ana puts an Aspect from the Aspect Stack into the Resource Area (I, II or III).';
    expect(d.refuse({ type: 'END_TURN' })).toBe(owed);
    d.send({ type: 'NEXT' }).send({ type: 'NEXT' });
    expect(d.step).toBe('resource');
    expect(d.refuse({ type: 'NEXT' })).toBe(owed);
    d.send({ type: 'RESOURCE', level: 3 }).send({ type: 'NEXT' });
    expect(d.step).toBe('summoning');
    expect(d.player(0).resource).toEqual([0, 0, 1]);
  });
  it('the quick flow may tell the app the level late, after an attack or Decay, but before the turn ends', () => {
    const d = duel().send({ type: 'TRADE', with: 1, give: 2, get: 2 });
    d.send({ type: 'HIT_LIFE', target: 1, life: 3 }).send({
      type: 'DECAY',
      unused: [
        [0, 0, 0],
        [0, 0, 0]
      ]
    });
    expect(d.step).toBe('end.decay');
    expect(d.refuse({ type: 'END_TURN' })).toMatch(/^First the Resource Phase/);
    d.send({ type: 'RESOURCE', level: 2 });
    // Told late, the level does not take the turn back to the Resource step.
    expect(d.step).toBe('end.decay');
    d.send({ type: 'END_TURN' });
    expect(d.ctx.active).toBe(1);
    expect(d.player(0).resource).toEqual([0, 1, 0]);
  });
  it('End turn may carry the Resource level, so a turn still ends in one tap from its last decision', () => {
    const d = duel()
      .send({ type: 'TRADE', with: 1, give: 2, get: 2 })
      .send({ type: 'HIT_LIFE', target: 1, life: 3 });
    expect(d.line({ type: 'END_TURN', place: 2 })).toBe(
      'Ana puts a Greater (II) into the Resource Area and ends the turn · Turn 2: Ben draws 2 (Life Stack 38)'
    );
    expect(d.player(0)).toMatchObject({ aspect: 1, resource: [0, 1, 0] });
    // The same as telling the level first, then ending the turn.
    const e = duel()
      .send({ type: 'TRADE', with: 1, give: 2, get: 2 })
      .send({ type: 'HIT_LIFE', target: 1, life: 3 });
    e.send({ type: 'RESOURCE', level: 2 }).send({ type: 'END_TURN' });
    expect(e.ctx).toEqual(d.ctx);
    // Only a real level, and only while the Aspect is still owed.
    expect(d.refuse({ type: 'END_TURN', place: 4 as 1 })).toBe(
      'Put a Lesser (I), Greater (II) or Exalted (III) Aspect into play.'
    );
    d.send({ type: 'RESOURCE', level: 1 });
    expect(d.refuse({ type: 'END_TURN', place: 1 })).toBe(
      'Ben has put the Resource Phase’s Aspect into play already.'
    );
  });
  it('Guide me and the quick flow reach the same state with the same number-changing events', () => {
    const events: TwilightEvent[] = [
      { type: 'TRADE', with: 1, give: 1, get: 2 },
      { type: 'RESOURCE', level: 2 },
      { type: 'SUMMON', cards: 1 },
      { type: 'HIT_LIFE', target: 1, life: 3 },
      {
        type: 'DECAY',
        unused: [
          [0, 1, 0],
          [0, 0, 0]
        ]
      },
      { type: 'END_TURN' }
    ];
    const home: Partial<Record<TwilightEvent['type'], StepId>> = {
      TRADE: 'trade',
      RESOURCE: 'resource',
      SUMMON: 'summoning',
      HIT_LIFE: 'combat.life',
      DECAY: 'end.decay'
    };
    const quick = duel();
    events.forEach((e) => quick.send(e));
    const guided = duel();
    for (const e of events) {
      // Walk with NEXT to the event's own step before sending it, as Guide me does.
      while (home[e.type] && guided.step !== home[e.type]) guided.send({ type: 'NEXT' });
      guided.send(e);
    }
    expect(guided.snapshot.value).toEqual(quick.snapshot.value);
    expect(guided.ctx).toEqual(quick.ctx);
    expect(guided.log.filter((e) => !twilightLogic.stepEvents.includes(e.type))).toEqual(quick.log);
  });
  it('an ordinary turn is four events: a Trade and an attack (numbers), a Resource level, End turn', () => {
    const d = duel();
    const before = d.log.length;
    d.quick({ trade: { give: 1, get: 1 }, resource: 1, hits: [{ stack: 'life', life: 2 }] });
    expect(d.log.slice(before).map((e) => e.type)).toEqual(['TRADE', 'RESOURCE', 'HIT_LIFE', 'END_TURN']);
  });
});

describe('Twilight: Trade', () => {
  it('a Free Trade moves cards from each Hand into the other’s Aspect Stack; it need not be even', () => {
    const d = duel();
    expect(d.line({ type: 'TRADE', with: 1, give: 1, get: 2 })).toBe(
      'Ana trades with Ben: gives 1, gets 2 (Aspect Stacks 2 · 1)'
    );
    expect([d.player(0).hand, d.player(1).hand]).toEqual([7, 5]);
    expect([d.player(0).aspect, d.player(1).aspect]).toEqual([2, 1]);
  });
  it('one successful Trade per Trade Phase in a two-player game', () => {
    const d = duel().send({ type: 'TRADE', with: 1, give: 1, get: 1 });
    const once = 'Ana has already traded this turn: one Trade per Trade Phase.';
    expect(d.refuse({ type: 'TRADE', with: 1, give: 1, get: 1 })).toBe(once);
    expect(d.refuse({ type: 'FORCED_TRADE', with: 1 })).toBe(once);
  });
  it('multiplayer: one successful Trade with each opponent', () => {
    const d = new TwilightDriver(twilightSetup(3)).begin();
    d.send({ type: 'TRADE', with: 1, give: 1, get: 1 }).send({ type: 'TRADE', with: 2, give: 1, get: 1 });
    expect(d.refuse({ type: 'TRADE', with: 2, give: 1, get: 1 })).toBe(
      'Ana has already traded with Cy this turn.'
    );
  });
  it('a Forced Trade swaps the top cards of both Life Stacks into the other’s Aspect Stack', () => {
    const d = duel();
    expect(d.line({ type: 'FORCED_TRADE', with: 1 })).toBe(
      'Ana forces a Trade with Ben: top cards swapped (Life Stacks 41 · 42)'
    );
    expect([d.player(0).aspect, d.player(1).aspect]).toEqual([1, 1]);
  });
  it('impossible Trades are refused with a reason and nothing changes', () => {
    const d = duel();
    expect(d.refuse({ type: 'TRADE', with: 1, give: 9, get: 1 })).toBe(
      'Ana has 8 in Hand, so cannot give 9.'
    );
    expect(d.refuse({ type: 'TRADE', with: 1, give: 1, get: 8 })).toBe(
      'Ben has 7 in Hand, so cannot give 8.'
    );
    expect(d.refuse({ type: 'TRADE', with: 1, give: 0, get: 0 })).toBe('A Trade moves at least one card.');
    expect(d.refuse({ type: 'TRADE', with: 1, give: 1.5, get: 1 })).toBe(
      'Cards given must be a whole number.'
    );
    expect(d.refuse({ type: 'TRADE', with: 0, give: 1, get: 1 })).toBe('Ana cannot trade with themselves.');
    expect(d.refuse({ type: 'TRADE', with: 5, give: 1, get: 1 })).toBe('That player is not at the table.');
  });
});

describe('Twilight: Seize', () => {
  it('Seize Example 1: a Lesser from the opponent’s Hand: destroy 1, discard 2', () => {
    const d = duel();
    expect(d.line({ type: 'SEIZE', from: 1, level: 1, source: 'hand' })).toBe(
      'Ana seizes a Lesser (I) from Ben’s Hand: destroys 1, discards 2'
    );
    expect(d.player(0)).toMatchObject({ hand: 5, destroyed: 1, discard: 2, aspect: 1 });
    expect(d.player(1).hand).toBe(6);
  });
  it('Seize Example 2 in play: Bill 0 v Jane 3 discards 1, then 1, then 2; Jane’s Aspect Stack stays 3', () => {
    // Ana is Jane, Ben is Bill. Jane ends her turn with 3 Aspects waiting; Bill seizes three times.
    const d = duel()
      .send({ type: 'ADJUST', seat: 0, pile: 'aspect', delta: 4 })
      .send({ type: 'RESOURCE', level: 1 });
    d.send({ type: 'END_TURN' }).send({ type: 'ADJUST', seat: 1, pile: 'hand', delta: 3 });
    expect([d.player(1).aspect, d.player(0).aspect]).toEqual([0, 3]);
    const discards: number[] = [];
    for (const source of ['hand', 'life', 'hand'] as const) {
      const before = d.player(1).discard;
      d.send({ type: 'SEIZE', from: 0, level: 1, source });
      discards.push(d.player(1).discard - before);
      expect(d.player(0).aspect).toBe(3);
    }
    expect(discards).toEqual([1, 1, 2]);
    expect(d.player(1)).toMatchObject({ aspect: 3, destroyed: 3 });
  });
  it('Seize Example 3: a Greater from the seizer’s own Life Stack: destroy 1, discard 1, a card off that Life Stack', () => {
    const d = duel();
    expect(d.line({ type: 'SEIZE', from: 1, level: 2, source: 'own' })).toBe(
      'Ana seizes a Greater (II) from own Life Stack: destroys 1, discards 1; Ana −1 Life Stack'
    );
    expect(d.player(0)).toMatchObject({ hand: 6, destroyed: 1, discard: 1, aspect: 1, life: 41 });
    expect(d.player(1)).toMatchObject({ hand: 7, life: 43 });
  });
  it('only when no Trade succeeded (two players); seizing again is fine while the Hand pays', () => {
    const d = duel().send({ type: 'TRADE', with: 1, give: 1, get: 1 });
    expect(d.refuse({ type: 'SEIZE', from: 1, level: 1, source: 'hand' })).toBe(
      'Ana made a Trade this turn, so there is no Seize.'
    );
    const e = duel();
    e.send({ type: 'SEIZE', from: 1, level: 1, source: 'hand' });
    e.send({ type: 'SEIZE', from: 1, level: 1, source: 'life' });
    expect(e.player(0).hand).toBe(2);
    expect(e.player(1).life).toBe(42);
  });
  it('seizing with too few cards in Hand is refused with the price, and nothing changes', () => {
    const d = duel().send({ type: 'SEIZE', from: 1, level: 2, source: 'hand' });
    expect(d.player(0).hand).toBe(4);
    expect(d.refuse({ type: 'SEIZE', from: 1, level: 3, source: 'hand' })).toBe(
      'Seizing an Exalted (III) from Ben sets aside 5 cards; Ana has 4 in Hand.'
    );
  });
  it('the Aspect must be where the table says it was found', () => {
    const d = duel().send({ type: 'ADJUST', seat: 1, pile: 'hand', delta: -7 });
    expect(d.refuse({ type: 'SEIZE', from: 1, level: 1, source: 'hand' })).toBe('Ben has no cards in Hand.');
    expect(d.refuse({ type: 'SEIZE', from: 1, level: 4 as 1, source: 'hand' })).toBe(
      'Seize a Lesser (I), Greater (II) or Exalted (III) Aspect.'
    );
    expect(d.refuse({ type: 'SEIZE', from: 1, level: 1, source: 'deck' as 'hand' })).toBe(
      'Say where the Aspect was found.'
    );
  });
  it('multiplayer: Seize from anyone not traded with, with both discounts (stack and payback)', () => {
    // Ana, Ben, Cy. Ana seizes once from Cy. Cy, on her turn, seizes an Exalted from Ana, who holds
    // 4 Aspects: −2 for the stack, −1 payback: destroy 1, discard 1.
    const d = new TwilightDriver(twilightSetup(3)).begin();
    d.send({ type: 'TRADE', with: 1, give: 1, get: 1 });
    expect(d.refuse({ type: 'SEIZE', from: 1, level: 1, source: 'hand' })).toBe(
      'Ana traded with Ben this turn, so cannot Seize from them.'
    );
    d.send({ type: 'SEIZE', from: 2, level: 1, source: 'hand' });
    d.send({ type: 'ADJUST', seat: 0, pile: 'aspect', delta: 3 }).send({ type: 'RESOURCE', level: 1 });
    expect(d.player(0).aspect).toBe(4);
    d.send({ type: 'END_TURN' }).send({ type: 'RESOURCE', level: 1 }).send({ type: 'END_TURN' });
    expect(d.ctx.active).toBe(2);
    const cy = d.player(2);
    expect(d.line({ type: 'SEIZE', from: 0, level: 3, source: 'hand' })).toBe(
      'Cy seizes an Exalted (III) from Ana’s Hand: destroys 1, discards 1 (3 off)'
    );
    expect(d.player(2)).toMatchObject({ hand: cy.hand - 2, destroyed: 1, discard: 1 });
    // The payback was 1 card in all: a second Seize gets only the stack discount.
    d.send({ type: 'SEIZE', from: 0, level: 3, source: 'hand' });
    expect(d.player(2).discard).toBe(1 + 2);
    d.send({ type: 'RESOURCE', level: 3 }).send({ type: 'END_TURN' });
    // Ana's turn: Cy seized from her twice, but took a payback from her, so Ana gets none back.
    expect(d.ctx.active).toBe(0);
    const before = d.player(0).discard;
    d.send({ type: 'SEIZE', from: 2, level: 1, source: 'hand' });
    expect(d.player(0).discard - before).toBe(2);
  });
  it('multiplayer payback without the stack discount: −X for X seizes on their last turn', () => {
    const d = new TwilightDriver(twilightSetup(3)).begin();
    d.send({ type: 'SEIZE', from: 1, level: 1, source: 'hand' }).send({
      type: 'SEIZE',
      from: 1,
      level: 1,
      source: 'hand'
    });
    d.send({ type: 'RESOURCE', level: 1 }).send({ type: 'RESOURCE', level: 1 }).send({ type: 'END_TURN' });
    expect(d.ctx.active).toBe(1);
    expect(d.player(0).aspect).toBe(0);
    // Ben seizes a Greater from Ana: 3 discards, less a payback of 2.
    expect(d.line({ type: 'SEIZE', from: 0, level: 2, source: 'hand' })).toBe(
      'Ben seizes a Greater (II) from Ana’s Hand: destroys 1, discards 1 (2 off)'
    );
  });
  it('a Seize from a Life Stack can knock a player out', () => {
    const d = duel().send({ type: 'ADJUST', seat: 1, pile: 'life', delta: -42 });
    expect(d.line({ type: 'SEIZE', from: 1, level: 1, source: 'life' })).toMatch(
      /Ben −1 Life Stack · Ben is out · Ana wins$/
    );
    expect(d.snapshot.status).toBe('done');
  });
});

describe('Twilight: Resource, Summoning and the Deity Power', () => {
  it('one card from the Aspect Stack into the Resource Area by level, which sets the Creature Limit', () => {
    const d = duel().send({ type: 'TRADE', with: 1, give: 0, get: 3 });
    expect(d.line({ type: 'RESOURCE', level: 2 })).toBe(
      'Ana puts a Greater (II) into the Resource Area (I 0 · II 1 · III 0)'
    );
    expect(d.player(0)).toMatchObject({ aspect: 2, resource: [0, 1, 0] });
    // Card effects may allow more than one in the Resource Phase.
    d.send({ type: 'RESOURCE', level: 1 });
    expect(d.player(0).resource).toEqual([1, 1, 0]);
  });
  it('an empty Aspect Stack has nothing to place, and the turn goes on without it', () => {
    const d = duel().send({ type: 'NEXT' }).send({ type: 'NEXT' }).send({ type: 'NEXT' });
    expect(d.refuse({ type: 'RESOURCE', level: 1 })).toBe('Ana’s Aspect Stack is empty.');
    expect(titleOf(d).now).toMatch(/empty: nothing to put into play/);
    d.send({ type: 'NEXT' });
    expect(d.step).toBe('summoning');
  });
  it('Summoning takes cards from the Hand, never more than it holds', () => {
    const d = duel();
    expect(d.line({ type: 'SUMMON', cards: 3 })).toBe('Ana plays 3 cards from Hand (5 left)');
    expect(d.refuse({ type: 'SUMMON', cards: 6 })).toBe('Ana has 5 in Hand, so cannot play 6.');
    expect(d.refuse({ type: 'SUMMON', cards: 0 })).toBe('Cards played must be between 1 and 999.');
  });
  it('each Deity Power starts available and is spent once', () => {
    const d = duel();
    expect(d.ctx.players.map((p) => p.power)).toEqual(['available', 'available']);
    expect(d.line({ type: 'DEITY_POWER', seat: 1 })).toBe('Ben spends Hera’s Deity Power');
    expect(d.refuse({ type: 'DEITY_POWER', seat: 1 })).toBe('Ben’s Deity Power is already spent.');
  });
});

describe('Twilight: combat damage', () => {
  it('an unblocked attacker on the Life Stack moves its current Life in cards to the Discard Stack', () => {
    const d = duel().send({ type: 'ADJUST', seat: 1, pile: 'discard', delta: 1 });
    // A later round: the Corrupt Tribune (Life 2) gets through.
    expect(d.line({ type: 'HIT_LIFE', target: 1, life: 2 })).toBe(
      'Ben −2 Life Stack, unblocked attacker of Life 2 (41 left)'
    );
    expect(d.player(1)).toMatchObject({ life: 41, discard: 3 });
  });
  it('on the Discard Stack it Destroys half its Life rounded up: Life 1 to 6 destroy 1, 1, 2, 2, 3, 3', () => {
    const lost = [1, 2, 3, 4, 5, 6].map((life) => {
      const d = duel().send({ type: 'ADJUST', seat: 1, pile: 'discard', delta: 10 });
      d.send({ type: 'HIT_DISCARD', target: 1, life });
      expect(d.player(1).destroyed).toBe(10 - d.player(1).discard);
      return 10 - d.player(1).discard;
    });
    expect(lost).toEqual([1, 1, 2, 2, 3, 3]);
  });
  it('the stacks damage example: one Legionnaires (Life 1) on each stack', () => {
    const d = duel().send({ type: 'ADJUST', seat: 1, pile: 'discard', delta: 4 });
    d.send({ type: 'HIT_DISCARD', target: 1, life: 1 }).send({ type: 'HIT_LIFE', target: 1, life: 1 });
    expect(d.player(1)).toMatchObject({ life: 42, discard: 4, destroyed: 1 });
  });
  it('our reading: damage bigger than a stack takes what is there', () => {
    const d = duel().send({ type: 'ADJUST', seat: 1, pile: 'discard', delta: 1 });
    expect(d.line({ type: 'HIT_DISCARD', target: 1, life: 6 })).toBe(
      'Ben −1 Discard Stack, Destroyed by an attacker of Life 6, all there was'
    );
    d.send({ type: 'ADJUST', seat: 1, pile: 'life', delta: -40 });
    expect(d.line({ type: 'HIT_LIFE', target: 1, life: 9 })).toBe(
      'Ben −3 Life Stack, unblocked attacker of Life 9 (0 left) · Ben is out · Ana wins'
    );
  });
  it('one defending player per Combat Phase; attackers have at least 1 Life', () => {
    const d = new TwilightDriver(twilightSetup(3)).begin().send({ type: 'HIT_LIFE', target: 2, life: 2 });
    expect(d.refuse({ type: 'HIT_LIFE', target: 1, life: 2 })).toBe(
      'This Combat Phase is against Cy: one defending player per Combat Phase.'
    );
    expect(d.refuse({ type: 'HIT_LIFE', target: 2, life: 0 })).toBe(
      'An attacker with no Life left has been Slain and deals no damage.'
    );
    expect(d.refuse({ type: 'HIT_LIFE', target: 2, life: 100 })).toBe('An attacker’s Life is at most 99.');
    expect(d.refuse({ type: 'HIT_LIFE', target: 0, life: 2 })).toBe('Ana cannot attack with themselves.');
    d.send({ type: 'END_TURN' });
    expect(d.ctx.now.defender).toBeNull();
  });
});

describe('Twilight: Decay', () => {
  it('every player at once destroys 3 / 2 / 1 Life Stack cards per unused III / II / I; the line shows each sum', () => {
    const d = duel()
      .send({ type: 'ADJUST', seat: 1, pile: 'resource1', delta: 2 })
      .send({ type: 'ADJUST', seat: 1, pile: 'resource2', delta: 1 })
      .send({ type: 'ADJUST', seat: 1, pile: 'resource3', delta: 1 })
      .send({ type: 'ADJUST', seat: 0, pile: 'resource1', delta: 1 });
    expect(
      d.line({
        type: 'DECAY',
        unused: [
          [1, 0, 0],
          [2, 1, 1]
        ]
      })
    ).toBe('Decay: Ana −1 Life Stack (I×1 unused); Ben −7 Life Stack (I×2, II×1, III×1 unused)');
    expect(d.player(1)).toMatchObject({ life: 36, destroyed: 7 });
    expect(d.player(0)).toMatchObject({ life: 41, destroyed: 1 });
    expect(
      duel().line({
        type: 'DECAY',
        unused: [
          [0, 0, 0],
          [0, 0, 0]
        ]
      })
    ).toBe('Decay: no Power left unspent');
  });
  it('no more unused Aspects than the Resource Area holds, once per End Phase, a count for every player', () => {
    const d = duel().send({ type: 'ADJUST', seat: 0, pile: 'resource2', delta: 1 });
    expect(
      d.refuse({
        type: 'DECAY',
        unused: [
          [0, 2, 0],
          [0, 0, 0]
        ]
      })
    ).toBe('Ana has 1 Greater (II) in the Resource Area, so 2 cannot go unused.');
    expect(
      d.refuse({
        type: 'DECAY',
        unused: [
          [0, -1, 0],
          [0, 0, 0]
        ]
      })
    ).toBe('Ana’s unused Greater (II) must be between 0 and 999.');
    expect(d.refuse({ type: 'DECAY', unused: [[0, 1, 0]] })).toBe(
      'Give every player’s unused Aspects of each level.'
    );
    d.send({
      type: 'DECAY',
      unused: [
        [0, 1, 0],
        [0, 0, 0]
      ]
    });
    expect(
      d.refuse({
        type: 'DECAY',
        unused: [
          [0, 1, 0],
          [0, 0, 0]
        ]
      })
    ).toBe('Decay is already in for this turn; undo it to change it.');
    d.send({ type: 'END_TURN' }).send({
      type: 'DECAY',
      unused: [
        [0, 1, 0],
        [0, 0, 0]
      ]
    });
    expect(d.player(0).destroyed).toBe(4);
  });
});

describe('Twilight: corrections and card effects', () => {
  it('any pile can be corrected at any step, never below 0', () => {
    const d = duel();
    expect(d.line({ type: 'ADJUST', seat: 1, pile: 'life', delta: -5 })).toBe(
      'Ben −5 Life Stack, card effect'
    );
    expect(d.refuse({ type: 'ADJUST', seat: 1, pile: 'life', delta: -39 })).toBe(
      'Ben’s Life Stack has 38 cards; it cannot lose 39.'
    );
    expect(d.refuse({ type: 'ADJUST', seat: 1, pile: 'discard', delta: -1 })).toBe(
      'Ben’s Discard Stack has 0 cards; it cannot lose 1.'
    );
    expect(d.refuse({ type: 'ADJUST', seat: 1, pile: 'life', delta: 0 })).toBe(
      'The change must be a whole number other than 0.'
    );
    expect(d.refuse({ type: 'ADJUST', seat: 1, pile: 'pocket' as 'life', delta: 1 })).toBe(
      'There is no such pile.'
    );
    expect(d.line({ type: 'ADJUST', seat: 0, pile: 'resource3', delta: 2 })).toBe(
      'Ana +2 Exalted Aspects (III) in play, card effect'
    );
    expect(d.player(0).resource).toEqual([0, 0, 2]);
  });
});

describe('Twilight: dropping out', () => {
  it('a player who draws the last card is out at once; the turn passes on', () => {
    const d = new TwilightDriver(twilightSetup(3)).begin();
    d.send({ type: 'ADJUST', seat: 1, pile: 'life', delta: -42 });
    expect(d.line({ type: 'END_TURN' })).toBe(
      'Ana ends the turn · Turn 2: Ben draws 1 (Life Stack 0); Cy draws 2 (Life Stack 41) · Ben is out'
    );
    expect(d.ctx.active).toBe(2);
    expect(d.snapshot.status).toBe('active');
    // Out players take no part: no Trade, no Seize, no attack against them.
    expect(d.refuse({ type: 'TRADE', with: 1, give: 1, get: 1 })).toBe('Ben is out of the game.');
    expect(d.refuse({ type: 'DEITY_POWER', seat: 1 })).toBe('Ben is out of the game.');
    d.send({ type: 'END_TURN' });
    expect(d.ctx.active).toBe(0);
  });
  it('our reading: out on your own turn, you take no further part, but the End Phase is finished', () => {
    const d = new TwilightDriver(twilightSetup(3)).begin();
    d.send({ type: 'ADJUST', seat: 0, pile: 'life', delta: -40 });
    d.send({ type: 'SEIZE', from: 1, level: 1, source: 'own' });
    expect(d.player(0).out).toBe(true);
    const over = 'Ana is out of the game: end the turn.';
    expect(d.refuse({ type: 'SEIZE', from: 1, level: 1, source: 'hand' })).toBe(over);
    expect(d.refuse({ type: 'HIT_LIFE', target: 1, life: 1 })).toBe(over);
    d.send({ type: 'ADJUST', seat: 1, pile: 'resource1', delta: 1 });
    expect(
      d.refuse({
        type: 'DECAY',
        unused: [
          [1, 0, 0],
          [0, 0, 0],
          [0, 0, 0]
        ]
      })
    ).toBe('Ana is out of the game.');
    d.send({
      type: 'DECAY',
      unused: [
        [0, 0, 0],
        [1, 0, 0],
        [0, 0, 0]
      ]
    });
    expect(d.player(1).destroyed).toBe(1);
    d.send({ type: 'END_TURN' });
    expect(d.ctx.active).toBe(1);
  });
});

describe('Twilight: whole games to their end', () => {
  it('two players, several full turns in the quick flow, to an empty Life Stack', () => {
    const d = duel();
    let turns = 0;
    while (d.snapshot.status === 'active' && turns < 60) {
      const me = d.ctx.active;
      const them = 1 - me;
      const p = d.player(me);
      const plan = {
        trade: p.hand > 0 && d.player(them).hand > 0 ? { give: 1, get: 1 } : undefined,
        resource: 1 as const,
        summon: d.player(me).hand > 2 ? 1 : undefined,
        // Ana's army is the stronger: she hits for 5 from her third turn on; Ben for 2.
        hits: d.ctx.turn > 2 ? [{ stack: 'life' as const, life: me === 0 ? 5 : 2 }] : [],
        decay: { [me]: [d.player(me).resource[0] > 0 ? 1 : 0, 0, 0] as [number, number, number] }
      };
      d.quick(plan);
      turns++;
    }
    expect(d.snapshot.status).toBe('done');
    expect(turns).toBeGreaterThan(10);
    expect(d.is('over')).toBe(true);
    expect(d.player(1)).toMatchObject({ life: 0, out: true });
    expect(d.ctx.outcome).toEqual({ winners: [0], team: null, together: [] });
    const result = twilightLogic.result(d.snapshot, d.setup);
    expect(result).toMatchObject({
      finished: true,
      winners: ['p1'],
      tie: false,
      length: { unit: 'turn', number: d.ctx.turn }
    });
    expect(result.players.map((p) => [p.name, p.rank, p.winner, p.started, p.score])).toEqual([
      ['Ana', 1, true, true, d.player(0).life],
      ['Ben', 2, false, false, 0]
    ]);
    expect(twilightLogic.summarize(d.snapshot, d.setup)).toBe(`Ana won · Ana ${d.player(0).life} · Ben out`);
    // Cards never appear or vanish: everything dealt is in some pile, less what was played.
    const played = d.log
      .filter((e) => e.type === 'SUMMON')
      .reduce((s, e) => s + (e as { cards: number }).cards, 0);
    const total = d.ctx.players.reduce(
      (s, p) =>
        s + p.life + p.hand + p.discard + p.destroyed + p.aspect + p.resource.reduce((a, b) => a + b, 0),
      0
    );
    expect(total + played).toBe(100);
  });

  it('three players for themselves: the out player is skipped, the last one standing wins', () => {
    const d = new TwilightDriver(twilightSetup(3, { first: 2 })).begin();
    expect(d.ctx.active).toBe(2);
    d.send({ type: 'HIT_LIFE', target: 0, life: 43 }).send({ type: 'END_TURN' });
    expect(d.player(0).out).toBe(true);
    expect(d.ctx.active).toBe(1);
    d.send({ type: 'END_TURN' });
    expect(d.ctx.active).toBe(2);
    d.send({ type: 'HIT_LIFE', target: 1, life: 41 });
    expect(d.snapshot.status).toBe('done');
    const r = twilightLogic.result(d.snapshot, d.setup);
    expect(r.winners).toEqual(['p3']);
    // Ana dropped out first, then Ben (#52: ranked by when they went out, not by cards left).
    expect(r.ranking).toBe('elimination');
    expect(r.players.map((p) => p.rank)).toEqual([3, 2, 1]);
    expect(r.players.find((p) => p.started)?.name).toBe('Cy');
  });

  it('four players in two teams: a team wins when every player of the other team is out', () => {
    const d = new TwilightDriver(twilightSetup(4, { teams: [0, 1, 0, 1] })).begin();
    d.send({ type: 'HIT_LIFE', target: 1, life: 43 });
    expect(d.snapshot.status).toBe('active');
    d.send({ type: 'END_TURN' }); // Ben is out: Cy's turn
    expect(d.ctx.active).toBe(2);
    d.send({ type: 'HIT_LIFE', target: 3, life: 50 });
    expect(d.snapshot.status).toBe('done');
    expect(d.ctx.outcome).toEqual({ winners: [0, 2], team: 0, together: [] });
    const r = twilightLogic.result(d.snapshot, d.setup);
    expect(r).toMatchObject({ finished: true, winners: ['p1', 'p3'], winningTeam: 0, tie: false });
    // Team score: the cards left in its players' Life Stacks. Ranks are shared, then skip (1, 1, 3, 3):
    // a team loses together, whoever of it dropped out first.
    expect(r.ranking).toBe('team');
    expect(r.players.map((p) => [p.team, p.score, p.rank])).toEqual([
      [0, 82, 1],
      [1, 0, 3],
      [0, 82, 1],
      [1, 0, 3]
    ]);
    expect(twilightLogic.summarize(d.snapshot, d.setup)).toBe(
      'Team 1 (Ana & Cy) won · Ana 41 · Ben out · Cy 41 · Dee out'
    );
  });

  it('six players in three teams, to the end', () => {
    const d = new TwilightDriver(twilightSetup(6, { teams: [0, 1, 2, 0, 1, 2] })).begin();
    for (const target of [1, 4]) d.send({ type: 'ADJUST', seat: target, pile: 'life', delta: -43 });
    expect(d.snapshot.status).toBe('active');
    d.send({ type: 'HIT_LIFE', target: 2, life: 43 }).send({ type: 'END_TURN' });
    expect(d.ctx.active).toBe(3);
    d.send({ type: 'HIT_LIFE', target: 5, life: 43 });
    expect(d.ctx.outcome).toEqual({ winners: [0, 3], team: 0, together: [] });
  });

  it('five players for themselves: turns go clockwise round the table, skipping nobody who is in', () => {
    const d = new TwilightDriver(twilightSetup(5, { first: 3 })).begin();
    const order = [d.ctx.active];
    for (let i = 0; i < 6; i++) order.push(d.send({ type: 'END_TURN' }).ctx.active);
    expect(order).toEqual([3, 4, 0, 1, 2, 3, 4]);
    // Everyone's first turn skipped the Refresh Phase; the second one has it.
    expect(d.step).toBe('refresh.cards');
  });

  it('last players out together: a draw, whether by Decay or by a Forced Trade', () => {
    const d = duel()
      .send({ type: 'ADJUST', seat: 0, pile: 'life', delta: -40 })
      .send({ type: 'ADJUST', seat: 1, pile: 'life', delta: -41 })
      .send({ type: 'ADJUST', seat: 0, pile: 'resource3', delta: 1 })
      .send({ type: 'ADJUST', seat: 1, pile: 'resource2', delta: 1 });
    expect(d.lives()).toEqual([2, 2]);
    expect(
      d.line({
        type: 'DECAY',
        unused: [
          [0, 0, 1],
          [0, 1, 0]
        ]
      })
    ).toBe(
      'Decay: Ana −2 Life Stack (III×1 unused); Ben −2 Life Stack (II×1 unused) · Ana and Ben are out · A draw: Ana and Ben went out together'
    );
    const r = twilightLogic.result(d.snapshot, d.setup);
    expect(r).toMatchObject({ finished: true, winners: [], tie: false });
    expect(r.players.map((p) => p.rank)).toEqual([1, 1]);
    expect(twilightLogic.summarize(d.snapshot, d.setup)).toBe(
      'A draw: Ana and Ben went out together · Ana out · Ben out'
    );
    const e = duel()
      .send({ type: 'ADJUST', seat: 0, pile: 'life', delta: -41 })
      .send({ type: 'ADJUST', seat: 1, pile: 'life', delta: -42 });
    expect(e.line({ type: 'FORCED_TRADE', with: 1 })).toMatch(
      /· Ana and Ben are out · A draw: Ana and Ben went out together$/
    );
    // One Decay that empties only one of them ends the game for the other.
    const f = duel()
      .send({ type: 'ADJUST', seat: 1, pile: 'life', delta: -41 })
      .send({ type: 'ADJUST', seat: 1, pile: 'resource3', delta: 1 });
    expect(
      f.line({
        type: 'DECAY',
        unused: [
          [0, 0, 0],
          [0, 0, 1]
        ]
      })
    ).toBe('Decay: Ben −2 Life Stack (III×1 unused) · Ben is out · Ana wins');
  });

  it('a draw in three: the two who go out last together, after the one who went out first', () => {
    const d = new TwilightDriver(twilightSetup(3)).begin();
    d.send({ type: 'ADJUST', seat: 1, pile: 'life', delta: -43 });
    expect(d.player(1).out).toBe(true);
    d.send({ type: 'ADJUST', seat: 0, pile: 'life', delta: -40 });
    d.send({ type: 'ADJUST', seat: 2, pile: 'life', delta: -42 });
    expect(d.lives()).toEqual([1, 0, 1]);
    d.send({ type: 'FORCED_TRADE', with: 2 });
    expect(d.ctx.outcome).toEqual({ winners: [], team: null, together: [0, 2] });
    const r = twilightLogic.result(d.snapshot, d.setup);
    expect(r).toMatchObject({ finished: true, tie: false, winners: [] });
  });
  it('one player left after a Seize takes the last card of another: no tie', () => {
    const d = new TwilightDriver(twilightSetup(3)).begin();
    d.send({ type: 'ADJUST', seat: 1, pile: 'life', delta: -43 });
    d.send({ type: 'ADJUST', seat: 2, pile: 'life', delta: -42 });
    d.send({ type: 'SEIZE', from: 2, level: 1, source: 'life' });
    expect(d.ctx.outcome).toEqual({ winners: [0], team: null, together: [] });
    expect(twilightLogic.result(d.snapshot, d.setup).tie).toBe(false);
  });
});

describe('Twilight: the draft variant in play', () => {
  it('Deities kept and passed left twice, 60 Action picks, a Deity chosen each, then the opening', () => {
    const d = new TwilightDriver(twilightSetup(3, { draft: true, seed: 'DRAFTSEED' }));
    expect(d.is({ draft: 'deities' })).toBe(true);
    expect(titleOf(d).now).toMatch(/Still choosing: Ana, Ben and Cy\. Pass left; pick 1 of 2\.$/);
    const held = d.ctx.draft!.deities.hands.map((h) => h.slice());
    expect(d.line({ type: 'DRAFT_KEEP', seat: 0, deity: held[0][0] })).toMatch(/^Ana keeps /);
    expect(d.refuse({ type: 'DRAFT_KEEP', seat: 0, deity: held[0][1] })).toBe(
      'Ana has kept a Deity this round; the others are still choosing.'
    );
    d.send({ type: 'DRAFT_KEEP', seat: 1, deity: held[1][0] }).send({
      type: 'DRAFT_KEEP',
      seat: 2,
      deity: held[2][0]
    });
    for (let seat = 0; seat < 3; seat++)
      d.send({ type: 'DRAFT_KEEP', seat, deity: d.ctx.draft!.deities.hands[seat][0] });
    expect(d.is({ draft: 'actions' })).toBe(true);
    expect(d.ctx.draft!.deities.kept.every((k) => k.length === 3)).toBe(true);
    expect(titleOf(d)).toMatchObject({
      title: 'Draft · Pile 1 of 3',
      now: 'Pass right. Pick 1 of 20: 20 cards in the pile you hold.'
    });
    for (let i = 0; i < 20; i++) d.send({ type: 'DRAFT_PICK' });
    expect(titleOf(d)).toMatchObject({
      title: 'Draft · Pile 2 of 3',
      now: 'Pass left. Pick 1 of 20: 20 cards in the pile you hold.'
    });
    d.send({ type: 'PILE_DONE' }).send({ type: 'DRAFT_PICK' });
    expect(titleOf(d).now).toBe('Pass right. Pick 2 of 20: 19 cards in the pile you hold.');
    d.send({ type: 'PILE_DONE' });
    expect(d.is({ draft: 'build' })).toBe(true);
    const kept = d.ctx.draft!.deities.kept;
    const notKept = (['mars', 'hera', 'reader', 'enlil'] as const).find((g) => !kept[0].includes(g));
    if (notKept)
      expect(d.refuse({ type: 'CHOOSE_DEITY', seat: 0, deity: notKept, conviction: true })).toBe(
        'Ana did not draft that Deity.'
      );
    d.send({ type: 'CHOOSE_DEITY', seat: 0, deity: kept[0][0], conviction: true });
    d.send({ type: 'CHOOSE_DEITY', seat: 1, deity: kept[1][1], conviction: false });
    expect(d.refuse({ type: 'BEGIN' })).toBe('The game has not begun: finish the draft first.');
    d.send({ type: 'CHOOSE_DEITY', seat: 2, deity: kept[2][2], conviction: true });
    expect(d.is('opening')).toBe(true);
    expect(d.ctx.players.map((p) => p.deity)).toEqual([kept[0][0], kept[1][1], kept[2][2]]);
    expect(d.ctx.players.map((p) => p.power)).toEqual(['available', 'lost', 'available']);
    d.begin();
    expect(d.refuse({ type: 'DEITY_POWER', seat: 1 })).toBe(
      'Ben’s deck missed the Deity’s requirement, so there is no Deity Power.'
    );
    expect(d.refuse({ type: 'DRAFT_PICK' })).toBe('The draft is over.');
  });
  it('the same seed deals the same Deities in the game', () => {
    const a = new TwilightDriver(twilightSetup(4, { draft: true, seed: 'SAMESEED' }));
    const b = new TwilightDriver(twilightSetup(4, { draft: true, seed: 'same-seed' }));
    expect(a.ctx.draft!.deities.hands).toEqual(b.ctx.draft!.deities.hands);
  });
});

describe('Twilight: history, summary and standing', () => {
  it('Guide me lines name the step; they are step events that fold away', () => {
    const d = duel();
    expect(d.line({ type: 'NEXT' })).toBe('Ana: Trade');
    expect(twilightLogic.stepEvents).toEqual(['NEXT', 'NO_ATTACK', 'DRAFT_PICK', 'PILE_DONE']);
  });
  it('the home line says where the game stands', () => {
    const d = new TwilightDriver(twilightSetup(2));
    expect(twilightLogic.summarize(d.snapshot, d.setup)).toBe('Opening hands · Ana 43 · Ben 43');
    d.begin().send({ type: 'HIT_LIFE', target: 1, life: 4 });
    expect(twilightLogic.summarize(d.snapshot, d.setup)).toBe('Turn 1 · Ana’s turn · Ana 42 · Ben 39');
    expect(twilightLogic.period(d.snapshot, d.setup)).toEqual({ unit: 'turn', number: 1 });
    expect(twilightLogic.standing(d.snapshot, d.setup)).toEqual({ scores: { p1: 42, p2: 39 } });
    const r = twilightLogic.result(d.snapshot, d.setup);
    expect(r).toMatchObject({ finished: false, winners: [], tie: false });
    expect(r.players.map((p) => p.rank)).toEqual([1, 2]);
  });
  it('END_TURN names the draw of the next player', () => {
    const d = duel();
    expect(d.line({ type: 'END_TURN' })).toBe('Ana ends the turn · Turn 2: Ben draws 2 (Life Stack 41)');
  });
});
