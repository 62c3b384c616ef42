/**
 * Theos drafts: the 2 player pool procedure with its repair steps, the 3 to 6 player packets, and
 * the pick trackers, checked over thousands of seeds (same seed, same draft).
 */
import { describe, expect, it } from 'vitest';
import { CARDS, GODS, cardById, type CardType } from '../../src/lib/games/theos/cards';
import {
  DRAFT_PLANS,
  TWO_POOL_SIZE,
  drawPassDraft,
  drawTwoPlayerPool,
  passDraftProblem,
  passPickStatus,
  twoDraftProblem,
  rowsByGod,
  twoDraftDecks,
  twoPickStatus,
  twoPlayerPoolFrom
} from '../../src/lib/games/theos/draft';

const typeOf = (id: string) => cardById(id)!.type;
const godOf = (id: string) => cardById(id)!.god;
const count = (ids: string[], type: CardType) => ids.filter((id) => typeOf(id) === type).length;
const nonBetrayals = CARDS.filter((c) => c.type !== 'betrayal').map((c) => c.id);

describe('2 player draft pool', () => {
  it('worked example: 4 + 12 + 12 = 28 in the pool, 32 left out', () => {
    const draw = drawTwoPlayerPool('K7QM2XDA');
    expect(draw.pool).toHaveLength(TWO_POOL_SIZE);
    expect(TWO_POOL_SIZE).toBe(28);
    expect(draw.removed).toHaveLength(32);
    expect([count(draw.pool, 'betrayal'), count(draw.pool, 'offering'), count(draw.pool, 'power')]).toEqual([
      4, 12, 12
    ]);
  });

  it('over 3,000 seeds: 28 cards, no card twice, every god’s Offering and Power, same seed same pool', () => {
    let repaired = 0;
    for (let i = 0; i < 3000; i++) {
      const draw = drawTwoPlayerPool(`S${i}`);
      expect(new Set(draw.pool).size).toBe(28);
      expect(new Set([...draw.pool, ...draw.removed]).size).toBe(60);
      for (const type of ['offering', 'power'] as const) {
        for (const god of GODS) {
          expect(draw.pool.some((id) => typeOf(id) === type && godOf(id) === god)).toBe(true);
        }
      }
      expect(twoDraftProblem({ pool: draw.pool })).toBeUndefined();
      if (draw.repairs.length) repaired++;
    }
    // The repair steps are not a rarity the tests never reach.
    expect(repaired).toBeGreaterThan(10);
    expect(drawTwoPlayerPool('ABCD1234')).toEqual(drawTwoPlayerPool('abcd-1234'));
    expect(drawTwoPlayerPool('ABCD1234').pool).not.toEqual(drawTwoPlayerPool('ABCD1235').pool);
  }, 30_000);

  it('the pool is listed by god, then Speed', () => {
    const { pool } = drawTwoPlayerPool('ORDER');
    const index = pool.map((id) => CARDS.findIndex((c) => c.id === id));
    expect(index).toEqual([...index].sort((a, b) => a - b));
  });

  it('turns cards up until each pile has 12, discarding extras of a full pile', () => {
    // Offerings of every god come first, so the Offering pile fills with the first 12 Offerings.
    const offerings = nonBetrayals.filter((id) => typeOf(id) === 'offering');
    const powers = nonBetrayals.filter((id) => typeOf(id) === 'power');
    const order = [...offerings, ...powers];
    const draw = twoPlayerPoolFrom(order);
    // The first 12 Offerings by card order are Poseidon's 7 and Gaia's first 5: Hades and Demeter
    // are missing and repaired.
    expect(draw.repairs.map((r) => [r.type, r.god])).toEqual([
      ['offering', 'hades'],
      ['offering', 'demeter'],
      ['power', 'hades'],
      ['power', 'demeter']
    ]);
  });

  it('repair: drop the most recent card of the god with the most, then turn cards until the missing god’s', () => {
    const offerings = nonBetrayals.filter((id) => typeOf(id) === 'offering');
    const powers = nonBetrayals.filter((id) => typeOf(id) === 'power');
    // Offerings: Poseidon 7 (P2-P8), Gaia 5 (G2-G6) fill the pile; Power: every god's first 3.
    const powerFirst = GODS.flatMap((g) => powers.filter((id) => godOf(id) === g).slice(0, 3));
    const rest = [...offerings.slice(12), ...powers.filter((id) => !powerFirst.includes(id))];
    const draw = twoPlayerPoolFrom([...offerings.slice(0, 12), ...powerFirst, ...rest]);
    // Hades is missing: Poseidon has the most (7), its most recent is P8. The cards turned next are
    // G7, G8 (discarded), then H2: Hades' first Offering in the rest.
    expect(draw.repairs[0]).toEqual({
      type: 'offering',
      god: 'hades',
      dropped: 'P8',
      added: 'H2',
      fromDiscards: false
    });
    // Demeter next: Poseidon 6 and Gaia 5 now; Poseidon still has the most, its most recent is P7.
    expect(draw.repairs[1]).toMatchObject({ type: 'offering', god: 'demeter', dropped: 'P7' });
    expect(draw.repairs).toHaveLength(2);
    expect(draw.pool).toContain('H2');
    expect(draw.pool).not.toContain('P8');
  });

  it('our reading of a tie for the most: the most recently drawn card among the tied gods goes', () => {
    const offerings = nonBetrayals.filter((id) => typeOf(id) === 'offering');
    const powers = nonBetrayals.filter((id) => typeOf(id) === 'power');
    const of = (g: string) => offerings.filter((id) => godOf(id) === g);
    // Offering pile: Poseidon 4, Gaia 4, Hades 4 (Demeter missing), drawn interleaved so Hades' H5 is last.
    const pile = [0, 1, 2, 3].flatMap((i) => [of('poseidon')[i], of('gaia')[i], of('hades')[i]]);
    const powerFirst = GODS.flatMap((g) => powers.filter((id) => godOf(id) === g).slice(0, 3));
    const rest = nonBetrayals.filter((id) => !pile.includes(id) && !powerFirst.includes(id));
    const draw = twoPlayerPoolFrom([...pile, ...powerFirst, ...rest]);
    expect(draw.repairs[0]).toMatchObject({ god: 'demeter', dropped: 'H5' });
  });

  it('our reading: when the Card Pool runs out, the missing card comes back from the discards', () => {
    const offerings = nonBetrayals.filter((id) => typeOf(id) === 'offering');
    const powers = nonBetrayals.filter((id) => typeOf(id) === 'power');
    // Every Demeter Offering is turned up after the Offering pile is full, so all are discarded.
    const withoutDemeter = offerings.filter((id) => godOf(id) !== 'demeter');
    const demeter = offerings.filter((id) => godOf(id) === 'demeter');
    const order = [...withoutDemeter.slice(0, 12), ...demeter, ...withoutDemeter.slice(12), ...powers];
    const draw = twoPlayerPoolFrom(order);
    // Hades' Offerings were turned up after the pile filled too: both gods come from the discards,
    // each the first of its kind discarded.
    expect(draw.repairs.filter((r) => r.type === 'offering')).toEqual([
      { type: 'offering', god: 'hades', dropped: 'P8', added: 'H2', fromDiscards: true },
      { type: 'offering', god: 'demeter', dropped: 'P7', added: 'D2', fromDiscards: true }
    ]);
    expect(twoDraftProblem({ pool: draw.pool })).toBeUndefined();
  });

  it('a pool the procedure cannot make is refused with a plain reason', () => {
    const { pool } = drawTwoPlayerPool('CHECK');
    expect(twoDraftProblem({ pool: pool.slice(1) })).toBe('the 2 player pool has 28 cards');
    expect(twoDraftProblem({ pool: [...pool.slice(1), pool[1]] })).toBe('a card is in the draft pool twice');
    const noHadesPower = [...pool];
    const hp = noHadesPower.filter((id) => typeOf(id) === 'power' && godOf(id) === 'hades');
    const spare = CARDS.map((c) => c.id).filter(
      (id) => !pool.includes(id) && typeOf(id) === 'power' && godOf(id) !== 'hades'
    );
    hp.forEach((id, i) => (noHadesPower[noHadesPower.indexOf(id)] = spare[i]));
    expect(twoDraftProblem({ pool: noHadesPower })).toBe(
      'the 2 player pool needs at least one Hades Power card'
    );
  });
});

describe('3 to 6 player drafts', () => {
  it('worked example: the rulebook’s counts for 3, 4, 5 and 6 players', () => {
    const expected = {
      3: { aside: 12, pool: 48, packet: 8, picks: 6, unused: 2, rounds: 2 },
      4: { aside: 4, pool: 56, packet: 7, picks: 6, unused: 1, rounds: 2 },
      5: { aside: 0, pool: 60, packet: 12, picks: 12, unused: 0, rounds: 1 },
      6: { aside: 0, pool: 60, packet: 10, picks: 10, unused: 0, rounds: 1 }
    };
    for (const [n, e] of Object.entries(expected)) {
      const players = Number(n);
      const draw = drawPassDraft('COUNTS', players);
      const plan = DRAFT_PLANS[players];
      expect(draw.setAside, `${n} players`).toHaveLength(e.aside);
      expect(draw.pool).toHaveLength(e.pool);
      expect(draw.packets).toHaveLength(e.rounds);
      for (const round of draw.packets) {
        expect(round).toHaveLength(players);
        for (const packet of round) expect(packet).toHaveLength(e.packet);
      }
      expect([plan.packet, plan.picks, plan.packet - plan.picks, plan.rounds]).toEqual([
        e.packet,
        e.picks,
        e.unused,
        e.rounds
      ]);
      // Every deck ends at 12 (10 with 6 players).
      expect(plan.picks * plan.rounds).toBe(players === 6 ? 10 : 12);
    }
  });

  it('over thousands of seeds: 6+6 or 2+2 set aside, 48 / 56 / 60 cards dealt, no card twice', () => {
    for (let i = 0; i < 800; i++) {
      for (const players of [3, 4, 5, 6]) {
        const draw = drawPassDraft(`D${i}`, players);
        const plan = DRAFT_PLANS[players];
        expect(count(draw.setAside, 'offering')).toBe(plan.setAside[0]);
        expect(count(draw.setAside, 'power')).toBe(plan.setAside[1]);
        expect(count(draw.setAside, 'betrayal')).toBe(0);
        const dealt = draw.packets.flat(2);
        expect(dealt).toHaveLength(60 - draw.setAside.length);
        expect(new Set([...dealt, ...draw.setAside]).size).toBe(60);
        expect(passDraftProblem(draw, plan)).toBeUndefined();
      }
    }
    expect(drawPassDraft('SAME', 4)).toEqual(drawPassDraft('same', 4));
  }, 30_000);

  it('a packet draft that does not fit its plan is refused with a plain reason', () => {
    const draw = drawPassDraft('BAD', 3);
    const plan = DRAFT_PLANS[3];
    expect(passDraftProblem({ ...draw, setAside: draw.setAside.slice(1) }, plan)).toBe(
      'set aside 6 Offerings and 6 Power cards'
    );
    expect(passDraftProblem({ ...draw, packets: draw.packets.slice(0, 1) }, plan)).toBe(
      'deal two packets of 8 cards to each player'
    );
    const twice = structuredClone(draw.packets);
    twice[1][2][0] = twice[0][0][0];
    expect(passDraftProblem({ ...draw, packets: twice }, plan)).toBe('a card is in the draft twice');
  });
});

describe('pick trackers', () => {
  it('2 players: alternate from the first picker until each has 12; 4 cards remain', () => {
    expect(twoPickStatus('a', 'b', 0)).toEqual({ picker: 'a', left: { a: 12, b: 12 }, done: false });
    expect(twoPickStatus('a', 'b', 1)).toEqual({ picker: 'b', left: { a: 11, b: 12 }, done: false });
    expect(twoPickStatus('a', 'b', 23)).toEqual({ picker: 'b', left: { a: 0, b: 1 }, done: false });
    expect(twoPickStatus('a', 'b', 24)).toEqual({ left: { a: 0, b: 0 }, done: true });
    expect(TWO_POOL_SIZE - 24).toBe(4);
  });

  it('3 players: 6 picks passing left, then 6 passing right; the last 2 of each packet unused', () => {
    const plan = DRAFT_PLANS[3];
    expect(passPickStatus(plan, 0)).toEqual({
      packet: 1,
      pick: 1,
      direction: 'left',
      leftInPacket: 6,
      leftInDraft: 12,
      unused: 2,
      done: false
    });
    expect(passPickStatus(plan, 5)).toMatchObject({ packet: 1, pick: 6, direction: 'left', leftInPacket: 1 });
    expect(passPickStatus(plan, 6)).toMatchObject({
      packet: 2,
      pick: 1,
      direction: 'right',
      leftInPacket: 6
    });
    expect(passPickStatus(plan, 12)).toMatchObject({ done: true, leftInDraft: 0, leftInPacket: 0 });
  });

  it('5 and 6 players: one packet passing left, 12 or 10 picks', () => {
    expect(passPickStatus(DRAFT_PLANS[5], 11)).toMatchObject({
      packet: 1,
      pick: 12,
      direction: 'left',
      unused: 0
    });
    expect(passPickStatus(DRAFT_PLANS[6], 10).done).toBe(true);
    expect(passPickStatus(DRAFT_PLANS[4], 7)).toMatchObject({
      packet: 2,
      pick: 2,
      direction: 'right',
      unused: 1
    });
  });
});

describe('draft views', () => {
  it('2 players: each deck in pick order, and what is left of the pool', () => {
    const { pool } = drawTwoPlayerPool('VIEW');
    const picks = pool.slice(0, 5);
    const { decks, left } = twoDraftDecks(pool, 'b', 'a', picks);
    expect(decks).toEqual({ b: [picks[0], picks[2], picks[4]], a: [picks[1], picks[3]] });
    expect(left).toHaveLength(23);
    expect(left.some((id) => picks.includes(id))).toBe(false);
  });

  it('rows by god, Speed order within a row, empty gods left out', () => {
    expect(rowsByGod(['H3', 'P9', 'H1', 'P2'])).toEqual([
      { god: 'poseidon', cards: ['P2', 'P9'] },
      { god: 'hades', cards: ['H1', 'H3'] }
    ]);
    const rows = rowsByGod(drawTwoPlayerPool('ROWS').pool);
    expect(rows.map((r) => r.god)).toEqual(GODS);
    // Every row of a 2 player pool has its god's Betrayal, an Offering and a Power card.
    for (const row of rows) expect(new Set(row.cards.map(typeOf)).size).toBe(3);
  });
});
