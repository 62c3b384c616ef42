/**
 * The Theos statechart, rule by rule: both flows (Guide me's steps and the quick flow's
 * information events), Followers, gods, God Speed answers, the End Phase, drafts, refusals that
 * change nothing, whole games in every game type to their end, results, and replay equals live.
 */
import { gameRefusal } from '../../src/lib/session/send';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { theosLogic, deepestMeta } from '../../src/lib/games/theos/logic';
import { FOLLOWER_LIMIT, FOLLOWER_TOKENS, teamTotals, type TheosEvent } from '../../src/lib/machines/theos';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { initialState, replay, sameState, storeState } from '../../src/lib/session/replay';
import { GAME_TYPES, TheosDriver, theosSetup } from '../fixtures/theos';
import { freshDb, reopen } from './helpers';
import type { TheosFormat } from '../../src/lib/games/theos/format';

const titleOf = (d: TheosDriver) =>
  theosLogic.describeStep!(d.snapshot, d.setup, deepestMeta(d.snapshot)).title;
const nowOf = (d: TheosDriver) => theosLogic.describeStep!(d.snapshot, d.setup, deepestMeta(d.snapshot)).now;
const rulesOf = (d: TheosDriver) =>
  theosLogic.describeStep!(d.snapshot, d.setup, deepestMeta(d.snapshot)).rules;

/** The history lines of a driver's log that are not folded-away steps. */
function numberLines(d: TheosDriver): string[] {
  let snap = initialState(theosLogic, d.setup);
  const lines: string[] = [];
  for (const e of d.log) {
    const next = replay(theosLogic, snap, [e]);
    if (!theosLogic.stepEvents.includes(e.type)) lines.push(theosLogic.describe(e, snap, next, d.setup));
    snap = next;
  }
  return lines;
}

describe('Theos: Guide me walks every step', () => {
  it('prepare, Start Phase, then each turn: choose, reveal, resolve (no Blanks in round 1)', () => {
    const d = new TheosDriver(theosSetup('1v1', 2, 'prebuilt'));
    expect(d.is('prepare')).toBe(true);
    expect(titleOf(d)).toBe('Take your seats');
    expect(nowOf(d)).toMatch(/Decks from (Tutorial Game|Feast and Famine): Ana: .+, Ben: .+\./);
    d.send({ type: 'NEXT' });
    expect(titleOf(d)).toBe('Round 1 · Start Phase');
    expect(nowOf(d)).toMatch(/^The Ascension Die shows 10: a team needs 10 Followers/);
    d.send({ type: 'NEXT' });
    const seen: string[] = [];
    for (let turn = 1; turn <= 7; turn++) {
      seen.push(titleOf(d));
      d.send({ type: 'NEXT' });
      seen.push(titleOf(d));
      d.send({ type: 'NEXT' });
      seen.push(titleOf(d));
      expect(d.refuse({ type: 'NEXT' })).toBe('When every card has resolved, end the turn.');
      d.send({ type: turn < 7 ? 'TURN_DONE' : 'END_PLAY' });
    }
    expect(seen.slice(0, 6)).toEqual([
      'Round 1 · Turn 1 of 7 · Choose',
      'Round 1 · Turn 1 of 7 · Reveal',
      'Round 1 · Turn 1 of 7 · Resolve',
      'Round 1 · Turn 2 of 7 · Choose',
      'Round 1 · Turn 2 of 7 · Reveal',
      'Round 1 · Turn 2 of 7 · Resolve'
    ]);
    expect(seen.at(-1)).toBe('Round 1 · Turn 7 of 7 · Resolve');
    expect(d.is({ end: 'order' })).toBe(true);
    expect(titleOf(d)).toBe('Round 1 · End Phase · Cleanup order');
    d.send({ type: 'NEXT' });
    expect(titleOf(d)).toBe('Round 1 · End Phase · Cleanup');
    expect(d.refuse({ type: 'NEXT' })).toBe('Start the next round once everyone has cleaned up.');
    expect(d.refuse({ type: 'NEXT_ROUND' })).toBe(
      'Enter the cleanup for Ana, Ben first: cards kept and Followers going back.'
    );
    d.cleanup().send({ type: 'NEXT_ROUND' });
    expect(titleOf(d)).toBe('Round 2 · Start Phase');
    expect(d.ctx.turn).toBe(1);
  });

  it('the Blanks step comes only when someone holds Blanks, and the Start Phase says who', () => {
    const d = new TheosDriver(theosSetup('ffa', 3));
    d.send({ type: 'NEXT' })
      .playRound({ p1: 3 })
      .cleanup({ p1: { keep: 2, back: 0 } })
      .send({ type: 'NEXT_ROUND' });
    expect(nowOf(d)).toContain('Blanks in hand: Ana 2.');
    expect(rulesOf(d)).toContain('blank');
    d.send({ type: 'NEXT' }).send({ type: 'NEXT' }).send({ type: 'NEXT' });
    expect(titleOf(d)).toBe('Round 2 · Turn 1 of 7 · Blanks out');
    d.send({ type: 'NEXT' });
    expect(titleOf(d)).toBe('Round 2 · Turn 1 of 7 · Resolve');
  });

  it('two Realms add the Realm move step and the one-speed-order ruling to the resolve step', () => {
    const d = new TheosDriver(theosSetup('ffa', 5));
    expect(rulesOf(d)).toEqual(
      expect.arrayContaining(['two-realms', 'demigod-cards', 'seating-free-for-all'])
    );
    d.send({ type: 'NEXT' }).send({ type: 'NEXT' }).send({ type: 'NEXT' }).send({ type: 'NEXT' });
    expect(rulesOf(d)).toContain('ruling-two-realm-order');
    d.playRound().send({ type: 'NEXT' }).cleanup().send({ type: 'NEXT' });
    expect(titleOf(d)).toBe('Round 1 · End Phase · Change Realm');
    expect(nowOf(d)).toMatch(/Realm 1: .+; Realm 2: .+\./);
  });

  it('every state the table can see says what happens now', () => {
    const visit = (node: typeof theosLogic.machine.root): void => {
      const transient = node.always && node.always.length > 0 && !node.meta;
      if (node !== theosLogic.machine.root && !transient && node.type !== 'compound') {
        expect(node.meta?.now, node.id).toMatch(/\w{3,}/);
        expect(node.meta?.rules.length, node.id).toBeGreaterThan(0);
      }
      Object.values(node.states).forEach(visit);
    };
    visit(theosLogic.machine.root);
  });
});

describe('Theos: the quick flow', () => {
  it('a Follower change anywhere in the Start or Play Phase moves to the resolve step', () => {
    const d = new TheosDriver(theosSetup('1v1', 2));
    d.send({ type: 'FOLLOWERS', player: 'p1', delta: 2 });
    expect(d.is({ play: 'resolve' })).toBe(true);
    d.send({ type: 'TURN_DONE' });
    expect(d.is({ play: 'choose' })).toBe(true);
    expect(d.ctx.turn).toBe(2);
    d.send({ type: 'GOD', realm: 0, god: d.ctx.pairs[0].find((g) => g !== d.ctx.active[0][0])! });
    expect(d.is({ play: 'resolve' })).toBe(true);
  });

  it('a turn ends with one event from any step; after the 7th, one event ends the Play Phase', () => {
    const d = new TheosDriver(theosSetup('ffa', 4));
    for (let t = 1; t <= 6; t++) d.send({ type: 'TURN_DONE' });
    expect(d.ctx.turn).toBe(7);
    expect(d.refuse({ type: 'TURN_DONE' })).toBe(
      'Turn 7 is the last of the round: every hand is empty, so end the Play Phase.'
    );
    d.send({ type: 'END_PLAY' });
    expect(d.is({ end: 'order' })).toBe(true);
    expect(d.refuse({ type: 'TURN_DONE' })).toBe(
      'The Play Phase is over: clean up, then start the next round.'
    );
    expect(d.refuse({ type: 'END_PLAY' })).toBe(
      'The Play Phase is over: clean up, then start the next round.'
    );
  });

  it('a card that empties hands early: the table may end the Play Phase at any turn', () => {
    const d = new TheosDriver(theosSetup('1v1', 2));
    d.send({ type: 'TURN_DONE' }).send({ type: 'TURN_DONE' });
    const before = d.snapshot;
    d.send({ type: 'END_PLAY' });
    expect(theosLogic.describe({ type: 'END_PLAY' }, before, d.snapshot, d.setup)).toBe(
      'Round 1: the Play Phase ends after turn 3. Die 10: Ana 0/10, Ben 0/10. Nobody ascends'
    );
  });

  it('cleanup entries and Realm moves are accepted at any End Phase step and move to theirs', () => {
    const d = new TheosDriver(theosSetup('2v2v2', 6)).playRound();
    d.send({ type: 'MOVE_REALM', player: 'p1', realm: 1 - d.ctx.realmOf.p1 });
    expect(d.is({ end: 'move' })).toBe(true);
    d.send({ type: 'CLEANUP', player: 'p1', keep: 0, back: 0 });
    expect(d.is({ end: 'cleanup' })).toBe(true);
  });

  it('Guide me and the quick flow reach the same state with the same number-changing history', () => {
    const quick = new TheosDriver(theosSetup('2v2', 4));
    const guided = new TheosDriver(theosSetup('2v2', 4));
    const flip = {
      type: 'GOD',
      realm: 0,
      god: quick.ctx.pairs[1].find((g) => g !== quick.ctx.active[0][1])!
    } as const;
    // Quick: information only, and one event per turn.
    quick.send({ type: 'FOLLOWERS', player: 'p1', delta: 3 }).send(flip).send({ type: 'TURN_DONE' });
    for (let t = 2; t <= 6; t++) quick.send({ type: 'TURN_DONE' });
    quick.send({ type: 'END_PLAY' });
    quick.cleanup().send({ type: 'NEXT_ROUND' });
    // Guide me: every step, the same information at the steps where it happens.
    guided.send({ type: 'NEXT' }).send({ type: 'NEXT' });
    for (let t = 1; t <= 7; t++) {
      guided.send({ type: 'NEXT' }).send({ type: 'NEXT' });
      if (t === 1) guided.send({ type: 'FOLLOWERS', player: 'p1', delta: 3 }).send(flip);
      guided.send({ type: t < 7 ? 'TURN_DONE' : 'END_PLAY' });
    }
    guided.send({ type: 'NEXT' }).cleanup().send({ type: 'NEXT_ROUND' });
    expect(storeState(guided.snapshot)).toEqual(storeState(quick.snapshot));
    expect(numberLines(guided)).toEqual(numberLines(quick));
    // Tap counts besides the numbers: quick 1 per turn and 1 to start the next round; Guide me
    // walks prepare and start once, then 3 a turn (choose, reveal, resolve's end) and the End Phase.
    const taps = (d: TheosDriver) =>
      d.log.filter((e) => !['FOLLOWERS', 'GOD', 'CLEANUP'].includes(e.type)).length;
    expect(taps(quick)).toBe(7 + 1);
    expect(taps(guided)).toBe(2 + 7 * 3 + 1 + 1);
  });
});

describe('Theos: Followers and gods', () => {
  it('Followers go up and down per player and sum per team; never below 0, with a plain reason', () => {
    const d = new TheosDriver(theosSetup('2v2', 4));
    d.followers({ p1: 4, p2: 3, p3: 1 });
    expect(teamTotals(d.ctx)).toEqual([7, 1]);
    expect(d.refuse({ type: 'FOLLOWERS', player: 'p3', delta: -2 })).toBe(
      'Cy has 1 Follower, so cannot lose 2. Followers never go below 0.'
    );
    expect(d.refuse({ type: 'FOLLOWERS', player: 'p3', delta: 0.5 })).toBe(
      'The change must be a whole number other than 0.'
    );
    expect(d.refuse({ type: 'FOLLOWERS', player: 'p3', delta: 0 })).toBe(
      'The change must be a whole number other than 0.'
    );
    expect(d.refuse({ type: 'FOLLOWERS', player: 'zz', delta: 1 })).toBe('That player is not in this game.');
    expect(d.refuse({ type: 'FOLLOWERS', player: 'p3', delta: FOLLOWER_LIMIT })).toBe(
      `Followers stop at ${FOLLOWER_LIMIT}.`
    );
    d.send({ type: 'FOLLOWERS', player: 'p3', delta: -1 });
    expect(d.ctx.followers.p3).toBe(0);
  });

  // Rulebook, Game Components: 60 Follower Tokens; Keywords, Add: Followers are taken from the
  // Supply. One Supply serves the whole table (Setup: the tokens go within reach of everyone), so
  // the 60 are counted across every player, team and Realm (rules.md, ruling-supply).
  describe('the box’s 60 Follower tokens, shared by the whole table', () => {
    const gain = (player: string, delta: number): TheosEvent => ({
      type: 'FOLLOWERS',
      player,
      delta,
      tokens: FOLLOWER_TOKENS
    });

    it('a change that would put more than 60 on the cards is refused, naming what the others hold', () => {
      const d = new TheosDriver(theosSetup('1v1', 2));
      expect(FOLLOWER_TOKENS).toBe(60);
      expect(d.refuse(gain('p1', 131))).toBe(
        'Ana cannot have 131: the box has 60 Follower tokens, so Ana can hold 60 at most.'
      );
      d.send(gain('p1', 25)).send(gain('p2', 30));
      expect(d.refuse(gain('p1', 6))).toBe(
        'Ana cannot have 31: the box has 60 Follower tokens and 30 are on other players’ cards, so Ana can hold 30 at most.'
      );
      d.send(gain('p1', 5));
      expect(d.ctx.followers).toEqual({ p1: 30, p2: 30 });
      expect(d.refuse(gain('p2', 1))).toMatch(/^Ben cannot have 31: .* so Ben can hold 30 at most\.$/);
      // A steal moves tokens from card to card: one down, then the other up, all within the 60.
      d.send(gain('p1', -2)).send(gain('p2', 2));
      expect(d.ctx.followers).toEqual({ p1: 28, p2: 32 });
    });

    it('the 60 are counted across all teams, not per team (three teams of two)', () => {
      const d = new TheosDriver(theosSetup('2v2v2', 6));
      for (const p of ['p1', 'p2', 'p3', 'p4', 'p5']) d.send(gain(p, 11));
      expect(teamTotals(d.ctx).reduce((a, b) => a + b)).toBe(55);
      expect(d.refuse(gain('p6', 6))).toBe(
        'Fay cannot have 6: the box has 60 Follower tokens and 55 are on other players’ cards, so Fay can hold 5 at most.'
      );
      d.send(gain('p6', 5));
      expect(d.refuse(gain('p6', 1))).toMatch(/so Fay can hold 5 at most/);
    });

    it('Followers that go back at cleanup return to the Supply and can be gained again', () => {
      const d = new TheosDriver(theosSetup('1v1', 2));
      // Tied on 30 (all 60 out): nobody ascends, and the cleanup sends 35 back to the Supply.
      d.send(gain('p1', 30)).send(gain('p2', 30)).send({ type: 'END_PLAY' });
      d.cleanup({ p1: { keep: 1, back: 25 }, p2: { keep: 3, back: 10 } }).send({ type: 'NEXT_ROUND' });
      expect(d.ctx.followers).toEqual({ p1: 5, p2: 20 });
      d.send(gain('p1', 35));
      expect(d.refuse(gain('p1', 1))).toMatch(/Ana can hold 40 at most/);
    });

    it('a change saved before the tokens were counted (no `tokens`) replays as it did', () => {
      const setup = theosSetup('1v1', 2);
      const old: TheosEvent[] = [
        { type: 'FOLLOWERS', player: 'p1', delta: 131 },
        { type: 'FOLLOWERS', player: 'p2', delta: 40 }
      ];
      const snap = replay(theosLogic, initialState(theosLogic, setup), old);
      expect(snap.context.followers).toEqual({ p1: 131, p2: 40 });
      // Only a box's own count is a count: any other is refused.
      const d = new TheosDriver(setup);
      expect(d.refuse({ type: 'FOLLOWERS', player: 'p1', delta: 1, tokens: 120 })).toBe(
        'A Theos box has 60 Follower tokens.'
      );
    });
  });

  it('one tap makes a god face up; its pair’s other god goes face down; each Realm on its own', () => {
    const d = new TheosDriver(theosSetup('ffa', 6));
    d.ctx.pairs.forEach((pair, i) => {
      const down = pair.find((g) => g !== d.ctx.active[1][i])!;
      const before = d.ctx.active[0].slice();
      d.send({ type: 'GOD', realm: 1, god: down });
      expect(d.ctx.active[1][i]).toBe(down);
      expect(d.ctx.active[0]).toEqual(before);
      expect(d.refuse({ type: 'GOD', realm: 1, god: down })).toMatch(/is already face up in Realm 2\.$/);
    });
    expect(d.refuse({ type: 'GOD', realm: 2, god: 'gaia' })).toBe('There is no such Realm.');
  });

  it('a flip before any card corrects a starting face and stays on the setup step', () => {
    const d = new TheosDriver(theosSetup('1v1', 2));
    const down = d.ctx.pairs[0].find((g) => g !== d.ctx.active[0][0])!;
    d.send({ type: 'GOD', realm: 0, god: down });
    expect(d.is('prepare')).toBe(true);
  });

  it('God Speed answers are remembered; a settled pair cannot be answered again', () => {
    const d = new TheosDriver(theosSetup('1v1', 2));
    expect(d.refuse({ type: 'GOD_ORDER', faster: 'poseidon', slower: 'gaia' })).toBe(
      'It is already settled: Poseidon is faster than Gaia.'
    );
    expect(d.refuse({ type: 'GOD_ORDER', faster: 'gaia', slower: 'poseidon' })).toMatch(
      /already settled the other way: Poseidon is faster than Gaia/
    );
    d.send({ type: 'GOD_ORDER', faster: 'hades', slower: 'poseidon' });
    // Hades before Poseidon before Gaia: Hades before Gaia follows.
    expect(d.refuse({ type: 'GOD_ORDER', faster: 'gaia', slower: 'hades' })).toMatch(/other way/);
    expect(d.refuse({ type: 'GOD_ORDER', faster: 'hades', slower: 'hades' })).toBe(
      'Name two different gods.'
    );
    expect(d.ctx.answers).toEqual([['hades', 'poseidon']]);
  });
});

describe('Theos: the End Phase', () => {
  it('winners are checked only at the End Phase, against the die of that round', () => {
    const d = new TheosDriver(theosSetup('1v1', 2));
    d.followers({ p1: 12 });
    expect(d.done).toBe(false);
    for (let t = 1; t < 7; t++) d.send({ type: 'TURN_DONE' });
    expect(d.done).toBe(false);
    d.send({ type: 'END_PLAY' });
    expect(d.done).toBe(true);
    expect(d.ctx.winner).toBe(0);
  });

  it('the die counts down each round; a tie for the most means no winner and play goes on', () => {
    const d = new TheosDriver(theosSetup('1v1', 2));
    const dice: number[] = [];
    for (let r = 1; r <= 4; r++) {
      dice.push(theosLogic.standing(d.snapshot, d.setup).target!);
      d.round({}, { p1: { keep: 0, back: 0 }, p2: { keep: 0, back: 0 } });
    }
    expect(dice).toEqual([10, 9, 8, 7]);
    // Round 5, die 6... use round 4's numbers from the worked example instead: die at 7, both on 7.
    const e = new TheosDriver(theosSetup('1v1', 2));
    for (let r = 1; r <= 3; r++) e.round({}, { p1: { keep: 0, back: 0 }, p2: { keep: 0, back: 0 } });
    e.playRound({ p1: 7, p2: 7 });
    expect(e.done).toBe(false);
    expect(e.is({ end: 'order' })).toBe(true);
    expect(theosLogic.describe({ type: 'END_PLAY' }, e.snapshot, e.snapshot, e.setup)).toContain(
      'Die 7: Ana 7/7, Ben 7/7. A tie for the most: nobody ascends'
    );
  });

  it('worked example (our illustration): tied on 7, final cards Hurricane and Cerberus, Ben cleans up first', () => {
    const d = new TheosDriver(theosSetup('1v1', 2));
    for (let r = 1; r <= 3; r++) d.round({}, { p1: { keep: 0, back: 0 }, p2: { keep: 0, back: 0 } });
    d.playRound({ p1: 7, p2: 7 });
    expect(nowOf(d)).toContain('Order: Ana = Ben. Tied: name the final card of Ana, Ben.');
    d.send({ type: 'FINAL_CARD', player: 'p1', card: 'P13' }).send({
      type: 'FINAL_CARD',
      player: 'p2',
      card: 'h10'
    });
    expect(nowOf(d)).toContain('Order: Ben, then Ana.');
    expect(d.refuse({ type: 'FINAL_CARD', player: 'p1', card: 'H10' })).toBe(
      'Cerberus (H10) is already Ben’s final card; each card is in play once.'
    );
    // Ana keeps two cards holding 5 Followers, returns the rest (2 Followers back) and draws 2 Blanks.
    d.send({ type: 'CLEANUP', player: 'p1', keep: 2, back: 2 }).send({
      type: 'CLEANUP',
      player: 'p2',
      keep: 0,
      back: 7
    });
    d.send({ type: 'NEXT_ROUND' });
    expect(d.ctx.round).toBe(5);
    expect(theosLogic.standing(d.snapshot, d.setup).target).toBe(6);
    expect(d.ctx.followers).toEqual({ p1: 5, p2: 0 });
    expect(d.ctx.blanks).toEqual({ p1: 2, p2: 0 });
    expect(nowOf(d)).toContain('Blanks in hand: Ana 2.');
  });

  it('a final card is asked only of tied teams, and a Speed tie between them asks the God Speed', () => {
    const d = new TheosDriver(theosSetup('ffa', 3));
    d.playRound({ p1: 4, p2: 4, p3: 1 });
    expect(d.refuse({ type: 'FINAL_CARD', player: 'p3', card: 'G2' })).toBe(
      'Cy’s team is not tied on Followers, so its final card does not decide anything.'
    );
    d.send({ type: 'FINAL_CARD', player: 'p1', card: 'H12' }).send({
      type: 'FINAL_CARD',
      player: 'p2',
      card: 'D12'
    });
    expect(nowOf(d)).toContain('Tied: which is faster, Hades or Demeter?');
    d.send({ type: 'GOD_ORDER', faster: 'demeter', slower: 'hades' });
    expect(nowOf(d)).toContain('Order: Ben, then Ana, then Cy.');
  });

  it('cleanup refuses the impossible with a plain reason and changes nothing', () => {
    const d = new TheosDriver(theosSetup('1v1', 2));
    d.playRound({ p1: 3 })
      .cleanup({ p1: { keep: 3, back: 0 }, p2: { keep: 0, back: 0 } })
      .send({ type: 'NEXT_ROUND' });
    d.playRound({ p1: 1 });
    expect(d.refuse({ type: 'CLEANUP', player: 'p1', keep: 8, back: 0 })).toBe(
      'Ana has 7 resolved cards in play (3 kept from earlier rounds and 4 played this round), so cannot keep 8.'
    );
    expect(d.refuse({ type: 'CLEANUP', player: 'p1', keep: 2, back: 5 })).toBe(
      'Ana has 4 Followers, so 5 cannot go back.'
    );
    expect(d.refuse({ type: 'CLEANUP', player: 'p1', keep: 0, back: 1 })).toBe(
      'Returning every card sends all of Ana’s 4 Followers back to the Supply.'
    );
    // Cards left in play keep their Followers: keeping all 7 sends none back.
    expect(d.refuse({ type: 'CLEANUP', player: 'p1', keep: 7, back: 2 })).toBe(
      'Keeping all 7 cards in play keeps every one of Ana’s 4 Followers: none can go back. Return a card to send its Followers back.'
    );
    expect(d.refuse({ type: 'CLEANUP', player: 'p1', keep: -1, back: 0 })).toBe(
      'The cards kept must be a whole number, 0 or more.'
    );
    expect(d.refuse({ type: 'CLEANUP', player: 'p1', keep: 1, back: 1.5 })).toBe(
      'The Followers going back must be a whole number, 0 or more.'
    );
    expect(d.ctx.cleanup).toEqual({});
    // An entry can be corrected before the next round starts.
    d.send({ type: 'CLEANUP', player: 'p1', keep: 2, back: 1 }).send({
      type: 'CLEANUP',
      player: 'p1',
      keep: 7,
      back: 0
    });
    expect(d.ctx.cleanup.p1).toEqual({ keep: 7, back: 0 });
  });

  it('keeping all 7 cards makes a hand of 7 Blanks; each kept card becomes one Blank', () => {
    const d = new TheosDriver(theosSetup('1v1', 2));
    d.round({ p1: 2 }, { p1: { keep: 7, back: 0 }, p2: { keep: 1, back: 0 } });
    expect(d.ctx.blanks).toEqual({ p1: 7, p2: 1 });
    expect(nowOf(d)).toContain('Blanks in hand: Ana 7, Ben 1.');
  });

  it('Realm moves: only with two Realms, to the other Realm', () => {
    const two = new TheosDriver(theosSetup('ffa', 5)).playRound();
    const from = two.ctx.realmOf.p3;
    expect(two.refuse({ type: 'MOVE_REALM', player: 'p3', realm: from })).toBe(
      `Cy already plays in Realm ${from + 1}.`
    );
    two.send({ type: 'MOVE_REALM', player: 'p3', realm: 1 - from });
    expect(two.ctx.realmOf.p3).toBe(1 - from);
    const one = new TheosDriver(theosSetup('ffa', 4)).playRound();
    expect(one.refuse({ type: 'MOVE_REALM', player: 'p3', realm: 1 })).toBe(
      'Moving between Realms needs two Realms (5 or 6 players).'
    );
  });
});

describe('Theos: drafts in the machine', () => {
  it('2 players: picks alternate from the first picker; each card once; 24 picks end the draft', () => {
    const d = new TheosDriver(theosSetup('1v1', 2, 'draft'));
    expect(d.is({ draft: 'two' })).toBe(true);
    const draft = d.ctx.draft!;
    if (draft.mode !== 'two') throw new Error('expected a 2 player draft');
    const first = draft.first === 'p1' ? 'Ana' : 'Ben';
    const second = first === 'Ana' ? 'Ben' : 'Ana';
    expect(titleOf(d)).toBe(`Draft · ${first}’s pick`);
    expect(nowOf(d)).toContain(`Picks left: ${first} 12, ${second} 12.`);
    const pool = draft.pool;
    const before = d.snapshot;
    d.send({ type: 'PICK', card: pool[5] });
    expect(theosLogic.describe({ type: 'PICK', card: pool[5] }, before, d.snapshot, d.setup)).toMatch(
      new RegExp(`^${first} picks .+ \\(${pool[5]}\\)$`)
    );
    expect(titleOf(d)).toBe(`Draft · ${second}’s pick`);
    expect(d.refuse({ type: 'PICK', card: pool[5] })).toMatch(/has already been picked\.$/);
    const outside = [
      'P1',
      'G1',
      'H1',
      'D1',
      ...'PGHD'
        .split('')
        .flatMap((l) => [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15].map((n) => `${l}${n}`))
    ].find((id) => !pool.includes(id))!;
    expect(d.refuse({ type: 'PICK', card: outside })).toBe('That card is not in the draft pool.');
    expect(d.refuse({ type: 'FOLLOWERS', player: 'p1', delta: 1 })).toBe('Finish the draft first.');
    pool
      .filter((id) => id !== pool[5])
      .slice(0, 23)
      .forEach((card) => d.send({ type: 'PICK', card }));
    expect(d.is('prepare')).toBe(true);
    expect(d.refuse({ type: 'PICK', card: pool[27] })).toBe('The draft is over.');
  });

  it('3 players: 6 pick rounds passing left, 6 passing right, then the game', () => {
    const d = new TheosDriver(theosSetup('ffa', 3, 'draft'));
    expect(titleOf(d)).toBe('Draft · Packet 1 of 2 · Pick 1 of 6');
    expect(nowOf(d)).toContain(
      'Pass left (clockwise). 6 picks left from this packet. The last 2 cards of each packet leave the game.'
    );
    for (let i = 0; i < 6; i++) d.send({ type: 'PICKED' });
    expect(titleOf(d)).toBe('Draft · Packet 2 of 2 · Pick 1 of 6');
    expect(nowOf(d)).toContain('Pass right (counter-clockwise).');
    expect(d.refuse({ type: 'PICK', card: 'P1' })).toBe(
      'Cards are picked one by one only in a 2 player draft.'
    );
    for (let i = 0; i < 6; i++) d.send({ type: 'PICKED' });
    expect(d.is('prepare')).toBe(true);
    expect(d.refuse({ type: 'PICKED' })).toBe('The draft is over.');
  });

  it('6 players: one packet of 10 passing left; a table that drafts without the tracker can skip it', () => {
    const d = new TheosDriver(theosSetup('3v3', 6, 'draft'));
    expect(titleOf(d)).toBe('Draft · Packet 1 · Pick 1 of 10');
    d.send({ type: 'PICKED' }).send({ type: 'DRAFT_DONE' });
    expect(d.is('prepare')).toBe(true);
    expect(d.refuse({ type: 'DRAFT_DONE' })).toBe('There is no draft going on.');
  });
});

describe('Theos: events out of place are refused with a reason and change nothing', () => {
  it('the End Phase’s events before the End Phase, and play events after it', () => {
    const d = new TheosDriver(theosSetup('1v1', 2));
    expect(d.refuse({ type: 'CLEANUP', player: 'p1', keep: 0, back: 0 })).toBe(
      'That comes in the End Phase, after turn 7.'
    );
    expect(d.refuse({ type: 'NEXT_ROUND' })).toBe('That comes in the End Phase, after turn 7.');
    d.playRound();
    expect(d.refuse({ type: 'FOLLOWERS', player: 'p1', delta: 1 })).toMatch(
      /^Followers change while cards resolve/
    );
    expect(d.refuse({ type: 'GOD', realm: 0, god: 'gaia' })).toBe(
      'Gods flip while cards resolve, in the Play Phase.'
    );
  });

  it('after the game everything is refused: the game is over', () => {
    const d = new TheosDriver(theosSetup('1v1', 2)).playRound({ p2: 10 });
    expect(d.done).toBe(true);
    for (const e of [
      { type: 'FOLLOWERS', player: 'p1', delta: 1 },
      { type: 'NEXT_ROUND' },
      { type: 'NEXT' }
    ] as TheosEvent[]) {
      expect(d.refuse(e)).toBe('The game is over. Undo the last step to change it.');
    }
  });
});

/** Plays rounds where `leader` gains `gain` Followers a round and keeps them, until the game ends. */
function playToEnd(d: TheosDriver, leader: string[], gain: number): number {
  let rounds = 0;
  while (!d.done && rounds < 20) {
    const changes = Object.fromEntries(leader.map((id) => [id, gain]));
    // Everyone else gains 1 and returns it, so teams are never tied.
    for (const id of d.ctx.players) if (!leader.includes(id)) changes[id] = 1;
    d.playRound(changes);
    rounds++;
    if (d.done) break;
    const entries = Object.fromEntries(
      d.ctx.players.map((id) => [
        id,
        leader.includes(id) ? { keep: 3, back: 0 } : { keep: 0, back: d.ctx.followers[id] }
      ])
    );
    d.cleanup(entries).send({ type: 'NEXT_ROUND' });
  }
  return rounds;
}

describe('Theos: whole games in every game type', () => {
  it.each(GAME_TYPES.map(([f, n]) => [`${f} with ${n}`, f, n] as const))(
    '%s: rounds until a team ascends',
    (_, format, n) => {
      const setup = theosSetup(format as TheosFormat, n, n === 2 ? 'draft' : 'own');
      const d = new TheosDriver(setup);
      if (d.is('draft')) d.draft();
      d.send({ type: 'NEXT' });
      const team = setup.teams[setup.teams.length - 1];
      // Each member gains 2 a round and keeps it: after round r, 2r each; the team wins when
      // 2r × size ≥ die × size, i.e. 2r ≥ 11 − r: round 4 (8 ≥ 7).
      const rounds = playToEnd(d, team, 2);
      expect(rounds).toBe(4);
      expect(d.done).toBe(true);
      expect(d.ctx.winner).toBe(setup.teams.length - 1);
      const result = theosLogic.result(d.snapshot, setup);
      expect(result.finished).toBe(true);
      expect(result.winners.sort()).toEqual(team.slice().sort());
      expect(result.length).toEqual({ unit: 'round', number: 4 });
      for (const p of result.players) {
        // The losing teams are tied with each other: they share the rank after the winners.
        expect(p.rank).toBe(team.includes(p.id) ? 1 : team.length + 1);
        expect(p.score).toBe(
          team.includes(p.id)
            ? 8 * team.length
            : teamTotals(d.ctx)[setup.teams.findIndex((t) => t.includes(p.id))]
        );
        expect(p.started).toBe(false);
      }
      if (team.length > 1) {
        expect(result.winningTeam).toBe(setup.teams.length - 1);
        expect(result.players.every((p) => p.team !== undefined)).toBe(true);
      } else {
        expect(result.winningTeam).toBeUndefined();
        expect(result.tie).toBe(false);
      }
      expect(theosLogic.summarize(d.snapshot, setup)).toMatch(/ascended in round 4 · .+ Followers$/);
    }
  );

  it('every deck type plays to the end (prebuilt, roster, draft, own) with 3 players', () => {
    for (const kind of ['prebuilt', 'roster', 'draft', 'own'] as const) {
      const d = new TheosDriver(theosSetup('ffa', 3, kind));
      if (d.is('draft')) d.draft();
      playToEnd(d, ['p2'], 3);
      expect(d.ctx.winner, kind).toBe(1);
    }
  });

  it('results before the end: nobody has won, tied scores share a rank', () => {
    const d = new TheosDriver(theosSetup('ffa', 4));
    d.playRound({ p1: 3, p2: 3, p3: 1 });
    const result = theosLogic.result(d.snapshot, d.setup);
    expect(result.finished).toBe(false);
    expect(result.winners).toEqual([]);
    expect(result.players.map((p) => [p.name, p.score, p.rank])).toEqual([
      ['Ana', 3, 1],
      ['Ben', 3, 1],
      ['Cy', 1, 3],
      ['Dee', 0, 4]
    ]);
    expect(theosLogic.summarize(d.snapshot, d.setup)).toBe(
      'Round 1 · Die 10 · Ana 3 · Ben 3 · Cy 1 · Dee 0 Followers'
    );
    expect(theosLogic.period(d.snapshot, d.setup)).toEqual({ unit: 'round', number: 1 });
    expect(theosLogic.scoring).toEqual({ unit: 'Followers', highestWins: true, noPoints: false });
  });

  it('a team win gives every member the team’s score and rank 1', () => {
    const d = new TheosDriver(theosSetup('2v2', 4));
    d.playRound({ p1: 12, p2: 8, p3: 5 });
    expect(d.ctx.winner).toBe(0);
    const result = theosLogic.result(d.snapshot, d.setup);
    expect(result).toMatchObject({ finished: true, winningTeam: 0, tie: false });
    expect(result.players.map((p) => [p.name, p.score, p.rank, p.team, p.winner])).toEqual([
      ['Ana', 20, 1, 0, true],
      ['Ben', 20, 1, 0, true],
      ['Cy', 5, 3, 1, false],
      ['Dee', 5, 3, 1, false]
    ]);
    expect(theosLogic.summarize(d.snapshot, d.setup)).toBe(
      'Ana & Ben ascended in round 1 · Ana & Ben 20 – Cy & Dee 5 Followers'
    );
  });
});

describe('Theos: history lines name the change', () => {
  it('Followers, gods, cleanup, moves and a new round', () => {
    const d = new TheosDriver(theosSetup('ffa', 5));
    const line = (e: TheosEvent) => {
      const before = d.snapshot;
      d.send(e);
      return theosLogic.describe(e, before, d.snapshot, d.setup);
    };
    expect(line({ type: 'FOLLOWERS', player: 'p1', delta: 3 })).toBe('Ana +3 Followers (3)');
    expect(line({ type: 'FOLLOWERS', player: 'p1', delta: -1 })).toBe('Ana −1 Follower (2)');
    const down = d.ctx.pairs[0].find((g) => g !== d.ctx.active[1][0])!;
    expect(line({ type: 'GOD', realm: 1, god: down })).toMatch(/^Realm 2: \w+ face up, \w+ face down$/);
    expect(line({ type: 'GOD_ORDER', faster: 'hades', slower: 'demeter' })).toBe(
      'God Speed: Hades is faster than Demeter'
    );
    for (let t = 0; t < 5; t++) d.send({ type: 'TURN_DONE' });
    expect(line({ type: 'TURN_DONE' })).toBe('Round 1, turn 6 done');
    expect(line({ type: 'END_PLAY' })).toBe(
      'Round 1: the Play Phase ends. Die 10: Ana 2/10, Ben 0/10, Cy 0/10, Dee 0/10, Eli 0/10. Nobody ascends'
    );
    expect(line({ type: 'CLEANUP', player: 'p1', keep: 1, back: 1 })).toBe(
      'Ana keeps 1 card (1 Follower stay), returns 6 (1 Follower back)'
    );
    expect(line({ type: 'MOVE_REALM', player: 'p2', realm: 1 - d.ctx.realmOf.p2 })).toMatch(
      /^Ben moves to Realm [12]$/
    );
    d.cleanup({ p1: { keep: 1, back: 1 } });
    // The history files it under round 1 (the round it was entered in), so it speaks of round 1's end.
    expect(line({ type: 'NEXT_ROUND' })).toBe('End of round 1: the Ascension Die goes to 9 for round 2');
  });
});

describe('Theos: the runtime, undo and replay', () => {
  it('a whole game through the runtime: replay equals live, undo everywhere, reopen keeps it', async () => {
    const setup = theosSetup('2v2', 4, 'prebuilt');
    const d = new TheosDriver(setup);
    d.send({ type: 'NEXT' }).send({ type: 'GOD_ORDER', faster: 'demeter', slower: 'hades' });
    playToEnd(d, ['p3', 'p4'], 2);
    expect(d.done).toBe(true);
    const db = freshDb();
    const rt = await SessionRuntime.create(db, theosLogic, 'theos', setup, { snapshotEvery: 7 });
    for (const e of d.log) expect((await rt.send(e)).ok).toBe(true);
    expect(sameState(rt.snapshot, d.snapshot)).toBe(true);
    expect(sameState(replay(theosLogic, initialState(theosLogic, setup), d.log), d.snapshot)).toBe(true);
    const fresh = await SessionRuntime.open(reopen(db), theosLogic, rt.session.id, { snapshotEvery: 7 });
    expect(storeState(fresh.snapshot)).toEqual(storeState(d.snapshot));
    expect(rt.history[0].label).toMatch(
      /^Round 4: the Play Phase ends\. Die 7: Ana & Ben \d+\/14, Cy & Dee 16\/14\. Cy & Dee ascend$/
    );
    // Undo all the way back, checking each state against a replay of the shorter log.
    for (let n = d.log.length - 1; n >= 0; n--) {
      expect((await rt.undo()).ok).toBe(true);
      if (n % 5 === 0) {
        expect(
          sameState(rt.snapshot, replay(theosLogic, initialState(theosLogic, setup), d.log.slice(0, n)))
        ).toBe(true);
      }
    }
    expect(rt.canUndo).toBe(false);
    while (rt.canRedo) expect((await rt.redo()).ok).toBe(true);
    expect(sameState(rt.snapshot, d.snapshot)).toBe(true);
  }, 30_000);

  it('refusals reach the runtime as plain reasons', async () => {
    const rt = await SessionRuntime.create(freshDb(), theosLogic, 'theos', theosSetup('1v1', 2));
    expect(await rt.send({ type: 'FOLLOWERS', player: 'p1', delta: -1 })).toEqual({
      ok: false,
      reason: 'Ana has 0 Followers, so cannot lose 1. Followers never go below 0.'
    });
  });
});

describe('Theos: invariants over random games', () => {
  const event = (players: number): fc.Arbitrary<TheosEvent> =>
    fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({
          type: fc.constant('FOLLOWERS' as const),
          player: fc.integer({ min: 1, max: players }).map((i) => `p${i}`),
          delta: fc.integer({ min: -4, max: 12 }),
          tokens: fc.constant(FOLLOWER_TOKENS)
        })
      },
      { weight: 6, arbitrary: fc.constant({ type: 'TURN_DONE' as const }) },
      { weight: 2, arbitrary: fc.constant({ type: 'END_PLAY' as const }) },
      { weight: 2, arbitrary: fc.constant({ type: 'NEXT' as const }) },
      {
        weight: 2,
        arbitrary: fc.record({
          type: fc.constant('GOD' as const),
          realm: fc.integer({ min: 0, max: 1 }),
          god: fc.constantFrom('poseidon', 'gaia', 'hades', 'demeter')
        })
      },
      {
        weight: 4,
        arbitrary: fc.record({
          type: fc.constant('CLEANUP' as const),
          player: fc.integer({ min: 1, max: players }).map((i) => `p${i}`),
          keep: fc.integer({ min: -1, max: 8 }),
          back: fc.integer({ min: 0, max: 6 })
        })
      },
      {
        weight: 1,
        arbitrary: fc.record({
          type: fc.constant('MOVE_REALM' as const),
          player: fc.integer({ min: 1, max: players }).map((i) => `p${i}`),
          realm: fc.integer({ min: 0, max: 1 })
        })
      },
      { weight: 2, arbitrary: fc.constant({ type: 'NEXT_ROUND' as const }) }
    );

  it('Followers never go negative nor past the box’s 60 in all, blanks never exceed 7, the game ends exactly when one team ascends, replay equals live', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GAME_TYPES),
        fc.integer({ min: 0, max: 1000 }),
        fc.array(event(6), { minLength: 1, maxLength: 150 }),
        ([format, n], seed, events) => {
          const d = new TheosDriver(theosSetup(format, n, 'own', { seed: `P${seed}` }));
          for (const e of events) {
            if (d.done) break;
            const before = d.snapshot;
            let accepted = true;
            try {
              d.send(e);
            } catch {
              accepted = false;
            }
            if (!accepted) {
              // A refusal changes nothing and has its own words for the table (a stray NEXT gets the
              // runtime's general sentence naming the step).
              expect(d.snapshot).toBe(before);
              if (e.type !== 'NEXT') expect(gameRefusal(theosLogic, d.snapshot, e, d.setup)).toMatch(/\w/);
            }
            expect(Object.values(d.ctx.followers).every((f) => f >= 0)).toBe(true);
            expect(Object.values(d.ctx.followers).reduce((a, b) => a + b)).toBeLessThanOrEqual(60);
            expect(Object.values(d.ctx.blanks).every((b) => b >= 0 && b <= 7)).toBe(true);
            expect(d.done).toBe(d.ctx.winner !== null);
          }
          expect(sameState(replay(theosLogic, initialState(theosLogic, d.setup), d.log), d.snapshot)).toBe(
            true
          );
        }
      ),
      { numRuns: 200 }
    );
  }, 30_000);
});

describe('Theos: malformed events (a damaged backup, a stale tab) are refused, never thrown on', () => {
  const junk = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean()
  );
  const types = [
    'NEXT',
    'PICK',
    'PICKED',
    'DRAFT_DONE',
    'FOLLOWERS',
    'GOD',
    'TURN_DONE',
    'END_PLAY',
    'GOD_ORDER',
    'FINAL_CARD',
    'CLEANUP',
    'MOVE_REALM',
    'NEXT_ROUND',
    'SURGE'
  ];
  it('any fields, in any state: a refusal with words or a sound step', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...types),
        fc.record({
          player: junk,
          delta: junk,
          realm: junk,
          god: junk,
          card: junk,
          keep: junk,
          back: junk,
          faster: junk,
          slower: junk
        }),
        fc.integer({ min: 0, max: 3 }),
        (type, fields, where) => {
          const d = new TheosDriver(theosSetup('ffa', 5, where === 3 ? 'draft' : 'own'));
          if (where >= 1 && where < 3) d.send({ type: 'NEXT' }).send({ type: 'NEXT' });
          if (where === 2) d.playRound();
          const event = { type, ...fields } as unknown as TheosEvent;
          const before = d.snapshot;
          let next: ReturnType<typeof d.refuse> | undefined;
          try {
            d.send(event);
          } catch {
            expect(d.snapshot).toBe(before);
            next = gameRefusal(theosLogic, d.snapshot, event, d.setup);
            if (type !== 'NEXT' && type !== 'SURGE') expect(next).toMatch(/\w/);
            return;
          }
          expect(theosLogic.describe(event, before, d.snapshot, d.setup)).toMatch(/\w/);
          expect(Object.values(d.ctx.followers).every((f) => Number.isInteger(f) && f >= 0)).toBe(true);
        }
      ),
      { numRuns: 400 }
    );
  }, 30_000);
});
