/**
 * What the table used to keep on paper (issue 51), each from the rulebook's words:
 * - STUN ("forces a player of your choice to miss their next turn"): Guide me skips that turn and says so;
 * - a wrong deck joker ("if you play the wrong card as a deck joker you automatically lose the round …
 *   all cards are taken back into your hand for EP calculation"): a round outcome, scored as rules.md rules;
 * - the 4-player starter ("then they must discard a card"; "4 players draw/discard 2 cards when drawing
 *   from the deck"): the starter, who draws nothing, discards 1;
 * - a change of winner re-asks every entry that hung on the old one (chaotic EP counts the hands "not
 *   used in countering", and countering is against the winner's hands).
 */
import { describe, expect, it } from 'vitest';
import { wizLogic } from '../../src/lib/games/wiz/logic';
import type { WizContext, WizEvent } from '../../src/lib/machines/wiz';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { storeState } from '../../src/lib/session/replay';
import { typed, WizDriver, wizSetup } from '../fixtures/wiz';
import { freshDb } from './helpers';

const three = () => new WizDriver(wizSetup('standard', 3));
function line(d: WizDriver, event: WizEvent): string {
  const before = d.snapshot;
  d.send(event);
  return wizLogic.describe(event, before, d.snapshot, d.setup);
}
/** Guide me from the deal to `title` (Next after Next), failing if it never comes. */
function walkTo(d: WizDriver, title: string) {
  for (let i = 0; i < 40 && d.step.title !== title; i++) d.send({ type: 'NEXT' });
  expect(d.step.title).toBe(title);
}

describe('WiZ: a Stun makes a player miss their next turn (Stun: "miss their next turn")', () => {
  it('Guide me skips the Stunned player’s next turn, says so, and the turn after is theirs again', () => {
    const d = three();
    walkTo(d, 'Round 1 · Ben · Action cards');
    expect(line(d, { type: 'STUN', player: 'p3' })).toBe('Cy is Stunned: misses their next turn');
    d.send({ type: 'NEXT' }).send({ type: 'NEXT' }).send({ type: 'NEXT' });
    expect(d.step.title).toBe('Round 1 · Ben · Discard');
    // Ben's discard hands the turn on: Cy's is skipped, and both the line and the banner say so.
    expect(line(d, { type: 'NEXT' })).toBe(
      'Cy is Stunned and misses the turn · Round 1 · Ana · Action cards'
    );
    expect(d.step.now).toMatch(/^Cy is Stunned and misses the turn: Ana plays\. Play action cards first/);
    expect(d.step.rules).toContain('stun');
    // The Stun is spent: after Ana, Ben, then Cy plays.
    d.send({ type: 'NEXT' });
    expect(d.step.now).not.toMatch(/Stunned/);
    walkTo(d, 'Round 1 · Cy · Action cards');
    expect(d.ctx.stunned).toEqual([]);
  });

  it('the skip is undone like any step, and a reload replays it', async () => {
    const rt = await SessionRuntime.create(freshDb(), wizLogic, 'wiz', wizSetup('standard', 3));
    const ctx = () => rt.snapshot.context as WizContext;
    for (let i = 0; i < 10; i++) rt.send({ type: 'NEXT' });
    expect(rt.send({ type: 'STUN', player: 'p3' })).toEqual({ ok: true });
    for (let i = 0; i < 3; i++) rt.send({ type: 'NEXT' });
    const atDiscard = storeState(rt.snapshot);
    rt.send({ type: 'NEXT' });
    expect(ctx().turn.seat).toBe(0);
    expect(ctx().skipped).toEqual(['p3']);
    expect(rt.undo().ok).toBe(true);
    expect(storeState(rt.snapshot)).toEqual(atDiscard);
    expect(ctx().stunned).toEqual(['p3']);
    expect(rt.redo().ok).toBe(true);
    expect(ctx().turn.seat).toBe(0);
  });

  it('"The turn ends now" passes over a Stunned player too; one Stun at a time; none while scoring', () => {
    const d = three();
    walkTo(d, 'Round 1 · Ben · Action cards');
    d.send({ type: 'STUN', player: 'p3' });
    expect(d.refuse({ type: 'STUN', player: 'p3' })).toBe(
      'Cy is already Stunned and misses their next turn.'
    );
    expect(d.refuse({ type: 'STUN', player: 'p9' })).toBe('That player is not in this game.');
    d.send({ type: 'END_TURN' });
    expect(d.step.title).toBe('Round 1 · Ana · Action cards');
    d.send({ type: 'GO_OUT', player: 'p1' });
    expect(d.refuse({ type: 'STUN', player: 'p2' })).toBe(
      'A Stun is played during a turn; this round is being scored.'
    );
  });

  it('ruling: a Stun not yet served when the round ends lapses (rules.md, ruling-stun-round)', () => {
    const d = three();
    walkTo(d, 'Round 1 · Ben · Action cards');
    d.send({ type: 'STUN', player: 'p1' });
    d.round({ out: 'p2', hands: [typed(6)], chaotic: { p1: 10, p3: 10 } });
    expect(d.ctx.stunned).toEqual([]);
    walkTo(d, 'Round 2 · Cy · Play to the table');
    d.send({ type: 'NEXT' }).send({ type: 'NEXT' });
    expect(d.step.title).toBe('Round 2 · Ana · Draw');
  });
});

describe('WiZ: a wrong deck joker loses the round ("automatically lose the round"; cards back "for EP calculation")', () => {
  it('2 players: the other player wins the round at once and scores against every card of the loser', () => {
    const d = new WizDriver(wizSetup('standard', 2));
    walkTo(d, 'Round 1 · Ben · Action cards');
    expect(line(d, { type: 'WRONG_JOKER', player: 'p2' })).toBe(
      'Ben played a wrong deck joker and loses round 1; Ana wins it'
    );
    expect(d.is({ round: 'scoring' })).toBe(true);
    expect(d.ctx.draft.outBy).toBe('p1');
    d.send({ type: 'NEXT' });
    expect(d.step.now).toMatch(/^Nobody counters/);
    expect(d.step.now).toMatch(
      /Ben played a wrong deck joker: every card of theirs, table cards too, counts as held/
    );
    d.send({ type: 'HAND', index: 0, hand: typed(7) }).send({ type: 'CHAOTIC', player: 'p2', ep: 120 });
    d.send({ type: 'SCORE' });
    expect(d.ctx.scores).toEqual({ p1: 240, p2: 0 });
    expect(d.ctx.rounds[0]).toMatchObject({ outBy: 'p1', fouled: ['p2'], gains: { p1: 240, p2: 0 } });
  });

  it('the quick flow records it too (the machine still at the deal)', () => {
    const d = new WizDriver(wizSetup('standard', 2));
    d.send({ type: 'WRONG_JOKER', player: 'p1' });
    expect(d.ctx.draft.outBy).toBe('p2');
  });

  it('ruling: 3+ players play on without the loser, whose turns are skipped; the round is won by going out', () => {
    const d = three();
    walkTo(d, 'Round 1 · Ben · Draw');
    // Caught on their own turn: the turn ends there.
    expect(line(d, { type: 'WRONG_JOKER', player: 'p2' })).toBe(
      'Ben played a wrong deck joker and loses round 1'
    );
    expect(d.step.title).toBe('Round 1 · Cy · Action cards');
    walkTo(d, 'Round 1 · Ana · Discard');
    d.send({ type: 'NEXT' });
    expect(d.step.title).toBe('Round 1 · Cy · Action cards');
    expect(d.step.now).toMatch(/^Ben is out of the round \(wrong deck joker\): Cy plays\./);
    expect(d.refuse({ type: 'GO_OUT', player: 'p2' })).toBe(
      'Ben lost this round for a wrong deck joker, so cannot win it.'
    );
    expect(d.refuse({ type: 'WRONG_JOKER', player: 'p2' })).toBe(
      'Ben has already lost this round for a wrong deck joker.'
    );
    expect(d.refuse({ type: 'STUN', player: 'p2' })).toBe(
      'Ben lost this round for a wrong deck joker and plays no more turns in it.'
    );
    // Ben is a loser like Ana, counting every card as chaotic EP.
    d.round({ out: 'p3', hands: [typed(5)], chaotic: { p1: 20, p2: 90 } });
    expect(d.ctx.rounds[0]).toMatchObject({ outBy: 'p3', fouled: ['p2'], losers: ['p1', 'p2'] });
    expect(d.ctx.scores.p3).toBe(110);
    expect(d.ctx.fouled).toEqual([]);
  });

  it('found on the one who went out: 3 players play on, every entry cleared; 2 players, the other wins', () => {
    const d = three();
    d.send({ type: 'GO_OUT', player: 'p1' }).send({ type: 'HAND', index: 0, hand: typed(8) });
    d.send({ type: 'CHAOTIC', player: 'p2', ep: 30 });
    d.send({ type: 'WRONG_JOKER', player: 'p1' });
    expect(d.is({ round: 'playing' })).toBe(true);
    expect(d.ctx.draft.outBy).toBeNull();
    expect(d.ctx.fouled).toEqual(['p1']);
    d.send({ type: 'WRONG_JOKER', player: 'p3' });
    expect(d.is({ round: { scoring: 'empty' } })).toBe(true);
    expect(d.ctx.draft).toMatchObject({ outBy: 'p2', hands: [], chaotic: {} });
  });

  it('found on a loser while scoring: they lose all the same, and every entry is asked again', () => {
    const d = three();
    d.send({ type: 'GO_OUT', player: 'p1' }).send({ type: 'HAND', index: 0, hand: typed(8) });
    d.send({ type: 'CHAOTIC', player: 'p2', ep: 30 });
    d.send({ type: 'WRONG_JOKER', player: 'p2' });
    expect(d.is({ round: { scoring: 'empty' } })).toBe(true);
    expect(d.ctx.draft).toMatchObject({ outBy: 'p1', hands: [], chaotic: {} });
  });
});

describe('WiZ: the starter’s first turn at 4 players ("then they must discard a card")', () => {
  it('the starter, who drew nothing, discards 1; every later 4-player turn discards 2 after drawing 2', () => {
    const d = new WizDriver(wizSetup('standard', 4));
    walkTo(d, 'Round 1 · Ben · Discard');
    expect(d.step.now).toBe(
      'Ben drew nothing on this first turn, so discards 1 card (2 only after drawing 2 from the deck). Nothing left to discard? Ben has gone out.'
    );
    expect(d.step.rules).toContain('ruling-four-player-draw');
    walkTo(d, 'Round 1 · Cy · Discard');
    expect(d.step.now).toMatch(/^Discard 2 cards after drawing 2 from the deck/);
  });
  it('at 2 and 3 players the starter’s discard says nothing of 2 cards', () => {
    for (const seats of [2, 3]) {
      const d = new WizDriver(wizSetup('standard', seats));
      walkTo(d, 'Round 1 · Ben · Discard');
      expect(d.step.now).not.toMatch(/2 cards/);
      expect(d.step.now).toMatch(/^Discard a card/);
    }
  });
});

describe('WiZ: a change of winner re-asks every entry that hung on the old winner', () => {
  it('the issue’s figures: a stale 30 no longer scores 150 (12+ hand ×5); the old winner is asked too', () => {
    const d = three().send({ type: 'GO_OUT', player: 'p1' });
    d.send({ type: 'HAND', index: 0, hand: typed(12) });
    d.send({ type: 'CHAOTIC', player: 'p2', ep: 30 }).send({ type: 'CHAOTIC', player: 'p3', ep: 0 });
    d.send({ type: 'NEXT' });
    expect(line(d, { type: 'GO_OUT', player: 'p3', fresh: true })).toBe('Correction: Cy went out, not Ana');
    expect(d.ctx.draft).toEqual({
      outBy: 'p3',
      hands: [],
      countered: [],
      chaotic: {},
      bonus: 1,
      everyHand: false
    });
    // Guide me walks the scoring again from its first step.
    expect(d.is({ round: { scoring: 'empty' } })).toBe(true);
    d.send({ type: 'HAND', index: 0, hand: typed(12) }).send({ type: 'CHAOTIC', player: 'p1', ep: 0 });
    expect(d.refuse({ type: 'SCORE' })).toBe('Enter Ben’s chaotic EP first.');
    d.send({ type: 'CHAOTIC', player: 'p2', ep: 10 }).send({ type: 'SCORE' });
    expect(d.ctx.scores.p3).toBe(50);
  });

  it('a correction saved before (no `fresh`) replays as it was made: the other losers’ entries kept', () => {
    const d = three().send({ type: 'GO_OUT', player: 'p1' });
    d.send({ type: 'HAND', index: 0, hand: typed(12) }).send({ type: 'CHAOTIC', player: 'p2', ep: 30 });
    d.send({ type: 'GO_OUT', player: 'p3' }).send({ type: 'HAND', index: 0, hand: typed(12) });
    d.send({ type: 'CHAOTIC', player: 'p1', ep: 0 }).send({ type: 'SCORE' });
    expect(d.ctx.scores.p3).toBe(150);
  });
});
