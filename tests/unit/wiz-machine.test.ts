/**
 * The WiZ statechart, rule by rule: Guide me's steps, the quick flow, the round's EP
 * calculation, the dealer's rotation, the Life Pool, character attacks, reaching the target,
 * every format played to its end, refusals that change nothing, results, undo and replay.
 */
import { gameRefusal } from '../../src/lib/session/send';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wizLogic } from '../../src/lib/games/wiz/logic';
import { wizMachine, type WizContext, type WizEvent } from '../../src/lib/machines/wiz';
import type { StepMeta } from '../../src/lib/session/types';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { initialState, replay, sameState, storeState } from '../../src/lib/session/replay';
import { cards, typed, WizDriver, wizSetup } from '../fixtures/wiz';
import { freshDb, reopen } from './helpers';

const three = () => new WizDriver(wizSetup('standard', 3));
/** The history line an event would get. */
function line(d: WizDriver, event: WizEvent): string {
  const before = d.snapshot;
  d.send(event);
  return wizLogic.describe(event, before, d.snapshot, d.setup);
}

describe('WiZ: Guide me walks every step of a round', () => {
  it('deal, replace action cards, then each turn: first turns without actions, the starter without a draw', () => {
    const d = three();
    const seen: string[] = [];
    const walk = (n: number) => {
      for (let i = 0; i < n; i++) {
        seen.push(d.step.title);
        d.send({ type: 'NEXT' });
      }
    };
    walk(2 + 2 + 3 + 3 + 4);
    expect(seen).toEqual([
      'Round 1 · Ana deals',
      'Round 1 · Replace action cards',
      'Round 1 · Ben · Play to the table',
      'Round 1 · Ben · Discard',
      'Round 1 · Cy · Draw',
      'Round 1 · Cy · Play to the table',
      'Round 1 · Cy · Discard',
      'Round 1 · Ana · Draw',
      'Round 1 · Ana · Play to the table',
      'Round 1 · Ana · Discard',
      'Round 1 · Ben · Action cards',
      'Round 1 · Ben · Draw',
      'Round 1 · Ben · Play to the table',
      'Round 1 · Ben · Discard'
    ]);
    expect(d.step.title).toBe('Round 1 · Cy · Action cards');
  });

  it('every step says what the table does now and links the rules', () => {
    const visit = (node: typeof wizMachine.root): void => {
      const transient = node.always && node.always.length > 0;
      if (node !== wizMachine.root && !transient && node.type !== 'compound') {
        const meta = node.meta as StepMeta | undefined;
        expect(meta?.now, node.id).toMatch(/\w{3,}/);
        expect(meta?.rules.length, node.id).toBeGreaterThan(0);
      }
      Object.values(node.states).forEach(visit);
    };
    visit(wizMachine.root);
  });

  it('names the dealer and the starter, the draw count and the first turn', () => {
    const d = new WizDriver(wizSetup('standard', 4, { firstDealer: 3 }));
    expect(d.step.now).toBe(
      'Shuffle well. Dee deals 12 cards to each player and 13 to Ana (on Dee’s left), who starts.'
    );
    d.send({ type: 'NEXT' });
    expect(d.step.now).toMatch(/Ana goes first, then clockwise\.$/);
    d.send({ type: 'NEXT' });
    expect(d.step.now).toBe(
      'Ana starts without drawing: lay a 30+ hand and any other hands if possible, then discard.'
    );
    expect(d.step.rules).toContain('first-turn');
    d.send({ type: 'NEXT' }).send({ type: 'NEXT' });
    expect(d.step.now).toBe(
      'Ben takes 2 cards from the main deck, or the top card of the discard pile. No action cards on a first turn.'
    );
    d.send({ type: 'NEXT' }).send({ type: 'NEXT' });
    expect(d.step.now).toMatch(/^Discard 2 cards after drawing 2/);
    const small = three()
      .send({ type: 'NEXT' })
      .send({ type: 'NEXT' })
      .send({ type: 'NEXT' })
      .send({ type: 'NEXT' });
    expect(small.step.now).toBe(
      'Cy takes the top card of the main deck or of the discard pile. No action cards on a first turn.'
    );
  });

  it('deals 12 each and 13 to the dealer’s left at every table size; 2+ draws from 4 seats', () => {
    for (const [format, seats] of [
      ['standard', 2],
      ['standard', 3],
      ['large', 5],
      ['large', 6]
    ] as const) {
      const d = new WizDriver(wizSetup(format, seats, { firstDealer: seats - 1 }));
      expect(d.step.now).toBe(
        `Shuffle well. ${d.setup.players[seats - 1].name} deals 12 cards to each player and 13 to Ana (on ${d.setup.players[seats - 1].name}’s left), who starts.`
      );
      for (let i = 0; i < 4; i++) d.send({ type: 'NEXT' });
      expect(d.step.now.startsWith(seats >= 4 ? 'Ben takes 2 cards' : 'Ben takes the top card')).toBe(true);
    }
  });

  it('“Next player” ends a turn from any of its steps (a stunned or trapped player)', () => {
    const d = three().send({ type: 'NEXT' }).send({ type: 'NEXT' });
    d.send({ type: 'END_TURN' });
    expect(d.step.title).toBe('Round 1 · Cy · Draw');
    d.send({ type: 'END_TURN' }).send({ type: 'END_TURN' });
    expect(d.step.title).toBe('Round 1 · Ben · Action cards');
    expect(d.ctx.turn).toEqual({ seat: 1, count: 3 });
  });
  it('“Next player” from the deal: the starter’s turn is over (the quick flow may count turns)', () => {
    const d = three().send({ type: 'END_TURN' });
    expect(d.step.title).toBe('Round 1 · Cy · Draw');
  });

  it('walks the scoring: losers without cards, counters, hands, chaotic EP, the total', () => {
    const d = three().send({ type: 'GO_OUT', player: 'p2' });
    const titles: string[] = [];
    for (let i = 0; i < 4; i++) {
      titles.push(d.step.title);
      d.send({ type: 'NEXT' });
    }
    titles.push(d.step.title);
    expect(titles).toEqual([
      'Round 1 · Ben went out · Losers with no cards',
      'Round 1 · Ben went out · Counters',
      'Round 1 · Ben went out · Uncountered hands',
      'Round 1 · Ben went out · Chaotic EP',
      'Round 1 · Ben went out · Round EP'
    ]);
    expect(d.refuse({ type: 'NEXT' })).toBe('Score the round to go on.');
    d.send({ type: 'HAND', index: 0, hand: typed(4) });
    expect(d.is({ round: { scoring: 'hands' } })).toBe(true);
    d.send({ type: 'NEXT' })
      .send({ type: 'CHAOTIC', player: 'p3', ep: 30 })
      .send({ type: 'CHAOTIC', player: 'p1', ep: 20 });
    d.send({ type: 'NEXT' });
    expect(d.step.now).toBe('Ben gains 50 EP. Check the calculation line by line, then score the round.');
    d.send({ type: 'SCORE' });
    expect(d.is({ round: { playing: 'deal' } })).toBe(true);
    expect(d.ctx.scores).toEqual({ p1: 0, p2: 50, p3: 0 });
  });
});

describe('WiZ: the quick flow', () => {
  it('an ordinary round is 2 taps besides the numbers: who went out, then Score', () => {
    const d = three();
    const taps = d.round({ out: 'p2', hands: [typed(4), typed(8)], chaotic: { p3: 59, p1: 41 } });
    expect(taps).toBe(2);
    expect(d.ctx.scores).toEqual({ p1: 0, p2: 300, p3: 0 });
    expect(d.ctx.round).toBe(2);
  });
  it('who went out is accepted from every step of play, and moves to the scoring', () => {
    const d = three();
    for (let i = 0; i < 12; i++) {
      const probe = new WizDriver(d.setup);
      probe.snapshot = d.snapshot;
      probe.send({ type: 'GO_OUT', player: 'p3' });
      expect(probe.is({ round: { scoring: 'empty' } })).toBe(true);
      d.send({ type: 'NEXT' });
    }
  });
  it('hands and chaotic EP go straight to their steps; Score is accepted from any step once complete', () => {
    const d = three().send({ type: 'GO_OUT', player: 'p1' });
    d.send({ type: 'CHAOTIC', player: 'p2', ep: 10 });
    expect(d.is({ round: { scoring: 'chaotic' } })).toBe(true);
    d.send({ type: 'HAND', index: 0, hand: typed(6) });
    expect(d.is({ round: { scoring: 'hands' } })).toBe(true);
    expect(d.refuse({ type: 'SCORE' })).toBe('Enter Cy’s chaotic EP first.');
    d.send({ type: 'CHAOTIC', player: 'p3', ep: 15 }).send({ type: 'SCORE' });
    expect(d.ctx.scores.p1).toBe(50);
  });
  it('both flows reach the same scores and the same record of rounds', () => {
    const quick = three();
    quick.round({ out: 'p2', hands: [typed(9)], chaotic: { p1: 10, p3: 20 } });
    const guided = three();
    for (let i = 0; i < 9; i++) guided.send({ type: 'NEXT' });
    guided.send({ type: 'GO_OUT', player: 'p2' });
    for (let i = 0; i < 2; i++) guided.send({ type: 'NEXT' });
    guided.send({ type: 'HAND', index: 0, hand: typed(9) }).send({ type: 'NEXT' });
    guided.send({ type: 'CHAOTIC', player: 'p1', ep: 10 }).send({ type: 'CHAOTIC', player: 'p3', ep: 20 });
    guided.send({ type: 'NEXT' }).send({ type: 'SCORE' });
    expect(guided.ctx.scores).toEqual(quick.ctx.scores);
    expect(guided.ctx.rounds).toEqual(quick.ctx.rounds);
    expect(guided.snapshot.value).toEqual(quick.snapshot.value);
  });
  it('every uncountered hand countered: no numbers needed, the round scores 0', () => {
    const d = three();
    d.round({ out: 'p3', hands: [] });
    expect(d.ctx.rounds[0].calc).toMatchObject({ multiplierSum: 0, total: 0 });
    expect(d.ctx.scores.p3).toBe(0);
  });
  it('a wrong winner can be corrected; their hands are cleared, the others’ chaotic EP kept', () => {
    const d = three().send({ type: 'GO_OUT', player: 'p1' });
    d.send({ type: 'HAND', index: 0, hand: typed(5) }).send({ type: 'CHAOTIC', player: 'p3', ep: 12 });
    expect(d.refuse({ type: 'GO_OUT', player: 'p1' })).toBe('Ana has already gone out.');
    expect(line(d, { type: 'GO_OUT', player: 'p2' })).toBe('Correction: Ben went out, not Ana');
    expect(d.ctx.draft).toEqual({
      outBy: 'p2',
      hands: [],
      countered: [],
      chaotic: { p3: 12 },
      bonus: 1,
      everyHand: false
    });
  });
  it('hands can be corrected and taken off the list', () => {
    const d = three().send({ type: 'GO_OUT', player: 'p1' });
    d.send({ type: 'HAND', index: 0, hand: typed(5) }).send({ type: 'HAND', index: 1, hand: typed(7) });
    expect(line(d, { type: 'HAND', index: 0, hand: typed(3) })).toBe(
      'Ana’s hand 1 (corrected): card value 3 (×1)'
    );
    expect(line(d, { type: 'DROP_HAND', index: 0 })).toBe('Ana’s hand 1 taken off the list');
    expect(d.ctx.draft.hands).toEqual([typed(7)]);
    expect(d.refuse({ type: 'HAND', index: 3, hand: typed(4) })).toBe('There is no such hand to enter.');
    expect(d.refuse({ type: 'DROP_HAND', index: 1 })).toBe('There is no such hand to remove.');
  });
});

describe('WiZ: impossible entries are refused with a plain reason and change nothing', () => {
  it('numbers and hands that cannot be', () => {
    const d = three().send({ type: 'GO_OUT', player: 'p1' });
    expect(d.refuse({ type: 'CHAOTIC', player: 'p2', ep: -4 })).toBe(
      'Ben’s chaotic EP cannot be negative: it counts the points of cards.'
    );
    expect(d.refuse({ type: 'CHAOTIC', player: 'p2', ep: 2.5 })).toBe(
      'Ben’s chaotic EP is a whole number of points.'
    );
    expect(d.refuse({ type: 'CHAOTIC', player: 'p1', ep: 10 })).toBe('Ana went out, so has no chaotic EP.');
    expect(d.refuse({ type: 'CHAOTIC', player: 'p9', ep: 10 })).toBe('That player is not in this game.');
    d.send({ type: 'CHAOTIC', player: 'p2', ep: 1000 });
    expect(d.refuse({ type: 'CHAOTIC', player: 'p3', ep: 400 })).toBe(
      'Together the losers would count 1400 points, more than the whole deck holds (1317).'
    );
    expect(d.refuse({ type: 'HAND', index: 0, hand: typed(2) })).toMatch(/^A card value of 2 is too low/);
    expect(d.refuse({ type: 'HAND', index: 0, hand: typed(99) })).toMatch(
      /^No hand can reach a card value of 99/
    );
    expect(d.refuse({ type: 'HAND', index: 0, hand: { cards: cards('fire:5 fire:6 fire:9') } })).toBe(
      'The run is missing the numbers 7, 8, with no WiZ card or deck joker to fill them.'
    );
    expect(d.refuse({ type: 'HAND', index: 0, hand: typed(5, { titans: 1 }) })).toBe(
      'This game is played without titans.'
    );
    expect(d.refuse({ type: 'BONUS', bonus: 3 })).toBe(
      'Triple EP is a character power, and this game is played without characters.'
    );
  });
  it('steps out of turn', () => {
    const d = three();
    expect(d.refuse({ type: 'HAND', index: 0, hand: typed(4) })).toBe(
      'The round is scored once a player has gone out: tap who went out first.'
    );
    expect(d.refuse({ type: 'SCORE' })).toBe(
      'The round is scored once a player has gone out: tap who went out first.'
    );
    expect(d.refuse({ type: 'GO_OUT', player: 'nobody' })).toBe('That player is not in this game.');
    expect(d.refuse({ type: 'ATTACK', player: 'p1', ep: 30 })).toBe(
      'This game is played without characters.'
    );
    expect(d.refuse({ type: 'POOL_WON', player: 'p1' })).toBe('This game is played without the Life Pool.');
    d.send({ type: 'GO_OUT', player: 'p1' });
    expect(d.refuse({ type: 'END_TURN' })).toBe(
      'Turns pass while the round is played; this round is being scored.'
    );
  });
  it('the one-element bonus is refused when the listed hands differ, and a hand that breaks it too', () => {
    const d = three().send({ type: 'GO_OUT', player: 'p1' });
    d.send({ type: 'HAND', index: 0, hand: { cards: cards('fire:5 fire:6 fire:7') } });
    d.send({ type: 'HAND', index: 1, hand: { cards: cards('water:1 water:2 water:3') } });
    expect(d.refuse({ type: 'BONUS', bonus: 2 })).toBe(
      'Hand 1 is Fire and hand 2 is Water, so the hands are not all one element.'
    );
    d.send({ type: 'DROP_HAND', index: 1 }).send({ type: 'BONUS', bonus: 2 });
    expect(d.refuse({ type: 'HAND', index: 1, hand: { cards: cards('fire:1 water:1 air:1') } })).toBe(
      'Hand 2 mixes elements, so the hands are not all one element.'
    );
  });
});

describe('WiZ: the deal passes clockwise, round after round', () => {
  it('four players over five rounds: the dealer moves one seat, the player on the left starts', () => {
    const d = new WizDriver(wizSetup('standard', 4, { firstDealer: 2, target: 100_000 - 1 }));
    const seen: [number, number][] = [];
    for (let i = 0; i < 5; i++) {
      seen.push([d.ctx.dealer, d.ctx.turn.seat]);
      d.round({ out: 'p1', hands: [] });
    }
    expect(seen).toEqual([
      [2, 3],
      [3, 0],
      [0, 1],
      [1, 2],
      [2, 3]
    ]);
    expect(d.ctx.rounds.map((r) => r.dealer)).toEqual(['p3', 'p4', 'p1', 'p2', 'p3']);
  });
  it('solo: the 13-card seat alternates, starting with you', () => {
    const d = new WizDriver(wizSetup('solo'));
    expect(d.step.now).toBe(
      'Shuffle well. Opponent deals 12 cards to each player and 13 to Ana (on Opponent’s left), who starts.'
    );
    d.round({ out: 'p1', hands: [] });
    expect(d.step.now).toMatch(/13 to Opponent/);
    d.round({ out: 'p1', hands: [] });
    expect(d.step.now).toMatch(/13 to Ana/);
  });
});

describe('WiZ: titans and characters in scoring', () => {
  it('100 × the multiplier of the hand a titan sits on; the character as a hand of its own', () => {
    const setup = wizSetup('standard', 2, { titans: true, characters: ['fire', 'water'] });
    const d = new WizDriver(setup);
    d.round({
      out: 'p1',
      hands: [
        { cards: cards('water:1 water:2 water:3 water:4 water:5 water:6 water:elemental water:titan') },
        typed(7, { character: true })
      ],
      chaotic: { p2: 59 }
    });
    // Water hand: 6 + 2 + 4 = 12 (×5), character 7 (×2): (5 + 2) × 59 + 100 × 5 + 100 × 2.
    expect(d.ctx.rounds[0].calc).toMatchObject({ multiplierSum: 7, base: 413, bonusEp: 700, total: 1113 });
  });
  it('the history line names the hand and its bonus cards', () => {
    const d = new WizDriver(wizSetup('standard', 2, { titans: true })).send({ type: 'GO_OUT', player: 'p1' });
    expect(line(d, { type: 'HAND', index: 0, hand: typed(8, { titans: 1 }) })).toBe(
      'Ana’s hand 1: card value 8 (×2), with a titan'
    );
    expect(
      line(d, {
        type: 'HAND',
        index: 1,
        hand: { cards: cards('fire:5 fire:6 fire:7 fire:8 fire:elemental') }
      })
    ).toBe('Ana’s hand 2: Fire 5, Fire 6, Fire 7, Fire 8, Fire elemental: card value 6 (×2)');
    expect(line(d, { type: 'CHAOTIC', player: 'p2', ep: 1005 })).toBe('Ben’s chaotic EP: 1,005');
    expect(line(d, { type: 'BONUS', bonus: 2 })).toBe('All Ana’s hands are one element: ×2');
    expect(line(d, { type: 'SCORE' })).toBe(
      'Ana +8,440 EP, round 1 ((4 × 1,005 + 200) × 2). Ana wins the game'
    );
  });
});

describe('WiZ: the Life Pool', () => {
  const pooled = (die: 4 | 6 = 6, firstRoll = 3) =>
    new WizDriver(wizSetup('standard', 3, { lifePool: { die, firstRoll }, target: 5000 }));

  it('starts at the first roll × 25 and grows by each round’s roll × 25 while nobody wins it', () => {
    const d = pooled(6, 3);
    expect(d.ctx.pool).toEqual({ die: 6, value: 75, roll: 3, won: false });
    d.round({ out: 'p1', hands: [], poolRoll: 2 });
    expect(d.ctx.pool).toMatchObject({ value: 125, roll: 2 });
    d.round({ out: 'p1', hands: [], poolRoll: 6 });
    expect(d.ctx.pool!.value).toBe(275);
  });
  it('paid to the player who wins it, then it starts again from a new roll', () => {
    const d = pooled(6, 3);
    d.round({ out: 'p1', hands: [], poolRoll: 2 });
    expect(line(d, { type: 'POOL_WON', player: 'p3' })).toBe('Cy +125 EP, Life Pool');
    expect(d.ctx.scores.p3).toBe(125);
    expect(d.refuse({ type: 'POOL_WON', player: 'p2' })).toBe(
      'The Life Pool was already won this round; it starts again next round.'
    );
    d.round({ out: 'p2', hands: [], poolRoll: 4 });
    expect(d.ctx.pool).toEqual({ die: 6, value: 100, roll: 4, won: false });
    expect(d.ctx.rounds[1].gains).toEqual({ p1: 0, p2: 0, p3: 125 });
  });
  it('or taken from one opponent’s score, never below 0', () => {
    const d = pooled(4, 4);
    d.round({ out: 'p2', hands: [typed(3)], chaotic: { p1: 30, p3: 10 }, poolRoll: 1 });
    expect(d.ctx.scores.p2).toBe(40);
    expect(d.ctx.pool!.value).toBe(125);
    expect(line(d, { type: 'POOL_WON', player: 'p1', from: 'p2' })).toBe(
      'Ben −40 EP, Life Pool taken by Ana'
    );
    expect(d.ctx.scores).toEqual({ p1: 0, p2: 0, p3: 0 });
    const e = pooled();
    expect(e.refuse({ type: 'POOL_WON', player: 'p1', from: 'p1' })).toBe(
      'Ana cannot take the Life Pool from themselves.'
    );
    expect(e.refuse({ type: 'POOL_WON', player: 'p1', from: 'p2' })).toBe('Ben has no EP to take.');
  });
  it('the next round’s roll must fit the die: d6 by default, d4 as the option', () => {
    const d6 = pooled(6).send({ type: 'GO_OUT', player: 'p1' });
    expect(d6.refuse({ type: 'SCORE', poolRoll: 7 })).toBe(
      'The Life Pool needs the next round’s roll of the d6 (1 to 6).'
    );
    expect(d6.refuse({ type: 'SCORE' })).toBe(
      'The Life Pool needs the next round’s roll of the d6 (1 to 6).'
    );
    d6.send({ type: 'SCORE', poolRoll: 6 });
    expect(d6.ctx.pool!.value).toBe(75 + 150);
    const d4 = pooled(4).send({ type: 'GO_OUT', player: 'p1' });
    expect(d4.refuse({ type: 'SCORE', poolRoll: 5 })).toBe(
      'The Life Pool needs the next round’s roll of the d4 (1 to 4).'
    );
    d4.send({ type: 'SCORE', poolRoll: 4 });
    expect(d4.ctx.pool!.value).toBe(75 + 100);
  });
  it('the play step says what the pool is worth', () => {
    const d = pooled(6, 2);
    for (let i = 0; i < 5; i++) d.send({ type: 'NEXT' });
    expect(d.step.now).toMatch(/Shards may go into the Life Pool, now worth 50 EP\.$/);
    expect(d.step.rules).toContain('life-pool-play');
  });
});

describe('WiZ: character attacks', () => {
  const withCharacters = (target = 1000) =>
    new WizDriver(wizSetup('standard', 3, { characters: ['fire', 'air', 'water'], target }));
  it('add EP at once, during the round or while it is scored', () => {
    const d = withCharacters();
    expect(line(d, { type: 'ATTACK', player: 'p2', ep: 36 })).toBe('Ben +36 EP, character attack');
    d.send({ type: 'GO_OUT', player: 'p1' }).send({ type: 'ATTACK', player: 'p2', ep: 6 });
    expect(d.is({ round: { scoring: 'empty' } })).toBe(true);
    d.send({ type: 'SCORE' });
    expect(d.ctx.rounds[0].gains).toEqual({ p1: 0, p2: 42, p3: 0 });
  });
  it('refuses an attack of nothing or of more than the deck could give', () => {
    const d = withCharacters();
    expect(d.refuse({ type: 'ATTACK', player: 'p2', ep: 0 })).toBe(
      'Ben’s attack must gain at least 1 EP; an attack that gains nothing needs no entry.'
    );
    expect(d.refuse({ type: 'ATTACK', player: 'p2', ep: 99_999 })).toMatch(
      /^No attack can gain 99999 EP with this deck/
    );
  });
  it('an attack that reaches the target ends the game in the middle of the round', () => {
    const d = withCharacters(100);
    d.send({ type: 'ATTACK', player: 'p3', ep: 60 });
    expect(line(d, { type: 'ATTACK', player: 'p3', ep: 40 })).toBe(
      'Cy +40 EP, character attack. Cy wins the game'
    );
    expect(d.is('over')).toBe(true);
    expect(d.ctx.rounds).toEqual([
      { round: 1, dealer: 'p1', outBy: null, calc: null, losers: [], gains: { p1: 0, p2: 0, p3: 100 } }
    ]);
    expect(wizLogic.result(d.snapshot, d.setup)).toMatchObject({ finished: true, winners: ['p3'] });
  });
});

describe('WiZ: every format played to its end', () => {
  it('3 players: rounds until a player reaches the target', () => {
    const d = three();
    d.round({ out: 'p2', hands: [typed(4), typed(8)], chaotic: { p3: 59, p1: 41 } });
    d.round({ out: 'p3', hands: [typed(9)], chaotic: { p1: 50, p2: 30 } });
    d.round({ out: 'p1', hands: [] });
    expect(wizLogic.summarize(d.snapshot, d.setup)).toBe('Round 4 · Ana 0 · Ben 300 · Cy 240 · to 1,000 EP');
    d.round({ out: 'p2', hands: [typed(6), typed(6), typed(3)], chaotic: { p3: 100, p1: 40 } });
    expect(d.scores()).toEqual([0, 1000, 240]);
    expect(d.is('over')).toBe(true);
    expect(d.snapshot.output).toEqual({ winner: 'p2' });
    expect(wizLogic.summarize(d.snapshot, d.setup)).toBe('Ben won with 1,000 EP · Ana 0 · Cy 240');
    expect(d.ctx.rounds.map((r) => r.gains)).toEqual([
      { p1: 0, p2: 300, p3: 0 },
      { p1: 0, p2: 0, p3: 240 },
      { p1: 0, p2: 0, p3: 0 },
      { p1: 0, p2: 700, p3: 0 }
    ]);
    d.refuse({ type: 'GO_OUT', player: 'p1' }); // the game is over: nothing more is accepted
  });

  const formats = [
    ['solo', 2, 'solo-2'],
    ['solo', 2, 'solo-4r'],
    ['standard', 2, 'duo-2r'],
    ['standard', 3, 'trio-3'],
    ['standard', 4, 'quad-4'],
    ['standard', 4, 'quad-4s'],
    ['large', 5, 'hexa-6'],
    ['large', 6, 'hexa-6']
  ] as const;
  it.each(formats)('%s, %i seats, %s deck: to the target, with a result', (format, seats, deck) => {
    const d = new WizDriver(
      wizSetup(format, seats, { deck, target: 750, titans: true, lifePool: { die: 6, firstRoll: 2 } })
    );
    let round = 0;
    while (d.snapshot.status === 'active') {
      round++;
      const out = d.ctx.seats[round % seats];
      const chaotic = Object.fromEntries(
        d.ctx.seats.filter((id) => id !== out).map((id, i) => [id, 10 + i * 5])
      );
      d.round({
        out,
        hands: [typed(4), typed(6 + (round % 3), { titans: round % 2 })],
        chaotic,
        poolRoll: 1 + (round % 6)
      });
      expect(round).toBeLessThan(20);
    }
    const result = wizLogic.result(d.snapshot, d.setup);
    expect(result.finished).toBe(true);
    expect(result.winners).toEqual([d.ctx.winner]);
    expect(result.players.find((p) => p.winner)!.score).toBeGreaterThanOrEqual(750);
    expect(result.players.filter((p) => p.rank === 1)).toHaveLength(1);
    expect(result.length).toEqual({ unit: 'round', number: round });
    expect(result.players.filter((p) => p.started).map((p) => p.id)).toEqual([
      d.ctx.seats[(d.setup.firstDealer + 1) % seats]
    ]);
    expect(result.tie).toBe(false);
    expect(result.winningTeam).toBeUndefined();
  });
});

describe('WiZ: results and standings', () => {
  it('ranks: the winner first, then by EP, equal scores sharing a rank; unfinished games have no winner', () => {
    const d = new WizDriver(wizSetup('standard', 4, { target: 500 }));
    d.round({ out: 'p1', hands: [typed(3)], chaotic: { p2: 10, p3: 20, p4: 30 } });
    d.round({ out: 'p2', hands: [typed(3)], chaotic: { p1: 10, p3: 20, p4: 30 } });
    const mid = wizLogic.result(d.snapshot, d.setup);
    expect(mid.finished).toBe(false);
    expect(mid.winners).toEqual([]);
    expect(mid.players.map((p) => [p.name, p.score, p.rank])).toEqual([
      ['Ana', 60, 1],
      ['Ben', 60, 1],
      ['Cy', 0, 3],
      ['Dee', 0, 3]
    ]);
    expect(wizLogic.standing(d.snapshot, d.setup)).toEqual({
      scores: { p1: 60, p2: 60, p3: 0, p4: 0 },
      target: 500
    });
    expect(wizLogic.period(d.snapshot, d.setup)).toEqual({ unit: 'round', number: 3 });
    d.round({ out: 'p4', hands: [typed(12)], chaotic: { p1: 10, p2: 20, p3: 70 } });
    const end = wizLogic.result(d.snapshot, d.setup);
    expect(end).toMatchObject({
      finished: true,
      winners: ['p4'],
      tie: false,
      length: { unit: 'round', number: 3 }
    });
    expect(end.players.map((p) => [p.name, p.score, p.rank, p.winner])).toEqual([
      ['Ana', 60, 2, false],
      ['Ben', 60, 2, false],
      ['Cy', 0, 4, false],
      ['Dee', 500, 1, true]
    ]);
    expect(wizLogic.scoring).toEqual({ unit: 'EP', highestWins: true, noPoints: false });
  });
  it('only one player gains at a time, so a game never ends in a tie', () => {
    const d = new WizDriver(wizSetup('standard', 2, { target: 100, lifePool: { die: 6, firstRoll: 4 } }));
    d.send({ type: 'POOL_WON', player: 'p1' });
    expect(d.is('over')).toBe(true);
    expect(wizLogic.result(d.snapshot, d.setup)).toMatchObject({ winners: ['p1'], tie: false });
  });
});

describe('WiZ: undo, the runtime and replay', () => {
  it('undo takes back a whole round’s scoring, and a reload shows the same', async () => {
    const db = freshDb();
    const setup = wizSetup('standard', 3, { lifePool: { die: 6, firstRoll: 1 } });
    const rt = await SessionRuntime.create(db, wizLogic, 'wiz', setup);
    const ctx = () => rt.snapshot.context as WizContext;
    expect(rt.send({ type: 'GO_OUT', player: 'p2' })).toEqual({ ok: true });
    expect(rt.send({ type: 'HAND', index: 0, hand: typed(8, {}) })).toEqual({ ok: true });
    expect(rt.send({ type: 'CHAOTIC', player: 'p1', ep: 40 })).toEqual({ ok: true });
    expect(rt.send({ type: 'CHAOTIC', player: 'p3', ep: 19 })).toEqual({ ok: true });
    const beforeScore = storeState(rt.snapshot);
    expect(rt.send({ type: 'SCORE', poolRoll: 3 })).toEqual({ ok: true });
    expect(ctx().scores.p2).toBe(118);
    expect(rt.history[0].label).toBe('Ben +118 EP, round 1 (2 × 59)');
    rt.undo();
    expect(storeState(rt.snapshot)).toEqual(beforeScore);
    await rt.saved();
    const fresh = await SessionRuntime.open(reopen(db), wizLogic, rt.session.id);
    expect(storeState(fresh.snapshot)).toEqual(beforeScore);
    while (rt.canUndo) expect(rt.undo().ok).toBe(true);
    expect(ctx().draft.outBy).toBeNull();
    while (rt.canRedo) expect(rt.redo().ok).toBe(true);
    expect(ctx().scores.p2).toBe(118);
  });

  it('refusals reach the runtime as plain reasons', async () => {
    const rt = await SessionRuntime.create(freshDb(), wizLogic, 'wiz', wizSetup('standard', 2));
    expect(rt.send({ type: 'GO_OUT', player: 'p1' })).toEqual({ ok: true });
    expect(rt.send({ type: 'CHAOTIC', player: 'p2', ep: -1 })).toEqual({
      ok: false,
      reason: 'Ben’s chaotic EP cannot be negative: it counts the points of cards.'
    });
  });

  const anyEvent = (seats: string[]) =>
    fc.oneof(
      fc.constant<WizEvent>({ type: 'NEXT' }),
      fc.constant<WizEvent>({ type: 'END_TURN' }),
      fc.constantFrom(...seats).map((player): WizEvent => ({ type: 'GO_OUT', player })),
      fc.constantFrom(...seats).map((player): WizEvent => ({ type: 'GO_OUT', player, fresh: true })),
      fc.constantFrom(...seats).map((player): WizEvent => ({ type: 'STUN', player })),
      fc.constantFrom(...seats).map((player): WizEvent => ({ type: 'WRONG_JOKER', player })),
      fc
        .record({
          index: fc.integer({ min: 0, max: 3 }),
          value: fc.integer({ min: 1, max: 20 }),
          titans: fc.integer({ min: 0, max: 2 })
        })
        .map(({ index, value, titans }): WizEvent => ({ type: 'HAND', index, hand: { value, titans } })),
      fc.integer({ min: 0, max: 3 }).map((index): WizEvent => ({ type: 'DROP_HAND', index })),
      fc
        .record({ player: fc.constantFrom(...seats), ep: fc.integer({ min: -10, max: 400 }) })
        .map((e): WizEvent => ({ type: 'CHAOTIC', ...e })),
      fc.constantFrom<1 | 2 | 3>(1, 2, 3).map((bonus): WizEvent => ({ type: 'BONUS', bonus })),
      fc.integer({ min: 0, max: 7 }).map((poolRoll): WizEvent => ({ type: 'SCORE', poolRoll })),
      fc
        .record({
          player: fc.constantFrom(...seats),
          from: fc.option(fc.constantFrom(...seats), { nil: undefined })
        })
        .map((e): WizEvent =>
          e.from === undefined
            ? { type: 'POOL_WON', player: e.player }
            : { type: 'POOL_WON', player: e.player, from: e.from }
        ),
      fc
        .record({ player: fc.constantFrom(...seats), ep: fc.integer({ min: -5, max: 300 }) })
        .map((e): WizEvent => ({ type: 'ATTACK', ...e }))
    );

  it('over random games: scores never negative, one winner exactly when a score reaches the target, replay equals live', () => {
    const seats = ['p1', 'p2', 'p3', 'p4'];
    fc.assert(
      fc.property(fc.array(anyEvent(seats), { minLength: 1, maxLength: 120 }), (events) => {
        const d = new WizDriver(
          wizSetup('standard', 4, {
            target: 600,
            titans: true,
            characters: ['fire', 'water', 'air', 'earth'],
            lifePool: { die: 6, firstRoll: 2 }
          })
        );
        for (const event of events) {
          if (d.snapshot.status !== 'active') break;
          const before = d.snapshot;
          const totalBefore = d.ctx.rounds.length;
          try {
            d.send(event);
          } catch {
            expect(d.snapshot).toBe(before);
            expect(gameRefusal(wizLogic, d.snapshot, event, d.setup)).toBeTruthy();
            continue;
          }
          expect(Object.values(d.ctx.scores).every((s) => s >= 0 && Number.isInteger(s))).toBe(true);
          const done = (d.snapshot.status as string) === 'done';
          expect(done).toBe(Object.values(d.ctx.scores).some((s) => s >= 600));
          expect(done).toBe(d.ctx.winner !== null);
          if (done) expect(d.ctx.scores[d.ctx.winner!]).toBeGreaterThanOrEqual(600);
          expect(d.ctx.rounds.length).toBeGreaterThanOrEqual(totalBefore);
        }
        const replayed = replay(wizLogic, initialState(wizLogic, d.setup), d.events);
        expect(sameState(replayed, d.snapshot)).toBe(true);
      }),
      { numRuns: 300 }
    );
  }, 60_000);
});
