/**
 * Twilight of the Gods: the rulings a table review found wrong (issue #30). Decay answered at the
 * end of every turn, Seize paying its full set-aside before the discounts, combat steps in order,
 * the words the screens show, and the last players out together as a draw.
 */
import { describe, expect, it } from 'vitest';
import { twilightLogic } from '../../src/lib/games/twilight/logic';
import { seizeQuote } from '../../src/lib/games/twilight/seize';
import { TwilightDriver, twilightSetup } from '../fixtures/twilight';
import { twilight } from '../../src/lib/games/twilight/index';
import { twilightSetupProblem } from '../../src/lib/games/twilight/format';

const duel = () => new TwilightDriver(twilightSetup(2)).begin();

describe('Twilight: Decay is part of the end of the turn', () => {
  it('End turn carries the Decay: the Aspect put into play with it and left unused decays', () => {
    const d = duel().send({ type: 'ADJUST', seat: 0, pile: 'aspect', delta: 1 });
    const life = d.player(0).life;
    expect(
      d.line({
        type: 'END_TURN',
        place: 2,
        unused: [
          [0, 1, 0],
          [0, 0, 0]
        ]
      })
    ).toMatch(
      /^Ana puts a Greater \(II\) into the Resource Area · Decay: Ana −2 Life Stack \(II×1 unused\) · Ana ends the turn/
    );
    expect(d.player(0)).toMatchObject({ life: life - 2, destroyed: 2 });
    expect(d.ctx.active).toBe(1);
  });
  it('End turn with every count at 0 says there was no Decay', () => {
    const d = duel().send({ type: 'ADJUST', seat: 0, pile: 'resource1', delta: 1 });
    expect(
      d.line({
        type: 'END_TURN',
        unused: [
          [0, 0, 0],
          [0, 0, 0]
        ]
      })
    ).toMatch(/^Decay: no Power left unspent · Ana ends the turn/);
  });
  it('a Decay beyond what is in play is refused with the reason, and the turn does not end', () => {
    const d = duel().send({ type: 'ADJUST', seat: 0, pile: 'aspect', delta: 1 });
    expect(
      d.refuse({
        type: 'END_TURN',
        place: 1,
        unused: [
          [0, 1, 0],
          [0, 0, 0]
        ]
      })
    ).toBe('Ana has 0 Greater (II) in the Resource Area, so 1 cannot go unused.');
    // Decay that empties the last Life Stack ends the game there, not the turn.
    const e = duel()
      .send({ type: 'ADJUST', seat: 1, pile: 'life', delta: -42 })
      .send({ type: 'ADJUST', seat: 1, pile: 'resource1', delta: 1 });
    e.send({
      type: 'END_TURN',
      unused: [
        [0, 0, 0],
        [1, 0, 0]
      ]
    });
    expect(e.snapshot.status).toBe('done');
    expect(e.ctx.outcome?.winners).toEqual([0]);
  });
});

describe('Twilight: Seize sets aside the full price; discounts lower only the Discards', () => {
  it('set aside is always the level plus 2, whatever the discounts', () => {
    for (const level of [1, 2, 3] as const) {
      const q = seizeQuote({ level, multiplayer: true, seizerAspects: 0, targetAspects: 20, payback: 9 });
      expect(q).toMatchObject({ setAside: level + 2, destroy: 1, discard: 0 });
      const two = seizeQuote({ level, multiplayer: false, seizerAspects: 0, targetAspects: 2 });
      expect(two).toMatchObject({ setAside: level + 2, destroy: 1, discard: level });
    }
  });
  it('a Hand of 2 cannot Seize a Greater, even when it would Discard nothing', () => {
    const d = new TwilightDriver(twilightSetup(3)).begin();
    d.send({ type: 'ADJUST', seat: 1, pile: 'aspect', delta: 6 });
    d.send({ type: 'ADJUST', seat: 0, pile: 'hand', delta: 2 - d.player(0).hand });
    expect(d.refuse({ type: 'SEIZE', from: 1, level: 2, source: 'hand' })).toBe(
      'Seizing a Greater (II) from Ben sets aside 4 cards; Ana has 2 in Hand.'
    );
    d.send({ type: 'ADJUST', seat: 0, pile: 'hand', delta: 2 });
    d.send({ type: 'SEIZE', from: 1, level: 2, source: 'hand' });
    expect(d.player(0)).toMatchObject({ hand: 3, destroyed: 1, discard: 0 });
  });
  it('from your own Life Stack: 2 set-aside cards come back first, then the discounts', () => {
    expect(
      seizeQuote({ level: 3, multiplayer: true, seizerAspects: 0, targetAspects: 4, source: 'own' })
    ).toMatchObject({ setAside: 5, returned: 2, destroy: 1, discard: 0 });
    // A payback that would save nothing is not spent.
    expect(
      seizeQuote({
        level: 1,
        multiplayer: true,
        seizerAspects: 0,
        targetAspects: 0,
        payback: 1,
        source: 'own'
      })
    ).toMatchObject({ setAside: 3, returned: 2, destroy: 1, discard: 0, paybackDiscount: 0 });
  });
  it('the Seize banner says what is set aside and what is destroyed and discarded', () => {
    const d = duel();
    const meta = { title: 'Seize', now: '', rules: [] };
    d.send({ type: 'NEXT' }).send({ type: 'NEXT' });
    expect(d.step).toBe('seize');
    expect(twilightLogic.describeStep!(d.snapshot, d.setup, meta).now).toContain(
      'a Lesser from Ben: set aside 3 · destroy 1, discard 2'
    );
  });
});

describe('Twilight: combat steps in order', () => {
  it('once a Life Stack hit is in, Discard Stack hits for that combat are refused with the reason', () => {
    const d = duel().send({ type: 'ADJUST', seat: 1, pile: 'discard', delta: 4 });
    d.send({ type: 'HIT_DISCARD', target: 1, life: 2 }).send({ type: 'HIT_LIFE', target: 1, life: 3 });
    const discard = d.player(1).discard;
    expect(d.refuse({ type: 'HIT_DISCARD', target: 1, life: 2 })).toBe(
      'Discard Stack damage (step e) comes before Life Stack damage (step f): undo the Life Stack hit to add one.'
    );
    expect(d.player(1).discard).toBe(discard);
    d.send({ type: 'HIT_LIFE', target: 1, life: 1 });
  });
});

describe('Twilight: the words', () => {
  it('the header names the turn and player, not a step the screen may be past', () => {
    const d = duel().send({ type: 'END_TURN' }).send({ type: 'END_TURN' });
    expect(d.step).toBe('refresh.cards');
    expect(twilightLogic.summarize(d.snapshot, d.setup)).toBe('Turn 3 · Ana’s turn · Ana 40 · Ben 41');
  });
  it('up to 8 players, said plainly', () => {
    expect(twilight.players).toEqual({ min: 2, max: 8 });
    const eight = twilightSetup(2);
    const players = Array.from({ length: 8 }, (_, i) => ({ id: `p${i}`, name: `P${i}` }));
    expect(
      twilightSetupProblem({
        ...eight,
        players,
        deities: players.map(() => 'mars'),
        decks: players.map(() => 50)
      })
    ).toBeUndefined();
    const nine = [...players, { id: 'p9', name: 'P9' }];
    expect(
      twilightSetupProblem({
        ...eight,
        players: nine,
        deities: nine.map(() => 'mars'),
        decks: nine.map(() => 50)
      })
    ).toBe('Twilight of the Gods is for 2 to 8 players here, not 9');
  });
});

describe('Twilight: the last players out together', () => {
  it('a draw: nobody wins, because nobody is left who has not lost', () => {
    const d = duel()
      .send({ type: 'ADJUST', seat: 0, pile: 'life', delta: -40 })
      .send({ type: 'ADJUST', seat: 1, pile: 'life', delta: -41 })
      .send({ type: 'ADJUST', seat: 0, pile: 'resource3', delta: 1 })
      .send({ type: 'ADJUST', seat: 1, pile: 'resource2', delta: 1 });
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
    expect(twilightLogic.summarize(d.snapshot, d.setup)).toBe(
      'A draw: Ana and Ben went out together · Ana out · Ben out'
    );
  });
});
