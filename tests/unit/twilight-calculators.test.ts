/**
 * Twilight of the Gods as numbers: the rulebook's worked examples for Seize, combat, Decay, the
 * Creature Limit and the opening, each reproduced exactly.
 */
import { describe, expect, it } from 'vitest';
import {
  creatureAspect,
  creatureLimit,
  decayCards,
  overLimit,
  xPower
} from '../../src/lib/games/twilight/aspects';
import { DEITIES, EXAMPLE_CREATURES, deityById, levelLabel } from '../../src/lib/games/twilight/cards';
import { clash, discardStackDamage, lifeStackDamage } from '../../src/lib/games/twilight/combat';
import { drawCount, startingLifeStack } from '../../src/lib/games/twilight/format';
import { paybackFor, seizeQuote, stackDiscount } from '../../src/lib/games/twilight/seize';

const twoPlayer = { multiplayer: false, seizerAspects: 0, targetAspects: 0 };

describe('the opening (rulebook: Setup, Draw Phase)', () => {
  it('7 cards in hand: a 50-card deck leaves 43 in the Life Stack, an Extended deck of 80 leaves 73', () => {
    expect(startingLifeStack(50)).toBe(43);
    expect(startingLifeStack(80)).toBe(73);
    expect(startingLifeStack(100)).toBe(93);
  });
  it('the first player draws 1 on the very first turn of a two-player game; 2 in multiplayer; 2 after', () => {
    expect(drawCount(2, true)).toBe(1);
    expect(drawCount(2, false)).toBe(2);
    for (const players of [3, 4, 5, 6]) expect(drawCount(players, true)).toBe(2);
  });
});

describe('the four starter Deities', () => {
  it('one per Faction, each starting with its Deity Power; only Mars’s requirement is printed in the rulebook', () => {
    expect(DEITIES.map((d) => [d.name, d.faction])).toEqual([
      ['Mars', 'aggression'],
      ['Hera', 'negotiation'],
      ['Reader of the Portents', 'mysticism'],
      ['Enlil', 'sanctuary']
    ]);
    expect(deityById('mars')!.requirement).toEqual({ faction: 'aggression', min: 10 });
    expect(DEITIES.filter((d) => d.requirement)).toHaveLength(1);
  });
});

describe('Seize cost (rulebook: Seize Phase)', () => {
  it('sets aside the level + 2: 3 for I, 4 for II, 5 for III; always destroys 1 and discards the rest', () => {
    expect([1, 2, 3].map((level) => seizeQuote({ ...twoPlayer, level: level as 1 | 2 | 3 }))).toMatchObject([
      { base: 3, setAside: 3, destroy: 1, discard: 2, returned: 0 },
      { base: 4, setAside: 4, destroy: 1, discard: 3, returned: 0 },
      { base: 5, setAside: 5, destroy: 1, discard: 4, returned: 0 }
    ]);
  });
  it('from your own Life Stack, 2 of the set-aside cards go back to your hand first', () => {
    expect(
      [1, 2, 3].map((level) => seizeQuote({ ...twoPlayer, level: level as 1 | 2 | 3, source: 'own' }))
    ).toMatchObject([
      { setAside: 3, returned: 2, destroy: 1, discard: 0 },
      { setAside: 4, returned: 2, destroy: 1, discard: 1 },
      { setAside: 5, returned: 2, destroy: 1, discard: 2 }
    ]);
  });
  it('Seize Example 1: a Lesser from the opponent’s hand costs destroy 1 + discard 2', () => {
    expect(seizeQuote({ ...twoPlayer, level: 1, source: 'hand' })).toMatchObject({ destroy: 1, discard: 2 });
  });
  it('Seize Example 2 (two players): Bill 0 v Jane 3 discards 1; Bill 1 v Jane 3 still 1; Bill 2 v Jane 3 discards 2', () => {
    const bill = (aspects: number) =>
      seizeQuote({ level: 1, multiplayer: false, seizerAspects: aspects, targetAspects: 3, source: 'hand' });
    expect(bill(0)).toMatchObject({ stackDiscount: 1, destroy: 1, discard: 1 });
    expect(bill(1)).toMatchObject({ stackDiscount: 1, destroy: 1, discard: 1 });
    expect(bill(2)).toMatchObject({ stackDiscount: 0, destroy: 1, discard: 2 });
  });
  it('two players: one card off per full pair by which the opponent’s Aspect Stack exceeds yours, never for a smaller stack', () => {
    const d = (mine: number, theirs: number) =>
      stackDiscount({ multiplayer: false, seizerAspects: mine, targetAspects: theirs });
    expect([d(0, 0), d(0, 1), d(0, 2), d(0, 3), d(0, 4), d(2, 7), d(5, 2), d(3, 3)]).toEqual([
      0, 0, 1, 1, 2, 2, 0, 0
    ]);
  });
  it('Seize Example 3: a Greater found nowhere but the seizer’s own Life Stack: destroy 1 + discard 1', () => {
    expect(seizeQuote({ ...twoPlayer, level: 2, source: 'own' })).toMatchObject({
      setAside: 4,
      returned: 2,
      destroy: 1,
      discard: 1
    });
  });
  it('multiplayer: −1 per 2 cards in that opponent’s Aspect Stack, whatever the seizer holds', () => {
    const q = (theirs: number, mine: number) =>
      seizeQuote({ level: 3, multiplayer: true, seizerAspects: mine, targetAspects: theirs }).discard;
    expect([q(0, 0), q(1, 0), q(2, 0), q(5, 0), q(5, 9), q(6, 9)]).toEqual([4, 4, 3, 2, 2, 1]);
  });
  it('multiplayer: −X when that opponent seized X from you on their last turn, after the stack discount', () => {
    // A III from an opponent with 4 in the Aspect Stack (−2) who seized 1 from you last turn (−1).
    expect(
      seizeQuote({ level: 3, multiplayer: true, seizerAspects: 0, targetAspects: 4, payback: 1 })
    ).toMatchObject({
      stackDiscount: 2,
      paybackDiscount: 1,
      setAside: 5,
      destroy: 1,
      discard: 1
    });
  });
  it('at least 1 card is always destroyed, however big the discounts', () => {
    for (const level of [1, 2, 3] as const) {
      const q = seizeQuote({ level, multiplayer: true, seizerAspects: 0, targetAspects: 20, payback: 9 });
      expect(q).toMatchObject({ setAside: level + 2, destroy: 1, discard: 0 });
      expect(q.stackDiscount + q.paybackDiscount).toBe(level + 1);
      const two = seizeQuote({ level, multiplayer: false, seizerAspects: 0, targetAspects: 20 });
      expect(two).toMatchObject({ destroy: 1, discard: 0 });
    }
  });
  it('the payback is for multiplayer only', () => {
    expect(
      seizeQuote({ level: 2, multiplayer: false, seizerAspects: 0, targetAspects: 0, payback: 2 })
    ).toMatchObject({
      paybackDiscount: 0,
      discard: 3
    });
  });
  it('our reading: a discounted Seize from your own Life Stack: 2 back, then the discounts on what is left', () => {
    // The full price is set aside; 2 go back during the search; a discount lowers only the Discards.
    expect(
      seizeQuote({ level: 1, multiplayer: true, seizerAspects: 0, targetAspects: 2, source: 'own' })
    ).toMatchObject({ setAside: 3, returned: 2, destroy: 1, discard: 0, stackDiscount: 0 });
    expect(
      seizeQuote({ level: 2, multiplayer: true, seizerAspects: 0, targetAspects: 6, source: 'own' })
    ).toMatchObject({ setAside: 4, returned: 2, destroy: 1, discard: 0, stackDiscount: 1 });
    expect(
      seizeQuote({ level: 3, multiplayer: true, seizerAspects: 0, targetAspects: 4, source: 'own' })
    ).toMatchObject({ setAside: 5, returned: 2, destroy: 1, discard: 0 });
  });
  it('payback: X minus what was used this turn, and none on consecutive turns', () => {
    expect(paybackFor({ seizedBy: 2, theyTookPayback: false, used: 0 })).toBe(2);
    expect(paybackFor({ seizedBy: 2, theyTookPayback: false, used: 1 })).toBe(1);
    expect(paybackFor({ seizedBy: 2, theyTookPayback: false, used: 3 })).toBe(0);
    expect(paybackFor({ seizedBy: 2, theyTookPayback: true, used: 0 })).toBe(0);
    expect(paybackFor({ seizedBy: 0, theyTookPayback: false, used: 0 })).toBe(0);
  });
  it('every discount only ever lowers the discards: set aside = destroy + discard + returned + discounts', () => {
    for (const level of [1, 2, 3] as const)
      for (const multiplayer of [false, true])
        for (let mine = 0; mine < 6; mine++)
          for (let theirs = 0; theirs < 9; theirs++)
            for (let payback = 0; payback < 4; payback++)
              for (const source of ['hand', 'life', 'own'] as const) {
                const q = seizeQuote({
                  level,
                  multiplayer,
                  seizerAspects: mine,
                  targetAspects: theirs,
                  payback,
                  source
                });
                expect(q.setAside).toBe(
                  q.destroy + q.discard + q.returned + q.stackDiscount + q.paybackDiscount
                );
                expect(q.destroy).toBe(1);
                expect(q.discard).toBeGreaterThanOrEqual(0);
                expect(q.setAside).toBe(level + 2);
              }
  });
  it('labels levels as the table says them', () => {
    expect([1, 2, 3].map((l) => levelLabel(l as 1 | 2 | 3))).toEqual([
      'Lesser (I)',
      'Greater (II)',
      'Exalted (III)'
    ]);
  });
});

describe('combat (rulebook: Combat Phase and its examples)', () => {
  const {
    youthfulTroll,
    borderlandScout,
    corruptTribune,
    praetorianGuard,
    stormchaserOracle,
    stoicLegionnaires
  } = EXAMPLE_CREATURES;
  it('Combat Example 1: a 3/3 Troll blocked by a 1/1 Scout ends as 3/2, the Scout Slain; no Life Stack damage', () => {
    const r = clash(youthfulTroll, borderlandScout);
    expect(r.attacker).toEqual({ takes: 1, life: 2, slain: false });
    expect(r.blocker).toEqual({ takes: 3, life: -2, slain: true });
  });
  it('a later round: the unblocked 1/2 Tribune moves 2 cards off the Life Stack', () => {
    expect(lifeStackDamage(corruptTribune.life)).toBe(2);
  });
  it('stacks damage: a 4/4 Guard with Armor 2 against a 4/4 Oracle with Armor 1: the Oracle takes 3, the Guard 2', () => {
    const r = clash(praetorianGuard, stormchaserOracle);
    expect(r.blocker).toMatchObject({ takes: 3, life: 1, slain: false });
    expect(r.attacker).toMatchObject({ takes: 2, life: 2, slain: false });
  });
  it('the unblocked Legionnaires (Life 1) destroy 1 from the Discard Stack and turn 1 from the Life Stack', () => {
    expect(discardStackDamage(stoicLegionnaires.life)).toBe(1);
    expect(lifeStackDamage(stoicLegionnaires.life)).toBe(1);
  });
  it('on the Discard Stack an attacker destroys half its Life rounded up: Life 1 to 6 destroy 1, 1, 2, 2, 3, 3', () => {
    expect([1, 2, 3, 4, 5, 6].map(discardStackDamage)).toEqual([1, 1, 2, 2, 3, 3]);
  });
  it('damage already on a Creature counts: the wounded Troll (1 damage) hits a Life Stack for 2', () => {
    const r = clash({ ...youthfulTroll, damage: 1 }, corruptTribune);
    expect(r.attacker.life).toBe(1);
    expect(lifeStackDamage(2)).toBe(2);
  });
  it('Armor can stop all of a hit, never more', () => {
    expect(
      clash({ name: 'A', fight: 1, life: 2, armor: 3 }, { name: 'B', fight: 1, life: 1 }).attacker
    ).toEqual({
      takes: 0,
      life: 2,
      slain: false
    });
  });
});

describe('Aspects in play (rulebook: Summoning and End Phase)', () => {
  it('Creature Limit: four I and three II allow at most four Lesser and three Greater Creatures', () => {
    expect(creatureLimit([4, 3, 0])).toEqual({ lesser: 4, greater: 3, exalted: 0 });
    // A fifth Lesser Creature means one Lesser is Discarded.
    expect(overLimit([4, 3, 0], [5, 3, 0])).toEqual([1, 0, 0]);
    expect(overLimit([4, 3, 0], [4, 2, 0])).toEqual([0, 0, 0]);
  });
  it('a Creature’s Aspect is the highest level in its cost: two II and two III make it Exalted', () => {
    expect(creatureAspect([0, 2, 2])).toBe(3);
    expect(creatureAspect([2, 1, 0])).toBe(2);
    expect(creatureAspect([1, 0, 0])).toBe(1);
    expect(creatureAspect([0, 0, 0])).toBeUndefined();
  });
  it('Decay: 3, 2 and 1 cards for each unused III, II and I, summed', () => {
    expect(decayCards([1, 0, 0])).toBe(1);
    expect(decayCards([0, 1, 0])).toBe(2);
    expect(decayCards([0, 0, 1])).toBe(3);
    expect(decayCards([2, 1, 3])).toBe(13);
    expect(decayCards([0, 0, 0])).toBe(0);
  });
  it('X costs count each Aspect by its level', () => {
    expect(xPower([1, 1, 1])).toBe(6);
  });
});
