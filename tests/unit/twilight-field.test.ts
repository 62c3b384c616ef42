/**
 * Twilight of the Gods: what the table plays goes where the rulebook sends it (issue 51). Schemes
 * to the Discard Stack, Creatures onto the Combat Field against the Creature Limit, Slain and
 * over-the-limit Creatures to the Discard Stack, card effects that Discard or Destroy; Discard
 * Stack damage capped by the real count; corrections no deck could reach refused; no attack on a
 * teammate. Games saved before these events replay as they did.
 */
import { describe, expect, it } from 'vitest';
import { twilightLogic } from '../../src/lib/games/twilight/logic';
import type { TwilightContext, TwilightEvent } from '../../src/lib/games/twilight/table';
import { initialState, replay, sameState } from '../../src/lib/session/replay';
import { TwilightDriver, twilightSetup } from '../fixtures/twilight';

const scheme = (seat: number): TwilightEvent => ({
  type: 'MOVE',
  seat,
  from: 'hand',
  to: 'discard',
  cards: 1,
  why: 'scheme'
});
const creature = (level: 1 | 2 | 3, over?: 'discard' | 'outside'): TwilightEvent => ({
  type: 'SUMMON',
  cards: 1,
  card: 'creature',
  level,
  ...(over ? { over } : {})
});

/** Ana and Ben, Ana's first turn. */
const duel = () => new TwilightDriver(twilightSetup(2)).begin();

describe('Twilight: the Discard Stack counts what goes there', () => {
  // Rulebook, Summoning Phase › Schemes: a Scheme resolves when Summoned, then goes to its
  // controlling player's Discard Stack.
  it('three Schemes played: Discard 3, and a Life-4 attacker on it Destroys 2 (half its Life, rounded up), not "all there was"', () => {
    const d = duel();
    d.send({ type: 'END_TURN' }); // Ben's turn: he plays three Schemes
    for (let i = 0; i < 3; i++) d.send(scheme(1));
    expect(d.player(1)).toMatchObject({ hand: 6, discard: 3 });
    d.send({ type: 'END_TURN' }); // Ana attacks Ben's Discard Stack (Combat step 5)
    expect(d.line({ type: 'HIT_DISCARD', target: 1, life: 4 })).toBe(
      'Ben −2 Discard Stack, Destroyed by an attacker of Life 4'
    );
    expect(d.player(1)).toMatchObject({ discard: 1, destroyed: 2 });
  });

  it('a Scheme may be played on another player’s turn (whenever Active Effects are allowed), and says where it went', () => {
    const d = duel();
    expect(d.line(scheme(1))).toBe('Ben plays a Scheme; resolved, to the Discard Stack (Discard Stack 1)');
    expect(d.player(1)).toMatchObject({ hand: 6, discard: 1 });
    expect(d.ctx.active).toBe(0);
  });

  // Glossary › Discard: to move a card into the Discard Stack. A damage Scheme on a Life Stack
  // (the Sacrifice examples' "Scheme inflicting 4 Damage to Jane's Life Stack") turns cards over
  // onto the Discard Stack, as Life Stack damage does.
  it('a card effect that Discards from the Life Stack moves the cards to the Discard Stack, and one that Destroys to the Destroyed Stack', () => {
    const d = duel();
    d.send({ type: 'MOVE', seat: 1, from: 'life', to: 'discard', cards: 4 });
    expect(d.player(1)).toMatchObject({ life: 39, discard: 4 });
    // Sacrificing › a card in a Discard Stack is Destroyed.
    expect(d.line({ type: 'MOVE', seat: 1, from: 'discard', to: 'destroyed', cards: 1 })).toBe(
      'Ben Destroys 1 card from the Discard Stack, card effect (Destroyed Stack 1)'
    );
    expect(d.refuse({ type: 'MOVE', seat: 1, from: 'hand', to: 'discard', cards: 8 })).toBe(
      'Ben’s Hand has 7 cards, so 8 cannot go.'
    );
  });
});

describe('Twilight: Creatures and the Creature Limit', () => {
  // Rulebook, Creature Limit Example: four (I) and three (II) Aspects in the Resource Area allow
  // four Lesser and three Greater Creatures; a fifth Lesser means Discarding a Lesser Creature
  // (possibly the one just Summoned).
  const limited = () => {
    const d = duel();
    for (const [pile, delta] of [
      ['resource1', 4],
      ['resource2', 3],
      ['hand', 6]
    ] as const)
      d.send({ type: 'ADJUST', seat: 0, pile, delta });
    for (let i = 0; i < 4; i++) d.send(creature(1));
    return d;
  };

  it('the Creature Limit example: a fifth Lesser Creature asks what is Discarded; either answer keeps the count at four', () => {
    const d = limited();
    expect(d.player(0).creatures).toEqual([4, 0, 0]);
    expect(d.refuse(creature(1))).toBe(
      'Ana’s Creature Limit allows 4 Lesser Creatures (4 Lesser Aspects in play); this makes 5. Say which goes: a Lesser Creature is Discarded, or this one does not count against the limit.'
    );
    const discard = d.player(0).discard;
    expect(d.line(creature(1, 'discard'))).toBe(
      'Ana Summons a Lesser Creature (Creatures I 4 of 4; 9 in Hand); over the Creature Limit, 1 Lesser Creature Discarded (Discard Stack 1)'
    );
    expect(d.player(0).creatures).toEqual([4, 0, 0]);
    expect(d.player(0).discard).toBe(discard + 1);
    // Greater Creatures have their own limit of three: within it, nothing is Discarded.
    expect(d.refuse(creature(2, 'discard'))).toBe('Ana is within the Creature Limit: nothing is Discarded.');
    d.send(creature(2));
    expect(d.player(0).creatures).toEqual([4, 1, 0]);
  });

  it('"some Creatures’ printed ability is not counted against the Creature Limit": such a one joins the other cards in play', () => {
    const d = limited();
    expect(d.line(creature(1, 'outside'))).toBe(
      'Ana Summons a Lesser Creature, outside the Creature Limit (9 in Hand)'
    );
    expect(d.player(0)).toMatchObject({ creatures: [4, 0, 0], play: 1 });
    d.send({ type: 'SUMMON', cards: 1, card: 'other' }); // a Fortification
    expect(d.player(0)).toMatchObject({ play: 2, hand: 8 });
  });

  // "Should your Creature Limit be exceeded (by whatever means), you must immediately Discard your
  // desired excess Creature cards": an Aspect lost from the Resource Area (say, Sacrificed).
  it('a limit exceeded by losing an Aspect: the excess is Discarded, and no more than the excess', () => {
    const d = limited();
    d.send({ type: 'ADJUST', seat: 0, pile: 'resource1', delta: -1 });
    const discardLimit: TwilightEvent = {
      type: 'MOVE',
      seat: 0,
      from: 'creature1',
      to: 'discard',
      cards: 1,
      why: 'limit'
    };
    expect(d.line(discardLimit)).toBe(
      'Ana Discards 1 Lesser Creature over the Creature Limit (Discard Stack 1)'
    );
    expect(d.player(0).creatures).toEqual([3, 0, 0]);
    expect(d.refuse(discardLimit)).toBe('Ana is within the Creature Limit for Lesser Creatures.');
  });

  // Combat Example 1, step 4: the attacking Youthful Troll (3/3) Slays the blocking Borderland
  // Scout (1/1); rules.md's ruling sends Slain Creatures to the owner's Discard Stack.
  it('Combat Example 1: Bill’s Borderland Scout is Slain and goes to his Discard Stack', () => {
    const d = duel();
    d.send({ type: 'ADJUST', seat: 1, pile: 'creature1', delta: 2 }); // Scout and Tribune
    expect(d.line({ type: 'MOVE', seat: 1, from: 'creature1', to: 'discard', cards: 1, why: 'slain' })).toBe(
      'Ben’s Lesser Creature is Slain (Discard Stack 1)'
    );
    expect(d.player(1)).toMatchObject({ creatures: [1, 0, 0], discard: 1 });
    expect(d.refuse({ type: 'MOVE', seat: 1, from: 'hand', to: 'discard', cards: 1, why: 'slain' })).toBe(
      'A Slain Creature goes from the Combat Field to the Discard Stack.'
    );
  });

  it('the Summoning step says the Creatures in play beside the Creature Limit', () => {
    const d = limited();
    const meta = Object.values(
      d.snapshot.getMeta() as Record<string, { title: string; now: string; rules: string[] }>
    ).at(-1)!;
    expect(d.step).toBe('summoning');
    expect(twilightLogic.describeStep!(d.snapshot, d.setup, meta).now).toContain(
      'Creatures in play: 4 Lesser, 0 Greater, 0 Exalted. Creature Limit: 4 Lesser, 3 Greater, 0 Exalted.'
    );
  });
});

describe('Twilight: corrections no deck could reach', () => {
  // Deck Building: a deck is exactly 50 cards (Extended: up to 100). The Life Stack, Hand and
  // Discard and Destroyed Stacks hold only the player's own cards.
  it('a Life Stack of 500 and a Hand of 99 in a 50-card game are refused, in plain words', () => {
    const d = duel();
    expect(d.refuse({ type: 'ADJUST', seat: 0, pile: 'life', delta: 458, bounded: true })).toBe(
      'Ana’s Life Stack cannot hold 500: Ana’s deck has 50 cards.'
    );
    expect(d.refuse({ type: 'ADJUST', seat: 1, pile: 'hand', delta: 92, bounded: true })).toBe(
      'Ben’s Hand cannot hold 99: Ben’s deck has 50 cards.'
    );
    // Aspects can be anyone's cards (Trades and Seizes): at most every deck at the table.
    d.send({ type: 'ADJUST', seat: 0, pile: 'aspect', delta: 60, bounded: true });
    expect(d.refuse({ type: 'ADJUST', seat: 0, pile: 'aspect', delta: 41, bounded: true })).toBe(
      'Ana’s Aspect Stack cannot hold 101: the decks at the table have 100 cards in all.'
    );
    d.send({ type: 'ADJUST', seat: 0, pile: 'hand', delta: 42, bounded: true });
    expect(d.player(0).hand).toBe(50);
  });

  it('an Extended deck allows its own size', () => {
    const d = new TwilightDriver(twilightSetup(2, { extended: true, decks: [80, 60] })).begin();
    d.send({ type: 'ADJUST', seat: 0, pile: 'hand', delta: 72, bounded: true });
    expect(d.player(0).hand).toBe(80);
    expect(d.refuse({ type: 'ADJUST', seat: 1, pile: 'hand', delta: 54, bounded: true })).toBe(
      'Ben’s Hand cannot hold 61: Ben’s deck has 60 cards.'
    );
  });

  it('games saved before: a correction with no bound and cards played with no kind replay as they did', () => {
    const setup = twilightSetup(2);
    const old: TwilightEvent[] = [
      { type: 'BEGIN' },
      { type: 'ADJUST', seat: 0, pile: 'life', delta: 458 },
      { type: 'SUMMON', cards: 3 }
    ];
    const snap = replay(twilightLogic, initialState(twilightLogic, setup), old);
    const ctx = snap.context as TwilightContext;
    expect(ctx.players[0]).toMatchObject({ life: 500, hand: 5, discard: 0, creatures: [0, 0, 0], play: 0 });
    const d = duel();
    d.send(old[1]).send(old[2]);
    expect(sameState(snap, d.snapshot)).toBe(true);
  });
});

describe('Twilight teams: attacking a teammate', () => {
  // The book's Combat Phase attacks "the opponent"; rules.md rules that a teammate is never the
  // defending player (ruling-team-attack).
  it('a teammate cannot be the defending player; a player of another team can', () => {
    const d = new TwilightDriver(twilightSetup(4, { teams: [0, 1, 0, 1] })).begin();
    expect(d.refuse({ type: 'HIT_LIFE', target: 2, life: 3 })).toBe(
      'Cy is on Ana’s team: attack a player of another team.'
    );
    expect(d.refuse({ type: 'HIT_DISCARD', target: 2, life: 3 })).toBe(
      'Cy is on Ana’s team: attack a player of another team.'
    );
    d.send({ type: 'HIT_LIFE', target: 1, life: 3 });
    expect(d.player(1).life).toBe(40);
  });

  it('every player for themselves: anyone else may be attacked', () => {
    const d = new TwilightDriver(twilightSetup(4)).begin();
    d.send({ type: 'HIT_LIFE', target: 2, life: 3 });
    expect(d.player(2).life).toBe(40);
  });
});
